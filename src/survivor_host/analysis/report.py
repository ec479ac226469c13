"""Readable odds tables and simulation plots for the `odds` and `simulate` commands."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from survivor_host.analysis.odds import (
    battle_win,
    reveal_elimination,
    scapegoat_survival,
    survival_probability,
    tug_die_distribution,
)
from survivor_host.analysis.simulate import SimResult
from survivor_host.engine.render import card_name


def pct(value: Fraction | float) -> str:
    return f"{float(value):6.2%}"


def ftl_odds(players: int, tug_floor: int = 20) -> list[str]:
    """Survival by choice and die, Tug of War dice, and the scapegoat battle (F5-F7, F12)."""
    lines = ["Follow the Leader: the chance to survive the leader's roll of 109+20 (ties survive)"]
    for die, label in ((150, "die 150"), (120, "die 120 (suspect)")):
        chances = {c: survival_probability(c, {die: Fraction(1)}) for c in ("follow", "rebel")}
        lines.append(f"  {label:30s} follow {pct(chances['follow'])}   rebel {pct(chances['rebel'])}")
    choosers = max(players - 1, 1)
    lines.append(f"  Tug of War, {choosers} choosers, others 50/50, your place in the order random:")
    for choice in ("follow", "rebel"):
        chance = survival_probability(choice, tug_die_distribution(choice, choosers, tug_floor))
        lines.append(f"    {choice:28s} {pct(chance)}")
    lines.append(f"  Scapegoat battle 70 vs 100: the suspect wins {pct(scapegoat_survival())}")
    return lines


def cta_odds(players: int, k: int, sides: int = 13) -> list[str]:
    """Swap battles and the chance each card is eliminated at the reveal (C6, C8)."""
    k = max(min(k, players // 2), 1)  # C2: never more than half the players
    lines = [
        "Chase the Ace",
        f"  Swap battle 125 vs 100: the swapper wins {pct(battle_win(125, 100))}",
        f"  Chance to be among the {k} lowest at the reveal with {players} players (nobody swaps):",
    ]
    for card in range(1, 14):
        lines.append(f"    {card_name(card):6s} {pct(reveal_elimination(card, players - 1, k, sides))}")
    return lines


def plot_simulation(result: SimResult, path: str | Path, title: str) -> None:
    """Two panels: how many rounds games last, and wins by seat in the player list."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    rounds = sorted(result.rounds)
    left.bar(rounds, [result.rounds[r] for r in rounds])
    left.set_xlabel("rounds")
    left.set_ylabel("games")
    left.set_title("Game length")
    seats = sorted(result.wins_by_seat)
    right.bar([s + 1 for s in seats], [result.wins_by_seat[s] / result.games for s in seats])
    right.set_xlabel("seat in the player list")
    right.set_ylabel("share of wins")
    right.set_title("Wins by seat")
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
