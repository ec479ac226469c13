"""Every write of a whole game, failed in turn: the k-th write fails like a full disk (back after a few
more attempted actions), players send again what was not taken, and the game is not lost.

For each k: the game finishes; its stored record verifies and is the record of the same game played
without a fault; a restart from the database as it was at the fault (the bot died then; for every other
k its disk still full a while) plays on to that same record; a restart once the bot has answered the
fault brings back the very game or list it had (nothing it holds is ahead of the store); and the room
reads no game line, and no player a PM about the game, that the game without a fault did not also say.
SWEEP_EVERY=1 sweeps every k (slower).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from survivor_host.bot.room import RoomHost
from survivor_host.trust.verify import verify
from tests.adversarial.write_sweep import (
    DOWN_FOR,
    Driver,
    FailingConnection,
    Plan,
    new_host,
    restart,
    snapshot,
    stored_record,
)
from tests.host.test_room import clock, outbox

P7 = ("Venus", "Mars", "Jupiter", "Saturn", "Ceres", "Pluto", "Io")
PLANS = (
    Plan("ftl", "ftl", P7, idle_at=(3,), host_at=((1, "modkill"),), rename_at=4),
    Plan("cta", "cta", P7[:5], idle_at=(2,), host_at=((4, "sub"),), autostart=True),
    Plan("cta-all-at-once", "cta", P7[:5], mods="all-at-once", idle_at=(2,), rename_at=3),
    Plan("hp", "hp", P7[:4], idle_at=(2,), autostart=True),
    Plan("rr", "rr", P7[:4], idle_at=(1,)),
    Plan("hg", "hg", P7[:5], idle_at=(1,), rename_at=2),
    Plan("ftl-html", "ftl", P7[:5], idle_at=(2,), host_at=((3, "sub"),), unreachable="Jupiter", html=True),
    Plan("cta-html", "cta", P7[:4], idle_at=(1,), autostart=True, html=True),
)
STRIDE = 1 if os.environ.get("SWEEP_EVERY") else 3
"""Every STRIDE-th write is failed (each plan starting at another offset, so that together they cover
every position in a game's order of writes)."""

NOT_GAME = re.compile(
    r"^(\*\*Paused:\*\*|I can write my database again|Waiting on:|The bot restarted|\*\*PL \("
    r"|.* you still owe an action|.* you have not voted yet)"
)
"""Room lines about the fault, the clock or the list's pace, not the game."""
NOT_GAME_PM = re.compile(
    r"^(\[[^]]*\] )?"  # the room's heading
    r"(Not taken: |\d+ seconds left|Your card is |.*\bowe\b|.*: (follow|rebel|stick|swap|pass|pull|attack)\b)"
)
"""PMs about the fault or the clock, and prompts sent again after a pause (after the room's heading)."""


@dataclass
class Played:
    """A game played with its k-th write failing (None: no fault), and what was found along the way."""

    host: RoomHost
    connection: FailingConnection
    plan: Plan
    record: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)


def live(host: RoomHost) -> dict[str, Any]:
    """The room's game (its inputs) and list as the bot holds them."""
    game, signups = host.game, host.signups
    return {
        "inputs": [inp.to_dict() for inp in game.log] if game is not None else None,
        "players": list(signups.players) if signups is not None else None,
    }


def said(host: RoomHost) -> tuple[list[str], set[tuple[str, str]]]:
    """The room's game lines in order, and the game PMs each player read (one sent again counts once)."""
    lines = [
        f"{kind}: {text}"
        for kind, _, text in outbox(host).sent
        if kind in ("say", "htmlbox", "uhtml", "uhtmlchange") and not NOT_GAME.match(text)
    ]
    pms = {
        (who.lower(), text)
        for kind, who, text in outbox(host).sent
        if kind in ("pm", "pmuhtml") and not NOT_GAME_PM.match(text)
    }
    return lines, pms


