"""What `simulate` counts in a Russian Roulette record, and its figures: pulls, shots, passes, steals, and
how the first player drawn fares (the exact odds give the same, `odds.py`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from survivor_host.engine.kernel import Simulation
from survivor_host.engine.odds import wilson


def record_counts(record: Mapping[str, Any]) -> Counter[str]:
    """The per-game counts of one engine game record."""
    counts: Counter[str] = Counter()
    rounds = record["rounds"]
    for rnd in rounds:
        for turn in rnd.get("turns", []):
            action = turn.get("action")
            counts[f"{action}es" if action == "pass" else f"{action}s"] += 1
            counts["shots"] += bool(turn.get("shot"))
            if action == "steal":
                counts["steals won"] += turn.get("winner") == turn.get("player")
        counts["finals"] += rnd.get("final") is True
    first = rounds[0] if rounds else {}
    if not first.get("final") and first.get("turns"):
        drawn = first["turns"][0]["player"]
        counts["first drawn"] += 1
        counts["first drawn wins"] += drawn == record.get("winner")
        counts["first drawn survives round 1"] += drawn not in [*first["eliminated"], *first["idle"]]
    return counts


def figures(counts: Mapping[str, int], games: int) -> dict[str, Any]:
    drawn = counts.get("first drawn", 0)
    wins, kept = counts.get("first drawn wins", 0), counts.get("first drawn survives round 1", 0)
    steals = counts.get("steals", 0)
    return {
        "pulls_per_game": counts.get("pulls", 0) / games if games else 0.0,
        "shots_per_game": counts.get("shots", 0) / games if games else 0.0,
        "passes_per_game": counts.get("passes", 0) / games if games else 0.0,
        "steals_per_game": steals / games if games else 0.0,
        "steal_success": counts.get("steals won", 0) / steals if steals else 0.0,
        "first_drawn_wins": wins / drawn if drawn else 0.0,
        "first_drawn_wins_ci": list(wilson(wins, drawn)),
        "first_drawn_survives_round_1": kept / drawn if drawn else 0.0,
        "first_drawn_survives_round_1_ci": list(wilson(kept, drawn)),
    }


def summary(found: Mapping[str, Any]) -> list[str]:
    low, high = found["first_drawn_wins_ci"]
    s_low, s_high = found["first_drawn_survives_round_1_ci"]
    steals = (
        f"{found['steals_per_game']:.2f} steals ({found['steal_success']:.1%} won by the stealer)"
        if found["steals_per_game"]
        else "no steals"
    )
    return [
        f"Per game: {found['pulls_per_game']:.2f} pulls ({found['shots_per_game']:.2f} shots), "
        f"{found['passes_per_game']:.2f} passes, {steals}",
        f"The first drawn in round 1 wins {found['first_drawn_wins']:.1%} [{low:.1%}, {high:.1%}] and survives "
        f"round 1 {found['first_drawn_survives_round_1']:.1%} [{s_low:.1%}, {s_high:.1%}] (exact: `odds rr`)",
    ]


SIMULATION = Simulation(record_counts=record_counts, figures=figures, summary=summary)
