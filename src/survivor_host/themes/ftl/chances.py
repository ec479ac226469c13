"""Follow the Leader's `odds` (terminal play): the exact chance to stay in for each choice open now."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from survivor_host.engine.inputs import Input
from survivor_host.engine.theme import Chance
from survivor_host.themes.ftl.ai import choice_odds
from survivor_host.themes.ftl.odds import scapegoat_survival
from survivor_host.themes.ftl.view import FtlView


def chances(view: object, options: Sequence[Input]) -> tuple[list[Chance], str]:
    """The follow/rebel odds against the leader's roll (F5, F12), or the scapegoat battle (F7)."""
    assert isinstance(view, FtlView)
    actions = {option.action for option in options}
    if actions & {"follow", "rebel"}:
        odds = choice_odds(view)
        die = "the Tug of War running die" if view.tug_of_war else "a 150 die"
        rows = [Chance(choice, odds[choice], f"you roll {die} against the leader's 109+20") for choice in odds]
        suspect = " Nobody knows yet who will be suspected (die 120)." if view.suspecting else ""
        # F13: a rebel who rolls before you and beats the leader's roll sets a higher roll to judge you by
        deposing = " No Mercy: a rebel rolling before you may depose the leader and set a higher roll."
        mercy = deposing if view.no_mercy else ""
        return rows, "Ties with the leader survive." + suspect + mercy
    if "scapegoat" in actions:
        win = scapegoat_survival()
        rows = [
            Chance("scapegoat NAME", win, "you roll 70 against their 100; the loser is out"),
            Chance("noscapegoat", Fraction(0), "you are out"),
        ]
        return rows, "Every scapegoat rolls the same 100, so the name does not change your chance."
    return [], "Nothing you can type now puts you at risk."
