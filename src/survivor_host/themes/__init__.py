"""The themes a game can be: one declaration (`ThemeSpec`) per theme, by id.

Adding a theme: a package under `themes/` with its `spec.py`, and one line in `THEMES`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from survivor_host.engine.dice import Dice
from survivor_host.engine.errors import SetupError
from survivor_host.engine.game import Game
from survivor_host.engine.theme import ThemeSpec
from survivor_host.themes.cta.spec import SPEC as CTA
from survivor_host.themes.ftl.spec import SPEC as FTL
from survivor_host.themes.hg.spec import SPEC as HG
from survivor_host.themes.hga.spec import SPEC as HGA
from survivor_host.themes.hgs.spec import SPEC as HGS

THEMES: dict[str, ThemeSpec] = {spec.id: spec for spec in (FTL, CTA, HG, HGS, HGA)}
DEFAULT_THEME = FTL.id
THEME_HOST_ACTIONS = tuple(dict.fromkeys(action for spec in THEMES.values() for action in spec.host_actions))
"""Host commands some theme adds (e.g. `pick`, `elim`)."""


def theme_spec(theme: str) -> ThemeSpec:
    """The declaration of a theme, by id or alias."""
    key = theme.lower().replace(" ", "")
    for spec in THEMES.values():
        if key == spec.id or key in spec.aliases:
            return spec
    raise SetupError(f"Unknown theme {theme!r}; themes are: {', '.join(THEMES)}.")


def theme_class(theme: str) -> type[Game]:
    """The Game class for a theme id or alias."""
    return theme_spec(theme).game


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
