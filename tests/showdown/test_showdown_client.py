"""The client against a fake Showdown server on 127.0.0.1: login, joins, state, sending, reconnects."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest
from showdown_fakes import PASSWORD, FakeShowdown, RoomSpec

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.escape import escape_text
from survivor_host.showdown.events import Connected, Disconnected, Pong
from survivor_host.showdown.login import LoginError
from survivor_host.showdown.messages import Chat, Init, Message, Users
from survivor_host.showdown.rooms import decide_pace
from survivor_host.showdown.sendqueue import PACE_PUBLIC_BOT, PACE_REGULAR, PACE_TRUSTED

Scenario = Callable[[ShowdownClient, FakeShowdown, list[Message]], Awaitable[None]]


def survivor_room(**changes: Any) -> RoomSpec:
    spec = RoomSpec(
        title="Survivor",
        users=["@Mod@!", " Player One", "+Voice"],
        auth={"*": ["survivorbot"], "@": ["mod"], "+": ["voice"]},
        scrollback=["|c:|1699999990|@Mod|.start old", "|J| Ghost"],
    )
    return replace(spec, **changes)


def make_config(server: FakeShowdown, **changes: Any) -> ClientConfig:
    config = ClientConfig(
        server_url=server.ws_url.replace("http://", "ws://"),
        login_url=server.login_url,
        username="Survivor Bot",
        password=PASSWORD,
        rooms=("Survivor",),
        heartbeat=5.0,
        login_timeout=5.0,
        join_timeout=3.0,
        backoff_initial=0.01,
        backoff_max=0.05,
    )
    return replace(config, **changes)


async def wait_until(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


def run_client(
    scenario: Scenario,
    *,
    setup: Callable[[FakeShowdown], None] | None = None,
    expect_error: type[BaseException] | None = None,
    **changes: Any,
) -> list[Message]:
    events: list[Message] = []

    async def main() -> None:
        server = FakeShowdown()
        server.rooms["survivor"] = survivor_room()
        if setup is not None:
            setup(server)
        await server.start()

        async def handler(message: Message) -> None:
            events.append(message)

        client = ShowdownClient(make_config(server, **changes), handler, rand=lambda: 0.0)
        task = asyncio.create_task(client.run())
        try:
            await asyncio.wait_for(scenario(client, server, events), timeout=15)
        finally:
            await client.close()
            if expect_error is None:
                await asyncio.wait_for(task, timeout=5)
            else:
                with pytest.raises(expect_error):
                    await asyncio.wait_for(task, timeout=5)
            await server.stop()

    asyncio.run(main())
    return events


def test_logs_in_joins_and_dispatches() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        assert client.logged_in
        assert client.name == "Survivor Bot"
        assert server.logins[0]["act"] == "login"
        assert server.logins[0]["name"] == "Survivor Bot"
        assert server.logins[0]["challstr"] == "4|c0001"
        trn = await server.wait_for_frame(lambda f: f.startswith("|/trn "))
        assert trn == "|/trn Survivor Bot,0,4|c0001,survivorbot,2,0,local;sig"
        await server.wait_for_frame(lambda f: f == "|/join survivor")
        state = client.room("survivor")
        assert state is not None and state.title == "Survivor"
        assert client.my_rank("survivor") == "*"
        assert client.rank_of("survivor", "Mod") == "@"
        assert client.rank_of("survivor", "playerone") == " "
        assert client.rank_of("survivor", "nobody") is None
        assert client.rank_of("elsewhere", "mod") is None
        assert client.can_use_html("survivor")
        await server.send_room("survivor", "|c:|1700000100| Player One|/me in")
        await wait_until(lambda: any(isinstance(e, Chat) and not e.history for e in events))

    events = run_client(scenario)
    kinds = [type(e) for e in events]
    assert kinds.index(Init) < kinds.index(Connected)
    connected = next(e for e in events if isinstance(e, Connected))
    assert connected == Connected(reconnect=False, rooms=("survivor",))
    chats = [e for e in events if isinstance(e, Chat)]
    assert [(c.text, c.history) for c in chats] == [(".start old", True), ("/me in", False)]
    assert chats[1].me_text == "in"
    assert isinstance(events[-1], Disconnected) and events[-1].reason == "closed"


def test_room_state_follows_joins_leaves_renames() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        assert client.rank_of("survivor", "ghost") is None  # scrollback joins are ignored
        await server.send_room("survivor", "|J| Newbie")
        await wait_until(lambda: client.rank_of("survivor", "newbie") == " ")
        await server.send_room("survivor", "|N|+Newbie|newbie")
        await wait_until(lambda: client.rank_of("survivor", "newbie") == "+")
        await server.send_room("survivor", "|N| Renamed@!|newbie")
        await wait_until(lambda: client.rank_of("survivor", "renamed") == " ")
        assert client.rank_of("survivor", "newbie") is None
        await server.send_room("survivor", "|L| Renamed")
        await wait_until(lambda: client.rank_of("survivor", "renamed") is None)
        await server.send_room("survivor", "|users|2,#Owner,*Survivor Bot")
        await wait_until(lambda: client.rank_of("survivor", "owner") == "#")
        assert client.rank_of("survivor", "mod") is None
        await server.send_room("survivor", "|deinit")
        await wait_until(lambda: client.room("survivor") is None)

    run_client(scenario)


def test_sending_api_builds_the_right_lines() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        client.say("survivor", "hello | world")
        client.say("survivor", "/me sneaks")
        client.pm("Player One", "!dt pikachu")
        client.send_command("survivor", "/wall Signups are open")
        client.add_html_box("survivor", "<b>PL</b>\n<i>3</i>")
        client.add_uhtml("survivor", "signups", "<b>open</b>")
        client.change_uhtml("survivor", "signups", "<b>closed</b>")
        client.pm_uhtml("survivor", "Player One", "prompt", "<button>Go</button>")
        client.change_pm_uhtml("survivor", "Player One", "prompt", "done")
        client.send_private_html_box("survivor", "Player One", "<i>secret</i>")
        client.send_private_uhtml("survivor", "Player One", "box", "a")
        client.change_private_uhtml("survivor", "Player One", "box", "b")
        await server.wait_for_frame(lambda f: f.startswith("survivor|/changeprivateuhtml"))

    expected = [
        "survivor|hello | world",
        "survivor|//me sneaks",
        "|/msg playerone, \u200b!dt pikachu",
        "survivor|/wall Signups are open",
        "survivor|/addhtmlbox <b>PL</b> <i>3</i>",
        "survivor|/adduhtml signups, <b>open</b>",
        "survivor|/changeuhtml signups, <b>closed</b>",
        "survivor|/pmuhtml playerone, prompt, <button>Go</button>",
        "survivor|/pmuhtmlchange playerone, prompt, done",
        "survivor|/sendprivatehtmlbox playerone, <i>secret</i>",
        "survivor|/sendprivateuhtml playerone, box, a",
        "survivor|/changeprivateuhtml playerone, box, b",
    ]
    received: list[str] = []

    async def capture(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await scenario(client, server, events)
        received.extend(server.received)

    run_client(capture)
    tail = [f for f in received if not f.startswith("|/") or f.startswith("|/msg")]
    assert tail == expected


def test_escape_text() -> None:
    assert escape_text("/me in") == "//me in"
    assert escape_text("!roll 6") == "\u200b!roll 6"
    assert escape_text("hi /me") == "hi /me"
    assert escape_text("") == ""


def test_decide_pace() -> None:
    assert decide_pace(" ", []) == PACE_REGULAR
    assert decide_pace("*", []) == PACE_PUBLIC_BOT
    assert decide_pace(" ", ["*"]) == PACE_PUBLIC_BOT
    assert decide_pace("+", []) == PACE_TRUSTED
    assert decide_pace(" ", ["%"]) == PACE_TRUSTED
    assert decide_pace(" ", ["#", "+"]) == PACE_TRUSTED
    assert decide_pace(" ", ["+"]) == PACE_REGULAR
    assert decide_pace("‽", []) == PACE_REGULAR


@pytest.mark.parametrize(
    ("public", "auth", "global_rank", "pace"),
    [
        (True, {"*": ["survivorbot"]}, " ", PACE_PUBLIC_BOT),
        (False, {"*": ["survivorbot"]}, " ", PACE_REGULAR),
        (True, {"@": ["survivorbot"]}, " ", PACE_TRUSTED),
        (True, {}, " ", PACE_REGULAR),
        (True, {}, "+", PACE_TRUSTED),
    ],
)
def test_pace_from_status(public: bool, auth: dict[str, list[str]], global_rank: str, pace: float) -> None:
    def setup(server: FakeShowdown) -> None:
        server.rooms["survivor"] = survivor_room(public=public, auth=auth)
        server.global_rank = global_rank

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        assert client.pace == PACE_REGULAR or pace != PACE_REGULAR
        await server.wait_for_frame(lambda f: f == "|/cmd roominfo survivor")
        await wait_until(lambda: (state := client.room("survivor")) is not None and state.public is not None)
        assert client.pace == pace
        assert client.global_rank == global_rank

    run_client(scenario, setup=setup)


def test_throttle_notice_slows_the_queue() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await wait_until(lambda: client.pace == PACE_PUBLIC_BOT)
        server.dropped_lines.add("lost line")  # dropped: no echo comes back for it
        client.say("survivor", "lost line")
        await server.wait_for_frame(lambda f: f == "survivor|lost line")
        await server.send_room(
            "survivor",
            '|raw|<strong class="message-throttle-notice">Your message was not sent because '
            "you've been typing too quickly.</strong>",
        )
        await wait_until(lambda: client.pace == PACE_TRUSTED)
        await wait_until(lambda: server.received.count("survivor|lost line") == 2)
        server.dropped_lines.clear()

    run_client(scenario)


def test_join_of_missing_room_does_not_block() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        assert set(client.rooms) == {"survivor"}

    events = run_client(scenario, rooms=("survivor", "nowhere"))
    connected = next(e for e in events if isinstance(e, Connected))
    assert connected.rooms == ("survivor",)


def test_name_taken_gives_up_after_max_failures() -> None:
    def setup(server: FakeShowdown) -> None:
        server.taken_names.add("survivorbot")

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        # Both refusals must have arrived before the test closes the client (closing during the
        # second login made it a connection problem, and the test flaky).
        await wait_until(lambda: sum(f.startswith("|/trn ") for f in server.received) >= 2)
        await asyncio.sleep(0.3)

    run_client(scenario, setup=setup, expect_error=LoginError, max_login_failures=2)


def test_wrong_password_is_a_login_error() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await wait_until(lambda: len(server.logins) >= 1)

    run_client(scenario, expect_error=LoginError, password="wrong", max_login_failures=1)


def test_reconnects_after_drop_and_rejoins() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await server.drop_all()
        await wait_until(lambda: any(isinstance(e, Disconnected) for e in events))
        client.say("survivor", "queued while away")
        await wait_until(lambda: sum(isinstance(e, Connected) for e in events) == 2)
        assert client.my_rank("survivor") == "*"
        await server.wait_for_frame(lambda f: f == "survivor|queued while away")

    events = run_client(scenario)
    connected = [e for e in events if isinstance(e, Connected)]
    assert [c.reconnect for c in connected] == [False, True]
    order = [type(e).__name__ for e in events if isinstance(e, Connected | Disconnected)]
    assert order == ["Connected", "Disconnected", "Connected", "Disconnected"]
    assert not any(e.stalled for e in events if isinstance(e, Disconnected))  # dropped, not a silent server
    assert sum(isinstance(e, Users) for e in events) == 2


def test_missed_pong_reconnects() -> None:
    def setup(server: FakeShowdown) -> None:
        server.autoping = False

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await wait_until(lambda: server.connections >= 2 and client.logged_in, timeout=8)

    events = run_client(scenario, setup=setup, heartbeat=1.0)
    assert any(isinstance(e, Disconnected) and e.reason == "connection lost" and e.stalled for e in events)


def test_the_servers_pong_to_the_keepalive_ping_is_heard() -> None:
    """A quiet link: the server's pong reaches the handler (the bot counts it as the server heard)."""

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await wait_until(lambda: any(isinstance(e, Pong) for e in events), timeout=5)

    events = run_client(scenario, heartbeat=0.5)
    assert not any(isinstance(e, Disconnected) and e.stalled for e in events)


