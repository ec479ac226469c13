"""Terminal play: the table (`table.TerminalTable`), its console, screen and questions, and rewatching
a stored game."""
