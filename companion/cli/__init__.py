"""The `companion` command's domain part: the parser and the general commands (base), replay,
backup, access and db commands (docs/architecture.md)."""
