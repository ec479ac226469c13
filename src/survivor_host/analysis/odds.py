"""Exact odds for players and theme designers: every figure is a Fraction, computed, not sampled."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from survivor_host.themes.ftl.rules import (
    LEADER_BONUS,
    LEADER_DIE,
    SCAPEGOAT_SUSPECT_DIE,
    SCAPEGOAT_TARGET_DIE,
)
from survivor_host.themes.ftl.tug_of_war import START_DIE, STEP

DieDistribution = Mapping[int, Fraction]


def battle_win(mine: int, theirs: int) -> Fraction:
    """The chance that a `mine`-sided die beats a `theirs`-sided one in a roll battle (G1: ties re-roll).

    >>> battle_win(125, 100)   # a swap attempt in Chase the Ace
    Fraction(149, 248)
    """
    wins = sum(min(a - 1, theirs) for a in range(1, mine + 1))
    losses = sum(min(b - 1, mine) for b in range(1, theirs + 1))
    return Fraction(wins, wins + losses)


def scapegoat_survival() -> Fraction:
    """The suspect's chance to win the scapegoat battle, 70 against 100 (F7)."""
    return battle_win(SCAPEGOAT_SUSPECT_DIE, SCAPEGOAT_TARGET_DIE)


def survival_probability(
    choice: str,
    dice: DieDistribution,
    leader_die: int = LEADER_DIE,
    leader_bonus: int = LEADER_BONUS,
) -> Fraction:
    """The exact chance that `choice` survives the leader's `leader_die+leader_bonus` roll (F6, F8).

    `dice` maps each die you may roll to its probability. A follower survives a roll not above
    the leader's, a rebel a roll not below it (a tie always survives).

    >>> survival_probability("follow", {150: Fraction(1)})
    Fraction(1, 2)
    """
    total = Fraction(0)
    for die, weight in dice.items():
        if weight == 0:
            continue
        good = 0
        for leader in range(1 + leader_bonus, leader_die + leader_bonus + 1):
            if choice == "follow":
                good += min(leader, die)
            else:
                good += max(0, die - max(leader, 1) + 1)
        total += weight * Fraction(good, leader_die * die)
    return total


def tug_die_distribution(choice: str, choosers: int, floor: int) -> dict[int, Fraction]:
    """The die you roll under Tug of War (F12) if you make `choice` among `choosers` choosers.

    Your place among the choosers in the shuffled order is uniform; each chooser before you rebels
    or follows with even odds; immune players do not move the running die.

    >>> tug_die_distribution("rebel", 1, 20)
    {130: Fraction(1, 1)}
    """
    places = tug_running_dice(choosers, floor)
    out: dict[int, Fraction] = {}
    for running in places:
        for die, weight in running.items():
            mine = max(die - STEP if choice == "rebel" else die + STEP, floor)
            out[mine] = out.get(mine, Fraction(0)) + weight / len(places)
    return dict(sorted(out.items()))


def reveal_elimination(card: int, others: int, k: int, sides: int = 13) -> Fraction:
    """The chance that `card` is among the `k` lowest at a Chase the Ace reveal (C8, ties=battle).

    The `others` cards are uniform on 1..sides and independent; Kings (13) are never eliminated, so
    they are not counted among the `others` who could be. Ties across the cut-off are settled by a
    fair battle, so a tied group shares the remaining places evenly.
    """
    if card >= 13:
        return Fraction(0)
    below = Fraction(card - 1, sides)
    equal = Fraction(1, sides)
    above = 1 - below - equal
    total = Fraction(0)
    for lower in range(others + 1):
        for same in range(others - lower + 1):
            higher = others - lower - same
            ways = math.comb(others, lower) * math.comb(others - lower, same)
            chance = ways * below**lower * equal**same * above**higher
            if lower >= k:
                continue
            slots = k - lower
            total += chance * min(Fraction(slots, same + 1), Fraction(1))
    return total


def tied_elimination(card: int, lower: int, same: int, unknown: int, out: int, sides: int = 12) -> Fraction:
    """Like `reveal_elimination` when `lower` known cards are below `card` and `same` known cards equal it.

    The `unknown` cards are uniform on 1..sides (12: the cards in play during the swaps).
    """
    below, equal = Fraction(card - 1, sides), Fraction(1, sides)
    total = Fraction(0)
    for low in range(unknown + 1):
        for tie in range(unknown - low + 1):
            slots = out - lower - low
            if slots <= 0:
                continue
            ways = math.comb(unknown, low) * math.comb(unknown - low, tie)
            chance = ways * below**low * equal**tie * (1 - below - equal) ** (unknown - low - tie)
            total += chance * min(Fraction(slots, same + tie + 1), Fraction(1))
    return total


# ----- v2: every mod, as tables of exact fractions -----

