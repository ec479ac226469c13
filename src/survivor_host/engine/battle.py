"""Roll battles (RULINGS G1): each side rolls its own die, higher wins, ties re-roll."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from survivor_host.engine.dice import Dice
from survivor_host.engine.events import Roll


@dataclass
class BattleResult:
    """Who won (`keep` of them, in no particular order beyond list order) and every roll made."""

    winners: list[str]
    losers: list[str]
    rolls: list[dict[str, int]] = field(default_factory=list)
    events: list[Roll] = field(default_factory=list)
    """Every roll made, re-rolls of ties included, in order."""

    def last_roll(self, name: str) -> int:
        """`name`'s last roll in this battle (the one that decided their side)."""
        return next(rolled[name] for rolled in reversed(self.rolls) if name in rolled)


def battle(dice: Dice, sides: Sequence[tuple[str, int]], keep: int = 1, purpose: str = "battle") -> BattleResult:
    """The `keep` highest of `sides` (name, die) win; a tie for the deciding place re-rolls the tied only.

    Sides roll in the order given. With nobody to separate (keep 0 or keep all) nobody rolls.
    """
    result = BattleResult(winners=[], losers=[])
    _resolve(dice, list(sides), keep, purpose, result)
    order = [name for name, _ in sides]
    result.winners.sort(key=order.index)
    result.losers.sort(key=order.index)
    return result


def _resolve(dice: Dice, sides: list[tuple[str, int]], keep: int, purpose: str, out: BattleResult) -> None:
    if keep <= 0:
        out.losers.extend(name for name, _ in sides)
        return
    if keep >= len(sides):
        out.winners.extend(name for name, _ in sides)
        return
    rolled: dict[str, int] = {}
    for name, die in sides:
        rolled[name] = value = dice.roll(die, label=f"{purpose} for {name}")
        out.events.append(Roll(name, die, value, purpose=purpose))
    out.rolls.append(dict(rolled))
    ranked = sorted(rolled.values(), reverse=True)
    cut_in, cut_out = ranked[keep - 1], ranked[keep]
    above = [(name, die) for name, die in sides if rolled[name] > cut_in]
    tied = [(name, die) for name, die in sides if rolled[name] == cut_in]
    below = [(name, die) for name, die in sides if rolled[name] < cut_in]
    out.winners.extend(name for name, _ in above)
    out.losers.extend(name for name, _ in below)
    if cut_in > cut_out:
        out.winners.extend(name for name, _ in tied)
        return
    _resolve(dice, tied, keep - len(above), purpose, out)
