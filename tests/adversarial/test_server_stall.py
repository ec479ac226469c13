"""A stalled server and stale buttons against the real local server: a server paused with SIGSTOP at a
deadline's edge does not eliminate the players whose PMs it received in time (the game pauses with one
room line and resumes), and a button of a wait that has passed is refused, never counted for the
current one."""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
import re
import signal
import subprocess
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
from survivor_host.engine.inputs import parse_command
from survivor_host.themes import new_game

pytestmark = pytest.mark.e2e

ROOM = "survivor"
IDLE = "did not answer before the deadline (idle)"
BUTTON = re.compile(r'name="send" value="([^"]+)"')


@pytest.fixture(scope="module")
def env() -> Iterator[E2EEnv]:
    """A server of this module's own (one test stops it), with its login server."""
    key = RSAKey.generate(2048)
    login = FakeLoginServer(key, policy=LoginPolicy.build())
    login.start_in_thread()
    server = PSServer(default_server_options(key, login), name="adversarial-stall")
    try:
        server.start()
        yield E2EEnv(server=server, login=login, key=key)
    finally:
        server.close()
        login.stop_thread()


def from_bot(line: Line) -> bool:
    return line.type == "pm" and to_id(line.parts[1]) == to_id(BOT_NAME)


def bot_said(line: Line, pattern: str) -> bool:
    if line.type not in ("c", "c:") or line.in_init:
        return False
    author = line.parts[2] if line.type == "c:" else line.parts[1]
    return to_id(author) == to_id(BOT_NAME) and re.search(pattern, line.text) is not None


def leader_for(names: list[str], seed: str) -> str:
    game = new_game("ftl", names, options={"leader": "pick"}, seed=seed)
    game.start()
    return next(seat.name for seat in game.seats if game.marks(seat) == " (leader)")


async def sign_up(stack: contextlib.AsyncExitStack, env: E2EEnv, names: list[str]) -> list[Player]:
    people = [await stack.enter_async_context(env.player(name)) for name in [HOST_NAME, *names]]
    for person in people:
        await person.join(ROOM)
    host = people[0]
    mark = host.mark()
    await host.say(ROOM, "$host ftl")
    await host.wait_for(r"signups are open", room=ROOM, since=mark, timeout=20)
    for count, person in enumerate(people[1:], start=1):
        await person.say(ROOM, "/me in")
        await host.wait_for(rf"PL \({count}\)", room=ROOM, since=mark, timeout=20)
    return people


def stall_bot(
    env: E2EEnv, tmp_path: Path, seed: str, deadline: float, heartbeat: float | None = None
) -> tuple[BotProcess, subprocess.Popen[bytes]]:
    """The bot, started with a choice deadline of `deadline` seconds (and a websocket `heartbeat` when
    given), and the server's process (to stall)."""
    bot = BotProcess(
        env, tmp_path / "bot", defaults={"leader": "pick", "secret_deadline": int(deadline), "reminder": 0},
        fixed_seed=seed, tables={"server": {"heartbeat": heartbeat}} if heartbeat is not None else {},
    ).start()  # fmt: skip
    node = env.server.proc
    assert node is not None
    return bot, node


async def start_game(
    stack: contextlib.AsyncExitStack, env: E2EEnv, names: list[str], seed: str
) -> tuple[Player, list[Player], int]:
    """Sign `names` up and start: the host, the players who owe a choice (once each has its prompt), and
    the host's mark at the start."""
    leader = leader_for(names, seed)
    host, *players = await sign_up(stack, env, names)
    choosers = [person for person in players if person.name != leader]
    marks = {person.name: person.mark() for person in choosers}
    start = host.mark()
    await host.say(ROOM, "$start")
    for person in choosers:
        await person.wait_for(
            lambda ln: from_bot(ln) and "follow or rebel" in ln.text, since=marks[person.name], timeout=30
        )
    return host, choosers, start


