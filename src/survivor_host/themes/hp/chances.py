"""Hot Potato's `odds` (terminal play): the exact chance to come through the round for each pass open now."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine.inputs import Input
from survivor_host.engine.theme import Chance
from survivor_host.themes.hp.odds import POLICY, pass_chance, round_odds
from survivor_host.themes.hp.rules import PASS, timer_die, tosses
from survivor_host.themes.hp.view import HpView


def chances(view: object, options: Sequence[Input]) -> tuple[list[Chance], str]:
    """Each `pass NAME`: every target is alike (the receiver's die is the same), so one chance for all."""
    assert isinstance(view, HpView)
    targets = [option.target for option in options if option.action == PASS and option.target]
    if not targets:
        return [], "Nothing you can type now: only the holder passes."
    made = tosses(view.timer) - view.left
    stay = round_odds(len(view.players), view.timer).hold[made]
    works = pass_chance(view.timer, timer_die(made))
    why = f"the pass works {float(works):.1%} of the time"
    return [Chance(f"{PASS} {target}", stay, why) for target in targets], f"afterwards {POLICY}"
