"""Hunger Games Anon keeps each nickname's owner secret until that player is out (BG8, the issue's rule):
no line for the room names a player still in together with their nickname, no list shows lives beside
real names, and the record's rounds name players by nickname, owners only among the revealed."""

from __future__ import annotations

import random
import re

import pytest

from survivor_host.engine.events import Prompt, is_public
from survivor_host.engine.render import render
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game


def mentions(line: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", line) is not None


@pytest.mark.parametrize("mods", [(), ("second-wind",), ("roll-switch", "second-wind")])
@pytest.mark.parametrize("seed", range(6))
def test_no_owner_is_named_beside_their_nickname_while_in(mods: tuple[str, ...], seed: int) -> None:
    game = new_game("hga", seat_names(6), mods=mods, seed=seed)
    rng = random.Random(seed)
    events = game.start()
    while True:
        nicks = {seat.name: game.nicks.get(seat.index) for seat in game.seats}
        for event in events:
            line = render(event) if is_public(event) else None
            for seat in game.seats:
                nick = nicks[seat.name]
                if line and nick and seat.alive and not game.finished:
                    assert not (mentions(line, nick) and mentions(line, seat.name)), line
        if game.finished:
            break
        wait = game.awaiting()[0]
        events = game.apply(rng.choice(game.legal_inputs(wait.player)))
    assert all(game.marks(seat) == "" for seat in game.seats)
    rounds = game.round_record()
    for number, rec in enumerate(rounds):
        out_by_now = {name for r in rounds[: number + 1] for name in r["revealed"].values()}
        assert set(rec["nicks"]) <= set(game.nicks.values())
        for attack in rec["attacks"]:
            assert set(attack.values()) <= set(game.nicks.values())
        for owner in rec["revealed"].values():
            assert owner in out_by_now


def test_the_attack_is_asked_for_and_spelled_by_nickname() -> None:
    game = new_game("hga", seat_names(4), seed="nick")
    events = game.start()
    for wait in game.awaiting():
        events += game.apply(game.legal_inputs(wait.player)[0])
    prompts = [event.text for event in events if isinstance(event, Prompt) and event.text.startswith("Round 1:")]
    assert len(prompts) == 4 and all("attack NICKNAME" in text for text in prompts), prompts
    assert game.spec.usage_of("attack", True) == "attack NICKNAME"
