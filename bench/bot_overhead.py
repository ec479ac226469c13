"""The bot's overhead per round against the real local server, next to what the throttle allows.

For each Follow the Leader round: the time from the input that completes the round (the last one it
needs before the rolls) being sent by a player, to the last line the bot sent for it arriving (the
round's result in the room, the PMs and prompts of the next step), and the lines it sent for it.
The throttle's minimum for those lines is (lines - 1) × pace (the first line can go at once);
`lines × pace` is printed too. Also per round: that input to the round's FIRST result line in the room
("results first": the result must not wait behind the players' confirmation PMs). Players answer only
once the bot has been quiet for a moment, so the lines counted belong to that one step. Games run in
`--rooms` rooms at once (two busy rooms by default). Run with the bot as room `*` (25 ms a line) and
at ordinary rank (600 ms a line); `--flood` adds, at ordinary rank, two users who keep sending `.pl`
and `.rules` in each room, and prints how late the result and the next prompts came:

    .venv/bin/python bench/bot_overhead.py [--players 8] [--games 2] [--rooms 2] [--only star|plain|flood]

Needs Node.js; the first run installs pokemon-showdown into .e2e-cache/ (tests/e2e/harness).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from harness import FakeLoginServer, LoginPolicy, PSServer, RSAKey  # noqa: E402
from harness.bot import BOT_NAME, BotProcess  # noqa: E402
from harness.env import BOT_ID, HOST_NAME, E2EEnv, default_server_options  # noqa: E402
from harness.player import Line, Player  # noqa: E402
from harness.table import buttons_in  # noqa: E402

from survivor_host.showdown.sendqueue import PACE_PUBLIC_BOT, PACE_REGULAR  # noqa: E402

ROOM = "survivor"
ROOMS = ("survivor", "survivortwo")
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Finn", "Gina", "Hank", "Ivy", "Jack"]
FLOODERS = ("Flood Ann", "Flood Ben")
RESULT_START = re.compile(r"All choices are in\.|Roll \(1 - 109\)\+20")
INFO_REPLY = re.compile(r"\*\*PL \(|\*\* — mods: ")
"""The bot's answers to `.pl` and `.rules`: not part of a game step (players do not wait for them)."""


def from_bot(line: Line) -> bool:
    if line.type == "pm" and len(line.parts) > 1:
        who = line.parts[1]
    elif line.type == "c:" and len(line.parts) > 2:
        who = line.parts[2]
    elif line.type == "c" and len(line.parts) > 1:
        who = line.parts[1]
    else:
        return False
    return who.lstrip(" +%@*#&~").lower().replace(" ", "") == BOT_ID and not line.in_init


@dataclass
class Round:
    elapsed: float
    lines: int
    first_result: float = 0.0
    """From the input to the round's first line in the room."""
    next_prompt: float = 0.0
    """From the input to the last of the next step's prompts (PMs) reaching its player."""


class Driver:
    """Players who answer each prompt (the first choice) once the bot has been quiet for `quiet` s."""

    def __init__(self, host: Player, players: list[Player], quiet: float, html: bool, room: str = ROOM) -> None:
        self.html = html
        self.room = room
        self.host = host
        self.players = players
        self.quiet = quiet
        self.clicks: list[tuple[float, str, str]] = []  # (monotonic time sent, player, command)
        self.stopped = False

    def everyone(self) -> list[Player]:
        return [self.host, *self.players]

    def last_bot_line(self) -> float:
        host = [
            ln.time
            for ln in self.host.transcript
            if ln.room == self.room and from_bot(ln) and not INFO_REPLY.search(ln.text)
        ]
        pms = [ln.time for p in self.players for ln in p.transcript if ln.type == "pm" and from_bot(ln)]
        return max(host + pms, default=0.0)

    def answer(self, player: Player, line: Line) -> tuple[str, str] | None:
        """(room or "", text) that answers a prompt line, or None. With HTML the buttons answer; without
        it, the PM'd "Reply here with ..." prompts and the public prompts said in the room."""
        if not from_bot(line) or line.in_init:
            return None
        if line.type == "pm":
            body = line.rest(3)
            if self.html:
                commands = buttons_in(body) if "/uhtml" in body else []
                return ("", commands[0]) if commands else None
            match = re.search(r"Reply here with (\w+)", body)
            return ("", match.group(1)) if match else None
        if self.html or line.room != self.room:
            return None
        text = line.rest(3) if line.type == "c:" else line.rest(2)
        if text.startswith(f"**{player.name}**, suspect a player"):
            return (self.room, ".nosuspect")
        if text.startswith(f"**{player.name}**, you would be eliminated"):
            return (self.room, ".noscapegoat")
        return None

    async def play(self, player: Player) -> None:
        cursor = player.mark()
        while not self.stopped:
            todo = None
            for ln in player.transcript[cursor:]:
                cursor = ln.index + 1
                todo = self.answer(player, ln) or todo
            if todo is None:
                await asyncio.sleep(0.02)
                continue
            while time.monotonic() - self.last_bot_line() < self.quiet:
                await asyncio.sleep(0.02)
            if any(self.answer(player, ln) for ln in player.transcript[cursor:]):
                continue  # a newer prompt replaced this one
            room, text = todo
            if room:
                await player.say(room, text)
            else:
                await player.pm(BOT_NAME, text)
            # When the frame really left (the player's own pacing may have held it a moment).
            self.clicks.append((player.sent[-1][0], player.name, text))


