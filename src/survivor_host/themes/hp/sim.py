"""What the simulator reads of Hot Potato: an engine record's counts, the figures they give beside the exact
odds (`odds.py`, under the random AI's policy). No numpy kernel: every simulation plays on the engine."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from survivor_host.engine.kernel import Simulation
from survivor_host.engine.odds import wilson
from survivor_host.themes.hp.odds import pass_chance, round_odds
from survivor_host.themes.hp.rules import TIMER


def record_counts(record: Mapping[str, Any]) -> Counter[str]:
    """Per game: passes asked and won (standard, or Timer at the die of 200), and by the players in a round,
    rounds played to their explosion and those where the potato exploded on the holder drawn."""
    counts: Counter[str] = Counter()
    counts["timer games"] += TIMER in record["mods"]
    for rnd in record["rounds"]:
        for toss in rnd["tosses"]:
            if toss["dice"][0] in (100, 200):
                counts["first-die passes"] += 1
                counts["first-die passes won"] += toss["passed"]
        if rnd["exploded"] is not None:
            size = len(rnd["players"])
            counts[f"rounds of {size}"] += 1
            counts[f"rounds of {size}, the drawn holder out"] += rnd["exploded"] == rnd["holder"]
    return +counts


def figures(counts: Mapping[str, int], games: int) -> dict[str, Any]:
    """Pass success and, by table size, how often the drawn holder went out, with the exact figures."""
    timer = bool(games) and counts.get("timer games", 0) == games
    tried, won = counts.get("first-die passes", 0), counts.get("first-die passes won", 0)
    found: dict[str, Any] = {
        "timer": timer,
        "pass_success": won / tried if tried else 0.0,
        "pass_success_ci": list(wilson(won, tried)),
        "pass_success_exact": float(pass_chance(timer)),
        "drawn_holder_out": {},
    }
    sizes = sorted(int(key.split()[2].rstrip(",")) for key in counts if key.startswith("rounds of") and "," not in key)
    for size in sizes:
        rounds = counts[f"rounds of {size}"]
        out = counts.get(f"rounds of {size}, the drawn holder out", 0)
        found["drawn_holder_out"][str(size)] = {
            "rounds": rounds,
            "share": out / rounds,
            "ci": list(wilson(out, rounds)),
            "exact": float(1 - round_odds(size, timer).drawn),
        }
    return found


def summary(found: Mapping[str, Any]) -> list[str]:
    low, high = found["pass_success_ci"]
    first = "a passing die of 200 against 100" if found["timer"] else "100 against 125"
    lines = [
        f"Passes at {first}: {found['pass_success']:.1%} worked [{low:.1%}, {high:.1%}] "
        f"(exact {found['pass_success_exact']:.1%})"
    ]
    for size, row in found["drawn_holder_out"].items():
        r_low, r_high = row["ci"]
        lines.append(
            f"Rounds of {size}: the potato exploded on the holder drawn in {row['share']:.1%} [{r_low:.1%}, "
            f"{r_high:.1%}] of {row['rounds']:,} (exact {row['exact']:.1%}, when everyone passes at random)"
        )
    return lines


SIMULATION = Simulation(record_counts, figures, summary)
