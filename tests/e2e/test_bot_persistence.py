"""The bot loses nothing: kill -9 at several moments, a PS server restart, a dropped socket, points.

Every test runs the bot as its own process (harness.bot.BotProcess) against a real server, with
simulated players who click the buttons the bot PMs them (harness.table.Table). The checks look at
both sides: what the room saw, and the bot's SQLite database (`inputs`, `games.record`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness import PSServer, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import BOT_ID, HOST_NAME, E2EEnv
from harness.player import Line, Player
from harness.replay import replay_through_host
from harness.table import Table
from hosting_kit import ROUND_TABLE

from survivor_host.engine.ids import to_id

ROOM = "survivor"
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Finn", "Gina"]  # 7 players: the game gives points
GENERIC = re.compile(
    r"^(\*\*PL \(\d+\):\*\*|The bot (restarted|is back)|Waiting on:"
    r"|.* you still owe an action|.* you have not voted yet)"
)


# ----- helpers -----


@dataclass
class Db:
    """The bot's database as the test reads it (a separate connection; the bot may be dead)."""

    path: Path

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        db = sqlite3.connect(self.path, timeout=5)
        try:
            return db.execute(sql, args).fetchall()
        finally:
            db.close()

    def game(self) -> dict[str, Any] | None:
        rows = self._read("SELECT id, status, posted, record FROM games ORDER BY id DESC LIMIT 1")
        if not rows:
            return None
        game_id, status, posted, record = rows[0]
        inputs = [
            json.loads(r[0]) for r in self._read("SELECT input FROM inputs WHERE game_id = ? ORDER BY seq", (game_id,))
        ]
        seqs = [r[0] for r in self._read("SELECT seq FROM inputs WHERE game_id = ? ORDER BY seq", (game_id,))]
        assert seqs == list(range(1, len(seqs) + 1)), f"input seqs are not 1..n: {seqs}"
        return {
            "id": game_id,
            "status": status,
            "posted": posted,
            "record": json.loads(record) if record else None,
            "inputs": inputs,
        }

    def inputs(self) -> list[dict[str, Any]]:
        game = self.game()
        return game["inputs"] if game else []

    def signups(self) -> dict[str, Any] | None:
        rows = self._read("SELECT data FROM signups WHERE room = ?", (ROOM,))
        return json.loads(rows[0][0]) if rows else None


async def eventually(check: Callable[[], Any], timeout: float = 30.0, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}")
        await asyncio.sleep(0.02)


def key(inp: dict[str, Any]) -> tuple[str, str, str | None]:
    return (inp.get("by", ""), inp["action"], inp.get("target"))


def click_key(player: str, command: str) -> tuple[str, str, str | None]:
    action, _, target = command.partition(" ")
    return (player, action, target or None)


def room_chat(host: Player, start: int, end: int) -> list[str]:
    lines = host.transcript[start:end]
    out: list[str] = []
    for ln in lines:
        if ln.room != ROOM or ln.in_init or ln.type not in ("c", "c:"):
            continue
        user, text = (ln.parts[2], ln.rest(3)) if ln.type == "c:" else (ln.parts[1], ln.rest(2))
        if user.lstrip(" +%@*#&~").lower().replace(" ", "") == BOT_ID:
            out.append(text)
    return out


def game_lines(lines: Iterable[str]) -> list[str]:
    return [line for line in lines if not GENERIC.match(line)]


def prompts_to(player: Player, since: int, until_time: float = float("inf")) -> list[Line]:
    """Prompt boxes (HTML with buttons) the bot PMed `player` since `since`, before `until_time`."""
    return [
        ln
        for ln in player.transcript[since:]
        if ln.type == "pm"
        and ln.time < until_time
        and ln.parts[1].lstrip(" +%@*#&~").lower().replace(" ", "") == BOT_ID
        and "/uhtml" in ln.text
        and "button" in ln.text
    ]


def first_swap(player: str, commands: list[str]) -> str | None:
    """Chase the Ace: always swap (so every turn rolls), else the first button."""
    return next((c for c in commands if c.startswith("swap ")), commands[0] if commands else None)


