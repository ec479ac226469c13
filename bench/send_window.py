"""The send queue's throughput against the server's pace, on loopback and through a real-looking network.

The bot's client (in this process) sends a burst of chat lines into a room of the real local server,
directly and through tests/e2e/harness/proxy.py (100 ms round trip, jitter, 300 ms stalls); a watcher
in the room counts them as they arrive. Printed per case: lines/s seen by the room against the
server's pace (one line per throttle delay: 40/s at `*`, 1.67/s at ordinary rank), the round trip the
queue measured, the most lines it had unanswered, the lines the server dropped and the queue resent,
and whether every line arrived once and in order:

    .venv/bin/python bench/send_window.py [--lines-star 400] [--lines-plain 30]

Needs Node.js; the first run installs pokemon-showdown into .e2e-cache/ (tests/e2e/harness).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from harness import FakeLoginServer, LoginPolicy, PSServer, RSAKey  # noqa: E402
from harness.bot import BOT_NAME, BOT_PASSWORD  # noqa: E402
from harness.env import E2EEnv, default_server_options  # noqa: E402
from harness.proxy import DelayProxy  # noqa: E402

from survivor_host.showdown.client import ShowdownClient  # noqa: E402
from survivor_host.showdown.config import ClientConfig  # noqa: E402
from survivor_host.showdown.sendqueue import PACE_PUBLIC_BOT, PACE_REGULAR  # noqa: E402

ROOM = "survivor"


class Dropped(logging.Handler):
    """Counts the queue's throttle warnings."""

    def __init__(self) -> None:
        super().__init__()
        self.notices = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "Throttled by the server" in record.getMessage():
            self.notices += 1


async def burst(env: E2EEnv, url: str, count: int, label: str) -> dict[str, float | int | bool]:
    client = ShowdownClient(ClientConfig(url, BOT_NAME, BOT_PASSWORD, login_url=env.login_url, rooms=(ROOM,)))
    task = asyncio.create_task(client.run())
    most = 0
    try:
        async with env.player("Window Watcher") as watcher:
            await watcher.join(ROOM)
            await asyncio.wait_for(client.wait_ready(), 30)
            await asyncio.sleep(1.0)  # the login's own lines (joins, roominfo) are done
            mark = watcher.mark()
            lines = [f"{label} line {n:04d}" for n in range(count)]
            start = time.monotonic()
            for line in lines:
                client.say(ROOM, line)
            seen: list[str] = []
            while len(seen) < count and time.monotonic() - start < 120:
                most = max(most, client.queue.in_flight)
                seen = [ln.rest(3) for ln in watcher.lines(ROOM, since=mark, type="c:") if ln.rest(3).startswith(label)]
                await asyncio.sleep(0.005)
            arrivals = [ln.time for ln in watcher.lines(ROOM, since=mark, type="c:") if ln.rest(3).startswith(label)]
            elapsed = (arrivals[-1] - arrivals[0]) if len(arrivals) > 1 else float("nan")
            return {
                "rate": (len(arrivals) - 1) / elapsed if elapsed else 0.0,
                "elapsed": time.monotonic() - start,
                "rtt": client.queue.round_trip,
                "most": most,
                "resent": client.queue.resent_lines,
                "exact": seen == lines,
                "pace": client.queue.pace,
            }
    finally:
        await client.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 10)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines-star", type=int, default=400)
    parser.add_argument("--lines-plain", type=int, default=30)
    args = parser.parse_args()
    dropped = Dropped()
    logging.getLogger("survivor_host.showdown").addHandler(dropped)
    key = RSAKey.generate(2048)
    login = FakeLoginServer(key, policy=LoginPolicy.build())
    login.start_in_thread()
    cases = (
        ("bot at *", "*", PACE_PUBLIC_BOT, args.lines_star),
        ("ordinary rank", None, PACE_REGULAR, args.lines_plain),
    )
    print(f"{'case':<34} {'lines':>5} {'lines/s':>8} {'server':>7} {'share':>6} {'rtt ms':>7} {'unans.':>6} "
          f"{'notices':>7} {'resent':>6}  once, in order")  # fmt: skip
    try:
        for label, rank, pace, count in cases:
            server = PSServer(default_server_options(key, login, bot_rank=rank), name="bench-window")
            try:
                server.start()
                env = E2EEnv(server=server, login=login, key=key)
                for network in ("loopback", "proxy 100 ms + stalls"):
                    before = dropped.notices
                    if network == "loopback":
                        result = asyncio.run(burst(env, env.ws_url, count, f"{rank or 'plain'}-lo"))
                    else:
                        with DelayProxy("127.0.0.1", server.port) as proxy:
                            url = f"ws://127.0.0.1:{proxy.port}/showdown/websocket"
                            result = asyncio.run(burst(env, url, count, f"{rank or 'plain'}-px"))
                    limit = 1 / pace
                    print(
                        f"{label + ', ' + network:<34} {count:>5} {result['rate']:>8.2f} {limit:>7.2f} "
                        f"{result['rate'] / limit:>6.0%} {1000 * float(result['rtt']):>7.1f} {result['most']:>6} "
                        f"{dropped.notices - before:>7} {result['resent']:>6}  {result['exact']}"
                    )
            finally:
                server.close()
    finally:
        login.stop_thread()


if __name__ == "__main__":
    main()
