"""Russian Roulette's exact odds: a recursion over every position of a game (the chamber; for one player,
"me", and for each other by kind: pass used, steal used, acted this round; the draw still ahead of me),
one policy for me and one for everybody else (`policy.py`). Nothing is sampled: each turn's draw, pull,
pass and steal branches with its exact chance, so the figures are fractions.

The others are counted by kind, not by name: the draw, the rules and the policies treat equal kinds alike.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from survivor_host.themes.rr.policy import Policy, Spot
from survivor_host.themes.rr.rules import CHAMBERS, PASS, PULL, STEAL

KINDS = ((0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1))
"""(pass used, steal used, acted this round): a steal needs one's pass used, so these six are all."""
FRESH = KINDS.index((0, 0, 0))
Me = tuple[int, int, int]
Counts = tuple[int, ...]
Goal = Literal["win", "round"]
HALF = Fraction(1, 2)


def kind_of(passed: int, stole: int, acted: int) -> int:
    return KINDS.index((passed, stole, acted))


def moved(counts: Counts, away: int | None = None, to: int | None = None) -> Counts:
    """`counts` with one player taken from kind `away` and/or put in kind `to`."""
    out = list(counts)
    if away is not None:
        out[away] -= 1
    if to is not None:
        out[to] += 1
    return tuple(out)


