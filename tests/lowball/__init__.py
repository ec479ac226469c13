"""Lowball: a third theme, declared once; `THEMES[SPEC.id] = SPEC` is the one registry line that adds it."""

from __future__ import annotations

from survivor_host.engine.theme import HelpText, ThemeSpec
from tests.lowball import game

SPEC = ThemeSpec(
    id="lowball",
    title="Lowball",
    aliases=("lowest",),
    load_game=lambda: game.Lowball,
    mods=(),
    options={},
    load_strategies=game.strategies,
    default_strategy="random",
    rules_summary="Each round everyone PMs roll and rolls 100; the lowest goes out (ties battle). Last one wins.",
    load_presenter=lambda: game.present,
    help=HelpText(pm=("roll",)),
    safe_choices=("roll",),
)
game.Lowball.spec = SPEC
game.Lowball.theme, game.Lowball.title = SPEC.id, SPEC.title
