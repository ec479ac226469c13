"""Rock, Paper, Scissors declared: names, modes and variant, AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from survivor_host.engine.modes import SECOND_WIND, mode_specs
from survivor_host.engine.theme import HelpText, OddsFn, RulesFn, Styles, ThemeSpec
from survivor_host.themes.rps.rules import LIZARD_SPOCK_MOD

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy


def _game() -> type[Game]:
    from survivor_host.themes.rps.game import RockPaperScissors

    return RockPaperScissors


def _presenter() -> Presenter:
    from survivor_host.themes.rps.text import present

    return present


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.rps.ai import RPS_STRATEGIES

    return RPS_STRATEGIES


def _odds() -> OddsFn:
    from survivor_host.themes.rps.odds import odds_tables

    return odds_tables


def _story() -> StoryFn:
    from survivor_host.themes.rps.story import story

    return story


def _rules() -> RulesFn:
    from survivor_host.themes.rps.rules import weapons_of
    from survivor_host.themes.rps.text import rules_text

    return lambda mods: rules_text(weapons_of(mods), mods)


SPEC = ThemeSpec(
    arrival_order_matters=True,  # attacks are resolved in the order they are sent
    id="rps",
    title="Rock, Paper, Scissors",
    aliases=("rockpaperscissors", "rock,paper,scissors"),  # the title, typed as it is
    load_game=_game,
    mods=(LIZARD_SPOCK_MOD, *mode_specs(SECOND_WIND)),  # modes.txt 1: Second Wind only; the variant
    options={},
    load_strategies=_strategies,
    default_strategy="counter",
    rules_summary="Each round everyone PMs a target and a weapon; attacks are resolved in the order sent: the "
    "weapon that wins the matchup rolls 125 against 100 and alone can eliminate, the same weapon does nothing. "
    "The last two throw weapons at each other, no dice, until one is out. Last one standing wins.",
    min_players=2,
    button_labels={"attack": "{target}", "throw": "Throw {target}"},
    load_presenter=_presenter,
    load_rules=_rules,
    load_odds=_odds,
    load_story=_story,
    help=HelpText(pm=("attack NAME, WEAPON", "throw WEAPON")),
    usage={"attack": "attack NAME, WEAPON", "throw": "throw WEAPON"},
    styles=Styles(words={"eliminated": ("is out",)}, headings={"finale": "Final"}),
)
