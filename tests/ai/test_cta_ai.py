"""Chase the Ace seat strategies (C5, C6, C7): legal choices from the player's view only."""

from __future__ import annotations

import random

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.inputs import Input
from survivor_host.themes.cta import ChaseTheAce
from survivor_host.themes.cta.ai import CTA_STRATEGIES, AlwaysStick, Threshold


def make(cards: list[int], rolls: list[int] | None = None, mods: tuple[str, ...] = ()) -> ChaseTheAce:
    game = ChaseTheAce([f"P{i}" for i in range(len(cards))], mods=mods, dice=ScriptedDice([*cards, *(rolls or [])]))
    game.start()
    return game


def test_c6_threshold_sticks_above_and_swaps_at_or_below() -> None:  # C6
    rng = random.Random(1)
    game = make([7, 2, 5])
    assert Threshold().choose(game.view("P0"), game.legal_inputs("P0"), rng).action == "stick"
    game = make([6, 2, 5])
    assert Threshold().choose(game.view("P0"), game.legal_inputs("P0"), rng).action == "swap"


def test_c6_threshold_never_swaps_back_to_the_low_card_it_gave() -> None:  # C6, C7
    # All At Once: P0 (2) swaps with P1 (9); in round 2 P0 holds 9 and knows P1 holds the 2.
    game = make([2, 9, 5, 4], [100, 50], mods=("all-at-once",))
    game.apply(Input("swap", by="P0", target="P1"))
    for name in ["P1", "P2", "P3"]:
        game.apply(Input("stick", by=name))
    view = game.view("P1")
    assert view.card == 2 and ("P0", 9) in view.known
    choice = Threshold().choose(view, game.legal_inputs("P1"), random.Random(3))
    assert choice == Input("swap", by="P1", target="P0")  # P1 knows P0 holds the 9
    view0 = game.view("P0")
    assert view0.known == (("P1", 2),)
    assert Threshold(9).choose(view0, game.legal_inputs("P0"), random.Random(3)).target != "P1"


def test_c6_threshold_prefers_players_who_stuck_and_avoids_losers() -> None:  # C6
    game = make([8, 9, 3, 2, 5], [100, 50])
    game.apply(Input("stick", by="P0"))
    game.apply(Input("swap", by="P1", target="P2"))  # P2 lost its card to P1
    game.apply(Input("stick", by="P2"))
    choice = Threshold().choose(game.view("P3"), game.legal_inputs("P3"), random.Random(0))
    assert choice.target == "P0"


def test_c5_jester_names_a_legal_opponent() -> None:  # C5
    game = make([14, 13, 5, 6], mods=("jesters-duel",))
    options = game.legal_inputs("P0")
    for name, factory in CTA_STRATEGIES.items():
        choice = factory().choose(game.view("P0"), options, random.Random(name))
        assert choice in options and choice.action == "duel" and choice.target in ("P2", "P3")


def test_c6_always_stick() -> None:  # C6
    game = make([1, 2, 5])
    assert AlwaysStick().choose(game.view("P0"), game.legal_inputs("P0"), random.Random(0)).action == "stick"


@pytest.mark.parametrize("name", sorted(CTA_STRATEGIES))
def test_c6_c7_every_strategy_plays_whole_games(name: str) -> None:  # C6, C7, G3
    for seed in range(15):
        mods = [(), ("adhesive", "no-backsies"), ("all-at-once", "jesters-duel"), ("the-joker",)][seed % 4]
        game = ChaseTheAce([f"P{i}" for i in range(3 + seed % 8)], mods=mods, seed=seed)
        game.start()
        rng = random.Random(seed)
        strategy = CTA_STRATEGIES[name]()
        while not game.finished:
            wait = game.awaiting()[0]
            options = game.legal_inputs(wait.player)
            choice = strategy.choose(game.view(wait.player), options, rng)
            assert choice in options
            game.apply(choice)
        assert game.winner is not None, f"seed={seed}"
