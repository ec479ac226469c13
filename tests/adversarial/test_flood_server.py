"""A flood of every information and signup command from several users, against the real local server
with the bot at ordinary rank (no HTML: the player list is a room line): the list's lines are
gathered, the confirmations wait in their limited lane, and the host's `$start` is not held back
(issue 27 finding 9; the bot's event loop under such a flood is measured by bench/flood.py)."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))  # the e2e harness

from harness import FakeLoginServer, LoginPolicy, PSServer, RSAKey, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import HOST_NAME, E2EEnv, default_server_options
from harness.player import Line, Player

from survivor_host.engine.ids import to_id

pytestmark = pytest.mark.e2e

ROOM = "survivor"
FLOOD = ("pl", "in", "rules", "out", "help", "salt pepper{n}", "lb", "in", "points", "lastgame", "out",
         "replay {n}", "games Name{n}")  # fmt: skip
"""Every information and signup command, `{n}` a new number each time (a new NAME each time)."""
FLOOD_SECONDS = 6.0
START_WITHIN = 4.0
"""Seconds from `$start` to its client-seed line, during the flood (the old bot took tens)."""


@pytest.fixture(scope="module")
def env() -> Iterator[E2EEnv]:
    """A server of this module's own where the bot has no room rank."""
    key = RSAKey.generate(2048)
    login = FakeLoginServer(key, policy=LoginPolicy.build())
    login.start_in_thread()
    server = PSServer(default_server_options(key, login, bot_rank=None), name="adversarial-flood")
    try:
        server.start()
        yield E2EEnv(server=server, login=login, key=key)
    finally:
        server.close()
        login.stop_thread()


def said_by_bot(line: Line) -> bool:
    return line.type in ("c", "c:") and to_id(line.parts[2 if line.type == "c:" else 1]) == to_id(BOT_NAME)


async def flood(person: Player, until: float) -> int:
    """`person` sends the flood's commands, by PM and in the room by turns, at the server's pace."""
    sent = 0
    while time.monotonic() < until:
        command = FLOOD[sent % len(FLOOD)].format(n=sent)
        if sent % 2:
            await person.pm(BOT_NAME, command)
        else:
            await person.say(ROOM, "/me in" if command == "in" else "/me out" if command == "out" else f"${command}")
        sent += 1
    return sent


def test_a_flood_of_info_and_signup_commands_does_not_hold_the_start_back(env: E2EEnv, tmp_path: Path) -> None:
    bot = BotProcess(env, tmp_path / "bot", rooms=(ROOM,)).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            people = [await stack.enter_async_context(env.player(name)) for name in
                      (HOST_NAME, "Flood Ann", "Flood Ben", "Flood Cal", "Quin", "Rae", "Sol")]  # fmt: skip
            for person in people:
                await person.join(ROOM)
            host, *flooders = people[:4]
            mark = host.mark()
            await host.say(ROOM, "$host ftl")
            await host.wait_for(r"signups are open", room=ROOM, since=mark, timeout=20)
            for player in people[4:]:
                await player.say(ROOM, "/me in")
            await host.wait_for(r"PL \(3\)", room=ROOM, since=mark, timeout=20)
            began = host.mark()
            until = time.monotonic() + FLOOD_SECONDS
            flooding = [asyncio.create_task(flood(person, until)) for person in flooders]
            await asyncio.sleep(FLOOD_SECONDS / 2)
            await host.say(ROOM, "$start")
            asked = host.sent[-1][0]
            seeded = await host.wait_for(r"client seed", room=ROOM, since=began, timeout=60)
            late = seeded.time - asked
            sent = sum(await asyncio.gather(*flooding))
            lists = [ln for ln in host.transcript[began:] if said_by_bot(ln) and "**PL (" in ln.text]
            assert sent >= 20, sent
            assert late < START_WITHIN, f"$start answered {late:.1f} s late"
            assert len(lists) <= FLOOD_SECONDS / 2 + 1, len(lists)

    try:
        run_async(scenario(), timeout=90)
    finally:
        bot.stop()
