"""What every screen looks like and how it reads: the shell (French, touch targets), a11y, the
phone's layout, user text as plain text (usertext) and the navigation between pages."""
