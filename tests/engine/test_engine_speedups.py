"""The engine's shortcuts change nothing observable: slotted facts, inputs, the Waits a wait keeps, the dice
stream, the draw log."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import hmac
import inspect
import pickle
import random

import pytest

from survivor_host.engine.dice import FairDice, ScriptedDice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import GameOver, Roll
from survivor_host.engine.inputs import Input
from survivor_host.fair.stream import HmacStream
from survivor_host.themes.ftl.facts import choices, course, kinds, rolls
from survivor_host.themes.ftl.facts.choices import ChoiceAsked, Suspected
from survivor_host.themes.ftl.game import FollowTheLeader

PLAYERS = ["Venus", "Mars", "Earth", "Jupiter", "Saturn", "Uranus"]


def test_quick_inits_take_the_same_arguments_as_the_dataclass_ones() -> None:
    found = [cls for module in (kinds, course, choices, rolls) for cls in vars(module).values()]
    classes = [cls for cls in found if isinstance(cls, type) and dataclasses.is_dataclass(cls)] + [
        Roll,
        GameOver,
    ]
    for cls in classes:
        params = list(inspect.signature(cls).parameters.values())
        fields = [f for f in dataclasses.fields(cls) if f.init]
        assert sorted(p.name for p in params) == sorted(f.name for f in fields), cls
        for param in params:
            found = next(f for f in fields if f.name == param.name)
            assert (param.kind is inspect.Parameter.KEYWORD_ONLY) == found.kw_only, (cls, param)
            if found.default is not dataclasses.MISSING:
                assert param.default == found.default, (cls, param)
            elif found.default_factory is dataclasses.MISSING:
                assert param.default is inspect.Parameter.empty, (cls, param)


def test_quick_inits_build_the_same_frozen_values() -> None:
    roll = Roll("Venus", 150, 87, tabled=True)
    assert (roll.player, roll.sides, roll.result, roll.plus, roll.purpose, roll.to, roll.tabled) == (
        "Venus", 150, 87, 0, "", None, True,
    )  # fmt: skip
    assert roll == Roll("Venus", 150, 87, 0, "", None, True) and hash(roll) == hash(Roll("Venus", 150, 87, tabled=True))
    assert repr(roll) == "Roll(player='Venus', sides=150, result=87, plus=0, purpose='', to=None, tabled=True)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        roll.result = 1  # type: ignore[misc]
    first, second = GameOver("Venus", "Mars"), GameOver("Venus", "Mars")
    assert first.placements == {} and first.placements is not second.placements  # a fresh default each time
    asked = ChoiceAsked("Venus", ("follow", "rebel"), (), True, round=1, leader="Mars", to="Venus")
    assert asked.to == "Venus" and asked.round == 1
    with pytest.raises(TypeError):
        ChoiceAsked("Venus", ("follow",), (), True, 1, "Mars")  # type: ignore[misc]  # round is keyword-only
    assert Suspected("Mars", None).why == kinds.NoSuspectWhy.CHOSE


def test_an_input_is_the_frozen_dataclass_it_declares() -> None:
    """Input writes its fields itself: the same signature, values, equality, hash, repr and copies as the
    dataclass's own `__init__` would give, and still frozen."""
    params = list(inspect.signature(Input).parameters.values())
    assert [(p.name, p.default) for p in params] == [
        (f.name, f.default if f.default is not dataclasses.MISSING else inspect.Parameter.empty)
        for f in dataclasses.fields(Input)
    ]
    swap = Input("swap", by="Venus", target="Mars")
    same = Input("swap", "Venus", "Mars", None, None, None, None)
    assert swap == same and hash(swap) == hash(same) and swap != Input("swap", by="Venus")
    assert repr(swap) == (
        "Input(action='swap', by='Venus', target='Mars', new=None, count=None, seconds=None, reason=None)"
    )
    assert dataclasses.astuple(Input("elim", count=2, seconds=3, reason="r", new="n")) == (
        "elim", None, None, "n", 2, 3, "r",
    )  # fmt: skip
    assert dataclasses.replace(swap, action="stick", target=None) == Input("stick", by="Venus")
    assert pickle.loads(pickle.dumps(swap)) == swap == copy.deepcopy(swap)
    with pytest.raises(dataclasses.FrozenInstanceError):
        swap.target = "Earth"  # type: ignore[misc]


def play_some(game: FollowTheLeader, rng: random.Random, count: int) -> None:
    for _ in range(count):
        if game.finished:
            return
        wait = rng.choice(game.awaiting())
        game.step(rng.choice(game.legal_inputs(wait.player)))


