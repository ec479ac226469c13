"""The room bot's host slot handed back: a room bot that ignores our `.win` (as Sir Vivor's
`commands/userHosts.js` can) keeps its host; the auth who hosted us is asked to `.dehost`, and the
button frees it. A bot killed, or whose link dropped, before the room bot's answer watches for it again
once back, reading the room's scrollback for an answer given while it was away."""

from __future__ import annotations

import asyncio
import contextlib
import html
import re
from collections.abc import Callable

import pytest
from conftest import ROOM_BOT_AUTH
from harness import E2EEnv, PSServer, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import BOT_ID, HOST_NAME
from harness.player import Player
from harness.roombot import RoomBotStandIn
from harness.table import Table
from hosting_kit import Chooser, connect, random_rule
from test_room_bot import AUTH, ROOM, SV

from survivor_host.engine.ids import to_id

BUTTON = re.compile(r'<button[^>]*name="send"[^>]*value="([^"]*)"')


async def play_to_our_win(auth: Player, players: list[Player], seed: str, auth_leaves: bool = False) -> int:
    """The room bot hosts us, `auth` opens Chase the Ace signups (and leaves the room once it starts, if
    `auth_leaves`), `players` play it out, and we say `.win`: the mark in `auth`'s transcript from before
    the hosting."""
    mark: int = auth.mark()
    await auth.say(ROOM, f".host {BOT_NAME}")
    await auth.wait_for(rf"SURVGAME:\*\* {BOT_NAME} is hosting", room=ROOM, since=mark)
    await auth.say(ROOM, "$host cta")
    await auth.wait_for(r"signups are open", room=ROOM, since=mark, timeout=20)
    for count, player in enumerate(players, start=1):
        await player.say(ROOM, "/me in")
        await auth.wait_for(rf"PL \({count}\)", room=ROOM, since=mark, timeout=20)
    table = Table(BOT_NAME, players, Chooser(random_rule(seed)))
    table.start()
    await auth.say(ROOM, "$start")
    watcher = players[0] if auth_leaves else auth
    if auth_leaves:
        await auth.leave(ROOM)
    try:
        await watcher.wait_for(r"\|\.win ", room=ROOM, since=watcher.mark() if auth_leaves else mark, timeout=120)
    finally:
        await table.stop()
    return mark


class DeafToWin(RoomBotStandIn):
    """A room bot whose `.win` and `.done` do nothing."""

    def _cmd_win(self, arg: str, rank: str, name: str) -> None:
        return

    def _cmd_done(self, arg: str, rank: str, name: str) -> None:
        return


def test_an_ignored_win_gets_the_auth_asked_to_dehost(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="hb-cta", tables={"room_bot": {"handback_seconds": 2}})
    bot.start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv = await stack.enter_async_context(DeafToWin(env.ws_url, env.login_url, SV))
            await sv.join(ROOM)
            auth, *players = await connect(stack, env, [AUTH, "Hb Ann", "Hb Ben", "Hb Cat"], [ROOM])
            mark = await play_to_our_win(auth, players, "hb-cta")
            assert sv.games.host is not None and to_id(sv.games.host) == to_id(BOT_NAME)  # the slot is held
            ask = await auth.wait_for(lambda ln: ln.type == "pm" and ".dehost" in ln.text, since=mark, timeout=10)
            assert "did not answer my .win within 2 s" in ask.text
            value = html.unescape(BUTTON.search(ask.text).group(1))  # type: ignore[union-attr]
            assert value == f"/msgroom {ROOM}, .dehost"
            await auth.send("", value)  # the button
            await auth.wait_for(r"The game was forcibly ended\.", room=ROOM, since=mark, timeout=10)
            assert sv.games.host is None

    run_async(scenario(), timeout=240)
    assert "did not take '.win " in bot.log()
    assert "Traceback" not in bot.log()


def test_with_no_auth_in_the_room_the_room_is_asked_and_the_auth_back_gets_the_pm(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="hb-away", tables={"room_bot": {"handback_seconds": 2}})
    bot.start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv = await stack.enter_async_context(DeafToWin(env.ws_url, env.login_url, SV))
            await sv.join(ROOM)
            auth, *players = await connect(stack, env, [AUTH, "Hw Ann", "Hw Ben", "Hw Cat"], [ROOM])
            seen = players[0].mark()
            await play_to_our_win(auth, players, "hb-away", auth_leaves=True)
            await players[0].wait_for(r"Room auth: .* did not answer my \.win", room=ROOM, since=seen, timeout=10)
            back = auth.mark()
            await auth.join(ROOM)
            joined = auth.mark()  # the room's scrollback holds earlier tests' lines
            await auth.say(ROOM, "back")
            ask = await auth.wait_for(lambda ln: ln.type == "pm" and ".dehost" in ln.text, since=back, timeout=10)
            value = html.unescape(BUTTON.search(ask.text).group(1))  # type: ignore[union-attr]
            await auth.send("", value)  # the button
            await auth.wait_for(r"The game was forcibly ended\.", room=ROOM, since=joined, timeout=10)
            assert sv.games.host is None

    run_async(scenario(), timeout=240)
    assert "Traceback" not in bot.log()


