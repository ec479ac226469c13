"""Findings 6 and 7 against the real local server, the bot as its own process (tests/e2e/harness):
a draw the bot cannot store is refused and play waits for the disk; a `kill -9` between a card's
room line and its PMs loses no card (the restart sends them). The faults come on cue
(tests/adversarial/faulty_bot.py)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))  # the e2e harness

from harness import FakeLoginServer, LoginPolicy, PSServer, RSAKey, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import HOST_NAME, E2EEnv, default_server_options
from harness.player import Player

pytestmark = pytest.mark.e2e

ROOM = "survivor"
PROGRAM = (str(Path(__file__).resolve().parent / "faulty_bot.py"),)


@pytest.fixture(scope="module")
def env() -> Iterator[E2EEnv]:
    """A server of this module's own (the bot `*` in the room, the host `~`)."""
    key = RSAKey.generate(2048)
    login = FakeLoginServer(key, policy=LoginPolicy.build())
    login.start_in_thread()
    server = PSServer(default_server_options(key, login), name="adversarial-store")
    try:
        server.start()
        yield E2EEnv(server=server, login=login, key=key)
    finally:
        server.close()
        login.stop_thread()


@pytest.fixture
def bot(env: E2EEnv, tmp_path: Path) -> Iterator[BotProcess]:
    bot = BotProcess(env, tmp_path / "bot", rooms=(ROOM,), program=PROGRAM)
    try:
        yield bot
    finally:
        bot.stop()


def card_pms(player: Player) -> list[str]:
    return [pm.text for pm in player.pms(with_user=BOT_NAME) if re.match(r"#\d+ .*card in survivor: ", pm.text)]


async def eventually(check: object, timeout: float = 20.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


async def open_session(stack: contextlib.AsyncExitStack, env: E2EEnv, player_name: str) -> tuple[Player, Player]:
    """The host's session with one player, signups closed: draws may begin."""
    host = await stack.enter_async_context(env.player(HOST_NAME))
    player = await stack.enter_async_context(env.player(player_name))
    for person in (host, player):
        await person.join(ROOM)
    mark = host.mark()  # the room's history (an earlier test's session) is not read as new
    await host.say(ROOM, "$handhost")
    opened = r"Fair dice session h1 in survivor \(host E2E Host\)"
    await host.wait_for(opened, room=ROOM, since=mark, include_init=False)
    await player.say(ROOM, "/me in")
    await eventually(lambda: any("on E2E Host's list" in pm.text for pm in player.pms(with_user=BOT_NAME)), what="in")
    await host.say(ROOM, "$close")
    await host.wait_for(r"Session h1 client seed ", room=ROOM, since=mark, include_init=False)
    return host, player


def test_kill9_between_a_cards_room_line_and_its_pms_loses_no_card(env: E2EEnv, bot: BotProcess) -> None:
    bot.start()
    cue = bot.folder / "KILL_AT_CARD_PM"

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, player = await open_session(stack, env, "Card Taker")
            cue.touch()
            mark = host.mark()
            await host.say(ROOM, "$card Card Taker")
            await host.wait_for(r"#1 card 13 for Card Taker: dealt by PM", room=ROOM, since=mark, timeout=20)
            await asyncio.to_thread(lambda: bot.process.wait(20) if bot.process else None)
            assert card_pms(player) == [] and card_pms(host) == []  # killed before the PMs went out
            bot.kill9()
            cue.unlink()
            await asyncio.to_thread(bot.start)
            await eventually(lambda: card_pms(player) and card_pms(host), what="the card's PMs after the restart")
            (taken,) = card_pms(player)
            value = taken.rsplit(": ", 1)[1]
            assert taken == f"#1 your card in survivor: {value}"
            assert card_pms(host) == [f"#1 Card Taker's card in survivor: {value}"]
            await host.say(ROOM, "$done")
            await host.wait_for(rf"Session h1 cards: #1 Card Taker {re.escape(value)}$", room=ROOM, timeout=20)

    run_async(scenario(), timeout=120)
    assert "Traceback" not in bot.log().split("=== start 2 ===")[-1]


def test_a_draw_the_disk_cannot_take_is_refused_and_play_waits_for_the_disk(env: E2EEnv, bot: BotProcess) -> None:
    bot.start()
    cue = bot.folder / "FULL"

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, _player = await open_session(stack, env, "Disk Watcher")
            cue.touch()
            mark = host.mark()
            await host.say(ROOM, "$roll 100")
            await host.wait_for(r"\*\*Paused:\*\* I cannot write my database \(its disk is full\)", room=ROOM,
                                since=mark, timeout=20)  # fmt: skip
            await eventually(lambda: any(pm.text.startswith("Not taken: I cannot write my database")
                                         for pm in host.pms(with_user=BOT_NAME)), what="the refusal")  # fmt: skip
            await host.say(ROOM, "$roll 100")  # refused again: no second room line
            cue.unlink()
            await host.wait_for(r"I can write my database again: play goes on\.", room=ROOM, since=mark, timeout=30)
            said = [m.text for m in host.chat(ROOM, since=mark) if "database" in m.text or m.text.startswith("#")]
            assert len(said) == 2, said  # one pause line, one resume line, no draw
            await host.say(ROOM, "$roll 100")
            await host.wait_for(r"#1 roll 100: \d+$", room=ROOM, since=mark, timeout=20)  # the first number
            bot.kill9()
            await asyncio.to_thread(bot.start)
            # #1 may be sent again: the kill can come before the bot saw the room take it
            resumed = r"session h1 \(E2E Host\) goes on from draw #2( \(sent again: #1\))?;"
            await host.wait_for(resumed, room=ROOM, since=mark, timeout=30)

    run_async(scenario(), timeout=120)
