"""Chase the Ace declared: names, mods, options, AI strategies, texts and UI hints."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from survivor_host.engine.options import Option
from survivor_host.engine.theme import ChancesFn, Conflict, HelpText, ModSpec, OddsFn, Styles, ThemeSpec, mod_rules
from survivor_host.engine.voice import privately
from survivor_host.themes.cta.rules import (
    ADHESIVE,
    ALL_AT_ONCE,
    DUEL_DIE,
    FOURTEEN,
    JESTERS_DUEL,
    NO_BACKSIES,
    THE_JOKER,
)

if TYPE_CHECKING:
    from survivor_host.engine.game import Game
    from survivor_host.engine.kernel import Simulation
    from survivor_host.engine.render import Presenter
    from survivor_host.engine.story import StoryFn
    from survivor_host.engine.strategy import Strategy


def _game() -> type[Game]:
    from survivor_host.themes.cta.game import ChaseTheAce

    return ChaseTheAce


def _presenter() -> Presenter:
    from survivor_host.themes.cta.text import present

    return present


def _chances() -> ChancesFn:
    from survivor_host.themes.cta.chances import chances

    return chances


def _strategies() -> Mapping[str, Callable[[], Strategy]]:
    from survivor_host.themes.cta.ai import CTA_STRATEGIES

    return CTA_STRATEGIES


def _odds() -> OddsFn:
    from survivor_host.themes.cta.odds import odds_tables

    return odds_tables


def _simulation() -> Simulation:
    from survivor_host.themes.cta.sim import SIMULATION

    return SIMULATION


def _story() -> StoryFn:
    from survivor_host.themes.cta.story import story

    return story


MODS = (
    ModSpec(ADHESIVE, "Adhesive", ("glue",), "nobody may swap with a player who chose to stick."),
    ModSpec(
        JESTERS_DUEL,
        "Jester's Duel",
        ("jester", "jesters", "jesterduel", "duel", "jd"),
        f"cards go up to {FOURTEEN}. A {FOURTEEN} is a Jester, who must challenge another player (not a King) "
        f"to a roll battle of {DUEL_DIE}: the winner goes through to the next round, the loser is out. "
        "Several Jesters battle each other instead.",
    ),
    ModSpec(
        NO_BACKSIES,
        "No Backsies",
        ("backsies", "nobacksie", "nb"),
        "you may not swap back with someone who has just taken your card by a successful swap this round.",
    ),
    ModSpec(
        THE_JOKER,
        "The Joker",
        ("joker", "jokers"),
        f"cards go up to {FOURTEEN}, and a {FOURTEEN} is the Joker: its holder is out at once, announced with "
        "the Kings.",
    ),
    ModSpec(
        ALL_AT_ONCE,
        "All At Once",
        ("aao", "allatonce"),
        f"no turns. Everyone sends stick or swap NAME {privately()} at the same time, and the swaps are carried out "
        "in a shuffled order: two such swap rounds, then the reveal.",
    ),
)
"""The mods, each with its rule in one sentence (the `rules` answer states those in play)."""


def rules(mods: Sequence[str]) -> str:
    """The rules with `mods` in play (the `rules` answer): the cards dealt, whether players swap in turn or
    all at once, then each mod's rule."""
    fourteen = ", 14 = Jester" if JESTERS_DUEL in mods else ", 14 = Joker" if THE_JOKER in mods else ""
    how = "everyone at once" if ALL_AT_ONCE in mods else "in turn"
    return " ".join(
        [
            f"Everyone gets a secret card (1 = Ace, 13 = King{fourteen}). Stick or swap (125 vs 100) {how}; the "
            "lowest cards are eliminated at the reveal. When two are left, they roll 13 vs 13: the higher roll wins.",
            *mod_rules(MODS, mods),
        ]
    )


SPEC = ThemeSpec(
    id="cta",
    title="Chase the Ace",
    aliases=("chasetheace",),
    load_game=_game,
    mods=MODS,
    conflicts=(Conflict(JESTERS_DUEL, THE_JOKER, "both use the 14"),),
    options={
        "elim": Option(1, "players eliminated each round, at most half the players (C2)", minimum=1),
        "ties": Option("battle", "ties at the cut-off: roll battle 100, or eliminate all (C8)", ("battle", "all")),
        "backsies": Option(
            "one-way",
            "No Backsies: only the one swapped with is barred (C6), or both of the pair",
            ("one-way", "both-ways"),
            mod=NO_BACKSIES,
        ),
    },
    load_strategies=_strategies,
    default_strategy="threshold",
    rules_page="https://sites.google.com/view/survivor-ps/themes/cta",
    rules_summary=rules(()),
    host_actions=("elim",),
    button_labels={"swap": "Swap with {target}"},
    load_presenter=_presenter,
    load_rules=lambda: rules,
    load_chances=_chances,
    load_odds=_odds,
    load_simulation=_simulation,
    load_story=_story,
    help=HelpText(
        room=("duel NAME", "stick", "swap NAME"),
        pm=("All At Once's stick / swap NAME",),
        bare="stick",
        questions="card shows your card",
        host=(("extend", "elim K"),),
        asks=(("card", "your card"),),
        none_held="You hold no card now.",
    ),
    safe_choices=("stick",),
    styles=Styles(
        words={"safe": ("advances", "advanced", "(King)")},
        marks={"King": "safe", "advanced": "safe"},
        number_columns=("Dealt", "Revealed"),
        headings={"finals": "Finals"},
    ),
)
