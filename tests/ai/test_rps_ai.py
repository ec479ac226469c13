"""Rock, Paper, Scissors strategies earn their names: among `rock-heavy` players (a habit shown in the room)
`counter` wins more than its fair share (95% CI), while `random` stays near it; a weapon attacks and defends
at once, so reading habits is the lever."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import wilson
from survivor_host.engine.strategy import Strategy
from survivor_host.themes.rps.ai import Counterer, RandomRps, RockHeavy, edge, likely
from survivor_host.themes.rps.rules import STANDARD, beats
from survivor_host.themes.rps.view import RpsView

PLAYERS = 4
GAMES = 300


def interval(seat: str) -> tuple[float, float]:
    setup = SimSetup("rps", PLAYERS, (), (), (seat,) + ("rock-heavy",) * (PLAYERS - 1), seed=7)
    result = simulate(setup, GAMES)
    assert result.path == "engine"
    return wilson(result.wins_by_seat[0], GAMES)


def test_counter_beats_its_fair_share_among_players_of_habit() -> None:
    low, _ = interval("counter")
    assert low > 1 / PLAYERS, f"counter: 95% CI starts at {low:.4f}"
    low, high = interval("random")
    assert low < 1 / PLAYERS < high


def test_likely_counts_every_weapon_shown_plus_one() -> None:
    assert likely([], STANDARD) == dict.fromkeys(STANDARD, Fraction(1, 3))
    assert likely(["rock", "rock", "paper"], STANDARD) == {
        "rock": Fraction(1, 2),
        "paper": Fraction(1, 3),
        "scissors": Fraction(1, 6),
    }
    assert edge("paper", likely(["rock", "rock", "paper"], STANDARD)) == Fraction(1, 3)


def test_counter_throws_what_beats_the_likeliest_weapon_and_ties_at_random() -> None:
    view = RpsView("Me", 3, "finale", (), STANDARD, ("Me", "Bo"), (), (("Bo", ("rock",)),), None, ())
    throws = [Input("throw", by="Me", target=weapon) for weapon in view.weapons]
    assert {Counterer().choose(view, throws, random.Random(n)).target for n in range(20)} == {"paper"}
    even = replace(view, seen=(("Bo", ("rock", "paper", "scissors")),))
    picks = [Counterer().choose(even, throws, random.Random(n)).target for n in range(300)]
    assert all(70 < picks.count(weapon) < 130 for weapon in STANDARD)
    rocks = [RockHeavy().choose(view, throws, random.Random(n)).target for n in range(300)]
    assert 170 < rocks.count("rock") < 230


def biased(rng: random.Random) -> str:
    """A player who throws scissors three times in five, rock and paper once each."""
    return rng.choices(STANDARD, weights=(1, 1, 3))[0]


def matchup(strategy: Strategy, trials: int = 10_000) -> float:
    """How much more often `strategy`'s final throw wins the matchup than loses it against `biased`, having
    seen 1 to 6 of its throws (the best possible is 0.4, always rock; at random 0)."""
    rng, net = random.Random(11), 0
    for _ in range(trials):
        shown = tuple(biased(rng) for _ in range(rng.randint(1, 6)))
        view = RpsView("Me", 3, "finale", (), STANDARD, ("Me", "Bo"), (), (("Bo", shown),), None, ())
        mine = strategy.choose(view, [Input("throw", by="Me", target=w) for w in STANDARD], rng).target or ""
        theirs = biased(rng)
        net += beats(mine, theirs) - beats(theirs, mine)
    return net / trials


def test_counter_wins_the_matchup_against_a_biased_player_far_more_than_random() -> None:
    # 10 000 seeded trials: the standard error is under 0.009, and each bound is 3.5 of them or more away.
    assert matchup(RandomRps()) < 0.05
    assert matchup(Counterer()) > 0.18
