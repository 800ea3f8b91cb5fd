"""A game's life as events: the event store and its stored games, snapshots, log files, what a
player may read of a log, the rematch, the database tools (docs/architecture.md)."""
