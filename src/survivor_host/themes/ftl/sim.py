"""What the simulator reads of Follow the Leader: an engine record's counts, the figures they give, the kernel."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from survivor_host.engine.kernel import Simulation
from survivor_host.themes.ftl.fast import FAST
from survivor_host.themes.ftl.rules import PLAYER_DIE

OUTCOMES = ("handover", "rebellion", "normal", "deposed")
"""How a round can end (F6, F13), as the record names it."""


def record_counts(record: Mapping[str, Any]) -> Counter[str]:
    """The per-game event counts of one engine game record (the kernel counts the same things)."""
    counts: Counter[str] = Counter()
    if record["rounds"]:
        counts["first leader won"] += record["rounds"][0]["leader"] == record["winner"]
    for number, rnd in enumerate(record["rounds"], start=1):
        outcome = rnd.get("outcome")
        if outcome in OUTCOMES:
            counts[outcome] += 1
        counts["choice phases"] += bool(rnd["choices"])
        counts["suspects"] += bool(rnd.get("suspect"))
        if number == 1 and outcome == "deposed":
            counts["r1 deposed"] += 1
        counts["depositions"] += len(rnd.get("depositions", []))
        if rnd.get("scapegoat"):
            counts["scapegoat battles"] += 1
            counts["scapegoat battles won"] += rnd["scapegoat"]["loser"] != rnd["scapegoat"]["suspect"]
        if number == 1 and not rnd.get("suspect"):
            for name, choice in rnd["choices"].items():
                if choice == "follow" and rnd["dice"].get(name) == PLAYER_DIE:
                    counts["r1 followers on 150"] += 1
                    counts["r1 followers on 150 out"] += name in rnd["eliminated"]
    return +counts


def figures(counts: Mapping[str, int], games: int) -> dict[str, Any]:
    """Round outcomes per game and their shares."""
    per_game = {name: counts.get(name, 0) / games if games else 0.0 for name in OUTCOMES}
    rounds = sum(counts.get(name, 0) for name in OUTCOMES)
    shares = {name: counts.get(name, 0) / rounds if rounds else 0.0 for name in OUTCOMES}
    return {"outcomes_per_game": per_game, "outcome_shares": shares}


def summary(found: Mapping[str, Any]) -> list[str]:
    shares, per_game = found["outcome_shares"], found["outcomes_per_game"]
    parts = [f"{name} {shares[name]:.1%} ({per_game[name]:.2f} a game)" for name in OUTCOMES]
    return ["Round outcomes: " + ", ".join(parts)]


SIMULATION = Simulation(record_counts, figures, summary, FAST.kernel, FAST.unsupported)
