"""Chase the Ace's shortcuts: what a game remembers per state must match working it out afresh.

A game remembers its waits and legal inputs until its state changes; facts are slotted dataclasses.
These tests compare each against the long way round, after every kind of change.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import pickle
import random
from dataclasses import fields
from pkgutil import iter_modules

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.inputs import Input
from survivor_host.themes.cta import ChaseTheAce
from survivor_host.themes.cta import facts as cta_facts
from survivor_host.themes.cta.facts.kinds import CtaStage, Standing
from survivor_host.themes.cta.facts.reveal import RoundRevealed
from survivor_host.themes.cta.facts.swaps import Stuck, SwapRoundAsked
from survivor_host.themes.cta.mods import all_at_once

PLAYERS = ["Venus", "Mars", "Earth", "Jupiter", "Saturn", "Uranus", "Neptune"]


def fresh(game: ChaseTheAce) -> ChaseTheAce:
    """A copy that remembers nothing (copies start with nothing worked out; the wait's Waits built afresh)."""
    again = copy.deepcopy(game)
    again.asked = {}
    again.current.renamed(again)
    return again


def assert_as_worked_out_afresh(game: ChaseTheAce) -> None:
    again = fresh(game)
    assert game.awaiting() == again.awaiting()
    assert game.in_play() == again.in_play()
    for seat in game.seats:
        assert game.legal_inputs(seat.name) == again.legal_inputs(seat.name), seat.name
        assert game.legal_inputs(seat.uid) == again.legal_inputs(seat.uid), seat.uid
        assert game.swap_targets(seat.index) == again.swap_targets(seat.index), seat.name
    if game.turn is not None:  # whom the turn may target, worked out as it began, still holds
        assert game.turn_targets == game.swap_targets(game.turn)
    if game.phase == CtaStage.ALL_AT_ONCE:  # whom each may target, worked out as the swap round opened, still holds
        targets = all_at_once.state(game).targets
        assert {i: targets[i] for i in game.in_play()} == {i: game.swap_targets(i) for i in game.in_play()}


@pytest.mark.parametrize("mods", [(), ("adhesive", "no-backsies"), ("jesters-duel",), ("all-at-once", "adhesive")])
def test_what_a_game_remembers_holds_after_every_kind_of_input(mods: tuple[str, ...]) -> None:
    rng = random.Random(7)
    for seed in range(12):
        game = ChaseTheAce(PLAYERS, mods=mods, seed=seed)
        game.begin()
        step = 0
        while not game.finished and step < 400:
            step += 1
            game.awaiting(), game.legal_inputs(game.seats[0].name)  # remembered before the input
            waits = game.awaiting()
            alive = [seat.name for seat in game.alive()]
            kind = rng.random()
            if kind < 0.05:
                inp = Input("modkill", target=rng.choice(alive))
            elif kind < 0.1:
                inp = Input("sub", target=rng.choice(alive), new=f"Sub{step}")
            elif kind < 0.15:
                inp = Input("rename", by=rng.choice(alive), new=f"Re{step}")
            elif kind < 0.2:
                inp = Input("timeout")
            else:
                wait = rng.choice(waits)
                inp = rng.choice(game.legal_inputs(wait.player))
            game.step(inp)
            assert_as_worked_out_afresh(game)


def test_a_swap_barred_by_adhesive_is_refused_though_it_was_offered_before_the_stick() -> None:
    # P0 King; turns P1, P2, P3 (scripted shuffle keeps the order); P1 sticks, then P2 may not target P1
    dice = ScriptedDice([13, 5, 6, 7])
    game = ChaseTheAce(["P0", "P1", "P2", "P3"], mods=["adhesive"], dice=dice)
    game.start()
    assert Input("swap", by="P1", target="P2") in game.legal_inputs("P1")
    game.step(Input("stick", by="P1"))
    assert [inp.target for inp in game.legal_inputs("P2")] == [None, "P3"]
    with pytest.raises(Exception, match="P1 stuck this round"):
        game.step(Input("swap", by="P2", target="P1"))


def test_remembered_answers_are_not_state() -> None:
    game = ChaseTheAce(PLAYERS, seed=3)
    game.begin()
    before = pickle.dumps(game.__dict__)
    game.awaiting(), game.legal_inputs(game.awaiting()[0].player), game.in_play()
    assert pickle.dumps(game.__dict__) == before


def test_a_round_table_shows_names_and_standings_as_they_were_at_the_reveal() -> None:
    dice = ScriptedDice([5, 9, 2, 7, 3, 8, 4, 6, 10])  # round 1: P2 (2) lowest; round 2 dealt to 3
    game = ChaseTheAce(["P0", "P1", "P2", "P3"], dice=dice)
    game.begin()
    facts: list[object] = []
    while not any(isinstance(fact, RoundRevealed) for fact in facts):
        facts += game.step(Input("stick", by=game.awaiting()[0].player))
    table = next(fact for fact in facts if isinstance(fact, RoundRevealed))
    game.step(Input("sub", target="P0", new="Zed"))
    game.step(Input("modkill", target="P1"))
    assert [(row.player, row.standing) for row in table.rows] == [
        ("P0", Standing.SAFE),
        ("P1", Standing.SAFE),
        ("P2", Standing.LOWEST),
        ("P3", Standing.SAFE),
    ]


def test_fact_inits_take_and_keep_what_the_dataclass_init_does() -> None:
    checked = 0
    package = cta_facts.__name__
    modules = [importlib.import_module(f"{package}.{each.name}") for each in iter_modules(cta_facts.__path__)]
    classes = [(cls, module) for module in modules for cls in vars(module).values()]
    for cls, module in classes:
        ours = isinstance(cls, type) and cls.__module__ == module.__name__
        if not ours or not hasattr(cls, "__dataclass_fields__"):
            continue
        params = inspect.signature(cls.__init__).parameters
        assert [name for name in params if name != "self"] == [f.name for f in fields(cls) if not f.kw_only] + [
            f.name for f in fields(cls) if f.kw_only
        ], cls
        checked += 1
    assert checked > 30
    assert Stuck("Venus") == Stuck("Venus", True, None, to=None)
    asked = SwapRoundAsked("Venus", ("stick",), (), True, swap_round=2, to="Venus")
    assert (asked.swap_round, asked.to, asked.by_pm) == (2, "Venus", True)
    with pytest.raises(TypeError):
        SwapRoundAsked("Venus", ("stick",), (), True)  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        asked.player = "Mars"  # type: ignore[misc]


@pytest.mark.parametrize("mods", [(), ("adhesive", "no-backsies", "jesters-duel"), ("all-at-once", "the-joker")])
def test_the_record_read_at_the_end_is_the_record_read_along_the_way(mods: tuple[str, ...]) -> None:
    for seed in range(15):
        late, along = (ChaseTheAce(PLAYERS, mods=mods, seed=seed) for _ in range(2))
        late.begin()
        along.begin()
        rng = random.Random(seed)
        while not late.finished:
            options = late.legal_inputs(late.awaiting()[0].player)
            choice = options[rng.randrange(len(options))]
            late.step(choice)
            along.step(choice)
            along.round_record()
            if rng.random() < 0.1:  # a copy taken half-way holds the record read so far, nothing pending
                copied = pickle.loads(pickle.dumps(late))
                assert copied.recorder._pending == [] and copied.round_record() == along.round_record()
        assert late.record() == along.record()
