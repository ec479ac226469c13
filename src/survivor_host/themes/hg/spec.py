"""Hunger Games declared: names, modes, AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from survivor_host.engine.modes import ROLL_SWITCH, SECOND_WIND, mode_conflicts, mode_specs, rules_with_modes
from survivor_host.engine.theme import HelpText, OddsFn, Styles, ThemeSpec

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy

MODES = (ROLL_SWITCH, SECOND_WIND)
"""modes.txt: Hunger Games allows Roll Switch and Second Wind, not Golf."""


def _game() -> type[Game]:
    from survivor_host.themes.hg.game import HungerGames

    return HungerGames


def _presenter() -> Presenter:
    from survivor_host.themes.hg.text import present

    return present


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.hg.ai import HG_STRATEGIES

    return HG_STRATEGIES


def _odds() -> OddsFn:
    from survivor_host.themes.hg.odds import odds_tables

    return odds_tables


def _story() -> StoryFn:
    from survivor_host.themes.hg.story import story

    return story


def _rules() -> str:
    from survivor_host.themes.hg.text import RULES

    return RULES


SPEC = ThemeSpec(
    arrival_order_matters=True,  # attacks are fought in the order they are sent
    id="hg",
    title="Hunger Games",
    aliases=("hungergames",),
    load_game=_game,
    mods=mode_specs(*MODES),
    conflicts=mode_conflicts(MODES),
    options={},
    load_strategies=_strategies,
    default_strategy="opportunist",
    rules_summary="Each round everyone PMs whom they attack; attacks are fought in the order sent as duels "
    "of 100 vs 100, and the loser is out, attacker or target. Last one standing wins.",
    min_players=2,
    button_labels={"attack": "Attack {target}"},
    load_presenter=_presenter,
    load_rules=rules_with_modes(_rules),
    load_odds=_odds,
    load_story=_story,
    help=HelpText(pm=("attack NAME",)),
    styles=Styles(words={"eliminated": ("is out",)}, headings={"finale": "Final"}),
)
