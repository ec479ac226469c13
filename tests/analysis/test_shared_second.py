"""A shared second place in a simulation (G7: the last players out together share it) counts as a second
place for each who shares it, on the engine path, and the summary says so."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from survivor_host.ai import make_strategy
from survivor_host.analysis import simulate as simulate_module
from survivor_host.analysis.present import as_json, summary
from survivor_host.analysis.simulate import SimSetup, play_games
from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy
from survivor_host.themes.hg.view import HgView


class SilentAtThree:
    """Plays like the theme's default, but at three players left nobody sends: the deadline takes all three
    out in one step and a last battle decides the winner, the other two sharing second."""

    name = "silent"

    def __init__(self) -> None:
        self.inner = make_strategy("hg")

    def choose(self, view: HgView, options: Sequence[Input], rng: random.Random) -> Input:
        if len(view.players) == 3 and not view.sent and rng.random() < 0.5:
            return Input("timeout")
        return self.inner.choose(view, options, rng)


def silent(theme: str, name: str | None = None) -> Strategy:
    return SilentAtThree()


def test_each_who_shares_second_counts_a_second_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_module, "make_strategy", silent)
    setup = SimSetup("hg", 5, seed=3)
    result = play_games(setup, 0, 60)
    assert 0 < result.shared_seconds < result.games  # some games end in a last battle of three, some do not
    seconds = sum(result.seconds_by_seat.values())
    assert seconds == result.games + result.shared_seconds  # two share second in each such game
    assert sum(result.seconds_by_strategy.values()) == seconds
    lines = summary(result, setup)
    share = f"Second place was shared in {result.shared_seconds} of 60 games"
    assert any(line.strip().startswith(share) and "each who shares it counts" in line for line in lines)
    assert as_json(result, setup)["shared_seconds"] == result.shared_seconds


def test_an_unshared_second_is_counted_once_and_not_called_shared() -> None:
    setup = SimSetup("hg", 5, seed=3)
    result = play_games(setup, 0, 30)
    assert result.shared_seconds == 0
    assert sum(result.seconds_by_seat.values()) == 30
    assert not any("shared" in line for line in summary(result, setup))
