"""The Showdown client against a real local PS server: login, rank, pacing, HTML, reconnect."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from harness import PSServer, run_async
from harness.env import BOT_ID, E2EEnv

from survivor_host.showdown import (
    Chat,
    ClientConfig,
    Connected,
    Disconnected,
    Message,
    Popup,
    Raw,
    ShowdownClient,
)
from survivor_host.showdown.sendqueue import PACE_PUBLIC_BOT, PACE_REGULAR

BOT_NAME = "Survivor Bot"
assert BOT_ID == "survivorbot"


def bot_client(env: E2EEnv, events: list[Message], **changes: Any) -> ShowdownClient:
    async def handler(message: Message) -> None:
        events.append(message)

    options: dict[str, Any] = {
        "server_url": env.ws_url,
        "login_url": env.login_url,
        "username": BOT_NAME,
        "password": "password",
        "rooms": ("survivor",),
        "heartbeat": 10.0,
    }
    options.update(changes)
    return ShowdownClient(ClientConfig(**options), handler)


async def wait_until(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), timeout)


def own_chat(events: list[Message]) -> list[str]:
    return [e.text for e in events if isinstance(e, Chat) and e.user.userid == BOT_ID and not e.history]


def throttle_signs(events: list[Message]) -> list[Message]:
    return [e for e in events if (isinstance(e, Raw) and e.is_throttle_notice) or isinstance(e, Popup)]


def test_bot_logs_in_joins_and_is_room_bot(e2e: E2EEnv) -> None:
    events: list[Message] = []

    async def scenario() -> None:
        client = bot_client(e2e, events)
        task = asyncio.create_task(client.run())
        try:
            await asyncio.wait_for(client.wait_ready(), 30)
            assert client.logged_in and client.name == BOT_NAME
            assert client.my_rank("survivor") == "*"
            assert client.can_use_html("survivor")
            state = client.room("survivor")
            assert state is not None and state.title == "Survivor"
            # roominfo says the room is public and the bot is its `*`: the 25 ms pace
            await wait_until(lambda: client.pace == PACE_PUBLIC_BOT)

            async with e2e.player("Client Watcher") as watcher:
                await watcher.join("survivor")
                await wait_until(lambda: client.rank_of("survivor", "clientwatcher") == " ")
                mark = watcher.mark()
                for i in range(12):
                    client.say("survivor", f"fast line {i}")
                await watcher.wait_for(r"\|fast line 11$", room="survivor", since=mark)
                said = [m.text for m in watcher.chat("survivor", since=mark) if m.user == BOT_NAME]
                assert said == [f"fast line {i}" for i in range(12)]

                # say() keeps text literal: "/me in" goes out as "//me in" (read as "/me in"), "!dt" after an
                # invisible zero-width space
                client.say("survivor", "/me in")
                client.say("survivor", "!dt pikachu")
                await watcher.wait_for(r"^\|c:\|\d+\|\*Survivor Bot\|//me in$", room="survivor")
                await watcher.wait_for(r"^\|c:\|\d+\|\*Survivor Bot\|\u200b!dt pikachu$", room="survivor")

                client.add_uhtml("survivor", "e2ebox", "<b>Signups</b> are open")
                # the server relays /adduhtml as the bot's chat message `/uhtml NAME,HTML`
                await watcher.wait_for(
                    r"^\|c:\|\d+\|\*Survivor Bot\|/uhtml e2ebox,<b>Signups</b> are open", room="survivor"
                )
                client.pm_uhtml("survivor", "Client Watcher", "prompt", "<i>your turn</i>")
                await watcher.wait_for(r"^\|pm\| Survivor Bot\| Client Watcher\|/uhtml prompt, <i>your turn")
            assert not throttle_signs(events)
        finally:
            await client.close()
            await asyncio.wait_for(task, 10)

    run_async(scenario())
    assert any(isinstance(e, Connected) for e in events)


def test_ordinary_rank_twelve_quick_lines_are_not_throttled(
    ps_server_factory: Callable[..., PSServer], e2e: E2EEnv
) -> None:
    env = e2e.for_server(ps_server_factory(bot_rank=None))
    events: list[Message] = []

    async def scenario() -> None:
        client = bot_client(env, events, heartbeat=1.0)  # the real server must answer pings
        task = asyncio.create_task(client.run())
        try:
            await asyncio.wait_for(client.wait_ready(), 30)
            assert client.my_rank("survivor") == " "
            assert not client.can_use_html("survivor")
            await wait_until(lambda: (s := client.room("survivor")) is not None and s.public is not None)
            assert client.pace == PACE_REGULAR
            lines = [f"ordinary line {i}" for i in range(12)]
            for line in lines:
                client.say("survivor", line)
            await wait_until(lambda: len(own_chat(events)) >= 12, timeout=30)
            assert own_chat(events) == lines
            await asyncio.sleep(3.0)  # a late notice would arrive by now; so would a missed pong
            assert not throttle_signs(events)
            assert not any(isinstance(e, Disconnected) for e in events)
        finally:
            await client.close()
            await asyncio.wait_for(task, 10)

    run_async(scenario())


def test_reconnects_after_server_restart(ps_server_factory: Callable[..., PSServer], e2e: E2EEnv) -> None:
    server = ps_server_factory()
    env = e2e.for_server(server)
    events: list[Message] = []

    async def scenario() -> None:
        client = bot_client(env, events, backoff_initial=0.5, backoff_max=2.0)
        task = asyncio.create_task(client.run())
        try:
            await asyncio.wait_for(client.wait_ready(), 30)
            await asyncio.to_thread(server.restart)
            await wait_until(lambda: any(isinstance(e, Disconnected) for e in events), timeout=30)
            await wait_until(lambda: sum(isinstance(e, Connected) for e in events) == 2, timeout=60)
            assert client.my_rank("survivor") == "*"
            client.say("survivor", "back after restart")
            await wait_until(lambda: "back after restart" in own_chat(events))
        finally:
            await client.close()
            await asyncio.wait_for(task, 10)

    run_async(scenario(), timeout=180)
    connected = [e for e in events if isinstance(e, Connected)]
    assert [c.reconnect for c in connected] == [False, True]