class SlowToWin(RoomBotStandIn):
    """A room bot that takes our `.win` a second and a half late."""

    def _cmd_win(self, arg: str, rank: str, name: str) -> None:
        take = super()._cmd_win
        asyncio.get_running_loop().call_later(1.5, lambda: take(arg, rank, name))


@pytest.mark.parametrize("room_bot", [DeafToWin, SlowToWin])
def test_a_bot_killed_before_the_answer_to_its_win_watches_for_it_again(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess], room_bot: type[RoomBotStandIn]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="hb-kill", tables={"room_bot": {"handback_seconds": 2}})
    bot.start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv = await stack.enter_async_context(room_bot(env.ws_url, env.login_url, SV))
            await sv.join(ROOM)
            auth, *players = await connect(stack, env, [AUTH, "Hk Ann", "Hk Ben", "Hk Cat"], [ROOM])
            mark = await play_to_our_win(auth, players, "hb-kill")
            await asyncio.to_thread(bot.kill9)  # before the room bot's answer reached the bot
            if room_bot is SlowToWin:  # it answers while the bot is down: only the scrollback tells
                await auth.wait_for(r"WINNER:", room=ROOM, since=mark, timeout=10)
            killed = auth.mark()
            await asyncio.to_thread(bot.start)
            if room_bot is DeafToWin:
                ask = await auth.wait_for(lambda ln: ln.type == "pm" and ".dehost" in ln.text, since=killed, timeout=10)
                assert "did not answer my .win within 2 s" in ask.text
            else:
                await asyncio.sleep(4)  # twice the wait
                assert not any(".dehost" in line.text for line in auth.transcript[killed:])

    run_async(scenario(), timeout=240)
    assert "Traceback" not in bot.log()


@pytest.mark.parametrize("room_bot", [DeafToWin, SlowToWin])
def test_a_link_dropped_before_the_answer_to_its_win_reads_it_in_the_scrollback(
    e2e: E2EEnv,
    ps_server_factory: Callable[..., PSServer],
    bot_factory: Callable[..., BotProcess],
    room_bot: type[RoomBotStandIn],
) -> None:
    server = ps_server_factory(room_auth=ROOM_BOT_AUTH, extra_config="exports.consoleips = ['127.0.0.1'];\n")
    env = e2e.for_server(server)
    away = {"backoff_initial": 4, "backoff_max": 4}  # back only after the room bot's answer
    tables = {"room_bot": {"handback_seconds": 2}, "server": away}
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="hb-drop", tables=tables)
    bot.start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv = await stack.enter_async_context(room_bot(env.ws_url, env.login_url, SV))
            await sv.join(ROOM)
            auth, *players = await connect(stack, env, [AUTH, "Hd Ann", "Hd Ben", "Hd Cat"], [ROOM])
            (admin,) = await connect(stack, env, [HOST_NAME], [])  # global ~: may use the server's console
            mark = await play_to_our_win(auth, players, "hb-drop")
            dropped, evaluated = auth.mark(), admin.mark()  # before the room bot's answer reached the bot,
            await admin.say("", f"/eval Users.get('{BOT_ID}').connections.forEach(c => c.destroy()), 'dropped'")
            await admin.wait_for(r"<.*dropped", since=evaluated, timeout=10)  # the server drops its link
            if room_bot is SlowToWin:  # it answers while the bot is away: only the scrollback tells
                await auth.wait_for(r"WINNER:", room=ROOM, since=mark, timeout=10)
            for _ in range(200):
                if bot.log().count("reconnect=True"):
                    break
                await asyncio.sleep(0.1)
            assert "reconnect=True" in bot.log(), "the bot did not come back"
            if room_bot is DeafToWin:
                ask = await auth.wait_for(
                    lambda ln: ln.type == "pm" and ".dehost" in ln.text, since=dropped, timeout=10
                )
                assert "did not answer my .win within 2 s" in ask.text
            else:
                await asyncio.sleep(4)  # twice the wait, once back
                assert not any(".dehost" in line.text for line in auth.transcript[dropped:])
                assert sv.games.host is None

    run_async(scenario(), timeout=240)
    assert "Traceback" not in bot.log()