def test_the_servers_ping_is_answered() -> None:
    def setup(server: FakeShowdown) -> None:
        server.autoping = False  # the fake server sees the pong

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await server.sockets[0].ping(b"are you there")
        await wait_until(lambda: server.pongs == [b"are you there"])

    run_client(scenario, setup=setup)


def test_backoff_doubles_to_the_cap_with_jitter() -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    delays: list[float] = []

    async def main() -> None:
        config = ClientConfig(
            server_url=f"ws://127.0.0.1:{port}/showdown/websocket",
            username="Bot",
            login_url=f"http://127.0.0.1:{port}/api/login",
        )
        client: ShowdownClient

        async def fake_sleep(seconds: float) -> None:
            delays.append(seconds)
            if len(delays) == 7:
                await client.close()
            await asyncio.sleep(0)

        client = ShowdownClient(config, rand=lambda: 0.5, sleep=fake_sleep)
        await asyncio.wait_for(client.run(), timeout=10)

    asyncio.run(main())
    assert delays == pytest.approx([1.05, 2.1, 4.2, 8.4, 16.8, 31.5, 31.5])


def test_close_before_connect_returns() -> None:
    async def main() -> None:
        client = ShowdownClient(ClientConfig(server_url="ws://127.0.0.1:9/x", username="Bot"))
        task = asyncio.create_task(client.run())
        await asyncio.sleep(0)
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=5)

    asyncio.run(main())


def test_the_flood_rule_sets_the_rooms_chat_budget_with_boxes_where_the_bot_is_star() -> None:
    """Issue 19 finding 2: while the room bot's flood filter counts our lines, the queue keeps them within
    it; at `*` waiting lines may share one box (a box is one chat line too)."""

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        assert client.queue.chat_budget("survivor") is None
        client.keep_under_flood_rule("survivor", True)
        budget = client.queue.chat_budget("survivor")
        assert budget is not None and budget.lines == 7 and budget.seconds == 6.0
        assert budget.boxes == client.can_use_html("survivor") is True
        client.keep_under_flood_rule("survivor", False)
        assert client.queue.chat_budget("survivor") is None

    run_client(scenario)
