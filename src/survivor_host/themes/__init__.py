"""The themes a game can be: one declaration (`ThemeSpec`) per theme, by id.

Adding a theme: a package under `themes/` with its `spec.py`, and one line in `PACKAGES`
(docs/THEMES.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module

from survivor_host.engine.dice import Dice
from survivor_host.engine.errors import SetupError
from survivor_host.engine.game import Game
from survivor_host.engine.ids import quoted_word, to_id
from survivor_host.engine.render import join_names
from survivor_host.engine.theme import ThemeSpec

PACKAGES = (
    "ftl",
    "cta",
    "hg",
    "hgs",
    "hga",
    "exclusions",
    "hp",
    "rr",
    "rps",
)
"""The theme packages, one line each: `themes/<package>/spec.py` holds each one's `SPEC`."""


def _spec_of(package: str) -> ThemeSpec:
    spec = import_module(f"{__name__}.{package}.spec").SPEC
    assert isinstance(spec, ThemeSpec), f"themes/{package}/spec.py: SPEC is not a ThemeSpec"
    return spec


THEMES: dict[str, ThemeSpec] = {spec.id: spec for spec in map(_spec_of, PACKAGES)}
DEFAULT_THEME = next(iter(THEMES))
"""The first theme listed: the one `demo` and the examples play."""
THEME_HOST_ACTIONS = tuple(dict.fromkeys(action for spec in THEMES.values() for action in spec.host_actions))
"""Host commands some theme adds (e.g. `pick`, `elim`)."""


def theme_spec(theme: str) -> ThemeSpec:
    """The declaration of a theme, by id or alias."""
    key = theme.lower().replace(" ", "")
    for spec in THEMES.values():
        if key == spec.id or key in spec.aliases:
            return spec
    word = to_id(theme)  # a mod is read as `mod` reads it: case and punctuation ignored
    owners = [spec for spec in THEMES.values() if any(word in map(to_id, (mod.id, *mod.aliases)) for mod in spec.mods)]
    if owners:  # a mod named as a theme (`hpt`): the themes it belongs to
        themes = join_names([f"{spec.title} ({spec.id})" for spec in owners])
        raise SetupError(f"{theme!r} is a mod of {themes}, not a theme: name the theme, then the mod.")
    raise SetupError(f"Unknown theme {quoted_word(theme)}; themes are: {', '.join(THEMES)}.")


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
