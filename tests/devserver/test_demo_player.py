"""The demo's AI players answer what the game still asks of them, once, and never a box of a wait that is over."""

from __future__ import annotations

import random

from survivor_host.ai import make_strategy
from survivor_host.devserver.demo_player import AIPlayer
from survivor_host.devserver.roomview import box_wait
from survivor_host.engine.inputs import Input
from survivor_host.themes import new_game
from survivor_host.words.wait_tags import wait_tag

PLAYERS = ["Venus", "Mars", "Jupiter", "Saturn"]


def players_of_all_at_once() -> tuple[AIPlayer, list[str]]:
    game = new_game("cta", PLAYERS, mods=["all-at-once"], seed=11)
    game.start()
    mars = AIPlayer("Mars", make_strategy("cta", "random"), random.Random(1), 0.0, lambda: game)
    commands = [" ".join(part for part in (o.action, o.target) if part) for o in game.legal_inputs("Mars")]
    return mars, commands


def test_an_ai_player_answers_a_box_of_the_wait_it_owes() -> None:
    mars, commands = players_of_all_at_once()
    game = mars.game_of()
    assert game is not None and "Mars" in [w.player for w in game.awaiting()]
    assert mars.choose(commands, game.wait_id) in commands
    assert mars.choose(commands) in commands  # a box without tags (typed commands) is answered too


def test_a_box_offering_a_change_of_an_answer_in_is_left_alone() -> None:
    mars, commands = players_of_all_at_once()
    game = mars.game_of()
    assert game is not None
    game.apply(Input("stick", by="Mars"))
    assert "Mars" not in [w.player for w in game.awaiting()]
    assert game.legal_inputs("Mars")  # the rules still allow a change until everyone has chosen
    assert mars.choose(commands, game.wait_id) is None


def test_a_box_of_a_wait_that_is_over_is_left_alone() -> None:
    mars, commands = players_of_all_at_once()
    game = mars.game_of()
    assert game is not None
    assert mars.choose(commands, game.wait_id - 1) is None


def test_the_wait_a_box_answers_is_read_off_its_buttons() -> None:
    tagged = f'<button name="send" value="/msg Survivor Host, survivor swap Mars {wait_tag(12, 34)}">Swap</button>'
    assert box_wait(tagged) == 34
    assert box_wait('<button name="send" value="/me in">Join</button>') is None
