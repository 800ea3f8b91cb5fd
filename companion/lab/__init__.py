"""The balance lab for game authors: whole games of the five games simulated through their real
engines under documented policies, figures with confidence intervals, and an author's changes to
a game's data compared with the original (docs/lab.md)."""
