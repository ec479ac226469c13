"""An action that arrives before its prompt was sent is refused: a player drawn to act again right after
their own action who sends within `early_seconds`, before the bot's prompt for it went out,
is told to wait for it; once the prompt is out, or the moment has passed, it counts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from survivor_host.bot.early import TOO_EARLY
from survivor_host.bot.room import RoomHost
from survivor_host.engine.game import Game
from tests.host.test_room import clock, make_host, open_game, outbox

PLAYERS = ["Mars", "Venus", "Io"]
GUARD_SECONDS = 2.0
"""A moment a host may set (`[play] early_seconds`; off by default)."""


def awaited(game: Game) -> str:
    (wait,) = game.awaiting()
    return wait.player


def guarded(tmp_path: Path, seed: str) -> RoomHost:
    """A room host that refuses an action sent before its prompt within `GUARD_SECONDS`."""
    host = make_host(tmp_path, seed=seed)
    host.state.settings = replace(host.settings, early_seconds=GUARD_SECONDS)
    return host


def pull(host: RoomHost, name: str) -> None:
    host.handle_chat(" ", name, ".pull")


def drawn_again(tmp_path: Path) -> tuple[RoomHost, Game, str]:
    """A game in which the player who just pulled is drawn to act next (last of a round, first of the
    next), the lines of that pull not yet gone out."""
    for number in range(200):
        (tmp_path / str(number)).mkdir()
        host = guarded(tmp_path / str(number), f"seed-{number}")
        open_game(host, "rr", PLAYERS)
        game = host.game
        assert game is not None
        while not game.finished:
            name = awaited(game)
            outbox(host).hold_sent = True
            pull(host, name)
            if not game.finished and awaited(game) == name:
                return host, game, name
            outbox(host).hold_sent = False
            outbox(host).flush_sent()
    raise AssertionError("no game drew a player twice running")


def test_a_pull_sent_again_before_the_next_turns_prompt_went_out_is_refused(tmp_path: Path) -> None:
    host, game, name = drawn_again(tmp_path)
    inputs = len(game.log)
    pull(host, name)  # impatient: the same line again, before the bot's prompt for the new turn went out
    assert len(game.log) == inputs and awaited(game) == name
    assert outbox(host).pms_to(name)[-1] == TOO_EARLY
    outbox(host).flush_sent()  # the prompt went out: now a pull is the new turn's
    pull(host, name)
    assert len(game.log) == inputs + 1


def test_an_action_after_the_moment_counts_even_with_its_prompt_still_queued(tmp_path: Path) -> None:
    host, game, name = drawn_again(tmp_path)
    inputs = len(game.log)
    clock(host).advance(host.settings.early_seconds)
    pull(host, name)
    assert len(game.log) == inputs + 1


def test_no_action_is_refused_for_coming_early_at_zero_seconds(tmp_path: Path) -> None:
    host, game, name = drawn_again(tmp_path)
    host.state.settings = replace(host.settings, early_seconds=0.0)
    inputs = len(game.log)
    pull(host, name)
    assert len(game.log) == inputs + 1


def test_a_player_drawn_anew_is_not_refused(tmp_path: Path) -> None:
    host = guarded(tmp_path, "seed-0")
    open_game(host, "rr", PLAYERS)
    game = host.game
    assert game is not None
    first = awaited(game)
    outbox(host).hold_sent = True
    pull(host, first)
    assert not game.finished and awaited(game) != first
    second, inputs = awaited(game), len(game.log)
    pull(host, second)  # the room's line may tell them before their prompt goes out
    assert len(game.log) == inputs + 1


def test_players_still_owing_in_a_wait_are_not_held_up_by_anothers_action(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    host.state.settings = replace(host.settings, early_seconds=GUARD_SECONDS)
    open_game(host, "ftl", ["Mars", "Venus", "Io", "Ceres", "Pluto"])
    game = host.game
    assert game is not None
    owed = [wait.player for wait in game.awaiting()]
    outbox(host).hold_sent = True  # the lines of each action stay queued
    for name in owed:
        host.handle_pm(name, "follow")
    assert len(game.log) == len(owed)
