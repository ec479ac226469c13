"""`odds` in terminal play: your exact chance to stay in for each choice you can make now.

The figures come from `analysis.odds`; each line says what it assumes (what you cannot know yet).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from survivor_host.ai.ftl import choice_odds
from survivor_host.analysis.odds import battle_win, reveal_elimination, scapegoat_survival
from survivor_host.engine.game import Game
from survivor_host.engine.render import card_name
from survivor_host.themes.cta.game import KING, CtaView
from survivor_host.themes.ftl.game import FtlView

SWAPPER_DIE, TARGET_DIE = 125, 100  # C6
DUEL_DIE = 100  # Jester's Duel
IN_PLAY_CARDS = KING - 1  # Kings advance and 14s leave before the swaps: cards in play are 1..12


@dataclass(frozen=True)
class Chance:
    """What you may type, your chance to stay in if you do, and how that chance was worked out."""

    command: str
    stay_in: Fraction
    why: str


def chances_now(game: Game, name: str) -> tuple[list[Chance], str]:
    """Your chance for each choice open to you now, and a note on what the figures assume."""
    view = game.view(name)
    options = game.legal_inputs(name)
    actions = {option.action for option in options}
    if isinstance(view, FtlView):
        return _ftl(view, actions)
    if isinstance(view, CtaView):
        return _cta(view, actions, [option.target for option in options if option.action == "swap" and option.target])
    return [], ""


def _ftl(view: FtlView, actions: set[str]) -> tuple[list[Chance], str]:
    if actions & {"follow", "rebel"}:
        odds = choice_odds(view)
        die = "the Tug of War running die" if view.tug_of_war else "a 150 die"
        rows = [Chance(choice, odds[choice], f"you roll {die} against the leader's 109+20") for choice in odds]
        suspect = " Nobody knows yet who will be suspected (die 120)." if view.suspecting else ""
        return rows, "Ties with the leader survive." + suspect
    if "scapegoat" in actions:
        win = scapegoat_survival()
        rows = [
            Chance("scapegoat NAME", win, "you roll 70 against their 100; the loser is out"),
            Chance("noscapegoat", Fraction(0), "you are out"),
        ]
        return rows, "Every scapegoat rolls the same 100, so the name does not change your chance."
    return [], "Nothing you can type now puts you at risk."


def _cta(view: CtaView, actions: set[str], targets: list[str]) -> tuple[list[Chance], str]:
    if "duel" in actions:
        half = battle_win(DUEL_DIE, DUEL_DIE)
        return [Chance("duel NAME", half, "100 against 100: the winner advances, the loser is out")], ""
    if "stick" not in actions or view.card is None:
        return [], "Nothing you can type now puts you at risk."
    out = max(min(view.k, len(view.in_play), len(view.players) - 2), 0)  # C8: as many as the reveal takes
    known = {name: card for name, card in view.known if name in view.in_play and name != view.name}
    unknown = len(view.in_play) - 1 - len(known)
    keep = _stay_with(view.card, list(known.values()), unknown, out)
    rows = [Chance("stick", keep, f"you keep your {card_name(view.card)} to the reveal")]
    win = battle_win(SWAPPER_DIE, TARGET_DIE)
    for target in targets:
        rest = [card for name, card in known.items() if name != target] + [view.card]  # they get your card
        if target in known:
            gain, held = _stay_with(known[target], rest, unknown, out), f"their {card_name(known[target])}"
        else:
            every = [_stay_with(card, rest, unknown - 1, out) for card in range(1, IN_PLAY_CARDS + 1)]
            gain, held = sum(every, Fraction(0)) / IN_PLAY_CARDS, "their unknown card"
        chance = win * gain + (1 - win) * keep
        rows.append(Chance(f"swap {target}", chance, f"you win the 125 vs 100 battle {float(win):.0%} and take {held}"))
    going = "The lowest card in play goes out" if out == 1 else f"The {out} lowest cards in play go out"
    unseen = "cards you have not seen are 1-12 at random; nobody else swaps from now on."
    return rows, f"{going} (ties: a fair battle); {unseen}"


def _stay_with(card: int, known: list[int], unknown: int, out: int) -> Fraction:
    """The chance that `card` is not among the `out` lowest, beside `known` cards and `unknown` random ones."""
    lower = sum(1 for other in known if other < card)
    if any(other == card for other in known):
        return 1 - tied_elimination(card, lower, sum(1 for other in known if other == card), unknown, out)
    return 1 - reveal_elimination(card, unknown, out - lower, sides=IN_PLAY_CARDS)


def tied_elimination(card: int, lower: int, same: int, unknown: int, out: int) -> Fraction:
    """Like `reveal_elimination` when `lower` known cards are below `card` and `same` known cards equal it."""
    below, equal = Fraction(card - 1, IN_PLAY_CARDS), Fraction(1, IN_PLAY_CARDS)
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
