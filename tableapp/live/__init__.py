"""What screens follow as a game moves: the wake of the screens (live), their own check of the
log (livepoll), whose turn it is (tableclock) and the public view's score cards."""
