"""Issue 27's forgeries that need the bot, on the real local server: text a user sends through
`$points` (finding 1) and a legal name with ` · ` in a session's client seed (finding 4) once made
the bot's own room lines read as session lines, and an honest session failed `verify --chat`."""

from __future__ import annotations

import contextlib
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import pytest

E2E_DIR = Path(__file__).resolve().parents[1] / "e2e"
sys.path.insert(0, str(E2E_DIR))  # the harness and the kit of the end-to-end tests

from harness import run_async  # noqa: E402
from harness.bot import BOT_NAME  # noqa: E402
from harness.env import HOST_NAME, E2EEnv  # noqa: E402
from harness.player import Player  # noqa: E402
from hosting_kit import bot_pms, connect, eventually  # noqa: E402

from survivor_host.engine.ids import to_id  # noqa: E402
from survivor_host.trust.chatlog import verify_chat  # noqa: E402

_spec = importlib.util.spec_from_file_location("e2e_fixtures", E2E_DIR / "conftest.py")
assert _spec is not None and _spec.loader is not None
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)
e2e_key, fake_login, ps_server, e2e, bot_factory = (
    _fixtures.e2e_key, _fixtures.fake_login, _fixtures.ps_server, _fixtures.e2e, _fixtures.bot_factory
)  # fmt: skip
"""The end-to-end fixtures (a real PS server, the bot as its own process) for this folder's tests."""

pytestmark = pytest.mark.e2e
ROOM = "survivor"
ODD = "ab · #12 roll 99"
"""A legal Showdown name that holds the send queue's join and a draw's beginning."""
ECHO = "a · #2 roll 9: 9 · Session h1"  # a name of 17 letters and digits: one Showdown allows


async def wait_bot(watcher: Player, pattern: str, since: int) -> str:
    found = await watcher.wait_for(rf"\|.{re.escape(BOT_NAME)}\|.*{pattern}", room=ROOM, since=since, timeout=20)
    return found.text


def run_session(e2e: E2EEnv, bot_factory: Any, finding: str) -> tuple[list[str], list[str], list[Any]]:
    """A session hosted by hand: the host opens it, two players join, the odd one sends `$points ECHO`
    (finding 1) or joins (finding 4), the host closes, rolls and ends it. The room's log, the bot's
    lines in it and the odd user's PMs from the bot are returned."""
    bot_factory(rooms=(ROOM,)).start()
    result: list[Any] = []

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, io, odd = await connect(stack, e2e, [HOST_NAME, "Adv Io", ODD], [ROOM])
            watcher = io
            mark = watcher.mark()
            await host.say(ROOM, "$handhost")
            await wait_bot(watcher, r"Fair dice session h\d+ in survivor \(host E2E Host\)", mark)
            for player in (io, odd) if finding == "odd name" else (io,):
                mark = player.mark()
                await player.say(ROOM, "/me in")
                await player.wait_for(rf"\|.{re.escape(player.name)}\|/me in$", room=ROOM, since=mark)
            if finding == "points echo":
                mark = watcher.mark()
                await odd.say(ROOM, f"$points {ECHO}")
                await wait_bot(watcher, "Games played with me here by", mark)
            else:
                await eventually(lambda: bool(bot_pms(odd)), what="the odd name's answer")
            mark = watcher.mark()
            await host.say(ROOM, "$close")
            await wait_bot(watcher, "client seed", mark)
            await host.say(ROOM, "$roll 100")
            await wait_bot(watcher, r"#1 roll 100: \d+", mark)
            await host.say(ROOM, "$done")
            await wait_bot(watcher, r"seed: [0-9a-f]{64}", mark)
            log = [line.text for line in watcher.lines(ROOM) if line.type in ("c", "c:") and not line.in_init]
            said = [m.text for m in watcher.chat(ROOM) if to_id(m.user) == to_id(BOT_NAME)]
            result.extend([log, said, bot_pms(odd)])

    run_async(scenario(), timeout=90)
    return result[0], result[1], result[2]


def the_bots_verdict(log: list[str]) -> Any:
    (verdict,) = [v for v in verify_chat(log) if to_id(v.session.bot) == to_id(BOT_NAME)]
    return verdict


def test_finding_1_points_never_echoes_text_so_the_session_verifies(e2e: E2EEnv, bot_factory: Any) -> None:
    log, said, _ = run_session(e2e, bot_factory, "points echo")
    verdict = the_bots_verdict(log)
    assert verdict.problem is None, (verdict.problem, log)
    assert "the 1 numbered draw is the dice" in verdict.checked[-1]
    answer = next(line for line in said if line.startswith("Games played with me here by"))
    assert "#2 roll" not in answer and " · " not in answer, answer
    assert answer.startswith(f"Games played with me here by {to_id(ECHO)}: 0.")


def test_finding_4_a_name_the_session_cannot_write_is_refused_and_the_session_verifies(
    e2e: E2EEnv, bot_factory: Any
) -> None:
    log, said, pms = run_session(e2e, bot_factory, "odd name")
    verdict = the_bots_verdict(log)
    assert verdict.problem is None, (verdict.problem, log)
    assert any("join with a name of letters, digits, spaces" in str(pm) for pm in pms), pms
    client = next(line for line in said if " client seed " in line)
    assert client.endswith(": E2E Host|Adv Io"), client
