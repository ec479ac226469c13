"""The report's plot of each strategy's win rate in one seat among random players, by table size."""

from __future__ import annotations

from pathlib import Path

from survivor_host.analysis.tables import setting_title
from survivor_host.studies.figures import Row, mods_in_words


def plot_edges(path: Path, theme: str, rows: list[Row], games: int) -> None:
    """One panel per table size: bars per mod set and strategy, 95% CIs, the fair share."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from survivor_host.analysis.present import colour_map

    sizes = sorted({row.players for row in rows})
    names = [e.strategy for e in rows[0].edges]
    colours = colour_map(names)
    mod_sets = list(dict.fromkeys(row.mods for row in rows))
    figure, axes = plt.subplots(len(sizes), 1, figsize=(max(9, 1.1 * len(mod_sets) * len(names) / 2), 3.6 * len(sizes)))
    axes_list = list(axes) if len(sizes) > 1 else [axes]
    width = 0.8 / len(names)
    for axis, players in zip(axes_list, sizes, strict=True):
        here = {row.mods: row for row in rows if row.players == players}
        for j, name in enumerate(names):
            edges = [next(e for e in here[mods].edges if e.strategy == name) for mods in mod_sets]
            axis.bar(
                [i + j * width for i in range(len(mod_sets))],
                [e.rate * 100 for e in edges],
                width,
                yerr=[[(e.rate - e.low) * 100 for e in edges], [(e.high - e.rate) * 100 for e in edges]],
                capsize=3,
                color=colours[name],
                label=name,
            )
        fair = 100 / players
        axis.axhline(fair, linestyle="--", color="black", label="fair share (1 / players)")
        axis.set_xticks([i + 0.4 - width / 2 for i in range(len(mod_sets))])
        axis.set_xticklabels([mods_in_words(mods) for mods in mod_sets])
        axis.set_ylabel("games won by that seat (%)")
        axis.set_title(f"{players} players")
    handles, labels = axes_list[0].get_legend_handles_labels()
    figure.legend(
        handles,
        labels,
        title="strategy of the one seat",
        ncols=len(labels),
        loc="upper center",
        bbox_to_anchor=(0.5, 0.955),
    )
    axes_list[-1].set_xlabel("mods")
    figure.suptitle(
        f"{setting_title(theme, ())}: one seat with each strategy among random players "
        f"({games:,} games per bar, 95% CI)"
    )
    figure.tight_layout(rect=(0, 0, 1, 0.9))
    figure.savefig(path)
    plt.close(figure)
