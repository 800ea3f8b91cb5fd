"""How every screen reads: readable by everyone (a11y), the phone's layout (the game bar, each
game's sticky action bars), user text as plain text (usertext) and the navigation between
pages. The shell that sends every page's style sits at the top (tableapp/shell.py)."""