class Solver:
    """The chance that I win (`goal="win"`) or am still in when the round ends (`"round"`: all still in
    have acted, or the final begins) from a position, with me playing `mine` and the others `theirs`."""

    def __init__(self, mine: Policy, theirs: Policy, goal: Goal = "win") -> None:
        self.mine, self.theirs, self.goal = mine, theirs, goal
        self.memo: dict[tuple[object, ...], Fraction] = {}

    def start(self, players: int, ahead: int | None = None) -> Fraction:
        """A new game of `players`: my chance; `ahead`: given that exactly so many are drawn before me in
        round 1 (None: over the draw)."""
        return self.draw(CHAMBERS, (0, 0, 0), self.fresh(players - 1), ahead)

    @staticmethod
    def fresh(others: int) -> Counts:
        return tuple(others if index == FRESH else 0 for index in range(len(KINDS)))

    def draw(self, chamber: int, me: Me, others: Counts, ahead: int | None) -> Fraction:
        """Before a draw (3.2): the final, a new round, or the next player drawn."""
        key = (chamber, me, others, ahead)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._draw(chamber, me, others, ahead)
        return found

    def _draw(self, chamber: int, me: Me, others: Counts, ahead: int | None) -> Fraction:
        left = sum(others)
        if left == 0:
            return Fraction(1)
        if left == 1:
            if self.goal == "round":
                return Fraction(1)
            rival = KINDS[next(index for index, count in enumerate(others) if count)]
            mine, theirs = not me[0], not rival[0]
            return HALF * self.final(CHAMBERS, True, mine, theirs) + HALF * self.final(CHAMBERS, False, mine, theirs)
        waiting = [index for index, kind in enumerate(KINDS) if kind[2] == 0 and others[index]]
        count = sum(others[index] for index in waiting)
        if me[2] and not count:
            if self.goal == "round":
                return Fraction(1)
            fresh = tuple(others[index] + others[index + 1] if index % 2 == 0 else 0 for index in range(len(KINDS)))
            return self.draw(chamber, (me[0], me[1], 0), fresh, None)
        if ahead is not None:
            if ahead > 0 and count:
                total = sum(
                    (Fraction(others[index], count) * self.their_turn(chamber, me, others, index, ahead - 1))
                    for index in waiting
                )
                return Fraction(total)
            return self.my_turn(chamber, me, others)
        drawn = count + (0 if me[2] else 1)
        total = Fraction(0) if me[2] else self.my_turn(chamber, me, others) / drawn
        for index in waiting:
            total += Fraction(others[index], drawn) * self.their_turn(chamber, me, others, index, None)
        return total

    def weights(self, policy: Policy, spot: Spot) -> list[tuple[str, Fraction]]:
        given = {action: weight for action, weight in policy(spot).items() if weight}
        total = sum(given.values())
        return [(action, Fraction(weight, total)) for action, weight in given.items()]

    def my_turn(self, chamber: int, me: Me, others: Counts) -> Fraction:
        """My turn outside the final (3.3, 3.4)."""
        passed, stole, _ = me
        holders = others[0] + others[1]
        after = (1, stole, 1)
        if chamber == 1:
            if not passed:
                return self.draw(chamber, after, others, None)
            if stole or not holders:
                return Fraction(0)
            return self.my_steal(chamber, others, holders)
        spot = Spot(chamber, False, not passed, holders if passed and not stole else 0)
        total = Fraction(0)
        for action, chance in self.weights(self.mine, spot):
            if action == PULL:
                value = Fraction(chamber - 1, chamber) * self.draw(chamber - 1, (passed, stole, 1), others, None)
            elif action == PASS:
                value = self.draw(chamber, after, others, None)
            else:
                value = self.my_steal(chamber, others, holders)
            total += chance * value
        return total

    def my_steal(self, chamber: int, others: Counts, holders: int) -> Fraction:
        """I steal from a holder drawn evenly: half the time they are out, else I am."""
        total = Fraction(0)
        for index in (0, 1):
            if others[index]:
                won = self.draw(chamber, (1, 1, 1), moved(others, index), None)
                total += Fraction(others[index], holders) * HALF * won
        return total

    def their_turn(self, chamber: int, me: Me, others: Counts, index: int, ahead: int | None) -> Fraction:
        """The turn of another player of kind `index` (3.3, 3.4)."""
        passed, stole, _ = KINDS[index]
        rest = moved(others, index)
        holders = rest[0] + rest[1] + (0 if me[0] else 1)

        def then(chamber_after: int, me_after: Me, rest_after: Counts) -> Fraction:
            return self.draw(chamber_after, me_after, rest_after, ahead)

        gone_shot = then(CHAMBERS, me, rest)
        if chamber == 1:
            if not passed:
                return then(chamber, me, moved(rest, to=kind_of(1, 0, 1)))
            if stole or not holders:
                return gone_shot
            return self.their_steal(chamber, me, rest, holders, ahead)
        spot = Spot(chamber, False, not passed, holders if passed and not stole else 0)
        total = Fraction(0)
        for action, chance in self.weights(self.theirs, spot):
            if action == PULL:
                safe = then(chamber - 1, me, moved(rest, to=kind_of(passed, stole, 1)))
                value = Fraction(1, chamber) * gone_shot + Fraction(chamber - 1, chamber) * safe
            elif action == PASS:
                value = then(chamber, me, moved(rest, to=kind_of(1, 0, 1)))
            else:
                assert action == STEAL
                value = self.their_steal(chamber, me, rest, holders, ahead)
            total += chance * value
        return total

    def their_steal(self, chamber: int, me: Me, rest: Counts, holders: int, ahead: int | None) -> Fraction:
        """Another steals from a holder drawn evenly (me among them while I hold my pass)."""
        lost = self.draw(chamber, me, rest, ahead)
        thief = kind_of(1, 1, 1)
        total = Fraction(0)
        if not me[0]:
            total += Fraction(1, holders) * HALF * lost
        for index in (0, 1):
            if rest[index]:
                won = self.draw(chamber, me, moved(rest, index, thief), ahead)
                total += Fraction(rest[index], holders) * HALF * (won + lost)
        return total

    def final(self, chamber: int, my_turn: bool, mine: bool, theirs: bool) -> Fraction:
        """The final (3.6): my chance to win, at `chamber`, on my turn or theirs, each holding a pass or not."""
        key = ("final", chamber, my_turn, mine, theirs)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._final(chamber, my_turn, mine, theirs)
        return found

    def _final(self, chamber: int, my_turn: bool, mine: bool, theirs: bool) -> Fraction:
        holder, other = (mine, theirs) if my_turn else (theirs, mine)

        def after(passed: bool, chamber_after: int) -> Fraction:
            held = holder and not passed
            return self.final(chamber_after, not my_turn, *((held, other) if my_turn else (other, held)))

        if chamber == 1:
            if holder:
                return after(True, 1)
            return Fraction(0 if my_turn else 1)
        if holder:
            policy = self.mine if my_turn else self.theirs
            options = self.weights(policy, Spot(chamber, True, True, 0, other))
        else:
            options = [(PULL, Fraction(1))]
        total = Fraction(0)
        for action, chance in options:
            if action == PASS:
                total += chance * after(True, chamber)
            else:
                shot = Fraction(0 if my_turn else 1)
                total += chance * (shot / chamber + Fraction(chamber - 1, chamber) * after(False, chamber - 1))
        return total
