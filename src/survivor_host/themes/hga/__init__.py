"""Hunger Games Anon (`hga`): Hunger Games under secret nicknames, an owner named only once out."""
