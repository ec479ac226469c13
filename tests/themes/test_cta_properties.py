"""Chase the Ace property tests: many random games with legal and illegal inputs (G1-G7, C1-C9).

Each game is fully decided by its seed; a failure prints the seed and the mods that reproduce it.
"""

from __future__ import annotations

import pickle
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import CardTold, Event, PhaseChanged, Prompt, Revealed, Roll, Say
from survivor_host.engine.inputs import Input
from survivor_host.themes.cta import ChaseTheAce

MOD_SETS: list[tuple[str, ...]] = [
    (),
    ("adhesive",),
    ("no-backsies",),
    ("jesters-duel",),
    ("the-joker",),
    ("all-at-once",),
    ("adhesive", "no-backsies"),
    ("jesters-duel", "all-at-once", "adhesive"),
    ("the-joker", "all-at-once", "no-backsies"),
    ("adhesive", "jesters-duel", "no-backsies", "all-at-once"),
    ("adhesive", "the-joker", "no-backsies", "all-at-once"),
]
PUBLIC_ROLLS = {"duel", "jesters", "swap", "tie", "finals", "second place"}
CARD_WORDS = re.compile(r"(?<!the )\b(Ace|Jack|Queen|card is|card was)\b")
MAX_INPUTS = 3000


def new_game(seed: int, rng: random.Random) -> ChaseTheAce:
    players = [f"P{i}" for i in range(rng.randint(3, 12))]
    options = {
        "elim": rng.randint(1, 4),
        "ties": rng.choice(["battle", "all"]),
        "idle": rng.choice(["modkill", "default"]),
    }
    return ChaseTheAce(players, mods=rng.choice(MOD_SETS), options=options, seed=seed)


def random_input(game: ChaseTheAce, rng: random.Random, serial: list[int]) -> Input:
    """Mostly legal inputs and timeouts; sometimes nonsense, host actions, subs and renames."""
    everyone = [seat.name for seat in game.seats] + ["Nobody"]
    roll = rng.random()
    waits = game.awaiting()
    if roll < 0.55 and waits:
        options = game.legal_inputs(rng.choice(waits).player)
        if options:
            return rng.choice(options)
    if roll < 0.65:
        return Input("timeout")
    if roll < 0.67:
        return Input("modkill", target=rng.choice(everyone))
    if roll < 0.69:
        serial[0] += 1
        return Input("sub", target=rng.choice(everyone), new=rng.choice([f"Sub{serial[0]}", "P0", ""]))
    if roll < 0.71:
        serial[0] += 1
        return Input("rename", by=rng.choice(everyone), new=rng.choice([f"Ren{serial[0]}", "P1"]))
    if roll < 0.72:
        return Input("elim", count=rng.randint(-1, 5))
    action = rng.choice(["stick", "swap", "duel", "card", "extend", "timeout", "fly"])
    by = rng.choice([*everyone, None])
    return Input(action, by=by, target=rng.choice([*everyone, None]))


class SecretChecker:
    """G3: no card before the reveal in public, nobody told another player's card."""

    def __init__(self, game: ChaseTheAce) -> None:
        self.game = game
        self.revealed = False

    def check(self, events: list[Event]) -> None:
        last_told: dict[str, int] = {}
        for event in events:
            if isinstance(event, PhaseChanged) and event.phase == "deal":
                self.revealed = False
            if isinstance(event, Revealed):
                assert not self.revealed, "two reveals in one round"
                self.revealed = True
            public = event.to is None or (isinstance(event, Prompt) and not event.secret)
            if isinstance(event, CardTold):
                assert event.to is not None
                last_told[event.to] = event.card
            if isinstance(event, Roll):
                if event.purpose == "card":
                    assert event.to == event.player, f"card roll shown to {event.to}: {event}"
                else:
                    assert event.to is None and event.purpose in PUBLIC_ROLLS, event
            if isinstance(event, Say | Prompt) and (not public or not self.revealed):
                assert not CARD_WORDS.search(event.text), f"card words in {event}"
        for name, card in last_told.items():
            seat = next((s for s in self.game.seats if s.name == name), None)
            if seat is not None and seat.alive and not self.game.finished:
                assert self.game.cards[seat.index] == card, f"{name} told {card}"


def play(seed: int) -> tuple[ChaseTheAce, list[Input]]:
    rng = random.Random(seed)
    game = new_game(seed, rng)
    checker = SecretChecker(game)
    checker.check(game.start())
    out: set[int] = set()
    serial = [0]
    for _ in range(MAX_INPUTS):
        if game.finished:
            break
        inp = random_input(game, rng, serial)
        before = pickle.dumps(game.__dict__)
        try:
            events = game.apply(inp)
        except IllegalAction:
            assert pickle.dumps(game.__dict__) == before, f"rejected {inp} changed the state"
            continue
        checker.check(events)
        for seat in game.seats:
            if seat.index in out:
                assert not seat.alive, f"{seat.name} came back"
            elif not seat.alive:
                out.add(seat.index)
        assert game.finished or game.awaiting(), "the game waits for nobody"
    return game, list(game.log)


def replay(game: ChaseTheAce, log: list[Input]) -> dict[str, Any]:
    assert game.seed is not None
    again = ChaseTheAce(list(game.initial_players), mods=game.mods, options=game.record()["options"], seed=game.seed)
    again.start()
    for inp in log:
        again.apply(inp)
    return again.record()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_g1_g7_random_games_end_with_one_winner_and_replay(seed: int) -> None:  # G1-G7, C1-C9
    try:
        game, log = play(seed)
        assert game.finished, "no end after many inputs"
        if game.winner is not None:
            alive = [seat.name for seat in game.alive()]
            assert game.winner in [s.name for s in game.seats]
            assert len(alive) <= 2 and (game.winner in alive or not alive)
            assert sorted(game.placements.values())[0] == 1
            assert list(game.placements.values()).count(1) == 1
        assert replay(game, log) == game.record()
    except AssertionError as error:
        raise AssertionError(f"seed={seed}: {error}") from error


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_c6_c7_legal_inputs_are_accepted_and_ends(seed: int) -> None:  # C6, C7, G4
    """Driven only by legal inputs and timeouts, every game ends with a winner and a second."""
    rng = random.Random(seed)
    game = new_game(seed, rng)
    game.start()
    for _ in range(MAX_INPUTS):
        if game.finished:
            break
        waits = game.awaiting()
        assert waits, f"seed={seed}: nobody awaited in phase {game.phase}"
        for wait in waits:
            for inp in game.legal_inputs(wait.player):
                assert inp.by == wait.player
        options = game.legal_inputs(rng.choice(waits).player)
        inp = rng.choice(options) if options and rng.random() < 0.9 else Input("timeout")
        game.apply(inp)
    assert game.finished and game.winner is not None, f"seed={seed}"
    assert game.second is not None, f"seed={seed}"
