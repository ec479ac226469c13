"""Rock, Paper, Scissors rounds on the replay page (every value escaped): who was in (lives under Second
Wind), the attacks in the order sent with their weapons, the clashes in order, the final's throws, who went out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.duel_story import as_list, last_battle, with_hearts
from survivor_host.engine.modes import hearts
from survivor_host.engine.story import Show, e, names, the_rest, told
from survivor_host.themes.rps.rules import FAVOURED_DIE


def attacks(value: object) -> str:
    """`A → B (rock), C → D (paper)`: who attacked whom with what, in the order sent."""
    shown = [
        f"{e(a.get('by'))} → {e(a.get('target'))} ({e(a.get('weapon'))})"
        for a in as_list(value)
        if isinstance(a, Mapping)
    ]
    return ", ".join(shown) or "none"


def mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def loss(loser: object, left: object) -> str:
    return f"{e(loser)} is out" if left == 0 else f"{e(loser)} loses a life ({e(hearts(left))} left)" if isinstance(
        left, int) else f"{e(loser)} loses"  # fmt: skip


def one_clash(clash: Mapping[str, Any]) -> str:
    """`A (rock) attacks B (paper): B 125 vs A 100; A 30 vs B 70; B wins; A is out`."""
    a, t = str(clash.get("attacker")), str(clash.get("target"))
    weapons = mapping(clash.get("weapons"))
    head = f"{e(a)} ({e(weapons.get(a))}) attacks {e(t)} ({e(weapons.get(t))})"
    if "favoured" not in clash:
        return f"{head}: the same weapon, nothing happens"
    rolls = "; tie, again: ".join(
        " vs ".join(f"{e(k)} {e(v)}" for k, v in pair.items())
        for pair in as_list(clash.get("rolls"))
        if isinstance(pair, Mapping)
    )
    outcome = loss(clash.get("loser"), clash.get("lives_left")) if clash.get("loser") else "nobody loses"
    favoured = f"{e(clash.get('favoured'))} holds the stronger weapon and rolls {FAVOURED_DIE}"
    return f"{head}: {favoured}; {rolls}; {e(clash.get('roll_winner'))} wins the roll; {outcome}"


def clashes(value: object) -> str:
    return " · ".join(one_clash(c) for c in as_list(value) if isinstance(c, Mapping)) or "none"


def one_throw(throw: Mapping[str, Any]) -> str:
    weapons = mapping(throw.get("weapons"))
    head = " vs ".join(f"{e(k)} {e(v)}" for k, v in weapons.items())
    if throw.get("winner") is None:
        return f"{head}: the same weapon, again"
    return f"{head}: {e(throw.get('winner'))} wins; {loss(throw.get('loser'), throw.get('lives_left'))}"


def throws(value: object) -> str:
    return " · ".join(one_throw(t) for t in as_list(value) if isinstance(t, Mapping)) or "none"


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The round's facts, in the order a reader follows them."""
    final = rnd.get("final") is True
    fields: list[tuple[str, str, Show]] = [
        ("players", "In the final" if final else "Still in", lambda _: with_hearts(rnd, "players")),
        ("attacks", "Attacks, in the order sent", attacks),
        ("dropped", "Attacks not fought (a side was out, or sent no weapon)", attacks),
        ("clashes", "Clashes, in the order fought", clashes),
        ("throws", "The final's throws", throws),
        ("last_battle", "Last battle (everyone left went out together)", last_battle),
        ("eliminated", "Out, in the order they went out", names),
        ("idle", "Out for not choosing in time", names),
        ("modkilled", "Modkilled", names),
    ]
    empty = {key for key, value in rnd.items() if value == []}
    skipped = {"dropped", "idle", *(("attacks", "clashes") if final else ("throws",))} & empty
    shown = [field for field in fields if field[0] not in skipped]
    return told(rnd, shown) + the_rest(rnd, ("number", "final", "lives", *(key for key, _, _ in fields)))
