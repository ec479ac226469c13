"""The phases of Follow the Leader, one file each: opening, vote (F2), choices (F3), suspect (F4),
rolls (F5, F6, F12), scapegoat (F7), the end of a round (F8, F9) and the finals (F10)."""
