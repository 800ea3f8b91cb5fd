"""The domain's kernel: errors, text, the data model and its loader, the event log and the engine
protocol, safe JSON, settings (docs/architecture.md)."""
