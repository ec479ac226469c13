"""Russian Roulette declared: names, (no) modes, AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from survivor_host.engine.theme import ChancesFn, HelpText, OddsFn, RulesFn, Styles, ThemeSpec
from survivor_host.themes.rr.rules import FINAL

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.kernel import Simulation
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy


def _game() -> type[Game]:
    from survivor_host.themes.rr.game import RussianRoulette

    return RussianRoulette


def _presenter() -> Presenter:
    from survivor_host.themes.rr.text import present

    return present


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.rr.ai import RR_STRATEGIES

    return RR_STRATEGIES


def _chances() -> ChancesFn:
    from survivor_host.themes.rr.chances import chances

    return chances


def _odds() -> OddsFn:
    from survivor_host.themes.rr.odds import odds_tables

    return odds_tables


def _simulation() -> Simulation:
    from survivor_host.themes.rr.sim import SIMULATION

    return SIMULATION


def _story() -> StoryFn:
    from survivor_host.themes.rr.story import story

    return story


def _rules() -> RulesFn:
    from survivor_host.themes.rr.text import RULES

    return lambda mods: RULES


SPEC = ThemeSpec(
    id="rr",
    title="Russian Roulette",
    aliases=("russianroulette", "roulette"),
    load_game=_game,
    mods=(),
    options={},
    load_strategies=_strategies,
    default_strategy="early",
    rules_summary="A six-chamber revolver goes round in a random order: on your turn pull (shot 1 time in the "
    "chambers left), pass once a game, or once your pass is used steal someone's (100 vs 100, the loser is "
    "out). The last two play a final with a fresh chamber; the last one alive wins.",
    min_players=2,
    button_labels={"pull": "Pull", "pass": "Pass", "steal": "Steal from {target}"},
    load_presenter=_presenter,
    load_rules=_rules,
    load_chances=_chances,
    load_odds=_odds,
    load_simulation=_simulation,
    load_story=_story,
    help=HelpText(room=("pull", "pass", "steal NAME")),
    styles=Styles(
        words={"eliminated": ("is shot and out", "is out", "BANG!"), "safe": ("is safe",)},
        marks={"pass used": "accent"},
        headings={FINAL: "Final"},
    ),
)
