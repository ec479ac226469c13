"""The dice's shortcuts draw exactly what the long way draws: several words in one call and HMAC keyed
once per stream; a two-sided battle rolls as the general one does; dice know the round they are told."""

from __future__ import annotations

import copy
import gc
import hashlib
import hmac
import pickle
import random
import weakref

from survivor_host.engine.battle import BattleResult, _resolve, battle
from survivor_host.engine.dice import FairDice, ScriptedDice
from survivor_host.fair.stream import HmacStream, keyed_pads
from survivor_host.themes import new_game

SIZES = (2, 3, 13, 14, 100, 125, 2**31 + 5, 3 * 2**30, 2**32)
"""Small dice, and sizes whose words are often skipped (an unbiased draw)."""


def test_several_words_in_one_call_are_the_words_drawn_one_by_one() -> None:
    rng = random.Random(5)
    for case in range(200):
        quick, plain = HmacStream(f"seed {case}", "Ann,Bob"), HmacStream(f"seed {case}", "Ann,Bob")
        for _ in range(40):
            if rng.random() < 0.5:
                first, second = rng.choice(SIZES), rng.choice(SIZES)
                assert quick.below_two(first, second) == (plain.below(first), plain.below(second))
            else:
                n, count = rng.choice(SIZES), rng.randint(0, 20)
                assert quick.below_each(n, count) == [plain.below(n) for _ in range(count)]
            assert quick.words_used == plain.words_used


def test_keyed_pads_give_the_standard_hmac_for_short_and_long_keys() -> None:
    for key in (b"", b"k", b"x" * 64, b"y" * 65, "é".encode() * 50):
        inner, outer = (pad.copy() for pad in keyed_pads(key))
        inner.update(b"Ann,Bob:7")
        outer.update(inner.digest())
        assert outer.digest() == hmac.digest(key, b"Ann,Bob:7", hashlib.sha256)


def test_a_stream_pickles_and_copies_without_its_hash_states_and_draws_on_alike() -> None:
    stream = HmacStream("seed", "Ann,Bob")
    stream.below(6)
    copies = [pickle.loads(pickle.dumps(stream)), copy.deepcopy(stream)]
    expected = [stream.below(100) for _ in range(30)]
    for again in copies:
        assert [again.below(100) for _ in range(30)] == expected


def test_rolls_in_one_call_log_the_draws_of_single_rolls() -> None:
    pairs = [(FairDice("s", "c"), FairDice("s", "c")), (ScriptedDice([3, 9, 1, 12]), ScriptedDice([3, 9, 1, 12]))]
    for quick, plain in pairs:
        quick.round = plain.round = 3
        got = [*quick.roll_two(13, "a", 13, "b"), *quick.roll_each(13, ["c", "d"])]
        assert got == [plain.roll(13, label=label) for label in "abcd"]
        assert quick.draws == plain.draws


def test_a_one_on_one_battle_rolls_as_the_general_battle_does() -> None:
    for seed in range(300):
        long_way = BattleResult(winners=[], losers=[])
        _resolve(FairDice(f"s{seed}", "c"), [("Ann", 13), ("Bob", 13)], 1, "swap", long_way)
        fought = battle(FairDice(f"s{seed}", "c"), [("Ann", 13), ("Bob", 13)], purpose="swap")
        assert (fought.winners, fought.losers, fought.rolls, fought.events) == (
            long_way.winners,
            long_way.losers,
            long_way.rolls,
            long_way.events,
        )


def test_a_finished_game_goes_without_the_cycle_collector() -> None:
    game = new_game("cta", ["Ann", "Bob", "Cid"], seed=1)
    game.begin()
    gone = weakref.ref(game)
    gc.disable()
    try:
        del game
        assert gone() is None
    finally:
        gc.enable()


def test_copied_dice_tag_their_draws_with_the_copied_games_round() -> None:
    game = new_game("ftl", ["Ann", "Bob", "Cid", "Dee"], seed=2)
    game.begin()
    for again in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        again.round = 99
        again.dice.roll(6)
        assert again.dice.draws[-1]["round"] == 99  # type: ignore[attr-defined]
