"""Issue 20 findings 3, 5 and 6 in the client: what the server refuses falls back to text, the bot knows
when it is locked, an alias join completes, a refusal of several lines is charged once, groupchat and
secret rooms get the buttons the server takes."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import pytest
from showdown_fakes import FakeShowdown
from test_showdown_client import run_client, survivor_room, wait_until

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.events import Connected, Refused
from survivor_host.showdown.messages import Chat, Message
from survivor_host.showdown.standing import Locked, Unlocked
from survivor_host.showdown.text import MAX_FRAME_LENGTH

NOT_IN_ROOM = "You do not have permission to use PM HTML to users who are not in this room."
"""chat.ts `checkPMHTML`, the refusal for a player who is not in the room."""


def sent_lines(server: FakeShowdown) -> list[str]:
    return [line for frame in server.received for line in frame.partition("|")[2].split("\n")]


def test_a_pm_prompt_refused_for_a_player_not_in_the_room_goes_by_plain_pm() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.pm_uhtml("survivor", "Player One", "prompt", "<b>pick</b>", fallback="[survivor] Round 1: pick. /wall")
        await server.wait_for_frame(lambda f: f.startswith("survivor|/pmuhtml playerone, prompt,"))
        await server.send_room("survivor", f"|error|{NOT_IN_ROOM}")
        await server.wait_for_frame(lambda f: f == "|/msg playerone, [survivor] Round 1: pick. /wall")

    events = run_client(scenario)
    assert [e.user for e in events if isinstance(e, Refused)] == ["playerone"]


def test_a_prompt_refused_because_pms_are_blocked_is_not_sent_again_as_text() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.pm_uhtml("survivor", "Player One", "prompt", "<b>pick</b>", fallback="pick")
        await server.wait_for_frame(lambda f: f.startswith("survivor|/pmuhtml playerone,"))
        await server.send_room("survivor", "|error|This user is currently blocking PMs.")
        await wait_until(lambda: any(isinstance(e, Refused) for e in events))
        await asyncio.sleep(0.2)
        assert not any(line.startswith("/msg playerone") for line in sent_lines(server))

    run_client(scenario)


def test_an_error_of_several_lines_charges_only_the_prompt_it_belongs_to() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        server.dropped_lines.add("/pmuhtml playerone, prompt, <b>one</b>")  # refused: no echo, an error
        client.pm_uhtml("survivor", "Player One", "prompt", "<b>one</b>")
        await server.wait_for_frame(lambda f: f.startswith("survivor|/pmuhtml playerone,"))
        await server.send_room(
            "survivor",
            "|error|This button is not allowed: <button>",
            "|error|You do not have permission to use most buttons.",
            "|error|1. Linking to a room",
        )
        client.pm_uhtml("survivor", "Voice", "prompt", "<b>two</b>")
        await server.wait_for_frame(lambda f: f.startswith("survivor|/pmuhtml voice,"))
        await wait_until(lambda: any(isinstance(e, Refused) for e in events))
        await asyncio.sleep(0.2)

    events = run_client(scenario)
    refused = [e for e in events if isinstance(e, Refused)]
    assert [e.user for e in refused] == ["playerone"]  # Voice's prompt is not charged with lines 2 and 3
    assert refused[0].text.count("\n") == 2


def test_a_refused_box_is_said_as_its_text_lines() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.add_html_box("survivor", "<table><tr><td>Mars</td></tr></table>", fallback=["Mars rolls 3", "/wall x"])
        await server.wait_for_frame(lambda f: f.startswith("survivor|/addhtmlbox "))
        await server.send_room("survivor", '|error|Do not use "click here"')
        await server.wait_for_frame(lambda f: f == "survivor|//wall x")  # text, never a command
        assert "survivor|Mars rolls 3" in server.received

    run_client(scenario)


def test_html_too_big_for_the_socket_is_never_cut_and_its_text_goes_instead() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.add_html_box("survivor", "<div>" + "x" * MAX_FRAME_LENGTH + "</div>", fallback=["the result"])
        await server.wait_for_frame(lambda f: f == "survivor|the result")
        assert not any("/addhtmlbox" in frame for frame in server.received)

    run_client(scenario)


def test_html_goes_out_written_for_the_servers_here_check() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.add_uhtml("survivor", "vote", "<button>Here</button> <b>click here</b>")
        frame = await server.wait_for_frame(lambda f: f.startswith("survivor|/adduhtml vote, "))
        assert frame == "survivor|/adduhtml vote, <button>&#72;ere</button> <b>click&#32;here</b>"

    run_client(scenario)


def test_a_locked_bot_says_so_once_sends_nothing_and_its_connection_says_restricted(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def setup(server: FakeShowdown) -> None:
        server.global_rank = "‽"

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await wait_until(lambda: any(isinstance(e, Connected) for e in events))
        client.say("survivor", "the round's results")
        client.pm("Player One", "your prompt")
        await asyncio.sleep(0.3)
        assert not any("results" in line or "prompt" in line for line in sent_lines(server))

    with caplog.at_level(logging.ERROR):
        events = run_client(scenario, setup=setup)
    connected = next(e for e in events if isinstance(e, Connected))
    assert connected.restricted == "locked"
    assert [e.reason for e in events if isinstance(e, Locked)] == ["locked"]
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1
    assert "#hostfilter" in errors[0] and "home connection" in errors[0] and "restart" in errors[0]


def test_the_servers_lock_refusal_names_the_host_filter_and_an_unlock_is_noticed() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.say("survivor", "hello")
        await server.wait_for_frame(lambda f: f == "survivor|hello")
        await server.send_room("survivor", "|error|You are locked due to your proxy / VPN and can't talk in chat.")
        await wait_until(lambda: any(isinstance(e, Locked) for e in events))
        assert client.restriction is not None and "#hostfilter" in client.restriction
        await server.send_room("", "|updateuser| Survivor Bot|1|1|{}")
        await wait_until(lambda: any(isinstance(e, Unlocked) for e in events))
        assert client.restriction is None

    run_client(scenario)


def test_a_room_configured_by_an_alias_completes_its_join() -> None:
    def setup(server: FakeShowdown) -> None:
        server.aliases["surv"] = "survivor"

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await wait_until(lambda: any(isinstance(e, Connected) for e in events))
        connected = next(e for e in events if isinstance(e, Connected))
        assert connected.rooms == ("surv",)
        assert client.my_rank("surv") == "*" and client.can_use_html("surv")
        await server.send_room("survivor", "|c:|1700000600|+Voice|.pl")
        await wait_until(lambda: any(isinstance(e, Chat) and e.text == ".pl" for e in events))
        assert next(e for e in events if isinstance(e, Chat) and e.text == ".pl").room == "surv"
        client.say("surv", "hi")
        await server.wait_for_frame(lambda f: f == "survivor|hi")

    run_client(scenario, setup=setup, rooms=("surv",), join_timeout=1.0)


def test_groupchat_ids_are_kept_and_its_buttons_ask_the_bot_quietly() -> None:
    room = "groupchat-ann-games"

    def setup(server: FakeShowdown) -> None:
        server.rooms[room] = replace(survivor_room(), title="Ann's games")

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        assert f"|/join {room}" in server.received and client.room(room) is not None
        buttons = client.buttons(room)
        assert buttons.room == room and buttons.quiet and not buttons.room_lines
        assert buttons.to_bot("in") == f"/msgroom {room}, /botmsg Survivor Bot, in"
        client.say(room, "hello")
        await server.wait_for_frame(lambda f: f == f"{room}|hello")

    run_client(scenario, setup=setup, rooms=(room,))


def test_secret_rooms_take_no_room_line_buttons_public_ones_do() -> None:
    def setup(server: FakeShowdown) -> None:
        server.rooms["hideout"] = replace(survivor_room(), title="Hideout", public=False)

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await wait_until(lambda: client.room("hideout") is not None and client.room("hideout").visibility != "")  # type: ignore[union-attr]
        assert not client.buttons("hideout").room_lines
        assert client.buttons("survivor").room_lines and client.buttons("survivor").quiet

    run_client(scenario, setup=setup, rooms=("survivor", "hideout"))


def test_a_lock_during_the_session_shows_in_the_rooms_and_so_does_its_end() -> None:
    """users.ts: a lock mid-session sends no `|updateuser|`; the rooms show the bot as `‽Name` (`|N|`)."""

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await server.send_room("survivor", "|N|!Survivor Bot|survivorbot")  # muted in this room only
        await asyncio.sleep(0.1)
        assert client.restriction is None
        await server.send_room("survivor", "|N|‽Survivor Bot|survivorbot")
        await wait_until(lambda: any(isinstance(e, Locked) for e in events))
        client.say("survivor", "not while locked")
        await server.send_room("survivor", "|N|*Survivor Bot|survivorbot")
        await wait_until(lambda: any(isinstance(e, Unlocked) for e in events))
        client.say("survivor", "back")
        await server.wait_for_frame(lambda f: f == "survivor|back")
        assert "survivor|not while locked" not in server.received

    run_client(scenario)
