"""Who may do what on a server: access rights and codes, positions, the network
(docs/architecture.md)."""
