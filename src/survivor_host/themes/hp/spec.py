"""Hot Potato declared: names, the Timer variation (a mod), AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from survivor_host.engine.theme import ChancesFn, HelpText, ModSpec, OddsFn, RulesFn, Styles, ThemeSpec

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.kernel import Simulation
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy

TIMER_MOD = ModSpec("hpt", "Timer variation", ("hot-potato-timer", "hptimer"))
"""6: the one variation (Sir Vivor's `hpt`); Golf, Roll Switch and Second Wind are refused (BG13)."""


def _game() -> type[Game]:
    from survivor_host.themes.hp.game import HotPotato

    return HotPotato


def _presenter() -> Presenter:
    from survivor_host.themes.hp.text import present

    return present


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.hp.ai import HP_STRATEGIES

    return HP_STRATEGIES


def _chances() -> ChancesFn:
    from survivor_host.themes.hp.chances import chances

    return chances


def _odds() -> OddsFn:
    from survivor_host.themes.hp.odds import odds_tables

    return odds_tables


def _simulation() -> Simulation:
    from survivor_host.themes.hp.sim import SIMULATION

    return SIMULATION


def _story() -> StoryFn:
    from survivor_host.themes.hp.story import story

    return story


def _rules() -> RulesFn:
    from survivor_host.themes.hp.text import rules_of

    return lambda mods: rules_of(TIMER_MOD.id in mods)


SPEC = ThemeSpec(
    id="hp",
    title="Hot Potato",
    aliases=("hotpotato", "potato"),
    load_game=_game,
    mods=(TIMER_MOD,),
    options={},
    load_strategies=_strategies,
    default_strategy="random",
    rules_summary="Each round a player drawn at random holds the potato and passes it in the room: the passer "
    "rolls 100 against the receiver's 125 and must roll higher for it to move. After three attempts it explodes "
    "on whoever holds it, who is out. Timer: the passer's die starts at 200 against 100 and falls by 10 with "
    "each pass that works, never below 10; the first failed pass explodes. Last one standing wins.",
    min_players=2,
    button_labels={"pass": "Pass to {target}"},
    load_presenter=_presenter,
    load_rules=_rules,
    load_chances=_chances,
    load_odds=_odds,
    load_simulation=_simulation,
    load_story=_story,
    help=HelpText(room=("pass NAME",)),
    styles=Styles(words={"eliminated": ("who is out",)}),
)
