"""How an AI seat of Russian Roulette decides, as a rule over its spot: the strategies (`ai.py`) play these
rules and the exact odds (`solve.py`) follow them, so the odds are those of the strategies themselves."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from survivor_host.themes.rr.rules import PASS, PULL, STEAL


@dataclass(frozen=True)
class Spot:
    """What a decision depends on: the chamber, the final, whether one may pass, how many one may steal
    from (0: no steal now), and in the final whether the rival still holds their pass."""

    chamber: int
    final: bool
    can_pass: bool
    targets: int
    rival_pass: bool = False


Policy = Callable[[Spot], Mapping[str, int]]
"""The weights of the actions one takes at a spot (a steal's target is then drawn evenly)."""


def legal(spot: Spot) -> dict[str, int]:
    """Every action open at `spot`, a steal weighted by its targets (one option each)."""
    out: dict[str, int] = {}
    if spot.chamber > 1:
        out[PULL] = 1
        if spot.can_pass:
            out[PASS] = 1
    if spot.targets:
        out[STEAL] = spot.targets
    return out


@cache
def final_value(chamber: int, mine: bool, theirs: bool) -> Fraction:
    """The final played best by both: the chance that the one on turn wins, at `chamber`, with (`mine`)
    or without their pass, against a rival with (`theirs`) or without theirs (3.6)."""
    if chamber == 1:
        return 1 - final_value(1, theirs, False) if mine else Fraction(0)
    pull = Fraction(chamber - 1, chamber) * (1 - final_value(chamber - 1, theirs, mine))
    if not mine:
        return pull
    return max(pull, 1 - final_value(chamber, theirs, False))


def final_pass_pays(chamber: int, rival_pass: bool) -> bool:
    """In the final, holding one's pass at `chamber`: passing wins strictly more often than pulling."""
    pull = Fraction(chamber - 1, chamber) * (1 - final_value(chamber - 1, rival_pass, True))
    return 1 - final_value(chamber, rival_pass, False) > pull


def anything(spot: Spot) -> Mapping[str, int]:
    """`random`: any open option, evenly."""
    return legal(spot)


def best_final(spot: Spot, options: Mapping[str, int]) -> Mapping[str, int]:
    """The final played best: pass only where it wins strictly more often than a pull."""
    return {PASS: 1} if PASS in options and final_pass_pays(spot.chamber, spot.rival_pass) else {PULL: 1}


def early(spot: Spot) -> Mapping[str, int]:
    """`early`: pass at the first turn (a held pass only makes one a thief's target), steal at chamber 2 or
    below (a roll-off's risk is no worse than the pull's, and it takes a rival out), else pull; the final
    played best."""
    options = legal(spot)
    if spot.final:
        return best_final(spot, options)
    if PASS in options:
        return {PASS: 1}
    if STEAL in options and (spot.chamber <= 2 or PULL not in options):
        return {STEAL: options[STEAL]}
    return {PULL: 1}


def hoarder(spot: Spot) -> Mapping[str, int]:
    """`hoarder`: keep the pass for chamber 2 (the worst pull), steal there if the pass is gone, else pull;
    the final played best. Holding the pass makes it a target for every thief, and it loses for it."""
    options = legal(spot)
    if spot.final:
        return best_final(spot, options)
    if spot.chamber > 2 and PULL in options:
        return {PULL: 1}
    for action in (PASS, STEAL):
        if action in options:
            return {action: options[action]}
    return {PULL: 1}


POLICIES: dict[str, Policy] = {"random": anything, "early": early, "hoarder": hoarder}
