"""Follow the Leader seat strategies."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.inputs import Input
from survivor_host.themes.ftl import FollowTheLeader
from survivor_host.themes.ftl.ai import (
    FTL_STRATEGIES,
    SmartFtl,
    choice_odds,
    survival_probability,
    tug_die_distribution,
)

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon")


def play(seats: dict[str, str], seed: int, mods: tuple[str, ...] = (), **options: object) -> FollowTheLeader:
    """A game in which every seat is played by the named strategy; every choice is checked legal."""
    game = FollowTheLeader(list(seats), mods=mods, options=options, seed=seed)
    strategies = {name: FTL_STRATEGIES[kind]() for name, kind in seats.items()}
    rng = random.Random(seed)
    game.start()
    for _ in range(2000):
        if game.finished:
            break
        wait = game.awaiting()[0]
        options_now = game.legal_inputs(wait.player)
        move = strategies[wait.player].choose(game.view(wait.player), options_now, rng)
        assert move in options_now, f"seed {seed}: {move} not among {options_now}"
        game.apply(move)
    assert game.finished, f"seed {seed}: game did not finish"
    return game


def brute_force(choice: str, die: int) -> Fraction:
    good = 0
    for leader in range(21, 130):
        for mine in range(1, die + 1):
            if (choice == "follow" and mine <= leader) or (choice == "rebel" and mine >= leader):
                good += 1
    return Fraction(good, 109 * die)


@pytest.mark.parametrize("die", [20, 21, 90, 120, 129, 130, 150, 170, 250])
def test_probability_helper_matches_a_brute_force_count(die: int) -> None:
    for choice in ("follow", "rebel"):
        assert survival_probability(choice, {die: Fraction(1)}) == brute_force(choice, die)


def test_probability_helper_mixes_dice() -> None:
    mixed = survival_probability("rebel", {110: Fraction(1, 4), 150: Fraction(3, 4)})
    assert mixed == Fraction(1, 4) * brute_force("rebel", 110) + Fraction(3, 4) * brute_force("rebel", 150)
    assert survival_probability("follow", {150: Fraction(1)}) == Fraction(1, 2)


def test_tug_die_distribution_by_brute_force() -> None:
    """Enumerate every place among the choosers and every choice of those before."""
    for choice in ("follow", "rebel"):
        for choosers in range(1, 6):
            for floor in (20, 100):
                counts: dict[int, Fraction] = {}
                for place in range(choosers):
                    for bits in range(2**place):
                        running = 150
                        for k in range(place):
                            running = max(running + (20 if bits >> k & 1 else -20), floor)
                        mine = max(running + (20 if choice == "follow" else -20), floor)
                        weight = Fraction(1, choosers * 2**place)
                        counts[mine] = counts.get(mine, Fraction(0)) + weight
                assert tug_die_distribution(choice, choosers, floor) == counts
                assert sum(counts.values()) == 1


def test_every_strategy_only_returns_one_of_the_options() -> None:
    for kind in FTL_STRATEGIES:
        for seed in range(15):
            seats = {name: kind for name in NAMES[: 3 + seed % 7]}
            mods = (("tug-of-war",), ("no-mercy",), (), ("tug-of-war", "no-mercy"))[seed % 4]
            play(seats, seed, mods, leader=("vote", "pick")[seed % 2])


def test_mixed_tables_finish() -> None:
    kinds = list(FTL_STRATEGIES)
    for seed in range(20):
        seats = {name: kinds[(seed + i) % len(kinds)] for i, name in enumerate(NAMES[: 3 + seed % 8])}
        play(seats, seed)


def test_always_follow_follows_and_always_rebel_rebels() -> None:
    options = [Input("follow", by="Bob"), Input("rebel", by="Bob")]
    game = FollowTheLeader(["Ann", "Bob", "Cid"], options={"leader": "pick"}, seed=1)
    game.start()
    view = game.view("Bob")
    rng = random.Random(0)
    for _ in range(20):
        assert FTL_STRATEGIES["always-follow"]().choose(view, options, rng).action == "follow"
        assert FTL_STRATEGIES["always-rebel"]().choose(view, options, rng).action == "rebel"
    followers = play({name: "always-follow" for name in NAMES[:6]}, seed=4)
    for rec in followers.rounds:
        assert set(rec["choices"].values()) <= {"follow"}


def test_strategies_always_name_a_scapegoat_when_they_can() -> None:
    """Declining means certain elimination: every strategy names someone."""
    game = FollowTheLeader(list(NAMES[:5]), options={"leader": "pick"}, dice=ScriptedDice([100, 110, 50, 60, 70]))
    game.start()
    for name in NAMES[1:5]:
        game.apply(Input("follow", by=name))
    game.apply(Input("suspect", by="Ann", target="Bob"))
    options = game.legal_inputs("Bob")
    assert [o.action for o in options] == ["scapegoat"] * 3 + ["noscapegoat"]
    for kind, make in FTL_STRATEGIES.items():
        for seed in range(10):
            move = make().choose(game.view("Bob"), options, random.Random(seed))
            assert move.action == "scapegoat", kind
    # Smart names the standing player with the highest roll this round: Eve (70).
    assert SmartFtl().choose(game.view("Bob"), options, random.Random(0)).target == "Eve"


def test_smart_suspects_last_rounds_highest_roller() -> None:
    game = FollowTheLeader(list(NAMES[:6]), options={"leader": "pick"}, dice=ScriptedDice([100, 10, 20, 30, 40, 50]))
    game.start()
    for name in NAMES[1:6]:
        game.apply(Input("follow", by=name))
    game.apply(Input("nosuspect", by="Ann"))
    # Handover: Bob (10) leads round 2 with six players.
    assert game.name(game.leader) == "Bob"
    for name in ("Ann", "Cid", "Dee", "Eve", "Fay"):
        game.apply(Input("follow", by=name))
    move = SmartFtl().choose(game.view("Bob"), game.legal_inputs("Bob"), random.Random(0))
    assert move == Input("suspect", by="Bob", target="Fay")


def test_choice_odds_for_a_plain_round_and_tug_of_war() -> None:
    game = FollowTheLeader(list(NAMES[:5]), options={"leader": "pick"}, dice=ScriptedDice([]))
    game.start()
    view = game.view("Bob")
    odds = choice_odds(view)
    assert odds == {"follow": Fraction(1, 2), "rebel": Fraction(38, 75)}
    tug = FollowTheLeader(list(NAMES[:5]), mods=("tug-of-war",), options={"leader": "pick"}, dice=ScriptedDice([]))
    tug.start()
    tug_odds = choice_odds(tug.view("Bob"))
    expected = survival_probability("follow", tug_die_distribution("follow", 4, 20))
    assert tug_odds["follow"] == expected


def test_smart_only_tables_always_finish() -> None:
    for seed in range(40):
        mods = (("tug-of-war",), ("no-mercy",), (), ("tug-of-war", "no-mercy"))[seed % 4]
        game = play(
            {name: "smart" for name in NAMES[: 3 + seed % 8]}, seed, mods, idle="default" if seed % 3 else "modkill"
        )
        assert game.winner is not None
