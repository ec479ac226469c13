"""Russian Roulette's `odds` in terminal play: for each choice open now, the exact chance to be still in
after it, and to win from there if everyone (you included) then plays the AI's `early` strategy."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from survivor_host.engine.inputs import Input
from survivor_host.engine.theme import Chance
from survivor_host.themes.rr.policy import POLICIES
from survivor_host.themes.rr.rules import PASS, PULL, STEAL
from survivor_host.themes.rr.solve import HALF, KINDS, Counts, Me, Solver, kind_of, moved
from survivor_host.themes.rr.view import RrView

NOTE = "win: if everyone, you too, then plays the AI's `early` strategy (`odds rr` says what it does)"


def position(view: RrView) -> tuple[Me, Counts]:
    """Me and the others by kind, as the exact odds count them."""

    def kind(name: str) -> tuple[int, int, int]:
        return (int(name in view.passed), int(name in view.stole), int(name in view.acted))

    counts = [0] * len(KINDS)
    for name in view.players:
        if name != view.name:
            counts[KINDS.index(kind(name))] += 1
    return kind(view.name), tuple(counts)


def chances(view: object, options: Sequence[Input]) -> tuple[list[Chance], str]:
    """Each open choice: the chance to be still in after it, and to win."""
    assert isinstance(view, RrView)
    if not options:
        return [], "It is not your turn."
    rule = POLICIES["early"]
    solver, (me, others), chamber = Solver(rule, rule), position(view), view.chamber
    passed, stole, _ = me
    rival = bool(others[0] + others[1])  # in the final: the rival still holds their pass
    safe = Fraction(chamber - 1, chamber)
    rows: list[Chance] = []
    for option in options:
        if option.action == PULL:
            if view.final:
                win = safe * solver.final(chamber - 1, False, True, rival)
            else:
                win = safe * solver.draw(chamber - 1, (passed, stole, 1), others, None)
            rows.append(Chance(PULL, safe, f"shot 1 time in {chamber}; win {float(win):.1%}"))
        elif option.action == PASS:
            if view.final:
                win = solver.final(chamber, False, False, rival)
            else:
                win = solver.draw(chamber, (1, stole, 1), others, None)
            rows.append(Chance(PASS, Fraction(1), f"safe this turn; win {float(win):.1%}"))
        elif option.action == STEAL and option.target:
            target = kind_of(0, 0, int(option.target in view.acted))
            win = HALF * solver.draw(chamber, (1, 1, 1), moved(others, target), None)
            rows.append(Chance(f"steal {option.target}", HALF, f"100 vs 100; win {float(win):.1%}"))
    return rows, NOTE
