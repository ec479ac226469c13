"""Issue 12 item 4: the client knows where it stands: a lost room is joined again with backoff, a
renamed room is followed, the bot's rank comes from roominfo when joins are batched, and every
`|error|` / refused PM is reported with the line that caused it."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import pytest
from showdown_fakes import FakeShowdown
from test_showdown_client import run_client, survivor_room, wait_until

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.events import Connected, Refused, RoomBack, RoomLost
from survivor_host.showdown.messages import Chat, Message


def test_a_room_ban_pauses_and_the_join_is_retried_until_it_works() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        server.banned_rooms.add("survivor")
        await server.send_room("survivor", "|deinit")
        await wait_until(lambda: any(isinstance(e, RoomLost) for e in events))
        assert client.room("survivor") is None
        await wait_until(lambda: sum(f == "|/join survivor" for f in server.received) >= 3)
        assert sum(isinstance(e, RoomLost) for e in events) == 1  # one pause, however many refusals
        server.banned_rooms.clear()
        await wait_until(lambda: any(isinstance(e, RoomBack) for e in events))
        assert client.my_rank("survivor") == "*"

    run_client(scenario, backoff_initial=0.01, backoff_max=0.05)


def test_leaving_on_purpose_is_not_a_lost_room() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.leave("survivor")
        await server.wait_for_frame(lambda f: f == "|/leave survivor")
        await server.send_room("survivor", "|deinit")
        await asyncio.sleep(0.2)
        assert not any(isinstance(e, RoomLost) for e in events)

    run_client(scenario, backoff_initial=0.01, backoff_max=0.05)


def test_a_renamed_room_is_followed() -> None:
    def setup(server: FakeShowdown) -> None:
        server.rooms["arena"] = replace(survivor_room(), title="Arena")

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await server.send_room("survivor", "|noinit|rename|arena|Arena")
        await asyncio.sleep(0.1)
        client.say("survivor", "still here")
        await server.wait_for_frame(lambda f: f == "arena|still here")
        await server.send_room("arena", "|c:|1700000600|+Voice|.pl")
        await wait_until(lambda: any(isinstance(e, Chat) and e.text == ".pl" for e in events))
        chat = next(e for e in events if isinstance(e, Chat) and e.text == ".pl")
        assert chat.room == "survivor"  # the bot keeps knowing the room by its configured id
        assert client.my_rank("survivor") == "*"

    run_client(scenario, setup=setup)


def test_batched_joins_take_the_bots_rank_from_roominfo_before_ready() -> None:
    def setup(server: FakeShowdown) -> None:
        server.batched_joins = True

    seen: list[str | None] = []

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await wait_until(lambda: any(isinstance(e, Connected) for e in events))
        seen.append(client.my_rank("survivor"))
        assert client.can_use_html("survivor")

    events = run_client(scenario, setup=setup)
    assert seen == ["*"]
    assert any(isinstance(e, Connected) for e in events)


def test_a_room_error_is_reported_with_the_line_that_caused_it() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.pm_uhtml("survivor", "Player One", "box", "<b>hi</b>")
        await server.wait_for_frame(lambda f: f.startswith("survivor|/pmuhtml playerone,"))
        await server.send_room("survivor", "|error|This user is currently blocking PMs.")
        await wait_until(lambda: any(isinstance(e, Refused) for e in events))

    events = run_client(scenario)
    refused = next(e for e in events if isinstance(e, Refused))
    assert refused.user == "playerone" and refused.unreachable
    assert refused.cause.startswith("/pmuhtml playerone, box,")


def test_a_popup_is_logged_with_the_last_line_sent(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.say("survivor", "first")
        client.send_command("", "/msg playerone, second")
        await server.wait_for_frame(lambda f: f == "|/msg playerone, second")
        for ws in server.sockets:
            await ws.send_str("|popup|You are muted.")
        await wait_until(lambda: "Server popup" in caplog.text)

    with caplog.at_level(logging.WARNING, logger="survivor_host.showdown.client"):
        run_client(scenario)
    assert "You are muted. (after our line '/msg playerone, second')" in caplog.text
