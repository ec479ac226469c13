"""The bot as its own process against the real server: a whole FTL game played by clicking buttons."""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Callable
from typing import Any

import pytest
from harness import run_async
from harness.bot import BOT_NAME
from harness.env import HOST_NAME, E2EEnv
from harness.table import Table

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]


def test_whole_ftl_game_by_buttons(e2e: E2EEnv, bot_factory: Callable[..., Any]) -> None:
    bot_factory(defaults={"leader": "pick"}).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host = await stack.enter_async_context(e2e.player(HOST_NAME))
            players = [await stack.enter_async_context(e2e.player(name)) for name in NAMES]
            for person in [host, *players]:
                await person.join("survivor")
            await host.say("survivor", "$host ftl")
            await host.wait_for(r"signups are open", room="survivor")
            for person in players:
                await person.say("survivor", "/me in")
            await host.wait_for(r"PL \(5\)", room="survivor", timeout=20)
            table = Table(BOT_NAME, players)
            table.start()
            await host.say("survivor", "$start")
            await host.wait_for(r"wins the game!", room="survivor", timeout=120)
            await host.wait_for(r"Dice seed: ", room="survivor", timeout=10)
            await table.stop()

    run_async(scenario(), timeout=180)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_clean_shutdown_and_timestamped_log(bot_factory: Callable[..., Any], sig: signal.Signals) -> None:
    bot = bot_factory().start()
    assert bot.process is not None
    os.killpg(bot.process.pid, sig)
    assert bot.process.wait(15) == 0
    log = bot.log()
    assert "shutting down" in log
    assert re.search(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO ", log, re.MULTILINE)
