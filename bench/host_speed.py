"""The host layer in-process with a fake transport: per-input handling time, memory with many
concurrent games, and the time to restore unfinished games from SQLite at start.

Run: .venv/bin/python bench/host_speed.py [--games 100] [--restore 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.store.db import Store
from survivor_host.terminal.table import seat_names
from tests.host.fakes import FakeClock, FakeOutbox


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def open_room(index: int, store: Store, clock: FakeClock, theme: str) -> RoomHost:
    host = RoomHost(f"room{index}", FakeOutbox(), clock, store, HostSettings(), lambda: f"seed-{index}")
    host.handle_chat("+", "Hostess", f".host {theme}")
    for name in seat_names(10):
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", ".start")
    return host


def step(host: RoomHost, rng: random.Random) -> float:
    """Send one legal input the way a player would; return the seconds it took to handle."""
    game = host.game
    assert game is not None
    wait = game.awaiting()[0]
    choice = rng.choice(game.legal_inputs(wait.player))
    text = f"{choice.action} {choice.target or ''}".strip()
    start = time.perf_counter()
    if wait.secret:
        host.handle_pm(wait.player, text)
    else:
        host.handle_chat(" ", wait.player, "." + text)
    return time.perf_counter() - start


def bench_concurrent(games: int, folder: Path) -> None:
    store = Store(folder / "concurrent.db")
    clock = FakeClock()
    base = rss_mib()
    hosts = [open_room(i, store, clock, "ftl" if i % 2 else "cta") for i in range(games)]
    rng = random.Random(1)
    timings: list[float] = []
    peak = rss_mib()
    while any(h.game is not None for h in hosts):
        for host in hosts:
            if host.game is not None:
                timings.append(step(host, rng))
        peak = max(peak, rss_mib())
    timings.sort()
    p99 = timings[int(len(timings) * 0.99)]
    print(f"{games} concurrent 10-player games (half ftl, half cta), {len(timings)} inputs, SQLite on disk")
    print(f"  per input: median {statistics.median(timings) * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms")
    print(f"  resident memory: {base:.0f} MiB before, {peak:.0f} MiB at peak")


def bench_restore(count: int, folder: Path) -> None:
    path = folder / "restore.db"
    store = Store(path)
    clock = FakeClock()
    rng = random.Random(2)
    for i in range(count):
        host = open_room(i, store, clock, "ftl" if i % 2 else "cta")
        for _ in range(rng.randrange(3, 25)):
            if host.game is None:
                break
            step(host, rng)
    store.close()
    start = time.perf_counter()
    store = Store(path)
    unfinished = store.unfinished_games()
    for stored in unfinished:
        host = RoomHost(stored.room, FakeOutbox(), clock, store, HostSettings(), lambda: "unused")
        host.restore_game(stored)
    elapsed = time.perf_counter() - start
    each = elapsed * 1e3 / max(len(unfinished), 1)
    print(f"restore {len(unfinished)} unfinished games at start: {elapsed:.2f} s ({each:.2f} ms each)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--restore", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bench_concurrent(args.games, Path(folder))
        bench_restore(args.restore, Path(folder))


if __name__ == "__main__":
    main()
