"""Russian Roulette strategies earn their names, and the exact odds (`themes/rr/solve.py`) agree with the
engine. `early` passes at its first turn (a held pass only makes one a thief's target) and wins more than
its share among random players; `hoarder` keeps its pass for chamber 2 and wins less. The figures are
exact: the recursion plays the strategies' own rules (`themes/rr/policy.py`)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.engine.odds import wilson
from survivor_host.themes import new_game, theme_spec
from survivor_host.themes.rr.odds import odds_tables
from survivor_host.themes.rr.policy import POLICIES, Spot, final_value
from survivor_host.themes.rr.solve import Solver


def share(kind: str, players: int) -> Fraction:
    """One seat playing `kind` among random seats: its chance to win, times the table size (1 is fair)."""
    return Solver(POLICIES[kind], POLICIES["random"]).start(players) * players


@pytest.mark.parametrize("players", range(3, 7))
def test_early_beats_random_and_hoarder_loses(players: int) -> None:
    assert share("random", players) == 1
    assert share("early", players) > Fraction(105, 100)
    assert share("hoarder", players) < Fraction(95, 100)


def test_the_policies_do_what_their_names_say() -> None:
    fresh, spent = Spot(6, False, True, 0), Spot(2, False, False, 3)
    assert POLICIES["early"](fresh) == {"pass": 1} and POLICIES["hoarder"](fresh) == {"pull": 1}
    assert POLICIES["early"](spent) == POLICIES["hoarder"](spent) == {"steal": 3}
    assert POLICIES["early"](Spot(3, False, False, 3)) == {"pull": 1}
    assert POLICIES["random"](Spot(3, False, False, 3)) == {"pull": 1, "steal": 3}


def test_the_final_played_best() -> None:  # 3.6: a finalist without a pass is pulled for
    assert final_value(6, True, True) == Fraction(1, 2)
    assert final_value(6, False, True) == Fraction(1, 3)
    assert final_value(1, True, False) == 1 and final_value(1, False, True) == 0


def test_each_symmetric_table_is_fair_over_the_draw() -> None:
    """Everyone on one policy: each place in the draw differs, but over the draw every seat has 1/n."""
    for kind in POLICIES:
        solver = Solver(POLICIES[kind], POLICIES[kind])
        places = [solver.start(5, ahead) for ahead in range(5)]
        assert sum(places) / 5 == solver.start(5) == Fraction(1, 5)


def test_the_odds_agree_with_simulate() -> None:
    """Five `hoarder` seats: the first drawn's chance to survive round 1 and to win (as `odds rr` gives
    them) lies in simulate's 95% interval; and one `early` seat among three random ones, its win rate."""
    games = 600
    found = simulate(SimSetup("rr", 5, strategies=("hoarder",), seed=7), games).counts
    drawn = found["first drawn"]
    tables = odds_tables(new_game("rr", [f"P{i}" for i in range(5)], seed=0))
    hoarder = next(section for section in tables if "`hoarder`" in section.title)
    first = dict(hoarder.rows)["drawn 1st"]
    assert first == {
        "survive round 1": Fraction(5, 6),
        "win": Solver(POLICIES["hoarder"], POLICIES["hoarder"]).start(5, 0),
    }
    low, high = wilson(found["first drawn wins"], drawn)
    assert low <= first["win"] <= high
    low, high = wilson(found["first drawn survives round 1"], drawn)
    assert low <= first["survive round 1"] <= high
    mixed = simulate(SimSetup("rr", 4, strategies=("early", "random", "random", "random"), seed=7), games)
    low, high = wilson(mixed.wins_by_seat[0], games)
    assert low <= share("early", 4) / 4 <= high


def test_the_terminal_odds_of_each_choice() -> None:
    game = new_game("rr", ["Ann", "Bob", "Cid", "Dee"], seed=3)
    game.start()
    up = game.awaiting()[0].player
    rows, note = theme_spec("rr").chances()(game.view(up), game.legal_inputs(up))  # type: ignore[misc]
    assert [(row.command, row.stay_in) for row in rows] == [("pull", Fraction(5, 6)), ("pass", Fraction(1))]
    assert rows[1].why == "safe this turn; win 25.0%" and "`early`" in note
