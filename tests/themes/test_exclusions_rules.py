"""Exclusions' rules one by one (exclusions.txt, BG1-BG9), with scripted dice where the dice matter, and
the defects of Sir Vivor's game that are not reproduced (section 7), each named."""

from __future__ import annotations

import random
import re

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, Prompt, is_public
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game
from survivor_host.themes.exclusions.facts import GuessAsked
from survivor_host.themes.exclusions.state import ExcState

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def nicknamed(dice: ScriptedDice, names: list[str] = NAMES) -> ExcState:
    """A game past its nicknames (each player `<name>X`), its first attacks open."""
    game = new_game("exclusions", names, dice=dice)
    assert isinstance(game, ExcState)
    game.start()
    for name in names:
        game.apply(Input("nick", by=name, target=f"{name}X"))
    return game


def attack(game: ExcState, pairs: str) -> list[Event]:
    """`Ann>Bob Bob>Ann ...`, in that order."""
    events: list[Event] = []
    for pair in pairs.split():
        by, target = pair.split(">")
        events += game.apply(Input("attack", by=by, target=target))
    return events


def test_the_guess_is_asked_in_the_room_of_a_player_other_than_the_owner() -> None:  # 3.4b, BG9, 7b
    for seed in range(40):
        game = new_game("exclusions", seat_names(6), seed=f"bg9-{seed}")
        assert isinstance(game, ExcState)
        rng = random.Random(seed)
        events = game.start()
        while not game.finished:
            for event in events:
                if isinstance(event, GuessAsked):
                    assert game.guesser is not None and game.suspected is not None
                    assert game.guesser != game.suspected and event.player == game.seats[game.guesser].name
                    assert not event.by_pm and event.to is None
            events = game.step(rng.choice(game.legal_inputs(game.awaiting()[0].player)))


def test_the_round_closes_once_every_living_player_has_attacked() -> None:  # 3.3
    game = nicknamed(ScriptedDice([60, 40, 60, 40, 60, 40, 60, 40]))
    attack(game, "Ann>Bob Bob>Ann Cid>Dee")
    assert game.phase == "attacks" and [w.player for w in game.awaiting()] == ["Dee"]
    attack(game, "Dee>Cid")
    assert game.round == 2 or game.finished


def test_an_eliminated_players_attack_neither_counts_nor_closes_the_round() -> None:  # 7a, BG1
    """Sir Vivor's defect: a dead player's `.destroy` counted towards "everyone has attacked", closed the
    round over a living player who had not attacked, and hung the game. Here it is refused."""
    game = new_game("exclusions", NAMES, dice=ScriptedDice([]))
    game.start()
    for name in NAMES[:3]:
        game.apply(Input("nick", by=name, target=f"{name}X"))
    game.apply(Input("timeout"))  # Dee had no nickname: out
    attack(game, "Ann>Bob Bob>Ann")
    with pytest.raises(IllegalAction, match="You have been eliminated"):
        game.step(Input("attack", by="Dee", target="Ann"))
    assert game.phase == "attacks" and [w.player for w in game.awaiting()] == ["Cid"]


@pytest.mark.parametrize("target", ["constructor", "Constructor", "__proto__"])
def test_no_phantom_constructor_target(target: str) -> None:  # 3.3, 3.4c, BG2
    game = nicknamed(ScriptedDice([]))
    with pytest.raises(IllegalAction, match=r"is not in this game\. You may attack: Bob, Cid and Dee"):
        game.step(Input("attack", by="Ann", target=target))


def test_a_wrong_guess_costs_nothing_and_a_right_one_puts_the_owner_out() -> None:  # 3.4c, 7c
    game = nicknamed(ScriptedDice([10, 90] * 3, picks=["Ann", "Bob"]))
    said = attack(game, "Ann>Bob Bob>Ann Cid>Ann Dee>Ann")  # Cid and Dee are exposed, in that order
    assert "**Ann**, nobody attacked **CidX**: who is it?" in " ".join(filter(None, map(render, said)))
    said = game.apply(Input("suspect", by="Ann", target="Dee"))
    assert [w.player for w in game.awaiting()] == ["Bob"] and all(seat.alive for seat in game.seats)
    said = game.apply(Input("suspect", by="Bob", target="dee"))
    lines = [render(event) for event in said]
    assert "**DeeX** was **Dee**, who is out." in lines[1] and not game.seat("Dee").alive


def test_bg2_a_guesser_may_name_themselves_and_it_is_a_wrong_guess() -> None:  # 3.4c, BG2, BG9
    """3.4c takes any player's name, oneself included, and BG2 refuses oneself only where the text forbids
    it: the guesser never owns the exposed nickname (BG9), so naming oneself is a wrong guess."""
    game = nicknamed(ScriptedDice([10, 90] * 3, picks=["Ann", "Bob"]))
    attack(game, "Ann>Bob Bob>Ann Cid>Ann Dee>Ann")  # CidX is exposed; Ann guesses
    assert [inp.target for inp in game.legal_inputs("Ann")] == ["Ann", "Bob", "Cid", "Dee"]
    with pytest.raises(IllegalAction, match=r"\"Eve\" is not in this game\. You may suspect: Ann, Bob, Cid and Dee\."):
        game.step(Input("suspect", by="Ann", target="Eve"))
    said = game.apply(Input("suspect", by="Ann", target="ann"))
    assert "**Ann** suspects **Ann** of being CidX: incorrect. Nothing happens." in map(render, said)
    assert all(seat.alive for seat in game.seats)


