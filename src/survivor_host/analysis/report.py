"""`survivor-host report`: docs/FINDINGS.md and its plots, from fast-path simulations at fixed seeds.

For each theme and mod (plain and each mod alone) at 5, 10 and 20 players: how each named strategy
does in one seat among random players (the best one's edge), how long games last in rounds and in
minutes (under the stated timing model), whether the seat or being the first leader matters, and
for Chase the Ace the effect of `elim`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from survivor_host.ai.cta import CTA_STRATEGIES
from survivor_host.ai.ftl import FTL_STRATEGIES
from survivor_host.analysis.search import CTA_MOD_SETS, FTL_MOD_SETS
from survivor_host.analysis.simulate import SimResult, SimSetup, simulate_fast, wilson
from survivor_host.analysis.tables import setting_title

SIZES = (5, 10, 20)
ANSWER_SECONDS = 20
"""The stated typical answer time: a player's secret or public choice takes 20 s."""
ROUND_OVERHEAD = 10
"""Seconds a round spends on the bot's announcements and rolls (paced lines), whatever happens."""
PUBLIC_DEADLINE, SECRET_DEADLINE = 60, 120


@dataclass(frozen=True)
class Edge:
    """One strategy in one seat among random players: its win rate, 95% CI, and the fair share."""

    strategy: str
    rate: float
    low: float
    high: float
    fair: float


def named(theme: str) -> list[str]:
    return [name for name in (FTL_STRATEGIES if theme == "ftl" else CTA_STRATEGIES) if name != "random"]


def one_seat(theme: str, mods: tuple[str, ...], players: int, strategy: str, games: int, seed: int) -> Edge:
    setup = SimSetup(theme, players, mods, (), (strategy,) + ("random",) * (players - 1), seed)
    result = simulate_fast(setup, games)
    wins = result.wins_by_seat[0]
    low, high = wilson(wins, games)
    return Edge(strategy, wins / games, low, high, 1 / players)


def minutes(theme: str, result: SimResult, mods: Sequence[str]) -> float:
    """The timing model: each choice phase or public turn takes ANSWER_SECONDS, plus ROUND_OVERHEAD a round.

    FTL: the leader vote, then per round the secret choices, a suspect (when there is one) and a
    scapegoat (when there is one). CTA: per round each swap turn (All At Once: two secret rounds)
    and each Jester's naming. All well inside the default deadlines (60 s public, 120 s secret).
    """
    games = result.games or 1
    rounds = result.mean_rounds()
    if theme == "ftl":
        phases = 1 + (result.counts["choice phases"] + result.counts["suspects"]) / games
        phases += result.counts["scapegoat battles"] / games
    else:
        aao = "all-at-once" in mods
        phases = 2 * rounds if aao else result.counts["swap turns"] / games
        phases += result.counts["duels"] / games
    return (phases * ANSWER_SECONDS + rounds * ROUND_OVERHEAD) / 60


