"""Follow the Leader declared: names, mods, options, AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from survivor_host.engine.options import Option
from survivor_host.engine.theme import ChancesFn, HelpText, ModSpec, OddsFn, Styles, ThemeSpec, VoteBox
from survivor_host.themes.ftl.rules import NO_MERCY, START_DIE, STEP, TUG_OF_WAR

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.kernel import Simulation
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy


def _game() -> type[Game]:
    from survivor_host.themes.ftl.game import FollowTheLeader

    return FollowTheLeader


def _presenter() -> Presenter:
    from survivor_host.themes.ftl.text import present

    return present


def _chances() -> ChancesFn:
    from survivor_host.themes.ftl.chances import chances

    return chances


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.ftl.ai import FTL_STRATEGIES

    return FTL_STRATEGIES


def _odds() -> OddsFn:
    from survivor_host.themes.ftl.odds import odds_tables

    return odds_tables


def _simulation() -> Simulation:
    from survivor_host.themes.ftl.sim import SIMULATION

    return SIMULATION


def _story() -> StoryFn:
    from survivor_host.themes.ftl.story import story

    return story


SPEC = ThemeSpec(
    id="ftl",
    title="Follow the Leader",
    aliases=("followtheleader",),
    load_game=_game,
    mods=(
        ModSpec(
            TUG_OF_WAR,
            "Tug of War",
            ("tug", "tow"),
            f"no suspecting. The dice pull against each other: in the rolling order each rebel rolls {STEP} less "
            f"than the die before, each follower {STEP} more, starting from {START_DIE}.",
        ),
        ModSpec(
            NO_MERCY,
            "No Mercy",
            ("nm",),
            "no suspecting. Players are judged one at a time; a rebel who beats the leader's roll deposes the "
            "leader on the spot (the leader is out), and their roll is the one everyone after them is judged against.",
        ),
    ),
    options={
        "leader": Option("vote", "how the first leader is chosen (F2)", ("vote", "pick")),
        "tug_floor": Option(20, "the lowest die Tug of War can reach (F12)", minimum=1, mod=TUG_OF_WAR),
    },
    load_strategies=_strategies,
    default_strategy="smart",
    rules_page="https://sites.google.com/view/survivor-ps/themes/ftl",
    rules_summary="Each round everyone but the leader secretly chooses follow (roll lower) or rebel (roll higher) "
    "than the leader's 109+20 (1 to 109, plus 20). Lose and you are out; tie for immunity. When two are left, they "
    "roll 150 vs 150: the higher roll wins.",
    host_actions=("pick",),
    load_presenter=_presenter,
    load_chances=_chances,
    load_odds=_odds,
    load_simulation=_simulation,
    load_story=_story,
    vote_box=VoteBox(
        "vote",
        "vote",
        "Vote for the first leader (not yourself)",
        "The vote for the first leader is over.",
        note="not yourself",
    ),
    help=HelpText(
        room=("vote NAME", "suspect NAME", "nosuspect", "scapegoat NAME", "noscapegoat"),
        pm=("follow", "rebel"),
        host=(("start", "pick [NAME]"),),
    ),
    safe_choices=("follow",),
    button_labels={"nosuspect": "No suspect", "noscapegoat": "No scapegoat"},
    styles=Styles(
        words={
            "eliminated": ("overthrown", "deposed"),
            "winner": ("Peaceful Handover", "Rebellion"),
            "accent": ("(leader)",),
        },
        marks={"leader": "accent"},
        cells={"leads": "accent"},
        number_columns=("Die", "Roll"),
        headings={"finals": "Finals"},
    ),
)
