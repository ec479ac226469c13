"""Follow the Leader's round table: every roll of the round with its choice, die and verdict, the leader
first, as one table the room and the terminal show."""

from __future__ import annotations

from survivor_host.engine.events import RoundTable
from survivor_host.themes.ftl.facts.kinds import Verdict
from survivor_host.themes.ftl.facts.rolls import RollRow, RoundRolled

STAND_IN = (Verdict.SAFE, Verdict.TIED, Verdict.CANCELLED)
"""Verdicts after which a chooser can be named scapegoat (F7: not out, not immune next round)."""


def verdict_text(row: RollRow, scapegoats: bool = False) -> str:
    """The table's verdict cell for one roll; a suspect who would go out while `scapegoats` could stand in
    is marked so until the scapegoat is decided (F7)."""
    match row.verdict:
        case Verdict.OUT if row.suspect and scapegoats:
            sign = ">" if row.choice == "follow" else "<"
            return f"out unless a scapegoat: {row.roll} {sign} {row.against}"
        case Verdict.OUT if row.choice == "follow":
            return f"out: {row.roll} > {row.against}"
        case Verdict.OUT:
            return f"out: {row.roll} < {row.against}"
        case Verdict.IMMUNE:
            return f"immune: tied {row.against}"
        case Verdict.TIED:
            return f"safe: tied {row.against}"
        case Verdict.CANCELLED:
            return f"safe: tied {row.against}, immunity cancelled"
        case Verdict.DEPOSES:
            return f"leads: {row.roll} > {row.against}"
    return "safe"


def round_table(fact: RoundRolled) -> RoundTable:
    """The round's rolls as one table: player, choice, die, roll, verdict (the leader first)."""
    # F13: each leader but the last is deposed by the next rebel who took the lead, and is out
    deposers = [row.player for row in fact.rows if row.verdict is Verdict.DEPOSES]
    deposed_by = dict(zip([fact.leader, *deposers], deposers, strict=False))
    leader_out = f"out: deposed by {deposed_by[fact.leader]}" if deposers else ""
    rows = [(f"{fact.leader} (leader)", "leads", "109+20", str(fact.leader_roll), leader_out)]
    scapegoats = any(row.choice and not row.suspect and row.verdict in STAND_IN for row in fact.rows)
    for row in fact.rows:
        name = f"{row.player} (suspect)" if row.suspect else row.player
        verdict = verdict_text(row, scapegoats)
        if row.player in deposed_by:
            verdict = f"out: led {row.roll} > {row.against}, deposed by {deposed_by[row.player]}"
        rows.append((name, row.choice or "immune", str(row.die), str(row.roll), verdict))
    return RoundTable(
        f"Round {fact.number}: {fact.leader} rolled {fact.leader_roll}",
        ("Player", "Choice", "Die", "Roll", "Verdict"),
        tuple(rows),
    )
