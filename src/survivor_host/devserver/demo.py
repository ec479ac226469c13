"""`survivor-host demo`: the real bot hosts a whole game for AI players on a local Showdown server.

Everything runs on 127.0.0.1: a Pokémon Showdown server (npm, installed once into the user's cache),
a fake login server, the bot exactly as `serve` runs it (at `*` in the room), a host who types
`$host` and `$start`, and one websocket client per AI player. The room is printed as a player reads it
(`devserver/story.py`), with one player's private side beside it on request (`--as`).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from survivor_host.devserver.demo_run import Demo
from survivor_host.devserver.demo_setup import BOT_NAME, ROOM, DemoError, DemoSetup
from survivor_host.devserver.ps_install import PS_VERSION, default_cache_dir, ensure_ps_installed, is_installed
from survivor_host.devserver.story import Story, default_pace


def _summary(record: dict[str, object] | None) -> str:
    if not record:
        return "the game did not finish"
    rounds = record.get("rounds")
    count = len(rounds) if isinstance(rounds, list) else 0
    winner = record.get("winner")
    rounds_said = f"{count} round{'' if count == 1 else 's'}"
    return f"{winner} won after {rounds_said}" if winner else f"the game ended after {rounds_said}, no winner"


async def _main(setup: DemoSetup, workdir: Path, story: Story) -> int:
    demo = Demo(setup, workdir, story)
    task = asyncio.current_task()
    assert task is not None  # run by asyncio.run
    loop = asyncio.get_running_loop()
    stopped = closing = False
    told = asyncio.Event()
    printing = loop.create_task(story.print_paced(told)) if story.pace else None

    def stop() -> None:
        """Ctrl-C or SIGTERM: cancel the run, and again each second should a part swallow the cancellation."""
        nonlocal stopped
        stopped = True
        if not closing and not task.done():
            task.cancel()
            loop.call_later(1.0, stop)

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop)
    try:
        code = await demo.run()
        if stopped:  # the run ended on its own after the signal: still an interruption
            raise asyncio.CancelledError
        told.set()
        if printing is not None:
            await printing  # the watcher reads the whole game before the demo says it is over
        story.note(f"game over: {_summary(demo.record)} (seed {demo.seed})")
        if setup.record is not None:
            story.note(f"record written to {setup.record}: check it with `survivor-host verify {setup.record}`")
        return code
    finally:
        closing = True
        if printing is not None and not printing.done():
            printing.cancel()
        story.flush()
        await demo.close()
        story.note("stopped the bot, the players and the local servers")


def run_demo(setup: DemoSetup, out: TextIO = sys.stdout) -> int:
    """Run the demo; 0 when the game was played to its end, 1 on a failure, 130 on Ctrl-C or SIGTERM."""
    setup.check()
    story = Story(out, ROOM, BOT_NAME, pace=default_pace(setup.pace, out), watched=setup.watched())
    cache = setup.cache_dir or default_cache_dir()
    if not is_installed(cache):
        story.note(f"first run: installing pokemon-showdown@{PS_VERSION} with npm into {cache} (a minute or two)")
    try:
        ensure_ps_installed(cache)
    except Exception as error:  # PSServerError, a timeout, a full disk: say it plainly
        story.note(f"could not install the Showdown server: {error}")
        return 1
    logging.basicConfig(stream=sys.stderr, level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="survivor-host-demo-") as workdir:
        try:
            return asyncio.run(_main(setup, Path(workdir), story))
        except (KeyboardInterrupt, asyncio.CancelledError):
            story.note("interrupted")
            return 130
        except (DemoError, TimeoutError) as error:
            story.note(f"demo failed: {error}")
            return 1
