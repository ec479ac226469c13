"""A third theme (tests/lowball) hosted by the bot on the local server: registered in the bot's process by
one registry line, played to the end by clicking the bot's PM buttons, with nothing of its own in host/."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import run_async
from harness.bot import BOT_NAME
from harness.env import HOST_NAME, E2EEnv
from harness.table import Table

SERVE = Path(__file__).resolve().parents[1] / "lowball" / "serve.py"
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def test_whole_lowball_game_by_buttons(e2e: E2EEnv, bot_factory: Callable[..., Any]) -> None:
    bot = bot_factory(program=(str(SERVE),)).start()
    table = Table(BOT_NAME, [])

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host = await stack.enter_async_context(e2e.player(HOST_NAME))
            players = [await stack.enter_async_context(e2e.player(name)) for name in NAMES]
            for person in [host, *players]:
                await person.join("survivor")
            await host.say("survivor", "$host lowball")
            await host.wait_for(r"Lowball.*signups are open|signups are open.*Lowball", room="survivor")
            for person in players:
                await person.say("survivor", "/me in")
            await host.wait_for(r"PL \(4\)", room="survivor", timeout=20)
            table.players = players
            table.start()
            await host.say("survivor", "$start")
            await host.wait_for(r"rolled lowest \(\d+\) and is out", room="survivor", timeout=60)
            await host.wait_for(r"wins the game!", room="survivor", timeout=120)
            await host.wait_for(r"Dice seed: ", room="survivor", timeout=10)
            await table.stop()

    run_async(scenario(), timeout=180)
    assert {command for _, command in table.clicks} == {"roll"}
    assert len({player for player, _ in table.clicks}) == len(NAMES)
    assert "Traceback" not in bot.log()
