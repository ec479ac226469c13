"""The bot's event loop under a flood of every command a user can send, against the real local server.

A database of `--games` finished Chase the Ace games (`--players` each) is made first; the bot (at `*`
in the room, with signups open) then serves `--flooders` users who send, at the server's pace, every
information and signup command (by PM and in the room, a new NAME or game each time), replay pages by
link, and words it does not know, for `--seconds`. Meanwhile a probe user at no rank asks `pl` or
`rules` by PM every few seconds. Printed: the bot's worst event-loop stall and its slowest handled
messages during the flood (bench/flood_bot.py measures them inside the bot), and the probe's answer
latency. Goal: no stall over 20 ms, every probe answered within 1 s.

    .venv/bin/python bench/flood.py [--games 200] [--players 20] [--flooders 4] [--seconds 30]

Needs Node.js; the first run installs pokemon-showdown into .e2e-cache/ (tests/e2e/harness).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from harness import FakeLoginServer, LoginPolicy, PSServer, RSAKey  # noqa: E402
from harness.bot import BOT_NAME, BotProcess  # noqa: E402
from harness.env import BOT_ID, HOST_NAME, E2EEnv, default_server_options  # noqa: E402
from harness.player import Player  # noqa: E402

from survivor_host.bot.ports import HostSettings  # noqa: E402
from survivor_host.bot.room import RoomHost  # noqa: E402
from survivor_host.engine.ids import to_id  # noqa: E402
from survivor_host.store.db import Store  # noqa: E402
from survivor_host.terminal.table import seat_names  # noqa: E402
from tests.host.fakes import FakeClock, FakeOutbox  # noqa: E402
from tests.host.test_room import play_out  # noqa: E402

ROOM = "survivor"
COMMANDS = (
    "pl", "rules", "help", "lb", "leaderboard", "points {name}", "lastgame", "replay {game}", "games {name}",
    "in", "salt pepper{n}", "out", "replay h1", "games", "join", "leave", "xyzzy{n}", "page {game}",
)  # fmt: skip
"""Everything a user can send (`page N`: open game N's replay page by its link)."""


def fill_games(path: Path, count: int, players: int) -> None:
    """`count` finished games of `players` each in ROOM, played in-process (random legal choices)."""
    store = Store(path)
    store.db.execute("PRAGMA synchronous=OFF")  # made once, for the bench: no need to wait for the disk
    clock, rng = FakeClock(), random.Random(27)
    for number in range(count):
        host = RoomHost(ROOM, FakeOutbox(), clock, store, HostSettings(), lambda n=number: f"seed-{n}")
        host.handle_chat("+", "Hostess", ".host cta")
        for name in seat_names(players):
            host.handle_chat(" ", name, "/me in")
        host.handle_chat("+", "Hostess", ".start")
        play_out(host, rng, limit=5000)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the bot's first write does not copy them all
    store.close()


async def flood(person: Player, until: float, games: int, rng: random.Random) -> int:
    sent = 0
    while time.monotonic() < until:
        command = COMMANDS[sent % len(COMMANDS)].format(
            name=f"Name{rng.randrange(10**6)}", game=rng.randint(1, games), n=sent
        )
        if command.startswith("page "):
            await person.send("", f"/join view-bot-{BOT_ID}-survivorreplay{command.split()[1]}")
        elif sent % 2:
            await person.pm(BOT_NAME, command)
        elif command in ("in", "join"):
            await person.say(ROOM, "/me in")
        elif command in ("out", "leave"):
            await person.say(ROOM, "/me out")
        else:
            await person.say(ROOM, f"${command}")
        sent += 1
    return sent


async def probe(person: Player, until: float, every: float) -> list[float]:
    """The probe's answer latencies: `pl` and `rules` by turns, by PM."""
    latencies: list[float] = []
    asked = 0
    while time.monotonic() < until:
        mark = person.mark()
        await person.pm(BOT_NAME, ("pl", "rules")[asked % 2])
        sent = person.sent[-1][0]
        try:
            answer = await person.wait_for(
                lambda ln: ln.type == "pm" and to_id(ln.parts[1]) == BOT_ID, since=mark, timeout=60
            )
            latencies.append(answer.time - sent)
        except AssertionError:
            latencies.append(float("inf"))
        asked += 1
        await asyncio.sleep(max(0.0, every - (time.monotonic() - sent)))
    return latencies


async def run(env: E2EEnv, flooders: int, seconds: float, games: int) -> tuple[float, float, list[float], int]:
    async with contextlib.AsyncExitStack() as stack:
        host = await stack.enter_async_context(env.player(HOST_NAME))
        people = [await stack.enter_async_context(env.player(f"Flood {i}")) for i in range(flooders)]
        watcher = await stack.enter_async_context(env.player("Probe Pat"))
        for person in (host, *people, watcher):
            await person.join(ROOM)
        mark = host.mark()
        await host.say(ROOM, "$host ftl")
        await host.wait_for(r"signups are open", room=ROOM, since=mark, timeout=30)
        await asyncio.sleep(2.0)
        began = time.time()
        until = time.monotonic() + seconds
        rng = random.Random(1)
        tasks = [asyncio.create_task(flood(person, until, games, rng)) for person in people]
        latencies = await probe(watcher, until, 3.5)
        sent = sum(await asyncio.gather(*tasks))
        return began, time.time(), latencies, sent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--flooders", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    key = RSAKey.generate(2048)
    login = FakeLoginServer(key, policy=LoginPolicy.build())
    login.start_in_thread()
    server = PSServer(default_server_options(key, login), name="bench-flood")
    bot: BotProcess | None = None
    try:
        with tempfile.TemporaryDirectory() as folder:
            stats = Path(folder) / "stats.json"
            os.environ["FLOOD_STATS"] = str(stats)
            made = time.perf_counter()
            bot = BotProcess(
                E2EEnv(server=server, login=login, key=key), Path(folder) / "bot", rooms=(ROOM,),
                program=(str(ROOT / "bench" / "flood_bot.py"),),
            )  # fmt: skip
            fill_games(bot.database, args.games, args.players)
            size = bot.database.stat().st_size / 2**20
            took = time.perf_counter() - made
            print(f"{args.games} finished {args.players}-player games ({size:.0f} MiB) made in {took:.0f} s")
            server.start()
            bot.start(timeout=120)
            env = E2EEnv(server=server, login=login, key=key)
            began, ended, latencies, sent = asyncio.run(run(env, args.flooders, args.seconds, args.games))
            time.sleep(1.5)  # the bot's last figures written
            figures = json.loads(stats.read_text()) if stats.exists() else {"lags": [], "handled": []}
    finally:
        if bot is not None:
            bot.stop()
        server.close()
        login.stop_thread()
    lags = sorted((lag for lag in figures["lags"] if began <= lag[0] <= ended + 1), key=lambda lag: -lag[1])
    handled = sorted((h for h in figures["handled"] if began <= h[0] <= ended + 1), key=lambda h: -h[1])
    print(f"{args.flooders} users flooded {sent} commands in {args.seconds:.0f} s (the bot at *, signups open)")
    _, worst, worst_cpu = lags[0] if lags else (0.0, 0.0, 0.0)
    busiest = max((cpu for _, _, cpu in lags), default=0.0)
    print(
        f"  worst event-loop stall: {worst * 1e3:.0f} ms wall ({worst_cpu * 1e3:.0f} ms of it the loop's own CPU); "
        f"stalls over 20 ms: {sum(lag > 0.02 for _, lag, _ in lags)}; the most CPU in one stall: {busiest * 1e3:.0f} ms"
    )
    print("  slowest messages handled (wall ms, the loop's CPU ms):")
    for _, took, cpu, line in handled[:6]:
        print(f"    {took * 1e3:6.1f} {cpu * 1e3:6.1f}  {line[:100]!r}")
    collected = [c for c in figures.get("gc", []) if began <= c[0] <= ended + 1]
    if collected:
        longest = max(collected, key=lambda c: c[1])
        print(
            f"  garbage collections over 5 ms: {len(collected)}, "
            f"the longest {longest[1] * 1e3:.0f} ms (gen {longest[2]})"
        )
    answered = [lat for lat in latencies if lat != float("inf")]
    if answered:
        print(
            f"  probe answers ({len(latencies)} asked, {len(latencies) - len(answered)} unanswered in 60 s): "
            f"median {statistics.median(answered) * 1e3:.0f} ms, max {max(answered) * 1e3:.0f} ms"
        )
    else:
        print(f"  probe: none of {len(latencies)} questions answered within 60 s")


if __name__ == "__main__":
    main()
