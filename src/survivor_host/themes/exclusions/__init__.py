"""Exclusions (`exclusions`): attacks by username under secret nicknames; a nickname nobody attacked is guessed."""
