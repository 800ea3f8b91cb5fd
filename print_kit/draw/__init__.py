"""What goes on a card: faces, backs and tokens, their symbols and pictures (OpenMoji or the
user's), the embedded fonts, inks and fitted French text (docs/architecture.md)."""
