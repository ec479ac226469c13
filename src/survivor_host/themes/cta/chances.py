"""Chase the Ace's `odds` (terminal play): the exact chance to survive the reveal for each choice open now."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import battle_win
from survivor_host.engine.render import card_name
from survivor_host.engine.theme import Chance
from survivor_host.themes.cta.odds import reveal_elimination, tied_elimination
from survivor_host.themes.cta.rules import DUEL_DIE, IN_PLAY_CARDS, SWAPPER_DIE, TARGET_DIE
from survivor_host.themes.cta.view import CtaView


def chances(view: object, options: Sequence[Input]) -> tuple[list[Chance], str]:
    """`stick` and each `swap NAME` against the reveal (C6, C8), or a Jester's duel."""
    assert isinstance(view, CtaView)
    actions = {option.action for option in options}
    if "duel" in actions:
        half = battle_win(DUEL_DIE, DUEL_DIE)
        return [Chance("duel NAME", half, "100 against 100: the winner advances, the loser is out")], ""
    if "stick" not in actions or view.card is None:
        return [], "Nothing you can type now puts you at risk."
    targets = [option.target for option in options if option.action == "swap" and option.target]
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
        same = sum(1 for other in known if other == card)
        return 1 - tied_elimination(card, lower, same, unknown, out, sides=IN_PLAY_CARDS)
    return 1 - reveal_elimination(card, unknown, out - lower, sides=IN_PLAY_CARDS)
