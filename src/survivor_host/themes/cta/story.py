"""Chase the Ace's rounds on the replay page: each field of a round record in the order of the round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.render import FOURTEEN, card_name
from survivor_host.engine.story import Show, e, generic, names, pairs, the_rest, told


def _duels(value: object) -> str:
    if not isinstance(value, list) or not value:
        return "none"
    told = []
    for duel in value:
        target, winner = duel.get("target"), duel.get("winner")
        if target is None and not duel.get("rolls"):
            told.append(f"{names(duel.get('jesters'))} advances without a duel (nobody to duel)")
            continue
        who = f"{e(duel.get('jester'))} duels {e(target)}" if target is not None else (
            f"the Jesters {names(duel.get('jesters'))} battle"
        )  # fmt: skip
        wins = f"{e(winner)} wins" if winner is not None else "nobody wins"
        told.append(f"{who}: {pairs(duel.get('rolls'))}; {wins}, out: {names(duel.get('eliminated'))}")
    return " · ".join(told)


def _swaps(value: object) -> str:
    if not isinstance(value, list) or not value:
        return "none"
    told = []
    for swap in value:
        if swap.get("target") is None:
            told.append(f"{e(swap.get('by'))} sticks")
            continue
        result = (
            "void" + (f" ({e(swap['why'])})" if swap.get("why") else "")
            if swap.get("void")
            else ("swapped" if swap.get("swapped") else "kept")
        )
        rolls = f" [{pairs(swap['rolls'])}]" if swap.get("rolls") else ""
        told.append(f"{e(swap.get('by'))} → {e(swap.get('target'))}{rolls}: {result}")
    return " · ".join(told)


def _finals(value: object) -> str:
    if not isinstance(value, Mapping):
        return generic(value)
    return f"{names(value.get('players'))}: {pairs(value.get('rolls'))}; {e(value.get('winner'))} wins"


def _tie(card: Show) -> Show:
    """C8 as the room read it: `Q between A, B: roll battle 100: A 28 vs B 68`, or everyone holding it out."""

    def shown(value: object) -> str:
        if not isinstance(value, Mapping):
            return generic(value)
        head = f"{card(value.get('card'))} between {names(value.get('tied'))}"
        if value.get("policy") == "all":
            return f"{head}: everyone holding it is eliminated"
        return f"{head}: roll battle 100: {pairs(value.get('rolls'))}"

    return shown


def _place_battles(value: object) -> str:
    """G4: each roll battle 13 for a place, its rolls (a tie rolls again) and its winner."""
    if not isinstance(value, list) or not all(isinstance(battle, Mapping) for battle in value):
        return generic(value)
    told = [f"roll battle 13: {pairs(battle.get('rolls'))}; {e(battle.get('winner'))} wins" for battle in value]
    return " · ".join(told) or "none"


def _card_namer(rnd: Mapping[str, Any]) -> Show:
    """Cards as players name them: a 14 is the Joker if its holder drew the Joker this round, else a
    Jester (the two mods never meet)."""
    dealt, jokers = rnd.get("cards"), rnd.get("jokers") or []
    joker = isinstance(dealt, Mapping) and any(dealt.get(name) == FOURTEEN for name in jokers)
    fourteen = "Joker" if joker else "Jester"
    return lambda value: e(card_name(value, fourteen)) if isinstance(value, int) else e(value)


def _fields(card: Show) -> tuple[tuple[str, str, Show], ...]:
    """Each field of a round record: its key, its label and how it is shown (`card`: one card)."""
    return (
        ("elim", "Players out at the reveal (the lowest cards)", e),
        ("cards", "Cards dealt", lambda v: pairs(v, card)),
        ("redeals", "Redeals", e),
        ("kings", "Kings", names),
        ("jokers", "Jokers (out)", names),
        ("duels", "Duels", _duels),
        ("swaps", "Swaps", _swaps),
        ("reveal", "Reveal", lambda v: pairs(v, card)),
        ("ties", "Tie at the cut-off", _tie(card)),
        ("modkilled", "Modkilled", names),
        ("eliminated", "Eliminated", names),
        ("advanced", "Advanced", names),
        ("finals", "Finals", _finals),
        ("place_battles", "Place battles (for the places of those modkilled together)", _place_battles),
    )


KNOWN = ("number", *(key for key, _, _ in _fields(e)))


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The round's facts: the deal, Kings and Jokers, duels, swaps, the reveal and who went out."""
    return told(rnd, _fields(_card_namer(rnd))) + the_rest(rnd, KNOWN)