def test_players_who_pmed_before_a_stall_at_the_deadline_are_not_eliminated(env: E2EEnv, tmp_path: Path) -> None:
    names = ["Stall Ann", "Stall Ben", "Stall Cat", "Stall Dan"]
    deadline, stall = 6.0, 8.0
    bot, node = stall_bot(env, tmp_path, "stall-1", deadline)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, choosers, start = await start_game(stack, env, names, "stall-1")
            prompted = time.monotonic()
            await asyncio.sleep(deadline - 2.0 - (time.monotonic() - prompted))
            os.kill(node.pid, signal.SIGSTOP)  # the server stalls 2 s before the deadline
            try:
                for person in choosers:  # in time: the server has them before the deadline
                    await person.pm(BOT_NAME, "follow")
                await asyncio.sleep(stall)
            finally:
                os.kill(node.pid, signal.SIGCONT)
            await host.wait_for(
                lambda ln: bot_said(ln, rf"All choices are in|{re.escape(IDLE)}"), since=start, timeout=30
            )
            said = [line.text for line in host.lines(ROOM, since=start)]
            assert not any(IDLE in text for text in said), said  # nobody who PMed in time is out
            await host.wait_for(lambda ln: bot_said(ln, r"The server answers again"), since=start, timeout=30)
            said = [line.text for line in host.lines(ROOM, since=start)]
            assert sum("The server is not answering" in text for text in said) == 1, said
            assert any("The server answers again" in text for text in said), said
            for person in choosers:
                assert not any("not in a game" in pm.text for pm in person.pms(with_user=BOT_NAME))

    try:
        run_async(scenario(), timeout=120)
    finally:
        bot.stop()
    assert "has not caught up" in bot.log()  # the stall is logged as a warning


def test_a_stall_that_outlasts_the_connection_puts_nobody_out_and_the_room_is_told(env: E2EEnv, tmp_path: Path) -> None:
    """A stall past the websocket's ping timeout (`heartbeat` s without a frame, then half of it without
    a pong; the link drops after the deadline's own stall pause): the bot reconnects. The room still
    reads that play paused and resumed, the deadline gets back the time it had when the server went
    silent, and a player whose PM the server dropped ("offline") is asked again, with the time left,
    and is counted."""
    names = ["Long Ann", "Long Ben", "Long Cat", "Long Dan"]
    deadline, before, heartbeat = 20.0, 6.0, 10.0
    stall = 1.5 * heartbeat + 10.0  # outlasts the ping and its pong timeout with room to spare
    bot, node = stall_bot(env, tmp_path, "long-stall-1", deadline, heartbeat)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, choosers, start = await start_game(stack, env, names, "long-stall-1")
            prompted = time.monotonic()
            early, late = choosers[:-1], choosers[-1]
            for person in early:
                mark = person.mark()
                await person.pm(BOT_NAME, "follow")
                await person.wait_for(lambda ln: from_bot(ln) and "You chose" in ln.text, since=mark)
            await asyncio.sleep(max(deadline - before - (time.monotonic() - prompted), 0.0))
            os.kill(node.pid, signal.SIGSTOP)  # the server stalls 6 s before the deadline, past the ping timeout
            try:
                sent = late.mark()
                await late.pm(BOT_NAME, "follow")  # in time, but dropped: the bot is gone when the server reads it
                await asyncio.sleep(stall)
            finally:
                os.kill(node.pid, signal.SIGCONT)
            told = await late.wait_for(
                lambda ln: from_bot(ln) and "seconds left" in ln.text, since=sent, timeout=60
            )  # asked again, with the time left
            left = int(re.findall(r"(\d+) seconds left", told.text)[0])
            assert left >= before - 1, told.text  # the time it had when the server went silent
            await late.pm(BOT_NAME, "follow")
            await host.wait_for(
                lambda ln: bot_said(ln, rf"All choices are in|{re.escape(IDLE)}"), since=start, timeout=60
            )
            said = [line.text for line in host.lines(ROOM, since=start) if bot_said(line, ".")]
            assert not any(IDLE in text for text in said), said
            paused = [n for n, text in enumerate(said) if "The server is not answering" in text]
            resumed = [n for n, text in enumerate(said) if "The server answers again" in text]
            assert paused and resumed and paused[0] < resumed[0], said

    try:
        run_async(scenario(), timeout=240)
    finally:
        bot.stop()
    assert "reconnect=True" in bot.log()