def test_a_silent_guesser_is_out_and_a_nickname_whose_owner_is_out_is_skipped() -> None:  # 3.4d, 3.4e
    game = nicknamed(ScriptedDice([90, 10, 90, 10], picks=["Dee"]))
    attack(game, "Ann>Bob Bob>Ann Cid>Ann Dee>Ann")  # exposed: CidX, then DeeX (Dee guesses CidX)
    said = game.apply(Input("timeout"))
    lines = " ".join(filter(None, map(render, said)))
    assert "**Dee** never suspected anyone of being CidX." in lines and "**Dee** (DeeX) is eliminated" in lines
    assert "nobody attacked **DeeX**" not in lines and "The attacks begin (4)" in lines
    assert "The attack of **DeeX** on **AnnX** is dropped: DeeX and AnnX are already out." in lines


def test_a_removed_guesser_passes_the_turn_to_the_next_nickname() -> None:  # G6 with 3.4e
    game = nicknamed(ScriptedDice([90, 10, 90, 10], picks=["Ann", "Bob"]))
    attack(game, "Ann>Bob Bob>Ann Cid>Ann Dee>Ann")
    said = game.apply(Input("modkill", target="Ann"))
    assert [w.player for w in game.awaiting()] == ["Bob"]
    assert any(isinstance(event, Prompt) and event.to == "Bob" and not event.secret for event in said)


def test_only_a_winning_attacker_puts_anyone_out_but_either_finalist_does() -> None:  # 4.4, 4.5, 4.7, 7f
    game = nicknamed(ScriptedDice([10, 90, 20, 80, 30, 70]), ["Ann", "Bob", "Cid"])
    said = attack(game, "Ann>Bob Bob>Cid Cid>Ann")  # every attack defended: nobody out
    lines = [line for line in map(render, said) if line]
    assert sum("defends against" in line for line in lines) == 3 and all(s.alive for s in game.seats)
    assert game.round == 2 and game.phase == "attacks"
    game2 = new_game("exclusions", ["Ann", "Bob"], dice=ScriptedDice([10, 90]))
    game2.start()
    game2.apply(Input("nick", by="Ann", target="AnnX"))
    said = game2.apply(Input("nick", by="Bob", target="BobX"))
    lines = [line for line in map(render, said) if line]
    assert "Two are left, **Ann** and **Bob**: the final, where either loser is out." in lines
    assert game2.finished and game2.record()["winner"] == "Bob"  # the second to roll won: the first is out


def test_everyone_silent_at_the_attacks_goes_out_together_and_a_battle_decides() -> None:  # 5, G1, BG6
    game = nicknamed(ScriptedDice([10, 20, 30, 40]))
    game.apply(Input("timeout"))
    record = game.record()
    assert record["winner"] == "Dee" and record["placements"] == {"Dee": 1, "Ann": 2, "Bob": 2, "Cid": 2}


def mentions(line: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", line) is not None


@pytest.mark.parametrize("seed", range(6))
def test_no_owner_is_named_beside_their_nickname_while_in(seed: int) -> None:  # 3.1, 4.3
    game = new_game("exclusions", seat_names(6), mods=("golf",) if seed % 2 else (), seed=seed)
    assert isinstance(game, ExcState)
    rng = random.Random(seed)
    events = game.start()
    while True:
        for event in events:
            line = render(event) if is_public(event) else None
            for seat in game.seats:
                nick = game.nicks.get(seat.index)
                if line and nick and seat.alive and not game.finished:
                    assert not (mentions(line, nick) and mentions(line, seat.name)), line
        if game.finished:
            break
        events = game.apply(rng.choice(game.legal_inputs(game.awaiting()[0].player)))
    rounds = game.round_record()
    for number, rec in enumerate(rounds):
        out_by_now = {name for r in rounds[: number + 1] for name in r["revealed"].values()}
        assert set(rec["revealed"].values()) <= out_by_now | {game.record()["winner"]}
        for duel in rec["duels"]:
            assert {duel["attacker"], duel["target"]} <= set(game.nicks.values())


def test_bg8_a_substitute_or_a_rename_takes_no_other_players_nickname() -> None:
    game = nicknamed(ScriptedDice([]))
    with pytest.raises(IllegalAction, match="BobX is another player's nickname in this game"):
        game.apply(Input("sub", target="Ann", new="bobx"))
    with pytest.raises(IllegalAction, match="CidX is another player's nickname in this game"):
        game.apply(Input("rename", by="Ann", new="CidX"))
    game.apply(Input("sub", target="Ann", new="AnnX"))  # their own seat's nickname tells only on itself
    assert game.seats[0].name == "AnnX"
