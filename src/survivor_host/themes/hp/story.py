"""Hot Potato rounds on the replay page: who was in, who was drawn to hold the potato, every attempt with
its rolls (passer first), and on whom the potato exploded (or who idled, or was modkilled)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.duel_story import as_list, last_battle
from survivor_host.engine.story import e, names, the_rest, told


def one_toss(toss: Mapping[str, Any]) -> str:
    """`A passes to B (100 vs 125): 40 vs 90; fails`, each tie's pair first."""
    dice = as_list(toss.get("dice"))
    rolls = "; tie, again: ".join(
        " vs ".join(e(value) for value in as_list(pair)) for pair in as_list(toss.get("rolls"))
    )
    result = "it works" if toss.get("passed") else "it fails"
    shown_dice = " vs ".join(e(die) for die in dice)
    passer, receiver = e(toss.get("passer")), e(toss.get("receiver"))
    head = f"by itself, {passer} to {receiver}" if toss.get("auto") else f"{passer} passes to {receiver}"
    return f"{head} ({shown_dice}): {rolls or 'no rolls'}; {result}"


def tosses(value: object) -> str:
    told_tosses = [one_toss(toss) for toss in as_list(value) if isinstance(toss, Mapping)]
    return " · ".join(told_tosses) or "none"


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The round's facts, in the order a reader follows them."""
    fields = [
        ("players", "Still in", names),
        ("holder", "Holds the potato first (drawn by the dice)", names),
        ("die", "The passer's die at the start (Timer)", e),
        ("tosses", "Attempts, in order (passer's roll first)", tosses),
        ("exploded", "The potato exploded on", names),
        ("idle", "Out for not passing in time", names),
        ("modkilled", "Modkilled", names),
        ("last_battle", "Last battle (everyone left went out together)", last_battle),
    ]
    empty = {key for key, value in rnd.items() if value in ([], None)}
    shown = [field for field in fields if field[0] not in empty]
    return told(rnd, shown) + the_rest(rnd, ("number", *(key for key, _, _ in fields)))
