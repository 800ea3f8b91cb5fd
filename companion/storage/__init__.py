"""Where events are kept: the database seam, SQLite and PostgreSQL files, migrations, backups and
their checks (docs/architecture.md)."""