def round_two_choosers(names: list[str], seed: str) -> list[str]:
    """With everyone following in round 1, who owes a choice in round 2 (none if the game went otherwise)."""
    game = new_game("ftl", names, options={"leader": "pick"}, seed=seed)
    game.start()
    for wait in game.awaiting():
        game.apply(parse_command("follow", wait.player))
    if game.finished or game.round != 2 or game.phase != "choices":
        return []
    return [wait.player for wait in game.awaiting()]


def test_a_button_of_a_wait_that_has_passed_is_refused(env: E2EEnv, tmp_path: Path) -> None:
    names = ["Click Ann", "Click Ben", "Click Cat", "Click Dan"]
    seed = next(f"click-{n}" for n in range(500) if round_two_choosers(names, f"click-{n}"))
    clicker = round_two_choosers(names, seed)[0]
    bot = BotProcess(env, tmp_path / "bot", defaults={"leader": "pick", "reminder": 0}, fixed_seed=seed).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await sign_up(stack, env, names)
            by_name = {person.name: person for person in players}
            me = by_name[clicker]
            mark = me.mark()
            await host.say(ROOM, "$start")
            first = await me.wait_for(lambda ln: from_bot(ln) and "follow or rebel" in ln.text, since=mark, timeout=30)
            old_buttons = [html.unescape(value) for value in BUTTON.findall(first.text)]
            rebel = next(value for value in old_buttons if "rebel" in value)
            for name in names:
                if name != leader_for(names, seed):
                    await by_name[name].pm(BOT_NAME, "follow")  # round 1: typed, as before
            second = await me.wait_for(
                lambda ln: from_bot(ln) and "Round 2" in ln.text and "follow or rebel" in ln.text,
                since=first.index + 1,
                timeout=30,
            )
            await me.send("", rebel)  # round 1's button, clicked in round 2
            told = await me.wait_for(
                lambda ln: from_bot(ln) and "question that is over" in ln.text, since=second.index + 1, timeout=15
            )
            await me.pm(BOT_NAME, "follow")  # typed: taken
            taken = await me.wait_for(
                lambda ln: from_bot(ln) and "You chose" in ln.text, since=told.index + 1, timeout=15
            )
            assert "follow" in taken.text.lower(), taken.text
            shown = await me.wait_for(  # the server took the prompt's change in place (`/pmuhtmlchange`)
                lambda ln: from_bot(ln) and ln.rest(3).startswith("/uhtmlchange ") and "Round" not in ln.text,
                since=second.index + 1,
                timeout=15,
            )
            assert "You chose <b>Follow</b>" in shown.text, shown.text
            said = [line.text for line in me.lines(since=second.index + 1) if from_bot(line)]
            assert not any("You chose to **rebel**" in text for text in said), said  # never counted

    try:
        run_async(scenario(), timeout=120)
    finally:
        bot.stop()


def test_a_spectators_click_on_a_room_vote_button_reaches_the_bot_alone(env: E2EEnv, tmp_path: Path) -> None:
    names = ["Vote Ann", "Vote Ben", "Vote Cat"]
    bot = BotProcess(env, tmp_path / "bot", defaults={"reminder": 0}, fixed_seed="vote-1").start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *_ = await sign_up(stack, env, names)
            watcher = await stack.enter_async_context(env.player("Vote Watcher"))
            await watcher.join(ROOM)
            mark = watcher.mark()
            await host.say(ROOM, "$start")
            box = await watcher.wait_for(
                lambda ln: bot_said(ln, r"\|/uhtml survivorvote") and "Vote for the first leader" in ln.text,
                since=mark,
                timeout=30,
            )
            click = html.unescape(BUTTON.findall(box.text)[0])
            assert click.startswith("/msgroom survivor, /botmsg "), click  # the quiet form
            sent = watcher.mark()
            await watcher.send(ROOM, click)  # what the client sends for the room box's button
            answer = await watcher.wait_for(from_bot, since=sent, timeout=15)  # the spectator is answered
            assert "vote" in answer.text.lower() or "not" in answer.text.lower(), answer.text
            await asyncio.sleep(1.0)
            said = [line for line in host.lines(ROOM, since=mark) if line.type in ("c", "c:")]
            assert not any("Vote Watcher" in (line.parts[2] if line.type == "c:" else line.parts[1]) for line in said)

    try:
        run_async(scenario(), timeout=120)
    finally:
        bot.stop()