def play(folder: Path, plan: Plan, fail_at: int | None) -> Played:
    """The plan played with its `fail_at`-th write failing; the database is copied at the fault
    (`at-fault.db`), and once the bot has answered it its state is checked against the store."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "bot.db"
    host = new_host(path, autostart=plan.autostart, html=plan.html)
    played = Played(
        host, FailingConnection(host.store.db, fail_at, lambda: snapshot(path, folder / "at-fault.db")), plan
    )
    host.store.db = played.connection  # type: ignore[assignment]
    down_for, answered = 0, False

    def after_attempt() -> None:
        nonlocal down_for, answered
        if played.connection.faulted and not answered:
            answered = True
            snapshot(path, folder / "answered.db")
            behind_the_store(played, folder / "answered.db")
        if played.connection.down:
            down_for += 1
            played.connection.down = down_for < DOWN_FOR

    driver = Driver(host, plan, after_attempt=after_attempt)
    try:
        driver.signups()
        driver.play()
        driver.wait_for_writes()
        played.record = stored_record(host.store)
    except (AssertionError, ValueError) as error:
        played.problems.append(f"the game did not finish: {error!r}")
    played.problems += driver.raised
    return played


def behind_the_store(played: Played, path: Path) -> None:
    """The bot dies once it has answered the fault: a restart has the game or list the bot had."""
    host = played.host
    again = restart(path, clock(host).time, played.plan.autostart, played.plan.html)
    if (host.game is not None or host.signups is not None) and live(again) != live(host):
        played.problems.append(f"the bot held {live(host)}, the store {live(again)}")
    again.store.close()


def died_at_the_fault(folder: Path, played: Played, clean: Played, full: bool) -> list[str]:
    """The bot died at the failed write: a restart from the database (`full`: its disk still full for a
    few more attempted actions) plays on to the same game."""
    plan = played.plan
    again = restart(folder / "at-fault.db", clock(played.host).time, plan.autostart, plan.html, full)
    attempts = 0

    def after_attempt() -> None:
        nonlocal attempts
        attempts += 1
        if isinstance(again.store.db, FailingConnection) and attempts >= DOWN_FOR:
            again.store.db.down = False

    try:
        driver = Driver(again, plan, after_attempt=after_attempt)
        if again.store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0:
            driver.signups()
        driver.play()
        driver.wait_for_writes()
        record = stored_record(again.store)
    except (AssertionError, ValueError) as error:
        return [f"after a restart at the fault the game did not finish: {error!r}"]
    return [] if record == clean.record else ["after a restart at the fault the record differs"]


def sweep(tmp_path: Path, plan: Plan, every: int, offset: int) -> tuple[int, list[str]]:
    """The writes of a clean game, and what failing each `every`-th of them (from `offset`) broke."""
    clean = play(tmp_path / "clean", plan, None)
    assert clean.record is not None and not clean.problems, clean.problems
    writes = clean.connection.writes
    assert writes > 30 and verify(clean.record).ok
    lines, pms = said(clean.host)
    found: list[str] = []
    for k in range(1 + offset % every, writes + 1, every):
        folder = tmp_path / f"k{k}"
        played = play(folder, plan, k)
        assert played.connection.faulted
        problems = list(played.problems)
        if played.record is not None:
            if not verify(played.record).ok:
                problems.append("the stored record does not verify")
            if played.record != clean.record:
                problems.append("the stored record differs from the game without a fault")
            got_lines, got_pms = said(played.host)
            if got_lines != lines:
                problems.append(f"the room read other game lines: {[x for x in got_lines if x not in lines][:2]}")
            if got_pms - pms:
                problems.append(f"players read PMs the game without a fault never sent: {list(got_pms - pms)[:2]}")
        problems += died_at_the_fault(folder, played, clean, full=k % 2 == 0)
        found += [f"write {k}: {problem}" for problem in problems]
    return writes, found


@pytest.mark.parametrize("plan", PLANS, ids=[plan.name for plan in PLANS])
def test_no_single_failed_write_loses_or_forks_the_game(tmp_path: Path, plan: Plan) -> None:
    writes, found = sweep(tmp_path, plan, STRIDE, PLANS.index(plan))
    assert not found, f"{plan.name} ({writes} writes):\n" + "\n".join(found)