class Gate:
    """A Table policy that holds some players (their prompts go unanswered) until released."""

    def __init__(self, held: Iterable[str] = (), choose: Callable[[str, list[str]], str | None] | None = None) -> None:
        self.held = set(held)
        self.closed = False
        self.choose = choose or (lambda player, commands: commands[0] if commands else None)

    def __call__(self, player: str, commands: list[str]) -> str | None:
        if self.closed or player in self.held:
            return None
        return self.choose(player, commands)

    def release(self) -> None:
        self.held.clear()
        self.closed = False


async def connect(stack: contextlib.AsyncExitStack, env: E2EEnv, names: Sequence[str]) -> list[Player]:
    people = [await stack.enter_async_context(env.player(name)) for name in names]
    for person in people:
        await person.join(ROOM)
    return people


async def open_signups(host: Player, players: Sequence[Player], theme: str = "ftl") -> None:
    mark = host.mark()  # the room's scrollback may hold an earlier game's lines
    await host.say(ROOM, f"$host {theme}")
    await host.wait_for(r"signups are open", room=ROOM, since=mark, include_init=False, timeout=20)
    for person in players:
        await person.say(ROOM, "/me in")
    await host.wait_for(rf"PL \({len(players)}\)", room=ROOM, since=mark, include_init=False, timeout=20)


