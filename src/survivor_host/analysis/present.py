"""What `simulate` shows: a summary a person reads, the same figures as JSON, and a plot for a reader."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from survivor_host.analysis.simulate import SimResult, SimSetup, seat_strategies
from survivor_host.analysis.tables import setting_title
from survivor_host.engine.odds import wilson
from survivor_host.themes import theme_spec

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")


def strategy_figures(result: SimResult, setup: SimSetup) -> dict[str, dict[str, float]]:
    """Per strategy: seats per game, win rate per seat with its 95% CI, second places per seat.

    At most one seat wins a game, so a strategy's wins per game are 0 or 1: the CI is a Wilson
    interval on games, divided by that strategy's seats per game. A shared second place counts as a
    second place for each who shares it, so second places per game may exceed one.
    """
    kinds = seat_strategies(setup)
    out: dict[str, dict[str, float]] = {}
    for kind in dict.fromkeys(kinds):
        seats = kinds.count(kind)
        wins = result.wins_by_strategy[kind]
        low, high = wilson(wins, result.games)
        out[kind] = {
            "seats_per_game": seats,
            "win_rate": wins / result.games / seats if result.games else 0.0,
            "win_low": low / seats,
            "win_high": high / seats,
            "second_rate": result.seconds_by_strategy[kind] / result.games / seats if result.games else 0.0,
        }
    return out


def seat_figures(result: SimResult, setup: SimSetup) -> list[dict[str, Any]]:
    kinds = seat_strategies(setup)
    rows = []
    for seat, kind in enumerate(kinds):
        low, high = wilson(result.wins_by_seat[seat], result.games)
        rows.append(
            {
                "seat": seat + 1,
                "strategy": kind,
                "win_rate": result.wins_by_seat[seat] / result.games if result.games else 0.0,
                "win_low": low,
                "win_high": high,
            }
        )
    return rows


def round_lengths(result: SimResult) -> dict[str, float]:
    known = [r for r, n in result.rounds.items() if n]
    return {
        "mean": result.mean_rounds(),
        "sd": result.sd_rounds(),
        "min": min(known, default=0),
        "max": max(known, default=0),
    }


def theme_figures(result: SimResult, setup: SimSetup) -> dict[str, Any]:
    """The theme's own figures from the counts (its spec's simulation), or none."""
    simulation = theme_spec(setup.theme).simulation()
    if simulation is None or simulation.figures is None:
        return {}
    return simulation.figures(result.counts, result.games)


def count(number: int, thing: str) -> str:
    """'1 game', '2,000 games'."""
    return f"{number:,} {thing}{'' if number == 1 else 's'}"


def title_of(setup: SimSetup, games: int) -> str:
    names = ", ".join(dict.fromkeys(seat_strategies(setup)))
    elim = dict(setup.options).get("elim")
    extra = f", the {elim} lowest out each round" if elim else ""
    if isinstance(elim, int) and elim > setup.players // 2:  # C2: at most half the players still in go out
        extra = (
            f", the {setup.players // 2} lowest out in the first round (elim {elim} is capped at half the players, C2)"
        )
    return f"{setting_title(setup.theme, setup.mods, setup.players)}{extra}: {count(games, 'game')}; strategies {names}"


def path_line(result: SimResult) -> str:
    if result.path == "fast":
        return "(fast numpy path)"
    return f"(engine path: {result.why_engine})" if result.why_engine else "(engine path)"


def summary(result: SimResult, setup: SimSetup) -> list[str]:
    """Lines a person reads: win rates with 95% CIs by strategy and seat, game length, theme figures."""
    fair = 1 / setup.players
    lengths = round_lengths(result)
    lines = [
        title_of(setup, result.games),
        path_line(result),
        f"Rounds per game: mean {lengths['mean']:.2f}, sd {lengths['sd']:.2f} "
        f"(shortest {lengths['min']:.0f}, longest {lengths['max']:.0f})",
        f"Win rate per seat by strategy (fair share {fair:.1%}), with 95% confidence intervals:",
    ]
    for kind, f in strategy_figures(result, setup).items():
        lines.append(
            f"  {kind:14s} {f['win_rate']:6.1%}  [{f['win_low']:.1%}, {f['win_high']:.1%}]"
            f"   second place {f['second_rate']:5.1%}   ({count(round(f['seats_per_game']), 'seat')} a game)"
        )
    if result.shared_seconds:
        lines.append(
            f"  Second place was shared in {result.shared_seconds:,} of {result.games:,} games "
            f"({result.shared_seconds / result.games:.1%}): each who shares it counts a second place."
        )
    lines.append("Win rate by seat (join order):")
    for row in seat_figures(result, setup):
        lines.append(
            f"  seat {row['seat']:2d} {'(' + row['strategy'] + ')':16s} {row['win_rate']:6.1%}"
            f"  [{row['win_low']:.1%}, {row['win_high']:.1%}]"
        )
    simulation = theme_spec(setup.theme).simulation()
    if simulation is not None:
        lines += simulation.summary(theme_figures(result, setup))
    return lines


def as_json(result: SimResult, setup: SimSetup) -> dict[str, Any]:
    return {
        "theme": setup.theme,
        "mods": list(setup.mods),
        "options": dict(setup.options),
        "players": setup.players,
        "games": result.games,
        "seed": setup.seed,
        "path": result.path,
        "why_engine": result.why_engine,
        "fair_share": 1 / setup.players,
        "rounds": {**round_lengths(result), "histogram": {str(r): n for r, n in sorted(result.rounds.items())}},
        "strategies": strategy_figures(result, setup),
        "shared_seconds": result.shared_seconds,
        "seats": seat_figures(result, setup),
        **theme_figures(result, setup),
    }


def check_plot_path(path: str) -> Path:
    """Refuse, before any game is played, a plot file name matplotlib cannot write (the caller checks that the
    file can be written)."""
    target = Path(path)
    if target.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise ValueError(f"--plot {path}: the file name must end in .png, .svg or .pdf.")
    return target


def colour_map(names: Sequence[str]) -> dict[str, str]:
    return {name: COLOURS[i % len(COLOURS)] for i, name in enumerate(dict.fromkeys(names))}


def plot_simulation(result: SimResult, setup: SimSetup, path: str | Path) -> None:
    """Three panels: wins by strategy and by seat (95% CIs, fair-share line), and game length."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fair = 1 / setup.players
    colours = colour_map(seat_strategies(setup))
    figure, (by_kind, by_seat, length) = plt.subplots(1, 3, figsize=(15, 4.8))
    kinds = strategy_figures(result, setup)
    names = list(kinds)
    rates = [kinds[k]["win_rate"] * 100 for k in names]
    errors = [
        [(kinds[k]["win_rate"] - kinds[k]["win_low"]) * 100 for k in names],
        [(kinds[k]["win_high"] - kinds[k]["win_rate"]) * 100 for k in names],
    ]
    by_kind.bar(names, rates, yerr=errors, capsize=5, color=[colours[k] for k in names])
    by_kind.axhline(fair * 100, linestyle="--", color="black", label=f"fair share {fair:.1%}")
    by_kind.set_ylabel("games won per seat (%)")
    by_kind.set_title("Win rate by strategy (95% CI)")
    by_kind.set_ylim(0, max([fair * 100, *(kinds[k]["win_high"] * 100 for k in names)]) * 1.25)
    by_kind.legend(loc="upper right")
    seats = seat_figures(result, setup)
    by_seat.bar(
        [row["seat"] for row in seats],
        [row["win_rate"] * 100 for row in seats],
        yerr=[
            [(row["win_rate"] - row["win_low"]) * 100 for row in seats],
            [(row["win_high"] - row["win_rate"]) * 100 for row in seats],
        ],
        capsize=3,
        color=[colours[row["strategy"]] for row in seats],
    )
    by_seat.axhline(fair * 100, linestyle="--", color="black")
    from matplotlib.patches import Patch

    top = max([fair * 100, *(row["win_high"] * 100 for row in seats)])
    by_seat.set_ylim(0, top * 1.45)  # headroom: the legend sits above the bars
    by_seat.legend(
        handles=[Patch(color=c, label=k) for k, c in colours.items()],
        title="strategy",
        loc="upper center",
        ncols=min(len(colours), 4),
        fontsize="small",
    )
    by_seat.set_xlabel("seat (join order)")
    by_seat.set_ylabel("games won (%)")
    by_seat.set_title("Win rate by seat (95% CI)")
    by_seat.set_xticks([row["seat"] for row in seats])
    rounds = sorted(result.rounds)
    length.bar(rounds, [result.rounds[r] / result.games * 100 for r in rounds], color="#7f7f7f")
    length.axvline(result.mean_rounds(), color="black", linestyle=":", label=f"mean {result.mean_rounds():.2f}")
    length.set_xlabel("rounds in the game")
    length.set_ylabel("games (%)")
    length.set_title("Game length")
    length.legend()
    figure.suptitle(title_of(setup, result.games))
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
