"""Whole games with a real network between the bot and the server (issue 20 item 2): the bot talks to
the PS server through harness.proxy (100 ms round trip, jitter, 300 ms stalls), the players directly.
Checked from the players' side: the room and each player got exactly the lines the engine says for
the stored inputs (check_replay), so nothing was lost and nothing came twice, at `*` and without it."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from harness import run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import HOST_NAME, E2EEnv
from harness.proxy import DelayProxy
from harness.table import Table
from hosting_kit import Chooser, TextTable, connect, open_signups, random_rule, start_and_play
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
                await open_signups(host, ROOM, f".host {theme}", players)
                table = Table(BOT_NAME, players, policy) if html_ok else TextTable(BOT_NAME, ROOM, players, policy)
                await start_and_play(host, ROOM, table, timeout=360)
                await pms_settled(bot, ROOM, players, html_ok=html_ok)
                record, _ = check_replay(bot, host, players, ROOM, html_ok=html_ok)
                assert record["winner"] in names
                for person in [host, *players]:
                    assert not [ln.text for ln in person.transcript if NOISE.search(ln.text)], person.name

        run_async(scenario(), timeout=420)
        stats = proxy.stats
    assert stats.connections >= 1 and stats.stalls >= 1 and stats.chunks > 50  # the network was in the way
    log = bot.log()
    assert "Server popup" not in log and "Traceback" not in log
    assert not THROTTLED.search(log)  # the window kept the server's queue from overflowing
