"""What the simulator reads of Chase the Ace: an engine record's counts, the figures they give, the kernel."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from survivor_host.engine.kernel import Simulation
from survivor_host.engine.odds import wilson
from survivor_host.themes.cta.fast import FAST, batch
from survivor_host.themes.cta.rules import KING


def record_counts(record: Mapping[str, Any]) -> Counter[str]:
    """The per-game event counts of one engine game record (the kernel counts the same things)."""
    counts: Counter[str] = Counter()
    for number, rnd in enumerate(record["rounds"], start=1):
        out = set(rnd.get("eliminated", []))
        counts["swap turns"] += sum(1 for swap in rnd.get("swaps", []) if swap.get("swap_round", 1) == 1)
        for swap in rnd.get("swaps", []):
            if swap.get("void"):
                counts["void swaps"] += 1
            elif swap["target"] is not None:
                counts["swaps"] += 1
                if swap["swapped"]:
                    counts["swaps won"] += 1
                    counts["swaps saved the swapper"] += swap["target"] in out and swap["by"] not in out
        counts["jokers"] += len(rnd.get("jokers", []))
        for duel in rnd.get("duels", []):
            if duel["jester"] is None:
                counts["jester battles"] += 1
            elif duel["target"] is not None:
                counts["duels"] += 1
        if number == 1 and rnd.get("reveal"):
            safe = set(rnd.get("advanced", []))
            for name, card in rnd["reveal"].items():
                if name in safe or card >= KING:
                    continue
                counts[f"r1 card {card}"] += 1
                counts[f"r1 card {card} out"] += name in out
    return +counts


def figures(counts: Mapping[str, int], games: int) -> dict[str, Any]:
    """Swap attempts, their success and the swaps that saved the swapper."""
    swaps, won = counts.get("swaps", 0), counts.get("swaps won", 0)
    saved = counts.get("swaps saved the swapper", 0)
    return {
        "swaps_per_game": swaps / games if games else 0.0,
        "swap_success": won / swaps if swaps else 0.0,
        "swap_success_ci": list(wilson(won, swaps)),
        "saved_share": saved / won if won else 0.0,
        "saved_share_ci": list(wilson(saved, won)),
        "void_swaps_per_game": counts.get("void swaps", 0) / games if games else 0.0,
    }


def summary(found: Mapping[str, Any]) -> list[str]:
    low, high = found["swap_success_ci"]
    s_low, s_high = found["saved_share_ci"]
    lines = [
        f"Swaps: {found['swaps_per_game']:.2f} attempts a game, {found['swap_success']:.1%} won"
        f" [{low:.1%}, {high:.1%}] (exact 149/248 = 60.1%)",
        f"A won swap saved the swapper (the target went out at that reveal, the swapper did not) in "
        f"{found['saved_share']:.1%} [{s_low:.1%}, {s_high:.1%}] of won swaps",
    ]
    if found["void_swaps_per_game"]:
        lines.append(f"Void swaps (All At Once): {found['void_swaps_per_game']:.2f} a game")
    return lines


SIMULATION = Simulation(record_counts, figures, summary, FAST.kernel, FAST.unsupported, batch)