@pytest.mark.parametrize("seed", range(20))
def test_cached_answers_follow_the_state(seed: int) -> None:
    """awaiting/legal_inputs answer as a fresh game would, after accepted and rejected inputs and copies."""
    rng = random.Random(seed)
    game = FollowTheLeader(PLAYERS, mods=rng.choice([(), ("tug-of-war",), ("no-mercy",)]), seed=seed)
    game.begin()
    while not game.finished:
        before = pickle.dumps(game.__dict__)
        waits = game.awaiting()
        offers = {seat.name: game.legal_inputs(seat.name) for seat in game.seats}
        with pytest.raises(IllegalAction):
            game.step(Input("vote", by="Nobody", target="Venus"))
        assert pickle.dumps(game.__dict__) == before  # asking and refusing changed nothing
        replay = FollowTheLeader(PLAYERS, mods=game.mods, seed=seed)
        replay.begin()
        for inp in game.log:
            replay.step(inp)
        assert replay.awaiting() == waits == game.awaiting()
        assert {seat.name: replay.legal_inputs(seat.name) for seat in replay.seats} == offers
        if rng.random() < 0.2:
            game = copy.deepcopy(game)
            assert game.awaiting() == waits
        if rng.random() < 0.1:
            old = rng.choice(game._alive).name
            game.step(Input("rename", by=old, new=f"New{len(game.log)}"))
            assert all(wait.player != old for wait in game.awaiting())
            assert game.legal_inputs(old) == []
        play_some(game, rng, 1)


def reference_below(key: str, message: str, n: int, state: dict[str, int]) -> int:
    """docs/FAIRNESS.md written out plainly: one word at a time, skipping words at or above the limit."""
    limit = (1 << 32) - (1 << 32) % n
    while True:
        block = hmac.new(key.encode(), f"{message}:{state['word'] // 8}".encode(), hashlib.sha256).digest()
        at = state["word"] % 8
        value = int.from_bytes(block[at * 4 : at * 4 + 4], "big")
        state["word"] += 1
        if value < limit:
            return value % n


def test_the_stream_draws_as_the_plain_algorithm_does() -> None:
    rng = random.Random(1)
    for trial in range(30):
        stream, state = HmacStream(f"séed {trial}", f"Ann,Bob;{trial}"), {"word": 0}
        for _ in range(60):
            n = rng.choice([1, 2, 6, 100, 109, 150, 2**31 + 1, 3 * 2**30, 2**32])
            assert stream.below(n) == reference_below(f"séed {trial}", f"Ann,Bob;{trial}", n, state)
            assert stream.words_used == state["word"]


def test_the_draw_log_words_its_tuples_as_the_records_dicts() -> None:
    dice = FairDice("seed", "Ann,Bob")
    value = dice.roll(150, 20, label="leader roll for Ann")
    order = dice.shuffle(["Ann", "Bob", "Cid"])
    chosen = dice.pick(["Ann", "Bob"])
    assert dice.fields()["draws"] == [
        {"round": 0, "kind": "roll", "sides": 150, "plus": 20, "label": "leader roll for Ann", "value": value},
        {"round": 0, "kind": "shuffle", "names": ["Ann", "Bob", "Cid"], "value": order},
        {"round": 0, "kind": "pick", "names": ["Ann", "Bob"], "value": chosen},
    ]
    replayed = ScriptedDice.from_draws(dice.draws)
    assert replayed.roll(150, 20) == value and replayed.shuffle(["Ann", "Bob", "Cid"]) == order


def test_ftl_phases_handle_their_own_actions() -> None:
    """Item 5 of issue 13: the game class keeps no `act_` handler of a player action; its phases do."""
    for action in FollowTheLeader.PLAYER_ACTIONS:
        assert not hasattr(FollowTheLeader, f"act_{action}"), action
    game = FollowTheLeader(PLAYERS, seed=3)
    game.begin()
    with pytest.raises(IllegalAction, match="has not been chosen yet"):
        game.step(Input("follow", by="Venus"))
    with pytest.raises(IllegalAction, match="Only the leader can suspect"):
        game.step(Input("suspect", by="Venus", target="Mars"))
    with pytest.raises(IllegalAction, match="no scapegoat to name now"):
        game.step(Input("scapegoat", by="Venus", target="Mars"))


def test_games_with_the_same_players_share_their_offers_until_a_name_changes() -> None:
    """Vote ballots and choice offers are shared between games, and rebuilt for a new name."""
    first, second = FollowTheLeader(PLAYERS, seed=1), FollowTheLeader(PLAYERS, seed=2)
    first.begin()
    second.begin()
    assert first.legal_inputs("Venus") == second.legal_inputs("Venus")
    assert first.awaiting() == second.awaiting()
    second.step(Input("sub", target="Mars", new="Pluto"))
    assert Input("vote", by="Venus", target="Pluto") in second.legal_inputs("Venus")
    assert Input("vote", by="Venus", target="Pluto") not in first.legal_inputs("Venus")
    assert [wait.player for wait in second.awaiting()] == ["Venus", "Pluto", "Earth", "Jupiter", "Saturn", "Uranus"]
    assert first.awaiting()[1].player == "Mars"