CHOICE_NAMES = ("follow", "rebel")


def roll_outcomes(die: int, leader_die: int = LEADER_DIE, leader_bonus: int = LEADER_BONUS) -> dict[str, Fraction]:
    """P(a `die` roll is below, equal to, above the leader's `leader_die+leader_bonus` roll)."""
    below = equal = above = 0
    for leader in range(1 + leader_bonus, leader_die + leader_bonus + 1):
        below += max(0, min(leader - 1, die))
        equal += 1 if 1 <= leader <= die else 0
        above += max(0, die - max(leader, 0))
    total = leader_die * die
    return {"below": Fraction(below, total), "equal": Fraction(equal, total), "above": Fraction(above, total)}


def choice_outcomes(die: int) -> dict[str, dict[str, Fraction]]:
    """For follow and rebel with a `die`: out, tie (survives; immune from 4 players, F6), survive."""
    rolls = roll_outcomes(die)
    return {
        "follow": {"out": rolls["above"], "tie": rolls["equal"], "survive": rolls["below"]},
        "rebel": {"out": rolls["below"], "tie": rolls["equal"], "survive": rolls["above"]},
    }


def tug_running_dice(choosers: int, floor: int) -> list[dict[int, Fraction]]:
    """The running die each place in the Tug of War order faces (F12), the choosers before it 50/50.

    Entry `j` is the distribution of the running die the chooser at place `j + 1` moves from; a
    rebel then rolls it minus 20 (not below `floor`), a follower plus 20.
    """
    places: list[dict[int, Fraction]] = []
    running: dict[int, Fraction] = {START_DIE: Fraction(1)}
    for _place in range(max(choosers, 1)):
        places.append(dict(sorted(running.items())))
        step: dict[int, Fraction] = {}
        for die, weight in running.items():
            for move in (-STEP, STEP):
                nxt = max(die + move, floor)
                step[nxt] = step.get(nxt, Fraction(0)) + weight / 2
        running = step
    return places


def tug_dice(choosers: int, floor: int) -> list[int]:
    """Every die a chooser can roll under Tug of War with `choosers` choosers, down to the floor."""
    found: set[int] = set()
    for running in tug_running_dice(choosers, floor):
        for die in running:
            found.update((max(die - STEP, floor), die + STEP))
    return sorted(found)


@dataclass(frozen=True)
class Deposition:
    """No Mercy (F13): a round whose choosers all rebel."""

    any: Fraction
    """The chance the leader is deposed at least once."""
    expected: Fraction
    """The expected number of depositions in the round."""


def no_mercy_deposition(choosers: int, tug_of_war: bool = False, floor: int = 20) -> Deposition:
    """Depositions in a No Mercy round where all `choosers` rebel (each rolls 150, or the Tug of War die).

    A rebel deposes when their roll is above the standing leader's; their roll then stands.
    """
    dice = []
    running = START_DIE
    for _ in range(choosers):
        if tug_of_war:
            running = max(running - STEP, floor)
            dice.append(running)
        else:
            dice.append(PLAYER_DIE_150)
    top = max([LEADER_DIE + LEADER_BONUS, *dice])
    standing = [Fraction(0)] * (top + 1)
    for leader in range(1 + LEADER_BONUS, LEADER_DIE + LEADER_BONUS + 1):
        standing[leader] = Fraction(1, LEADER_DIE)
    expected = Fraction(0)
    for die in dice:
        nxt = [Fraction(0)] * (top + 1)
        carried = Fraction(0)  # sum over s < t of weight(s) / die: mass that moves up to t
        for t in range(top + 1):
            if t <= die and t >= 1:
                nxt[t] += carried
                expected += carried
            w = standing[t]
            if w:
                stay = Fraction(min(t, die), die)
                nxt[t] += w * stay
                carried += w / die
        standing = nxt
    return Deposition(any=1 - never_deposed(dice), expected=expected)


PLAYER_DIE_150 = 150


def never_deposed(dice: list[int]) -> Fraction:
    """The chance no rebel in turn rolls above the leader's roll (their die list in order)."""
    total = Fraction(0)
    for leader in range(1 + LEADER_BONUS, LEADER_DIE + LEADER_BONUS + 1):
        chance = Fraction(1)
        for die in dice:
            chance *= Fraction(min(leader, die), die)
        total += chance
    return total / LEADER_DIE


# ----- Chase the Ace with its mods (C2-C5, C8) -----


def cta_sides(mods: Sequence[str]) -> int:
    """Cards are rolled 14 under Jester's Duel or The Joker, 13 otherwise (C3)."""
    return 14 if ("jesters-duel" in mods or "the-joker" in mods) else 13


