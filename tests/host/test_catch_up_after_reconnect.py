"""Timers that end by waiting for the server to catch up, when the link drops before it answers: once
the bot is back in the room the wait is asked again, and what it guards runs once if still current (the
signups timer, a session host's away grace, the check of our `.done`). The room host talks through the
real client here, without a socket: the test plays the server's part."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.bot.roombot import RoomBotSettings
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.clientsend import CATCH_UP_QUERY, CATCH_UP_ROUNDS
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.protocol import parse_frame
from survivor_host.store.db import Store
from tests.host.fakes import FakeClock

ROOM = "survivor"
BOT = "SurvivorBot"
SV = "Sir Vivor"
PLAYERS = ["Venus", "Mars", "Io"]
USERS = [f"*{BOT}", f"@{SV}", "+Hostess", *(f" {name}" for name in PLAYERS)]


def client_host(tmp_path: Path, **settings: object) -> tuple[RoomHost, ShowdownClient, FakeClock]:
    """A room host whose outbox is the real client, logged in and in the room with `USERS`."""
    client = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", BOT))
    for message in parse_frame(f"|updateuser| {BOT}|1|1|{{}}"):
        client._apply(message)
    clock = FakeClock()
    chosen = HostSettings(**{"prefix": "$", **settings})  # type: ignore[arg-type]
    host = RoomHost(ROOM, client, clock, Store(tmp_path / "bot.db"), chosen, lambda: "seed-1")
    back_in_room(host, client, USERS)
    return host, client, clock


def back_in_room(host: RoomHost, client: ShowdownClient, users: list[str]) -> None:
    """The bot joins the room, whose user list is `users`, as the client and the bot do after a reconnect."""
    frame = f">{ROOM}\n|init|chat\n|title|Survivor\n|users|{len(users)},{','.join(users)}"
    for message in parse_frame(frame):
        client._apply(message)
    client._ready.set()
    client._ask_held_catch_ups()  # the client, on `Connected`
    host.room_joined()  # the bot, on `Connected`


def lines(client: ShowdownClient) -> list[str]:
    """Every line queued since the last call (the send queue is emptied)."""
    queued = [line for lane in client.queue._lanes for frame in lane for line in frame.lines]
    client.queue.clear()
    return queued


def server_answers(client: ShowdownClient) -> list[str]:
    """The server answers every catch-up query queued (both rounds); the other lines queued meanwhile."""
    others = []
    for _ in range(CATCH_UP_ROUNDS):
        queued = lines(client)
        others += [line for line in queued if not line.startswith(f"/cmd {CATCH_UP_QUERY}")]
        for line in queued:
            if line.startswith(f"/cmd {CATCH_UP_QUERY}"):
                for message in parse_frame(f"|queryresponse|{line.removeprefix('/cmd ')}|null"):
                    client._apply(message)
    return others + lines(client)


@pytest.mark.parametrize("cancelled", [False, True])
def test_signups_whose_timer_ran_out_as_the_link_dropped_start_once_back(tmp_path: Path, cancelled: bool) -> None:
    host, client, clock = client_host(tmp_path, signups_seconds=300.0)
    host.handle_chat("+", "Hostess", "$host ftl")
    for name in PLAYERS:
        host.handle_chat(" ", name, "/me in")
    clock.advance(301)  # time is up: the bot asks the server to catch up
    client._teardown()  # the link drops before the server answers
    server_answers(client)  # an answer on the old connection's query would run nothing
    assert host.signups is not None and host.game is None
    back_in_room(host, client, USERS)
    if cancelled:  # the host cancels them before the server answers: the timer has nothing left to do
        host.handle_chat("+", "Hostess", "$end")
    said = server_answers(client)
    assert (host.game is None) is cancelled and host.signups is None
    assert len(host.store.db.execute("SELECT id FROM games").fetchall()) == (0 if cancelled else 1)
    assert not any("Signups closed" in line for line in said), said


@pytest.mark.parametrize("back", [False, True])
def test_a_session_host_away_as_the_link_dropped_ends_the_session_once_back(tmp_path: Path, back: bool) -> None:
    host, client, clock = client_host(tmp_path, hand_grace=60.0)
    host.handle_chat("+", "Hostess", "$handhost Mars")
    assert host.hand.active()
    host.handle_leave("mars")
    clock.advance(61)  # the grace is up: the bot asks the server to catch up
    client._teardown()
    server_answers(client)
    assert host.hand.active()
    # Back in the room: Mars is in its user list (he came back while the bot was away), or not.
    back_in_room(host, client, USERS if back else [user for user in USERS if user != " Mars"])
    said = server_answers(client)
    assert host.hand.active() is back
    assert sum("Mars was away for 1 min" in line for line in said) == (0 if back else 1), said


@pytest.mark.parametrize("answered", [False, True])
def test_our_done_left_unanswered_as_the_link_dropped_is_checked_once_back(tmp_path: Path, answered: bool) -> None:
    host, client, clock = client_host(tmp_path, room_bot=RoomBotSettings(SV, handback_seconds=15.0))
    host.handle_chat("@", SV, f"/announce **SURVGAME:** {BOT} is hosting. Type ``/me in`` to join.")
    host.handle_chat("+", "Hostess", "$host ftl")
    host.handle_chat("+", "Hostess", "$end")
    assert any(line.endswith("|.done") or line == ".done" for line in lines(client))
    clock.advance(16)  # no answer in time: the bot asks the server to catch up before it asks the auth
    client._teardown()
    server_answers(client)
    back_in_room(host, client, USERS)
    if answered:  # the room bot's answer, read before the server caught up, counts
        host.handle_chat("@", SV, "The game is over!")
    asks = [line for line in server_answers(client) if "survivor-dehost-survivor" in line]
    assert len(asks) == (0 if answered else 1), asks
    assert all(line.startswith("/pmuhtml hostess, ") for line in asks)


def test_a_leave_grace_up_as_the_link_dropped_starts_again_once_back(tmp_path: Path) -> None:
    """The bot could not see Mars come back while it was away: his grace starts again, and the catch-up
    of the first one, asked again once back, puts nobody out."""
    host, client, clock = client_host(tmp_path, defaults={"leader": "pick"})
    host.handle_chat("+", "Hostess", "$host ftl")
    for name in PLAYERS:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", "$start")
    game = host.game
    assert game is not None
    grace = game.opt_int("leave_grace")
    host.handle_leave("mars")
    clock.advance(grace + 1)  # the grace is up: the bot asks the server to catch up
    client._teardown()
    host.pause()
    away = [user for user in USERS if user != " Mars"]
    back_in_room(host, client, away)
    host.resume()
    server_answers(client)
    assert game.seat("Mars").alive
    clock.advance(grace + 1)
    server_answers(client)
    assert not game.seat("Mars").alive
