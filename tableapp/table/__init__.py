"""A game at the table: the shared contract of a game page (gamepage), opening and seating a game,
its history and corrections, what changed (notices), what shows after it, and sharing its
public view."""
