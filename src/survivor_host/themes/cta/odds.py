"""Chase the Ace's exact odds (C2-C9): every figure a Fraction, computed, not sampled; the `odds` tables."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from survivor_host.engine.game import Game
from survivor_host.engine.odds import Section, battle_win
from survivor_host.engine.render import card_name


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


def cta_sections(players: int, mods: Sequence[str], elim: int, ties: str = "battle") -> list[Section]:
    """C2-C9: the swap battle, each card's elimination chance, duels, Jokers, finals."""
    k = min(elim, players // 2)
    sections: list[Section] = []
    swap = Section("Swap battle, swapper 125 vs target 100 (C6, G1: ties re-rolled)")
    swap.add("the swapper wins (cards change hands)", {"": battle_win(125, 100)})
    sections.append(swap)
    capped = f" (elim {elim} is capped at half the players, C2)" if k < elim else ""
    table = Section(
        f"Each card's chance to be eliminated this round: {players} players, the {k} lowest go{capped}",
        note="nobody swaps; Kings are safe; ties at the cut-off: "
        + ("roll battle (C8)" if ties == "battle" else "all"),
    )
    if "the-joker" in mods:
        table.note += "; a deal the Jokers would ruin is redone (C4), so figures are for a deal that stands"
    if "jesters-duel" in mods:
        table.note += "; a lone Jester names an opponent at random (C5)"
    for card, chance in cta_elimination(players, elim, mods, ties).items():
        label = card_name(card) if card <= 13 else ("Joker (14)" if "the-joker" in mods else "Jester (14)")
        table.add(f"{label:11s}", {"": chance})
    sections.append(table)
    if "jesters-duel" in mods:
        duel = Section("Jester's Duel (C5)")
        duel.add("a deal holds at least one Jester", {"": any_fourteen(players)})
        duel.add("you are dealt a Jester", {"": Fraction(1, 14)})
        duel.add("the Jester wins the duel, 100 vs 100", {"": battle_win(100, 100)})
        sections.append(duel)
    if "the-joker" in mods:
        joker = Section("The Joker (C4)")
        joker.add("a deal holds at least one Joker", {"": any_fourteen(players)})
        joker.add("you are dealt the Joker", {"": Fraction(1, 14)})
        joker.add("the deal is redone (Jokers would leave fewer than 2)", {"": joker_redeal(players)})
        sections.append(joker)
    finals = Section("Finals (C9, G1)")
    finals.add("13 vs 13: either player wins", {"": battle_win(13, 13)})
    sections.append(finals)
    return sections


def odds_tables(game: Game) -> list[Section]:
    """The `odds` command's tables for this game's table size, mods, `elim` and `ties`."""
    return cta_sections(len(game.seats), game.mods, game.opt_int("elim"), game.opt_str("ties"))
