"""`survivor-host report`: docs/FINDINGS.md and its plots, from fast-path simulations at fixed seeds.

For each theme and mod set at 5, 10 and 20 players: how each named strategy does in one seat among
random players (the best one's edge), how a random seat does among `smart` players (a tuned
table), how long games last in rounds and in minutes (under the stated timing model), whether the
seat or being the first leader matters, and for Chase the Ace the effect of `elim`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from survivor_host.analysis.simulate import SimSetup, simulate_fast
from survivor_host.analysis.tables import setting_title
from survivor_host.engine.odds import wilson
from survivor_host.studies.edgeplot import plot_edges
from survivor_host.studies.figures import (
    ANSWER_SECONDS,
    PUBLIC_DEADLINE,
    ROUND_OVERHEAD,
    SECRET_DEADLINE,
    Edge,
    Row,
    measure,
    minutes,
    mods_in_words,
    one_seat,
    uniformity_p,
)
from survivor_host.studies.hunger_notes import HUNGER_GAMES_SECTION
from survivor_host.studies.search import CTA_MOD_SETS, FTL_MOD_SETS, OWN_KIND, SEARCH_COMMANDS, knobs_of
from survivor_host.themes.cta.ai import smart_policy as cta_smart
from survivor_host.themes.ftl.ai import smart_policy as ftl_smart

SIZES = (5, 10, 20)
SEAT_P = 0.01
"""The seat matters (wins are not spread evenly over the seats) when the chi-square p-value is at most this."""


def pct(x: float) -> str:
    return f"{x:.1%}"


def ci(edge: Edge) -> str:
    return f"{pct(edge.rate)} ({pct(edge.low)}-{pct(edge.high)})"


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
    plots = out.parent / "findings"
    plots.mkdir(parents=True, exist_ok=True)
    lines: list[str] = [
        "# Findings for hosts and players",
        "",
        "Written by `survivor-host report` from simulations on the fast numpy path (cross-checked against",
        "the engine by the tests), at fixed seeds: running it again gives the same figures. Win rates are",
        "per seat, with 95% confidence intervals; the fair share is 1 / players. A strategy's *edge* is its",
        "win rate in one seat among random players divided by the fair share (`smart` is tuned for that",
        "seat). The table also shows how one random seat does among `smart` players: above the fair share,",
        "a table of tuned players is beaten by an unpredictable one. Game length, minutes and the seat and",
        "first-leader effects are measured on tables of random players (people choose less predictably",
        "than any fixed policy), with every seat alike. *Seat matters?* tests (chi-square) that wins are",
        f"spread evenly over the seats: **yes** when its p-value is at most {SEAT_P}, else no.",
        "",
        f"Timing model for minutes: every choice phase or public turn takes {ANSWER_SECONDS} s (a typical",
        f"answer time, well inside the default deadlines of {PUBLIC_DEADLINE} s public and {SECRET_DEADLINE} s",
        f"secret), plus {ROUND_OVERHEAD} s a round for the bot's announcements and rolls. FTL: the vote, then",
        "each round the secret choices, a suspect and a scapegoat when there is one. CTA: each swap turn",
        "(All At Once: two secret swap rounds a round) and each Jester's naming. The column *at most* is",
        "the same game with every answer taking its whole default deadline (a table of slow players).",
        "",
    ]
    headlines: list[str] = []
    for theme, all_sets in (("ftl", FTL_MOD_SETS), ("cta", CTA_MOD_SETS)):
        sets = [all_sets[i] for i in mod_sets] if mod_sets is not None else list(all_sets)
        n_games = games if theme == "ftl" else cta_games
        rows: list[Row] = []
        for mods in sets:
            for players in sizes:
                if progress:
                    progress(setting_title(theme, mods, players))
                rows.append(measure(theme, mods, players, n_games))
        lines += _theme_section(theme, rows, n_games)
        name = f"{theme}-strategies.png"
        plot_edges(plots / name, theme, rows, n_games)
        lines += [f"![{setting_title(theme, ())}: win rate by strategy and table size](findings/{name})", ""]
        lines += _strategy_table(rows)
        headlines += [_headline(theme, row) for row in rows if row.players == 10]
    lines += _elim_section(cta_games, progress, sizes)
    lines += HUNGER_GAMES_SECTION
    lines += ["## Headlines", "", *[f"- {h}" for h in headlines], ""]
    lines += _search_section()
    out.write_text("\n".join(lines), encoding="utf-8")
    return headlines


def _theme_section(theme: str, rows: list[Row], games: int) -> list[str]:
    ftl = theme == "ftl"
    head = (
        "| mods | players | best strategy | its win rate (95% CI) | edge | smart's edge | random seat among smart "
        "players | rounds (mean ± sd) | minutes | at most | seat matters? |"
    )
    lines = [
        f"## {setting_title(theme, ())}",
        "",
        f"{games:,} games per figure.",
        "",
        head + (" first leader wins |" if ftl else ""),
        "|---|---|---|---|---|---|---|---|---|---|---|" + ("---|" if ftl else ""),
    ]
    for row in rows:
        best, table = row.best, row.table
        smart = next(e for e in row.edges if e.strategy == "smart")
        p = uniformity_p([table.wins_by_seat[s] for s in range(row.players)])
        seat_text = f"no (p = {p:.2f})" if p > SEAT_P else f"**yes** (p = {p:.3f})"
        text = (
            f"| {mods_in_words(row.mods)} | {row.players} | {best.strategy} | {ci(best)} | "
            f"{best.rate / best.fair:.2f}x | {smart.rate / smart.fair:.2f}x | {ci(row.random_among_smart)} | "
            f"{table.mean_rounds():.1f} ± {table.sd_rounds():.1f} | {minutes(theme, table, row.mods):.0f} | "
            f"{minutes(theme, table, row.mods, at_deadlines=True):.0f} | {seat_text} |"
        )
        if ftl:
            won = table.counts["first leader won"]
            low, high = wilson(won, table.games)
            text += f" {pct(won / table.games)} ({pct(low)}-{pct(high)}; fair {pct(1 / row.players)}) |"
        lines.append(text)
    return [*lines, ""]


def _headline(theme: str, row: Row) -> str:
    best, table = row.best, row.table
    text = (
        f"{setting_title(theme, row.mods, row.players)}: best `{best.strategy}` wins {pct(best.rate)} "
        f"({best.rate / best.fair:.2f}x the fair share) among random players; a random seat among `smart` "
        f"players wins {pct(row.random_among_smart.rate)}; a game lasts {table.mean_rounds():.1f} rounds, "
        f"{_about_minutes(minutes(theme, table, row.mods))}"
    )
    if theme == "ftl":
        text += f"; the first leader wins {pct(table.counts['first leader won'] / table.games)}"
    return text


def _about_minutes(value: float) -> str:
    whole = max(1, round(value))
    return f"about {whole} minute{'' if whole == 1 else 's'}"


def _strategy_table(rows: list[Row]) -> list[str]:
    names = [e.strategy for e in rows[0].edges]
    lines = [
        "Every strategy in one seat among random players (win rate, 95% CI):",
        "",
        "| mods | players | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(names),
    ]
    for row in rows:
        lines.append(f"| {mods_in_words(row.mods)} | {row.players} | " + " | ".join(ci(e) for e in row.edges) + " |")
    return [*lines, ""]


def _elim_section(games: int, progress: Callable[[str], None] | None, sizes: Sequence[int]) -> list[str]:
    lines = [
        "## Chase the Ace: the effect of `elim`",
        "",
        "`elim K` sends the K lowest cards out at each reveal (C2 caps it at half the players left).",
        "",
        "| players | elim | rounds (mean ± sd) | minutes | at most | smart seat among random | edge |",
        "|---|---|---|---|---|---|---|",
    ]
    for players in [n for n in sizes if n >= 10] or [max(sizes)]:
        for elim in (1, 2, 3, 5):
            if elim > players // 2:
                continue
            if progress:
                progress(f"Chase the Ace, {players} players, elim {elim}")
            options = (("elim", elim),)
            table = simulate_fast(SimSetup("cta", players, (), options, ("random",), 7), games)
            smart = one_seat("cta", (), players, "smart", games, 8, options=options)
            lines.append(
                f"| {players} | {elim} | {table.mean_rounds():.1f} ± {table.sd_rounds():.1f} | "
                f"{minutes('cta', table, ()):.0f} | {minutes('cta', table, (), at_deadlines=True):.0f} | "
                f"{ci(smart)} | {smart.rate / smart.fair:.2f}x |"
            )
    return [*lines, ""]


def _search_section() -> list[str]:
    lines = [
        "## How the strategies were found",
        "",
        "The strategy search (`studies/search.py`) tunes one knob per table size (players still in: 3, 4,",
        "5-6, 7-9, 10-14 and 15+): Follow the Leader the chance to rebel (the choice is made before the die",
        "and the order are known), Chase the Ace the highest card that still swaps (with `threshold`'s",
        "choice of target). A seat's score is its wins over the fair share, averaged over 5, 10 and 20",
        "players, every candidate at the same seeds. `smart` is the best seat among random players.",
        "",
        "Against a table of its own kind, the search starts from `smart` and takes best replies to a table",
        "of the policy so far, each next table halfway to the reply, until the best reply to a table is the",
        "table's own policy (a policy best against its own kind), or four replies were tried; then it keeps",
        "the table whose best reply gains least. *Best reply's score* is what one seat gains against that",
        "table by the best deviation found (1.00x: nothing beats playing the same; above, the table can be",
        "exploited, so no simple policy is safe against its own kind there). The commands (seeded, so they",
        "print the same tables again):",
        "",
        *[f"    {command}" for command in SEARCH_COMMANDS],
        "",
        "| theme | mods | smart (knob by table size) | against its own kind | best reply's score |",
        "|---|---|---|---|---|",
    ]
    for theme, sets in (("ftl", FTL_MOD_SETS), ("cta", CTA_MOD_SETS)):
        for mods in sets:
            smart = knobs_of(theme, ftl_smart(mods) if theme == "ftl" else cta_smart(mods))
            table, score = OWN_KIND.get((theme, mods), ((), 0.0))
            found = f"{_knob_text(table)} | {score:.2f}x" if table else "not searched | -"
            lines.append(f"| {setting_title(theme, ())} | {mods_in_words(mods)} | {_knob_text(smart)} | {found} |")
    return [*lines, ""]


def _knob_text(knobs: Sequence[float]) -> str:
    return ", ".join(f"{k:g}" for k in knobs)
