"""Hunger Games Spotlight declared: names, modes, AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from survivor_host.engine.modes import GOLF, ROLL_SWITCH, SECOND_WIND, mode_conflicts, mode_specs, rules_with_modes
from survivor_host.engine.theme import HelpText, OddsFn, Styles, ThemeSpec

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy

MODES = (GOLF, ROLL_SWITCH, SECOND_WIND)
"""modes.txt: Spotlight allows all three (Golf with Roll Switch refused, BG13)."""


def _game() -> type[Game]:
    from survivor_host.themes.hgs.game import HungerGamesSpotlight

    return HungerGamesSpotlight


def _presenter() -> Presenter:
    from survivor_host.themes.hgs.text import present

    return present


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.hgs.ai import HGS_STRATEGIES

    return HGS_STRATEGIES


def _odds() -> OddsFn:
    from survivor_host.themes.hgs.odds import odds_tables

    return odds_tables


def _story() -> StoryFn:
    from survivor_host.themes.hgs.story import story

    return story


def _rules() -> str:
    from survivor_host.themes.hgs.text import RULES

    return RULES


SPEC = ThemeSpec(
    id="hgs",
    title="Hunger Games Spotlight",
    aliases=("hungergamesspotlight", "spotlight"),
    load_game=_game,
    mods=mode_specs(*MODES),
    conflicts=mode_conflicts(MODES),
    options={},
    load_strategies=_strategies,
    default_strategy="leveller",
    rules_summary="Each turn a player drawn at random attacks someone in the room; a duel of 100 vs 100, "
    "and the loser is out, attacker or target. Last one standing wins.",
    min_players=2,
    round_word="turn",
    button_labels={"attack": "Attack {target}"},
    load_presenter=_presenter,
    load_rules=rules_with_modes(_rules),
    load_odds=_odds,
    load_story=_story,
    help=HelpText(room=("attack NAME",)),
    styles=Styles(words={"eliminated": ("is out",)}, headings={"finale": "Final"}),
)
