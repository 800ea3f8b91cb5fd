"""What one device may do and remembers: its session (the game code in its URL, its cookie, its
host grant), the host's rights in the toolbar, the shared profiles' ownership and the writes of
a game page."""
