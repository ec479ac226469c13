"""Exclusions declared: names, modes, AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from survivor_host.engine.modes import GOLF, mode_conflicts, mode_specs, rules_with_modes
from survivor_host.engine.nicknames import NICK
from survivor_host.engine.theme import HelpText, OddsFn, Styles, ThemeSpec

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy

MODES = (GOLF,)
"""exclusions.txt 6: only Golf (Roll Switch and Second Wind are refused with the list, BG13)."""


def _game() -> type[Game]:
    from survivor_host.themes.exclusions.game import Exclusions

    return Exclusions


def _presenter() -> Presenter:
    from survivor_host.themes.exclusions.text import present

    return present


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.exclusions.ai import EXC_STRATEGIES

    return EXC_STRATEGIES


def _odds() -> OddsFn:
    from survivor_host.themes.exclusions.odds import odds_tables

    return odds_tables


def _story() -> StoryFn:
    from survivor_host.themes.exclusions.story import story

    return story


def _rules() -> str:
    from survivor_host.themes.exclusions.text import RULES

    return RULES


SPEC = ThemeSpec(
    arrival_order_matters=True,  # attacks are fought in the order they are sent
    id="exclusions",
    suggested=frozenset({NICK}),  # any nickname that fits is taken: those offered are examples
    title="Exclusions",
    aliases=("exclusion", "excl"),
    load_game=_game,
    mods=mode_specs(*MODES),
    conflicts=mode_conflicts(MODES),
    options={},
    load_strategies=_strategies,
    default_strategy="sleuth",
    rules_summary="Everyone PMs a secret nickname; each round everyone PMs which user they attack; a nickname "
    "nobody attacked is guessed by a random player (right: its owner is out; silent: the guesser is); then "
    "duels of 100 vs 100 in the order sent, where only a winning attacker puts anyone out. Last one standing wins.",
    min_players=2,
    chosen_labels={"nick": "the nickname {target}"},
    button_labels={"attack": "Attack {target}", "nick": "Be {target}", "suspect": "Suspect {target}"},
    load_presenter=_presenter,
    load_rules=rules_with_modes(_rules),
    load_odds=_odds,
    load_story=_story,
    help=HelpText(room=("suspect NAME",), pm=("nick NAME", "attack NAME")),
    styles=Styles(words={"eliminated": ("is out",)}, headings={"finale": "Final"}),
)