def rounds_of(driver: Driver) -> list[Round]:
    """Per round: the click just before the round's first roll, and the bot's lines until the next click."""
    host, room = driver.host, driver.room
    rolls = [ln for ln in host.transcript if ln.room == room and from_bot(ln) and "Roll (1 - 109)+20" in ln.text]
    clicks = sorted(driver.clicks)
    out: list[Round] = []
    seen: set[float] = set()
    for roll in rolls:
        before = [c for c in clicks if c[0] < roll.time]
        if not before or before[-1][0] in seen:
            continue
        sent = before[-1][0]
        seen.add(sent)
        after = [c[0] for c in clicks if c[0] > sent]
        until = after[0] if after else float("inf")
        # Lines the bot sent: room lines once (seen by the host), PMs once each (seen by their receiver).
        room_lines = [
            ln
            for ln in host.transcript
            if ln.room == room and from_bot(ln) and sent < ln.time < until and not INFO_REPLY.search(ln.text)
        ]
        pm_lines = [
            ln
            for p in driver.everyone()
            for ln in p.transcript
            if ln.type == "pm" and from_bot(ln) and sent < ln.time < until
        ]
        lines = room_lines + pm_lines
        if not lines:
            continue
        first = min((ln.time for ln in room_lines), default=sent) - sent
        prompts = [ln.time for ln in pm_lines if "/uhtml " in ln.text or "Reply here with" in ln.text]
        prompt = max(prompts, default=sent) - sent
        out.append(Round(max(ln.time for ln in lines) - sent, len(lines), first, prompt))
    return out


def result_latencies(driver: Driver) -> list[float]:
    """From the input that completes a step to the first line of its result in the room: the last
    choice to "All choices are in.", and the last input before the rolls to the first roll."""
    host, room = driver.host, driver.room
    clicks = sorted(c[0] for c in driver.clicks)
    out: list[float] = []
    used: set[float] = set()
    for ln in host.transcript:
        if ln.room != room or not from_bot(ln) or not RESULT_START.search(ln.text):
            continue
        before = [c for c in clicks if c < ln.time]
        if before and before[-1] not in used:
            used.add(before[-1])
            out.append(ln.time - before[-1])
    return out


async def flood(person: Player, room: str, stop: asyncio.Event) -> None:
    """Send `.pl` and `.rules` in turn as fast as the server takes them (its own 600 ms pace)."""
    words = (".pl", ".rules")
    n = 0
    while not stop.is_set():
        await person.say(room, words[n % 2])
        n += 1


async def one_game(
    env: E2EEnv, host: Player, names: list[str], quiet: float, html: bool, room: str, flooders: list[Player]
) -> tuple[list[Round], int]:
    """One game in `room`; returns its rounds and how many players were eliminated for being idle."""
    async with contextlib.AsyncExitStack() as stack:
        players = [await stack.enter_async_context(env.player(name)) for name in names]
        for person in players:
            await person.join(room)
        mark = host.mark()
        await host.say(room, ".host ftl")
        await host.wait_for(r"signups are open", room=room, since=mark, include_init=False, timeout=30)
        for person in players:
            await person.say(room, "/me in")
        await host.wait_for(rf"PL \({len(players)}\)", room=room, since=mark, include_init=False, timeout=60)
        driver = Driver(host, players, quiet, html, room)
        tasks = [asyncio.create_task(driver.play(p)) for p in players]
        stop = asyncio.Event()
        floods = [asyncio.create_task(flood(f, room, stop)) for f in flooders]
        await host.say(room, ".start")
        await host.wait_for(r"wins the game!", room=room, since=mark, include_init=False, timeout=900)
        stop.set()
        await asyncio.gather(*floods)
        await asyncio.sleep(quiet)
        driver.stopped = True
        await asyncio.gather(*tasks)
        idle = sum(
            1
            for ln in host.transcript[mark:]
            if ln.room == room and from_bot(ln) and re.search(r"eliminated \(idle\)", ln.text)
        )
        RESULTS.extend(result_latencies(driver))
        return rounds_of(driver), idle


