"""Errors the engine raises. Each message is written for the player or host to read."""


class IllegalAction(ValueError):
    """An input the rules do not allow now; the game state is left exactly as it was."""


class DiceError(RuntimeError):
    """Scripted dice could not serve a roll (out of range or exhausted)."""


class SetupError(ValueError):
    """A game cannot be created as asked (unknown theme, mod, option, or too few players)."""
