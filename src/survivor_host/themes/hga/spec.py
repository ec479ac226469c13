"""Hunger Games Anon declared: names, modes, AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from survivor_host.engine.modes import GOLF, ROLL_SWITCH, SECOND_WIND, mode_conflicts, mode_specs, rules_with_modes
from survivor_host.engine.nicknames import NICK
from survivor_host.engine.theme import HelpText, OddsFn, Styles, ThemeSpec

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy

MODES = (GOLF, ROLL_SWITCH, SECOND_WIND)
"""modes.txt: Anon allows all three (Golf with Roll Switch refused, BG13)."""


def _game() -> type[Game]:
    from survivor_host.themes.hga.game import HungerGamesAnon

    return HungerGamesAnon


def _presenter() -> Presenter:
    from survivor_host.themes.hga.text import present

    return present


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.hga.ai import HGA_STRATEGIES

    return HGA_STRATEGIES


def _odds() -> OddsFn:
    from survivor_host.themes.hga.odds import odds_tables

    return odds_tables


def _story() -> StoryFn:
    from survivor_host.themes.hga.story import story

    return story


def _rules() -> str:
    from survivor_host.themes.hga.text import RULES

    return RULES


SPEC = ThemeSpec(
    arrival_order_matters=True,  # attacks are fought in the order they are sent
    id="hga",
    suggested=frozenset({NICK}),  # any nickname that fits is taken: those offered are examples
    title="Hunger Games Anon",
    aliases=("hungergamesanon", "anon"),
    load_game=_game,
    mods=mode_specs(*MODES),
    conflicts=mode_conflicts(MODES),
    options={},
    load_strategies=_strategies,
    default_strategy="leveller",
    rules_summary="Everyone PMs a secret nickname; each round everyone PMs which nickname they attack; duels "
    "of 100 vs 100 in the order sent, the loser out and only then named. Last one standing wins.",
    min_players=2,
    chosen_labels={"nick": "the nickname {target}"},
    button_labels={"attack": "Attack {target}", "nick": "Be {target}"},
    load_presenter=_presenter,
    load_rules=rules_with_modes(_rules),
    load_odds=_odds,
    load_story=_story,
    help=HelpText(pm=("nick NAME", "attack NICKNAME")),
    usage={"attack": "attack NICKNAME"},
    styles=Styles(words={"eliminated": ("is out",)}, headings={"finale": "Final"}),
)
