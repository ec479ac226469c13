"""Whole games with a real network between the bot and the server (issue 20 item 2): the bot talks to
the PS server through harness.proxy (100 ms round trip, jitter, 300 ms stalls), the players directly.
Checked from the players' side: the room and each player got exactly the lines the engine says for
the stored inputs (check_replay), so nothing was lost and nothing came twice, at `*` and without it."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from harness import run_async
from harness.bot import BOT_NAME, BOT_PASSWORD, BotProcess
from harness.env import HOST_NAME, E2EEnv
from harness.proxy import DelayProxy
from harness.table import Table
from hosting_kit import (
    Chooser,
    TextTable,
    bot_pms,
    connect,
    expected_output,
    game_lines,
    game_record,
    no_deadline_passed,
    open_signups,
    random_rule,
    start_and_play,
)
from test_bot_games import CTA_NAMES, FTL_NAMES, NOISE, ROOM, check_replay, pms_settled


@dataclass(frozen=True)
class ViaProxy(E2EEnv):
    """The same server, reached through a proxy (for the bot; players connect with the plain env)."""

    proxy_url: str = ""

    @property
    def ws_url(self) -> str:
        return self.proxy_url


def through(env: E2EEnv, proxy: DelayProxy) -> ViaProxy:
    url = f"ws://127.0.0.1:{proxy.port}/showdown/websocket"
    return ViaProxy(server=env.server, login=env.login, key=env.key, proxy_url=url)


THROTTLED = re.compile(r"Throttled by the server|Resending \d+ line")


@pytest.mark.parametrize("rank", ["*", "regular"])
@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_a_whole_game_through_a_slow_network_loses_and_repeats_nothing(
    theme: str,
    rank: str,
    e2e: E2EEnv,
    ps_server_factory: Callable[..., Any],
    bot_factory: Callable[..., BotProcess],
) -> None:
    env = e2e if rank == "*" else e2e.for_server(ps_server_factory(bot_rank=None))
    names = FTL_NAMES if theme == "ftl" else CTA_NAMES
    policy = Chooser(random_rule(f"net-{theme}-{rank}", prefer=("nosuspect", "noscapegoat")))
    html_ok = rank == "*"
    with DelayProxy("127.0.0.1", env.server.port) as proxy:
        bot = bot_factory(env=through(env, proxy), defaults={"leader": "pick"}, fixed_seed=f"net-{theme}").start()

        async def scenario() -> None:
            async with contextlib.AsyncExitStack() as stack:
                host, *players = await connect(stack, env, [HOST_NAME, *names], [ROOM])
                assert host.rank_in(ROOM, BOT_NAME) == ("*" if html_ok else " ")
                await open_signups(host, ROOM, f"$host {theme}", players)
                table = Table(BOT_NAME, players, policy) if html_ok else TextTable(BOT_NAME, ROOM, players, policy)
                await start_and_play(host, ROOM, table, timeout=360)
                await pms_settled(bot, ROOM, players, html_ok=html_ok)
                record, _ = check_replay(bot, host, players, ROOM, html_ok=html_ok)
                assert record["winner"] in names
                no_deadline_passed(record)
                for person in [host, *players]:
                    assert not [ln.text for ln in person.transcript if NOISE.search(ln.text)], person.name

        run_async(scenario(), timeout=420)
        stats = proxy.stats
    assert stats.connections >= 1 and stats.stalls >= 1 and stats.chunks > 50  # the network was in the way
    log = bot.log()
    assert "Server popup" not in log and "Traceback" not in log
    assert not THROTTLED.search(log)  # the window kept the server's queue from overflowing


async def flood_from_the_bots_account(env: E2EEnv, target: str, stop: asyncio.Event, flooding: asyncio.Event) -> int:
    """A second connection of the bot's own account (its owner in a browser) sending bursts of PMs:
    the server's throttle queue is per user, so the bot's lines that arrive meanwhile are dropped.
    `flooding` is set once the first burst is sent."""
    sent = 0
    async with env.player(BOT_NAME, password=BOT_PASSWORD) as owner:
        while not stop.is_set():
            for _ in range(10):
                await owner.send_frame(f"|/msg {target}, burst {sent}", paced=False)
                sent += 1
            flooding.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)
    return sent


def test_lines_dropped_by_the_throttle_are_resent_exactly(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    """Finding 1 on the real server: the throttle drops some of the bot's lines (another connection of
    its account fills the shared queue); the room and every player still get each line exactly once."""
    policy = Chooser(random_rule("net-drops", prefer=("nosuspect", "noscapegoat")))
    with DelayProxy("127.0.0.1", e2e.server.port) as proxy:
        bot = bot_factory(env=through(e2e, proxy), defaults={"leader": "pick"}, fixed_seed="net-drops").start()

        async def scenario() -> None:
            async with contextlib.AsyncExitStack() as stack:
                host, *players = await connect(stack, e2e, [HOST_NAME, *FTL_NAMES], [ROOM])
                await open_signups(host, ROOM, "$host ftl", players)
                stop, flooding = asyncio.Event(), asyncio.Event()
                flooder = asyncio.create_task(flood_from_the_bots_account(e2e, HOST_NAME, stop, flooding))
                try:
                    # the game starts once the flood runs, however slowly the second connection logs in
                    await asyncio.wait_for(flooding.wait(), 60)
                    await start_and_play(host, ROOM, Table(BOT_NAME, players, policy), timeout=360)
                finally:
                    stop.set()
                    assert await flooder > 0
                await pms_settled(bot, ROOM, players)
                record = game_record(bot.database, ROOM)
                expected = expected_output(record, True, ROOM)
                no_deadline_passed(record)
                # A resent line comes after the lines that overtook it: compare what arrived, not its order.
                got = game_lines(host, ROOM)
                extra, missing = Counter(got) - Counter(expected.room), Counter(expected.room) - Counter(got)
                assert not extra and not missing, (extra, missing)
                for player in players:
                    want = expected.pms.get(player.userid, [])
                    assert Counter(map(repr, bot_pms(player))) == Counter(map(repr, want)), player.name

        run_async(scenario(), timeout=420)
    assert THROTTLED.search(bot.log()), "the scenario should make the server drop some of the bot's lines"