def uniformity_p(counts: Sequence[int]) -> float:
    """Chi-square test that wins are spread evenly over seats: the p-value (Wilson-Hilferty approximation)."""
    total = sum(counts)
    k = len(counts)
    if not total or k < 2:
        return 1.0
    expected = total / k
    chi = sum((c - expected) ** 2 / expected for c in counts)
    df = k - 1
    z = ((chi / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def pct(x: float) -> str:
    return f"{x:.1%}"


def write_report(
    out: Path,
    games: int = 20_000,
    cta_games: int = 8_000,
    progress: Callable[[str], None] | None = None,
    sizes: Sequence[int] = SIZES,
    mod_sets: Sequence[int] | None = None,
) -> list[str]:
    """Run the simulations, write FINDINGS.md and the plots next to it; returns the headline lines.

    `sizes` and `mod_sets` (indexes into each theme's mod sets) narrow a run, for tests.
    """
    started = time.monotonic()
    plots = out.parent / "findings"
    plots.mkdir(parents=True, exist_ok=True)
    lines: list[str] = [
        "# Findings for hosts and players",
        "",
        "Written by `survivor-host report` from simulations on the fast numpy path (cross-checked against",
        "the engine by the tests), at fixed seeds: running it again gives the same figures. Win rates are",
        "per seat, with 95% confidence intervals; the fair share is 1 / players. A strategy's *edge* is its",
        "win rate in one seat among random players divided by the fair share. Game length, minutes and",
        "the seat and first-leader effects are measured on tables of random players (people choose less",
        "predictably than any fixed policy), with every seat alike.",
        "",
        f"Timing model for minutes: every choice phase or public turn takes {ANSWER_SECONDS} s (a typical",
        f"answer time, well inside the default deadlines of {PUBLIC_DEADLINE} s public and {SECRET_DEADLINE} s",
        f"secret), plus {ROUND_OVERHEAD} s a round for the bot's announcements and rolls. FTL: the vote, then",
        "each round the secret choices, a suspect and a scapegoat when there is one. CTA: each swap turn",
        "(All At Once: two secret swap rounds a round) and each Jester's naming.",
        "",
    ]
    headlines: list[str] = []
    for theme, all_sets in (("ftl", FTL_MOD_SETS[:3]), ("cta", CTA_MOD_SETS)):
        sets = [all_sets[i] for i in mod_sets] if mod_sets is not None else list(all_sets)
        n_games = games if theme == "ftl" else cta_games
        lines += [f"## {setting_title(theme, ())}", ""]
        lines += [
            "| mods | players | best strategy | its win rate (95% CI) | edge | random seat | "
            "rounds (mean ± sd) | minutes | seat matters? | first leader wins |"
            if theme == "ftl"
            else "| mods | players | best strategy | its win rate (95% CI) | edge | random seat | "
            "rounds (mean ± sd) | minutes | seat matters? |",
            "|---|---|---|---|---|---|---|---|---|" + ("---|" if theme == "ftl" else ""),
        ]
        plot_rows: list[tuple[str, int, list[Edge]]] = []
        for mods in sets:
            for players in sizes:
                if progress:
                    progress(f"{setting_title(theme, mods, players)}")
                seed = 1000 + players
                edges = [one_seat(theme, mods, players, s, n_games, seed) for s in [*named(theme), "random"]]
                best = max(edges[:-1], key=lambda e: e.rate)
                table = simulate_fast(SimSetup(theme, players, mods, (), ("random",), seed), n_games)
                wins = [table.wins_by_seat[s] for s in range(players)]
                p = uniformity_p(wins)
                seat_text = f"no (p = {p:.2f})" if p > 0.01 else f"**yes** (p = {p:.3f})"
                row = (
                    f"| {'+'.join(mods) or 'none'} | {players} | {best.strategy} | {pct(best.rate)} "
                    f"({pct(best.low)}-{pct(best.high)}) | {best.rate / best.fair:.2f}x | {pct(edges[-1].rate)} | "
                    f"{table.mean_rounds():.1f} ± {table.sd_rounds():.1f} | {minutes(theme, table, mods):.0f} | "
                    f"{seat_text} |"
                )
                if theme == "ftl":
                    first = table.counts["first leader won"] / table.games
                    row += f" {pct(first)} (fair {pct(1 / players)}) |"
                lines.append(row)
                plot_rows.append(("+".join(mods) or "none", players, edges))
                if players == 10:
                    headlines.append(
                        f"{setting_title(theme, mods, 10)}: best `{best.strategy}` wins {pct(best.rate)} "
                        f"({best.rate / best.fair:.2f}x the fair share) among random players; a game lasts "
                        f"{table.mean_rounds():.1f} rounds, about {minutes(theme, table, mods):.0f} minutes"
                    )
        lines.append("")
        name = f"{theme}-strategies.png"
        _plot_edges(plots / name, theme, plot_rows)
        lines += [f"![{setting_title(theme, ())}: win rate by strategy](findings/{name})", ""]
        lines += _strategy_table(theme, plot_rows)
    lines += _elim_section(plots, cta_games, progress, sizes)
    lines += ["## Headlines", "", *[f"- {h}" for h in headlines], ""]
    lines += [
        "## How the strategies were found",
        "",
        "`smart` is the best simple policy the strategy search (`python -m survivor_host.analysis.search`)",
        "found against tables of random players: Follow the Leader, a rebel chance for each table size",
        "(3, 4, 5-6, 7-9, 10-14, 15+ players; the choice is made before the die and the order are known);",
        "Chase the Ace, the highest card that still swaps for each table size, with `threshold`'s choice",
        "of target. The search's reply to a table of `smart` players is printed by the same command.",
        "",
        *_own_kind_section(games, progress),
    ]
    del started
    out.write_text("\n".join(lines), encoding="utf-8")
    return headlines


def _own_kind_section(games: int, progress: Callable[[str], None] | None) -> list[str]:
    """FTL at 10 players: the best reply, by the same search, for one seat among `smart` players."""
    from survivor_host.ai.ftl import SIZE_BUCKETS, smart_policy
    from survivor_host.analysis.search import search

    lines = [
        "## Against a table of its own kind (Follow the Leader, 10 players)",
        "",
        "One seat searches for its best reply while the other nine play `smart`; knobs are the rebel",
        "chances at 3, 4, 5-6, 7-9, 10-14 and 15+ players. Where the reply differs from `smart`, a",
        "table of tuned players can be beaten by doing the opposite. (Chase the Ace is not searched here:",
        "its kernel is slower; `smart` there is tuned against random tables only.)",
        "",
        "| mods | smart (rebel chance by size) | best reply | reply's win rate x fair share |",
        "|---|---|---|---|",
    ]
    for mods in FTL_MOD_SETS:
        if progress:
            progress(f"best reply to smart, Follow the Leader {'+'.join(mods) or '(no mods)'}")
        smart = smart_policy(mods)
        knobs = [float(smart.rebel_chance(n)) for n in SIZE_BUCKETS]
        reply = search("ftl", mods, smart, max(games // 5, 500), seed=5, start=knobs, sizes=(10,))
        lines.append(f"| {'+'.join(mods) or 'none'} | {tuple(knobs)} | {reply.knobs} | {reply.score:.2f}x |")
    return [*lines, ""]


def _strategy_table(theme: str, rows: list[tuple[str, int, list[Edge]]]) -> list[str]:
    names = [e.strategy for e in rows[0][2]]
    lines = [
        "Every strategy in one seat among random players (win rate, 95% CI):",
        "",
        "| mods | players | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(names),
    ]
    for mods, players, edges in rows:
        cells = [f"{pct(e.rate)} ({pct(e.low)}-{pct(e.high)})" for e in edges]
        lines.append(f"| {mods} | {players} | " + " | ".join(cells) + " |")
    return [*lines, ""]


def _elim_section(plots: Path, games: int, progress: Callable[[str], None] | None, sizes: Sequence[int]) -> list[str]:
    lines = [
        "## Chase the Ace: the effect of `elim`",
        "",
        "| players | elim | rounds (mean ± sd) | minutes | smart seat among random | edge |",
        "|---|---|---|---|---|---|",
    ]
    for players in [n for n in sizes if n >= 10] or [max(sizes)]:
        for elim in (1, 2, 3, 5):
            if elim > players // 2:
                continue
            if progress:
                progress(f"Chase the Ace, {players} players, elim {elim}")
            options = (("elim", elim),)
            table = simulate_fast(SimSetup("cta", players, (), options, ("random",), 7), games)
            one = simulate_fast(
                SimSetup("cta", players, (), options, ("smart",) + ("random",) * (players - 1), 8), games
            )
            rate = one.wins_by_seat[0] / games
            lines.append(
                f"| {players} | {elim} | {table.mean_rounds():.1f} ± {table.sd_rounds():.1f} | "
                f"{minutes('cta', table, ()):.0f} | {pct(rate)} | {rate * players:.2f}x |"
            )
    return [*lines, ""]


def _plot_edges(path: Path, theme: str, rows: list[tuple[str, int, list[Edge]]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from survivor_host.analysis.present import colour_map

    tens = [(mods, edges) for mods, players, edges in rows if players == 10] or [(m, e) for m, _, e in rows]
    names = [e.strategy for e in tens[0][1]]
    colours = colour_map(names)
    figure, axis = plt.subplots(figsize=(max(8, 1.6 * len(tens) * len(names) / 3), 4.8))
    width = 0.8 / len(names)
    for j, name in enumerate(names):
        xs = [i + j * width for i in range(len(tens))]
        edges = [next(e for e in row if e.strategy == name) for _, row in tens]
        axis.bar(
            xs,
            [e.rate * 100 for e in edges],
            width,
            yerr=[[(e.rate - e.low) * 100 for e in edges], [(e.high - e.rate) * 100 for e in edges]],
            capsize=3,
            color=colours[name],
            label=name,
        )
    fair = 100 / next(players for _, players, _ in rows)
    axis.axhline(fair, linestyle="--", color="black", label=f"fair share {fair:.0f}%")
    axis.set_xticks([i + 0.4 - width / 2 for i in range(len(tens))])
    axis.set_xticklabels([mods for mods, _ in tens])
    axis.set_xlabel("mods")
    axis.set_ylabel("games won by that seat (%)")
    axis.set_title(f"{setting_title(theme, ())}, 10 players: one seat with each strategy among random players (95% CI)")
    axis.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
