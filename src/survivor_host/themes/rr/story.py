"""Russian Roulette rounds on the replay page: who was in (whose pass was used), each turn with its
chamber and what happened, the steals' rolls, who went out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.duel_story import duels, last_battle
from survivor_host.engine.story import e, names, the_rest, told


def turn_line(turn: Mapping[str, Any]) -> str:
    """One turn in words: `Ann at chamber 5: pull, rolled 2, safe`."""
    head = f"{turn.get('player')} at chamber {turn.get('chamber')}"
    action = turn.get("action")
    forced = " (forced)" if turn.get("forced") else ""
    if action == "pull":
        verdict = "shot" if turn.get("shot") else "safe"
        return f"{head}: pull{forced}, rolled {turn.get('roll')}, {verdict}"
    if action == "pass":
        return f"{head}: pass{forced}"
    if action == "steal":
        return f"{head}: steal from {turn.get('target')}, {turn.get('winner')} won the roll-off"
    if action == "spent":
        return f"{head}: pass and steal used, out"
    return f"{head}: {action or 'no action'}"


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The round's facts, in the order a reader follows them."""
    final = rnd.get("final") is True
    facts = told(rnd, [("players", "In the final" if final else "Still in", names)])
    if rnd.get("passed"):
        facts += told(rnd, [("passed", "Pass used before the round", names)])
    turns = rnd.get("turns") or []
    facts += [(f"Turn {number}", e(turn_line(turn))) for number, turn in enumerate(turns, start=1)]
    if rnd.get("duels"):
        facts += told(rnd, [("duels", "Steals (100 vs 100)", duels)])
    fields = (
        ("last_battle", "Last battle (everyone left went out together)", last_battle),
        ("eliminated", "Out, in the order they went out", names),
        ("modkilled", "Modkilled", names),
    )
    facts += told(rnd, fields)
    if rnd.get("idle"):
        facts += told(rnd, [("idle", "Out for not acting in time", names)])
    known = ("number", "final", "players", "passed", "turns", "duels", "idle", *(key for key, _, _ in fields))
    return facts + the_rest(rnd, known)