def check_finished(db: Db, clicks: Sequence[tuple[str, str]], kept: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The game is finished in the database (polled: the bot closes it once its last lines, the players'
    confirmations included, went out); every earlier snapshot of inputs is kept as a prefix, every
    input came from one click, none twice; the record holds exactly the stored inputs."""
    game, until = db.game(), time.monotonic() + 15.0
    while (game is None or game["status"] != "finished") and time.monotonic() < until:
        time.sleep(0.1)
        game = db.game()
    assert game is not None
    assert game["status"] == "finished", game["status"]
    record = game["record"]
    assert record is not None and record["winner"], record
    inputs = game["inputs"]
    assert inputs[: len(kept)] == list(kept), "inputs accepted before the crash were lost or changed"
    assert record["inputs"] == inputs
    assert not any(inp["action"] == "timeout" for inp in inputs), "a deadline expired"
    made = Counter(click_key(player, command) for player, command in clicks)
    stored = Counter(key(inp) for inp in inputs)
    assert stored <= made, f"inputs nobody sent (or stored twice): {stored - made}"
    return game


def expected_lines(record: dict[str, Any], mirror: bool = False) -> list[str]:
    """What the bot says in the room from `.start` on, for this record, when nothing goes wrong: the
    same room host replays the stored inputs in-process (the bot is the room's `*`: each round a table
    box, `/raw ...`, in place of the lines it shows)."""
    return replay_through_host(record, ROOM, html_ok=True, mirror=mirror).room


def check_transcript(
    record: dict[str, Any], before: Sequence[str], after: Sequence[str], in_flight_ok: bool, mirror: bool = False
) -> None:
    """The room saw every announcement of the game exactly once, in order, across the crash: what went
    out before it is a prefix of the expected lines, what came after is the rest, and only the step that
    was in flight (its lines just before the crash) may come twice."""
    expected = game_lines(line for line in expected_lines(record, mirror) if not line.startswith("/"))
    pre = game_lines(line for line in before if not line.startswith("/"))
    post = game_lines(line for line in after if not line.startswith("/"))
    assert pre == expected[: len(pre)], "before the crash the room saw something else than expected"
    start = len(expected) - len(post)
    assert post == expected[start:], f"after the restart the room saw something else: {post[:8]} ..."
    assert start <= len(pre), f"announcements lost: {expected[len(pre) : start]}"
    repeated = expected[start : len(pre)]
    if not in_flight_ok:
        assert not repeated, f"announced twice: {repeated}"


async def finish(host: Player, since: int, timeout: float = 150.0) -> None:
    await host.wait_for(r"wins the game!", room=ROOM, since=since, timeout=timeout)
    await host.wait_for(r"Dice seed: ", room=ROOM, since=since, timeout=20)


def leader_of(host: Player, since: int = 0) -> str:
    for text in room_chat(host, since, len(host.transcript)):
        match = re.search(r"\*\*(.+?)\*\* is picked as the first leader", text)
        if match:
            return match.group(1)
    raise AssertionError("no leader was picked")


# ----- (a) kill -9 mid-round, at whatever moment, and (e) points -----


def test_kill9_mid_round_loses_nothing_and_points_follow(e2e: E2EEnv, bot_factory: Callable[..., Any]) -> None:
    mirror = {"points": {"mirror": True}}  # our own points table, shown by $lb and $points (issue 19: opt-in)
    bot: BotProcess = bot_factory(defaults={"leader": "pick"}, fixed_seed="persist-a", tables=mirror).start()
    db = Db(bot.database)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *NAMES])
            await open_signups(host, players)
            table = Table(BOT_NAME, players)
            table.start()
            start = host.mark()
            await host.say(ROOM, "$start")
            # Kill as soon as a few inputs are in: acks, rolls, prompts may be anywhere in flight.
            await eventually(lambda: len(db.inputs()) >= 4, 40, "four inputs")
            await asyncio.to_thread(bot.kill9)
            killed = host.mark()
            kept = db.inputs()
            acks = {p.name: sum("You chose to **" in pm.text for pm in p.pms(with_user=BOT_NAME)) for p in players}
            await asyncio.to_thread(bot.start)
            await host.wait_for(r"The bot restarted", room=ROOM, since=killed, timeout=20)
            await finish(host, killed)
            await table.stop()
            game = check_finished(db, table.clicks, kept)
            # Every choice a player was told was accepted before the crash is in the database.
            for name, told in acks.items():
                stored = sum(1 for inp in kept if inp.get("by") == name and inp["action"] in ("follow", "rebel"))
                assert told <= stored, (name, told, stored)
            after = room_chat(host, killed, len(host.transcript))
            check_transcript(game["record"], room_chat(host, start, killed), after, True, mirror=True)

            # (e) points: 7 players give the winner 7 and second 2, once, shown by .lb and .points.
            record = game["record"]
            winner, second = record["winner"], record["second"]
            mark = host.mark()
            await host.say(ROOM, "$lb")
            board = await host.wait_for(r"leaderboard", room=ROOM, since=mark, timeout=10)
            assert f"<td>1</td><td>{winner}</td><td>7</td>" in board.text, board.text
            assert f"<td>2</td><td>{second}</td><td>2</td>" in board.text, board.text
            await host.say(ROOM, f"$points {winner}")
            await host.wait_for(rf"Points this cycle for {to_id(winner)}: 7\.", room=ROOM, since=mark, timeout=10)
            await host.say(ROOM, f"$points {second}")
            await host.wait_for(rf"Points this cycle for {to_id(second)}: 2\.", room=ROOM, since=mark, timeout=10)
            loser = next(name for name in NAMES if name not in (winner, second))
            await host.say(ROOM, f"$points {loser}")
            await host.wait_for(rf"Points this cycle for {to_id(loser)}: 0\.", room=ROOM, since=mark, timeout=10)

    run_async(scenario(), timeout=240)
    assert bot.log().count("=== start") == 2


# ----- (b) three moments: signups, secret choices half in, between a roll and the next turn -----


def test_kill9_during_signups(e2e: E2EEnv, bot_factory: Callable[..., Any]) -> None:
    bot: BotProcess = bot_factory(defaults={"leader": "pick"}, fixed_seed="persist-b1").start()
    db = Db(bot.database)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *NAMES])
            early, late = players[:4], players[4:]
            await open_signups(host, early)
            await eventually(lambda: (db.signups() or {}).get("players") == [p.name for p in early], 10, "signups")
            await asyncio.to_thread(bot.kill9)
            killed = host.mark()
            await asyncio.to_thread(bot.start)
            await host.wait_for(r"signups are still open", room=ROOM, since=killed, timeout=20)
            await host.wait_for(r"PL \(4\)", room=ROOM, since=killed, timeout=10)  # the restored box
            for person in late:
                await person.say(ROOM, "/me in")
            await host.wait_for(r"PL \(7\)", room=ROOM, since=killed, timeout=20)
            table = Table(BOT_NAME, players)
            table.start()
            start = host.mark()
            await host.say(ROOM, "$start")
            await finish(host, killed)
            await table.stop()
            game = check_finished(db, table.clicks)
            assert game["record"]["players"] == NAMES
            check_transcript(game["record"], room_chat(host, start, len(host.transcript)), [], False)
            assert db.signups() is None

    run_async(scenario(), timeout=200)


def test_kill9_while_waiting_for_secret_choices(e2e: E2EEnv, bot_factory: Callable[..., Any]) -> None:
    bot: BotProcess = bot_factory(defaults={"leader": "pick"}, fixed_seed="persist-b2").start()
    db = Db(bot.database)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *NAMES])
            await open_signups(host, players)
            gate = Gate(held=NAMES[-3:])
            table = Table(BOT_NAME, players, policy=gate)
            table.start()
            start = host.mark()
            await host.say(ROOM, "$start")
            await host.wait_for(r"is picked as the first leader", room=ROOM, since=start, timeout=20)
            leader = leader_of(host, start)
            chose = [n for n in NAMES if n != leader and n not in gate.held]
            waiting = [n for n in NAMES if n != leader and n in gate.held]
            assert waiting
            # Quiet moment: every free player's choice stored and its acknowledgement sent.
            await eventually(
                lambda: (g := db.game()) is not None and len(g["inputs"]) == len(chose) == g["posted"], 40, "choices"
            )
            kept = db.inputs()
            assert sorted(inp["by"] for inp in kept) == sorted(chose)
            by_name = {p.name: p for p in players}
            for name in chose:  # and their boxes showing the choice have arrived (sent after the acknowledgement)
                await by_name[name].wait_for(
                    lambda ln: ln.type == "pm" and "/uhtmlchange" in ln.text and "You chose" in ln.text,
                    since=0,
                    advance=False,
                    timeout=20,
                )
            await asyncio.to_thread(bot.kill9)
            killed = host.mark()
            marks = {p.name: p.mark() for p in players}
            gate.release()
            await asyncio.to_thread(bot.start)
            await host.wait_for(r"The bot restarted", room=ROOM, since=killed, timeout=20)
            first_roll = await host.wait_for(ROUND_TABLE, room=ROOM, since=killed, timeout=40)  # the rolls' table
            for name in chose:  # kept, and not asked again
                assert not prompts_to(by_name[name], marks[name], first_roll.time), f"{name} was asked again"
            for name in waiting:  # asked again, and they answered
                assert prompts_to(by_name[name], marks[name], first_roll.time), f"{name} was not asked again"
            await finish(host, killed)
            await table.stop()
            game = check_finished(db, table.clicks, kept)
            after = room_chat(host, killed, len(host.transcript))
            check_transcript(game["record"], room_chat(host, start, killed), after, False)

    run_async(scenario(), timeout=200)


def test_kill9_between_a_swap_roll_and_the_next_turn(e2e: E2EEnv, bot_factory: Callable[..., Any]) -> None:
    bot: BotProcess = bot_factory(fixed_seed="persist-b3").start()
    db = Db(bot.database)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *NAMES])
            await open_signups(host, players, theme="cta")
            gate = Gate(choose=first_swap)
            table = Table(BOT_NAME, players, policy=gate)
            table.start()
            start = host.mark()
            await host.say(ROOM, "$start")

            def swaps_stored() -> int:
                return sum(inp["action"] == "swap" for inp in db.inputs())

            await eventually(lambda: swaps_stored() >= 2, 60, "two swaps")
            gate.closed = True  # nobody answers the next turn
            # Quiet moment: the last swap's rolls are out and the next player is being asked.
            for _ in range(2):  # again after a pause, for a click that was on its way
                await eventually(lambda: (g := db.game()) is not None and g["posted"] == len(g["inputs"]), 20, "posted")
                await asyncio.sleep(1.0)
            kept = db.inputs()
            assert kept[-1]["action"] in ("swap", "stick")
            before = room_chat(host, start, host.mark())
            assert any("125" in line or "100" in line for line in before[-3:]), before[-5:]
            await asyncio.to_thread(bot.kill9)
            killed = host.mark()
            gate.release()
            await asyncio.to_thread(bot.start)
            await host.wait_for(r"The bot restarted", room=ROOM, since=killed, timeout=20)
            owed = r"you still owe an action here in the room: \*\*\$stick\*\* or \*\*\$swap NAME\*\*"
            await host.wait_for(owed, room=ROOM, since=killed, timeout=20)
            await finish(host, killed, timeout=200)
            await table.stop()
            game = check_finished(db, table.clicks, kept)
            check_transcript(game["record"], before, room_chat(host, killed, len(host.transcript)), False)

    run_async(scenario(), timeout=280)


# ----- (c) the PS server restarts mid-game -----


def test_server_restart_mid_game(
    e2e: E2EEnv, ps_server_factory: Callable[..., PSServer], bot_factory: Callable[..., Any]
) -> None:
    server = ps_server_factory()
    env = e2e.for_server(server)
    retries = {"server": {"backoff_initial": 0.5, "backoff_max": 2}}  # back within 2 s of the server, not up to 16
    bot: BotProcess = bot_factory(env, defaults={"leader": "pick"}, fixed_seed="persist-c", tables=retries).start()
    db = Db(bot.database)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, env, [HOST_NAME, *NAMES])
            await open_signups(host, players)
            table = Table(BOT_NAME, players)
            table.start()
            start = host.mark()
            await host.say(ROOM, "$start")
            await eventually(lambda: len(db.inputs()) >= 5, 40, "five inputs")
            await table.stop()  # its players are about to lose their connections
            await asyncio.to_thread(server.restart)
            tables: list[Table] = []

            async def back(person: Player) -> None:
                await person.reconnect(rooms=[ROOM], retry_for=60)
                if person is not host:
                    tables.append(Table(BOT_NAME, [person]))
                    tables[-1].start()

            await asyncio.gather(*(back(person) for person in [host, *players]))
            await eventually(lambda: "reconnect=True" in bot.log(), 60, "the bot back")
            await finish(host, start, timeout=200)
            for each in tables:
                await each.stop()
            check_finished(db, table.clicks + [c for t in tables for c in t.clicks])

    run_async(scenario(), timeout=300)


# ----- (d) the bot's socket is dropped by the server -----


def test_dropped_socket_pauses_the_deadline(
    e2e: E2EEnv, ps_server_factory: Callable[..., PSServer], bot_factory: Callable[..., Any]
) -> None:
    server = ps_server_factory(extra_config="exports.consoleips = ['127.0.0.1'];\n")
    env = e2e.for_server(server)
    deadline = 12
    bot: BotProcess = bot_factory(
        env,
        defaults={"leader": "pick", "secret_deadline": deadline, "public_deadline": deadline, "reminder": 0},
        fixed_seed="persist-d",
    ).start()
    db = Db(bot.database)

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, env, [HOST_NAME, *NAMES])
            await open_signups(host, players)
            gate = Gate(held=NAMES[-2:])
            table = Table(BOT_NAME, players, policy=gate)
            table.start()
            start = host.mark()
            await host.say(ROOM, "$start")
            await host.wait_for(r"is picked as the first leader", room=ROOM, since=start, timeout=20)
            leader = leader_of(host, start)
            waiting = [n for n in NAMES[-2:] if n != leader]
            began = time.monotonic()
            # Drop the bot's socket from the server side when only a few seconds of the deadline are left.
            await asyncio.sleep(max(deadline - 4 - (time.monotonic() - began), 0))
            dropped, dropped_at = host.mark(), time.monotonic()
            await host.say("", "/eval Users.get('survivorbot').connections.forEach(c => c.destroy()), 'dropped'")
            await host.wait_for(r"<.*dropped", since=dropped, timeout=10)
            gate.release()  # no choice can reach the bot while it is away; they answer once it is back
            await eventually(lambda: "reconnect=True" in bot.log(), what="the bot's reconnect", timeout=40)
            await finish(host, dropped)
            await table.stop()
            # A short outage (issue 12): no "back" line; each owed prompt is sent again once.
            assert not [ln for ln in host.lines(ROOM, since=dropped) if "The bot is back" in ln.text]
            by_name = {p.name: p for p in players}
            for name in waiting:  # their prompts were sent again after the reconnect, and they answered
                assert [ln for ln in prompts_to(by_name[name], 0) if ln.time >= dropped_at], name
                assert any(player == name for player, _ in table.clicks), name
            game = check_finished(db, table.clicks)
            assert all(inp.get("action") != "modkill" for inp in game["inputs"])
            # Lines queued while the bot was away went out after it came back: the room missed none.
            check_transcript(game["record"], room_chat(host, start, len(host.transcript)), [], False)
            assert "reconnect=True" in bot.log()

    run_async(scenario(), timeout=200)
