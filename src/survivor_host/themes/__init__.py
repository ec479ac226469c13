"""The themes a game can be, by id."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence

from survivor_host.engine.dice import Dice
from survivor_host.engine.errors import SetupError
from survivor_host.engine.game import Game

THEME_MODULES = {
    "ftl": ("survivor_host.themes.ftl", "FollowTheLeader"),
    "cta": ("survivor_host.themes.cta", "ChaseTheAce"),
}
THEME_ALIASES = {"followtheleader": "ftl", "chasetheace": "cta"}


def theme_class(theme: str) -> type[Game]:
    """The Game class for a theme id or alias."""
    key = THEME_ALIASES.get(theme.lower().replace(" ", ""), theme.lower())
    if key not in THEME_MODULES:
        raise SetupError(f"Unknown theme {theme!r}; themes are: {', '.join(THEME_MODULES)}.")
    module, name = THEME_MODULES[key]
    cls = getattr(importlib.import_module(module), name)
    assert isinstance(cls, type) and issubclass(cls, Game)
    return cls


def new_game(
    theme: str,
    players: Sequence[str],
    mods: Sequence[str] = (),
    options: Mapping[str, object] | None = None,
    dice: Dice | None = None,
    seed: int | str | None = None,
) -> Game:
    """A game of `theme`, not started yet."""
    return theme_class(theme)(players, mods=mods, options=options, dice=dice, seed=seed)