def joker_redeal(players: int) -> Fraction:
    """The Joker (C4): the chance a deal is redone because Jokers would leave fewer than 2 players."""
    p = Fraction(1, 14)
    return p**players + players * (1 - p) * p ** (players - 1)


def any_fourteen(players: int) -> Fraction:
    """The chance a deal of `players` cards rolled 14 holds at least one 14 (a Jester or a Joker)."""
    return 1 - Fraction(13, 14) ** players


def cta_elimination(players: int, elim: int, mods: Sequence[str] = (), ties: str = "battle") -> dict[int, Fraction]:
    """Each card's exact chance to be eliminated this round when nobody swaps (C2-C5, C8).

    Your card is given; the other cards are uniform. Kings are safe. Under The Joker, 14s go out at
    once and a deal that would leave fewer than 2 players is redone (so the figures are conditional
    on a deal that stands). Under Jester's Duel a lone Jester names an opponent at random among the
    players who may be named (you too), the duel is even, and its winner advances; several Jesters
    battle among themselves. Card 14 is the Joker or Jester's own chance to go out.
    """
    sides = cta_sides(mods)
    joker, jester = "the-joker" in mods, "jesters-duel" in mods
    k = min(elim, players // 2)
    others = players - 1
    base = math.lcm(*range(1, players + 2))
    scale = 2 * base * base  # every division below is exact
    out: dict[int, Fraction] = {}
    for card in range(1, sides + 1):
        num = 0
        norm = 0
        # classes among the others: lower, equal, higher but not King, King, fourteen
        sizes = [card - 1, 1, max(0, 12 - card), 1, sides - 13]
        if card >= 13:
            sizes = [12, 0, 0, 1, sides - 13]  # a King or 14 of yours: only the count of 14s matters
        for lower in range(others + 1):
            for equal in range(others - lower + 1):
                for higher in range(others - lower - equal + 1):
                    for kings in range(others - lower - equal - higher + 1):
                        fourteens = others - lower - equal - higher - kings
                        ways = math.comb(others, lower) * math.comb(others - lower, equal)
                        ways *= math.comb(others - lower - equal, higher) * math.comb(
                            others - lower - equal - higher, kings
                        )
                        ways *= (
                            sizes[0] ** lower
                            * sizes[1] ** equal
                            * sizes[2] ** higher
                            * sizes[3] ** kings
                            * sizes[4] ** fourteens
                        )
                        if not ways:
                            continue
                        mine14 = card == 14
                        if joker and players - fourteens - mine14 < 2:
                            continue  # C4: this deal is redone
                        norm += ways
                        num += ways * _card_fate(
                            card, players, k, lower, equal, higher, kings, fourteens, joker, jester, ties, scale
                        )
        out[card] = Fraction(num, norm * scale) if norm else Fraction(0)
    return out


def _card_fate(
    card: int,
    players: int,
    k: int,
    lower: int,
    equal: int,
    higher: int,
    kings: int,
    fourteens: int,
    joker: bool,
    jester: bool,
    ties: str,
    scale: int,
) -> int:
    """`scale` times the chance that the holder of `card` goes out, given the others' classes."""
    alive = players
    if card == 13:
        return 0
    if joker:
        if card == 14:
            return scale
        alive -= fourteens
        return _reveal_fate(alive, k, lower, equal, higher, ties, scale)
    if jester:
        jesters = fourteens + (card == 14)
        if jesters >= 2:
            lose = min(jesters - 1, alive - 2)
            if card == 14:
                return scale * lose // jesters
            return _reveal_fate(alive - lose, k, lower, equal, higher, ties, scale)
        if jesters == 1:
            if card == 14:
                named = lower + equal + higher  # others who may be named: not Kings
                return scale // 2 if named else 0
            named = 1 + lower + equal + higher
            total = scale // 2  # you are named: even duel, the loser goes out, the winner advances
            # someone else is named: they leave the reveal either way, and one of the two goes out
            for cls, size in enumerate((lower, equal, higher)):
                if size:
                    counts = [lower, equal, higher]
                    counts[cls] -= 1
                    total += size * _reveal_fate(alive - 1, k, counts[0], counts[1], counts[2], ties, scale)
            return total // named
        # no Jester: ordinary reveal
    if card == 14:
        return 0
    return _reveal_fate(alive, k, lower, equal, higher, ties, scale)


def _reveal_fate(alive: int, k: int, lower: int, equal: int, higher: int, ties: str, scale: int) -> int:
    """`scale` times your chance to go out at the reveal (C8): you are in play with `lower`, `equal`, `higher`."""
    eligible = 1 + lower + equal + higher
    count = min(k, eligible, alive - 2)
    if lower >= count:
        return 0
    need = count - lower
    tied = equal + 1
    if tied <= need:
        return scale
    if ties == "all" and alive - lower - tied >= 2:
        return scale
    return scale * need // tied
