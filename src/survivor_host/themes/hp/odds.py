"""Hot Potato's exact odds, under one stated passing policy: the holder passes to a player drawn uniformly
from the others (the `random` AI). Then every survivor of a round is alike, so a player's chance to win from
any position is their chance to come through the round times 1/(players left after it).

A round is a short chance process: its position is who holds the potato and the attempts made (standard:
three; Timer: the passes made, which set the passer's die). `hold` and `other` are the chances to come
through the round from each position, holding the potato or not.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from survivor_host.engine.game import Game
from survivor_host.engine.odds import Section, battle_win
from survivor_host.themes.hp.rules import (
    PASSER_DIE,
    RECEIVER_DIE,
    TIMER,
    TIMER_FLOOR,
    TIMER_RECEIVER_DIE,
    TIMER_START,
    TIMER_STEP,
    TOSSES,
    dice,
    timer_die,
    tosses,
)

POLICY = "the holder passes to a player drawn uniformly from the others (the random AI)"
SHOWN_PASSES = (TIMER_START - TIMER_FLOOR) // TIMER_STEP
"""Timer: the positions shown, by passes made, up to the die's floor (later ones differ only by the cap)."""


def pass_chance(timer: bool, die: int = TIMER_START) -> Fraction:
    """The chance that a pass works: the passer's die beats the receiver's (G1: equal rolls roll again)."""
    mine, theirs = dice(timer, die)
    return battle_win(mine, theirs)


@dataclass(frozen=True)
class RoundOdds:
    """Coming through a round of `players` from each position: `hold[a]` holding the potato after `a`
    attempts (standard) or passes (Timer), `other[a]` while someone else holds it."""

    players: int
    timer: bool
    hold: tuple[Fraction, ...]
    other: tuple[Fraction, ...]

    @property
    def drawn(self) -> Fraction:
        """The holder drawn at the round's start comes through it."""
        return self.hold[0]

    def win(self, survive: Fraction) -> Fraction:
        """The chance to win the game from a position with this chance to come through the round."""
        return survive / (self.players - 1)


@cache
def round_odds(players: int, timer: bool) -> RoundOdds:
    """Exact by backward steps from the round's last attempt (3.3-4.3). With two left the pass is
    automatic to the other player, which the same policy gives."""
    to_me = Fraction(1, players - 1)
    cap = tosses(timer)
    hold = [Fraction(0)] * (cap + 1)
    other = [Fraction(1)] * (cap + 1)
    for made in range(cap - 1, -1, -1):
        chance = pass_chance(timer, timer_die(made))
        if timer:  # a failed pass explodes on its passer; a pass that works moves it on
            hold[made] = chance * other[made + 1]
            passing = chance * hold[made + 1] + (1 - chance)
            elsewhere = chance * other[made + 1] + (1 - chance)
        else:  # a failed pass keeps it with the passer
            hold[made] = chance * other[made + 1] + (1 - chance) * hold[made + 1]
            passing = chance * hold[made + 1] + (1 - chance) * other[made + 1]
            elsewhere = other[made + 1]
        other[made] = to_me * passing + (1 - to_me) * elsewhere
    return RoundOdds(players, timer, tuple(hold), tuple(other))


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this table size and the variation."""
    timer = TIMER in game.mods
    players = len(game.seats)
    return [pass_section(timer), *(round_section(size, timer) for size in range(players, 1, -1))]


def pass_section(timer: bool) -> Section:
    if not timer:
        section = Section(f"A pass, the passer's {PASSER_DIE} against the receiver's {RECEIVER_DIE} (G1)")
        section.add("the pass works", {"": pass_chance(False)})
        return section
    section = Section(f"A pass, the passer's die against the receiver's {TIMER_RECEIVER_DIE} (G1)")
    for made in range(SHOWN_PASSES + 1):
        die = timer_die(made)
        section.add(f"die {die}: the pass works", {"": pass_chance(True, die)})
    return section


def round_section(players: int, timer: bool) -> Section:
    """Each position of a round of `players`: the chance to come through it and to win the game."""
    odds = round_odds(players, timer)
    section = Section(f"A round with {players} players in: each seat's chances from each position", note=POLICY)
    section.add(
        "at the round's start (before the draw)",
        {"come through the round": Fraction(players - 1, players), "win the game": Fraction(1, players)},
    )
    for holding, table in (("you hold the potato", odds.hold), ("another player holds it", odds.other)):
        for made in range(SHOWN_PASSES + 1 if timer else TOSSES):
            if timer:
                where = f"{holding}, die {timer_die(made)} ({made} pass{'es' if made != 1 else ''} made)"
            else:
                left = TOSSES - made
                where = f"{holding}, {left} attempt{'s' if left != 1 else ''} left"
            survive = table[made]
            section.add(where, {"come through the round": survive, "win the game": odds.win(survive)})
    return section