@pytest.mark.parametrize("seed", range(30))
def test_a_rounds_table_agrees_with_its_judgement(seed: int) -> None:
    """The one-pass judgement: the table's `out` rows are the round's doomed, `immune` rows its ties."""
    game = FollowTheLeader(PLAYERS, options={"leader": "pick"}, seed=seed)
    events = list(game.begin())
    rng = random.Random(seed)
    while not game.finished:
        options = game.legal_inputs(game.awaiting()[0].player)
        events += game.step(options[rng.randrange(len(options))])
    tables = [event for event in events if isinstance(event, rolls.RoundRolled)]
    assert tables
    for table in tables:
        for row in table.rows:
            if row.verdict == kinds.Verdict.OUT:
                assert (row.choice == "follow" and row.roll > row.against) or (
                    row.choice == "rebel" and row.roll < row.against
                )
            elif row.roll == row.against:
                assert row.verdict in (kinds.Verdict.IMMUNE, kinds.Verdict.TIED)
            else:
                assert row.verdict == kinds.Verdict.SAFE


@pytest.mark.parametrize("seed", range(25))
def test_the_remembered_waits_and_offers_match_a_fresh_count(seed: int) -> None:
    """`awaiting` and `legal_inputs`, from the Waits a wait keeps, equal what the phase works out afresh,
    through votes, choices, suspects, scapegoats, timeouts, modkills, substitutes, renames and copies."""
    rng = random.Random(seed)
    mods = rng.choice([(), ("tug-of-war",), ("no-mercy",)])
    game = FollowTheLeader(PLAYERS, mods=mods, options={"idle": rng.choice(["modkill", "default"])}, seed=seed)
    game.begin()
    for number in range(400):
        if game.finished:
            break
        phase = game.current
        assert game.awaiting() == phase.waits(game)
        again = copy.deepcopy(game)
        again.asked = {}
        again.current.renamed(again)  # what the wait keeps (`asked`), worked out afresh
        assert game.awaiting() == again.awaiting()
        for seat in game.seats:
            assert game.legal_inputs(seat.name) == (phase.offers(game, seat) if seat.alive else [])
        alive = [seat.name for seat in game._alive]
        kind = rng.choices(["legal", "timeout", "modkill", "sub", "rename", "copy"], [80, 6, 3, 3, 3, 5])[0]
        if kind == "legal":
            wait = rng.choice(game.awaiting())
            game.step(rng.choice(game.legal_inputs(wait.player)))
        elif kind == "timeout":
            game.step(Input("timeout"))
        elif kind == "modkill":
            game.step(Input("modkill", target=rng.choice(alive)))
        elif kind == "sub":
            game.step(Input("sub", target=rng.choice(alive), new=f"Sub{number}"))
        elif kind == "rename":
            game.step(Input("rename", by=rng.choice(alive), new=f"Re{number}"))
        else:
            game = copy.deepcopy(game) if rng.random() < 0.5 else pickle.loads(pickle.dumps(game))
    assert game.finished and game.awaiting() == []


def test_an_input_passes_the_same_checks_the_second_time() -> None:
    """`step` remembers which inputs passed its checks; a refused one is refused again, an alias is
    logged by its action's own name, and an equal input that is another object is checked afresh."""
    game = FollowTheLeader(PLAYERS, seed=3)
    game.begin()
    stray = Input("vote", by="Mars", target="Venus", count=2)
    for _ in range(2):
        with pytest.raises(IllegalAction, match="vote takes no number"):
            game.step(stray)
        with pytest.raises(IllegalAction, match="Unknown action 'dance'"):
            game.step(Input("dance", by="Mars"))
    vote = Input("vote", by="Mars", target="Venus")
    game.step(vote)
    game.step(Input("vote", by="Mars", target="Venus"))  # equal, not the same object
    game.step(vote)
    assert game.log == [vote, vote, vote]
    for player in PLAYERS:
        game.step(Input("vote", by=player, target="Mars" if player != "Mars" else "Venus"))
    seat = next(s for s in game.seats if s.index not in (game.leader, *game.immune_now))
    revolt = Input("revolt", by=seat.name)
    game.step(revolt)
    game.step(revolt)
    assert game.log[-2:] == [Input("rebel", by=seat.name)] * 2
