"""« Autre jeu » (id `libre`): a score sheet by rounds for any game the table names."""