async def games(
    env: E2EEnv, names: list[str], quiet: float, html: bool, rooms: int, flooding: bool
) -> tuple[list[Round], int]:
    """One game in each of `rooms` rooms at once (different players), the host in all of them."""
    async with contextlib.AsyncExitStack() as stack:
        host = await stack.enter_async_context(env.player(HOST_NAME))
        flooders = [await stack.enter_async_context(env.player(n)) for n in FLOODERS] if flooding else []
        chosen = ROOMS[:rooms]
        for room in chosen:
            await host.join(room)
            for person in flooders:
                await person.join(room)
        seats = [[f"{name}{i or ''}" for name in names] for i in range(len(chosen))]
        results = await asyncio.gather(
            *(one_game(env, host, seats[i], quiet, html, room, flooders) for i, room in enumerate(chosen))
        )
        return [r for rounds, _ in results for r in rounds], sum(idle for _, idle in results)


RESULTS: list[float] = []
"""Every step's input-to-first-result-line latency of the current case (see result_latencies)."""


def report(label: str, pace: float, rounds: list[Round], idle: int = 0) -> None:
    if not rounds:
        print(f"{label}: no rounds measured")
        return
    overhead = [r.elapsed - max(r.lines - 1, 0) * pace for r in rounds]
    print(f"{label} (pace {pace * 1000:.0f} ms a line), {len(rounds)} rounds")
    print("  round  lines  elapsed ms  lines×pace ms  (lines-1)×pace ms  overhead ms  first result ms  prompts ms")
    for i, (r, o) in enumerate(zip(rounds, overhead, strict=True), start=1):
        print(
            f"  {i:5d}  {r.lines:5d}  {r.elapsed * 1e3:10.0f}  {r.lines * pace * 1e3:13.0f}"
            f"  {max(r.lines - 1, 0) * pace * 1e3:17.0f}  {o * 1e3:11.0f}  {r.first_result * 1e3:15.0f}"
            f"  {r.next_prompt * 1e3:10.0f}"
        )
    firsts = [r.first_result for r in rounds]
    prompts = [r.next_prompt for r in rounds]
    print(
        f"  overhead per round: median {statistics.median(overhead) * 1e3:.0f} ms, "
        f"max {max(overhead) * 1e3:.0f} ms; elapsed median {statistics.median(r.elapsed for r in rounds) * 1e3:.0f} ms"
    )
    print(
        f"  last input to first result line: median {statistics.median(firsts) * 1e3:.0f} ms, "
        f"max {max(firsts) * 1e3:.0f} ms; to the next prompts: median {statistics.median(prompts) * 1e3:.0f} ms, "
        f"max {max(prompts) * 1e3:.0f} ms; players eliminated as idle: {idle}"
    )
    if RESULTS:
        ordered = sorted(RESULTS)
        print(
            f"  results first: last input to the first result line ({len(ordered)} steps): "
            f"median {statistics.median(ordered) * 1e3:.0f} ms, 90th percentile "
            f"{ordered[int(0.9 * (len(ordered) - 1))] * 1e3:.0f} ms, max {ordered[-1] * 1e3:.0f} ms"
        )
    RESULTS.clear()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--rooms", type=int, default=2, choices=(1, 2))
    parser.add_argument("--only", choices=("star", "plain", "flood"))
    parser.add_argument("--keep", type=Path, help="keep the bots' folders (config, database, log) here")
    args = parser.parse_args()
    names = NAMES[: args.players]
    key = RSAKey.generate(2048)
    login = FakeLoginServer(key, policy=LoginPolicy.build())
    login.start_in_thread()
    cases = (
        ("star", "bot at * (room bot)", "*", PACE_PUBLIC_BOT, 0.5, False),
        ("plain", "bot at ordinary rank", None, PACE_REGULAR, 1.5, False),
        ("flood", "bot at ordinary rank, two users flooding .pl/.rules", None, PACE_REGULAR, 1.5, True),
    )
    try:
        with tempfile.TemporaryDirectory() as temporary:
            folder = args.keep or Path(temporary)
            for key_name, label, rank, pace, quiet, flooding in cases:
                if args.only and args.only != key_name:
                    continue
                server = PSServer(default_server_options(key, login, bot_rank=rank), name="bench")
                bot: BotProcess | None = None
                try:
                    server.start()
                    env = E2EEnv(server=server, login=login, key=key)
                    bot = BotProcess(env, Path(folder) / f"bot-{key_name}", defaults={"leader": "pick"})
                    bot.start()
                    rounds: list[Round] = []
                    idle = 0
                    for _ in range(args.games):
                        more, gone = asyncio.run(games(env, names, quiet, rank is not None, args.rooms, flooding))
                        rounds += more
                        idle += gone
                    report(f"{label}, {args.rooms} room(s), {len(names)} players", pace, rounds, idle)
                finally:
                    if bot is not None:
                        bot.stop()
                    server.close()
    finally:
        login.stop_thread()


if __name__ == "__main__":
    main()
