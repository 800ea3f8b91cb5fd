"""`python -m companion`: the program's start, above every floor (nothing imports it), so it
may reach the top floor's `companion` command (tableapp.console)."""

from tableapp.console import run

run()
