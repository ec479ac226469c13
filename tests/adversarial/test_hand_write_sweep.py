"""Every write of a whole hand-hosted session, failed in turn: the k-th write fails like a full disk
(back after a few more attempted actions), the host and players send again what was not taken, and
the session is neither lost nor forked.

For each k: the session ends; its stored record verifies and is the record of the same session
without a fault (its times aside); the room reads every numbered draw once, and the players and host
every card once, as the session without a fault showed them; a restart from the database as it was
at the fault goes on to that same record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from survivor_host.bot.handhost.session import HandSession
from survivor_host.bot.room import RoomHost
from survivor_host.trust.session import verify_session
from tests.adversarial.write_sweep import DOWN_FOR, RETRY_WAIT, FailingConnection, new_host, snapshot
from tests.host.test_room import clock, outbox

PLAYERS = ("Venus", "Io", "Ceres", "Pluto", "Zoë")
DRAW_LINE = re.compile(r"^#(\d+) ")


@dataclass(frozen=True)
class Step:
    """One line the host or a player sends (`pm` as the rank: by PM), taken once `done` holds."""

    rank: str
    name: str
    text: str
    done: Callable[[HandSession | None], bool]


def joined(name: str) -> Callable[[HandSession | None], bool]:
    return lambda s: s is not None and name in s.players


def draws(count: int) -> Callable[[HandSession | None], bool]:
    return lambda s: s is not None and len(s.draws) >= count


STEPS = (
    Step("+", "Stagehand", ".handhost Mars", lambda s: s is not None),
    *(Step(" ", name, "/me in", joined(name)) for name in PLAYERS),
    Step(" ", "Io", ".salt pepper5", lambda s: s is not None and len(s.salts) >= 1),
    Step("pm", "Ceres", "salt tabasco", lambda s: s is not None and len(s.salts) >= 2),
    Step(" ", "Mars", ".close", lambda s: s is not None and s.client_seed is not None),
    Step(" ", "Mars", ".roll 100 // for Venus", draws(1)),
    Step(" ", "Mars", ".card Io", draws(2)),
    Step("pm", "Mars", "list out Venus", lambda s: s is not None and bool(s.out)),
    Step(" ", "Mars", ".pick Red, Blue, Green", draws(3)),
    Step("pm", "Mars", "card 14 Pluto", draws(4)),
    Step("pm", "Mars", "list rename Io, Iota", lambda s: s is not None and len(s.list_events) >= 2),
    Step(" ", "Mars", ".shuffle", draws(5)),
    Step(" ", "Mars", ".roll 3d6+2 // damage", draws(6)),
    Step(" ", "Mars", ".done", lambda s: s is None),
)
TIMES = ("started_at", "ended_at")
"""The record's times: retries after a fault take clock time, so these alone may differ."""


@dataclass
class Session:
    """A session played with its k-th write failing (None: no fault)."""

    host: RoomHost
    connection: FailingConnection
    record: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)


def send(host: RoomHost, step: Step) -> None:
    if step.rank == "pm":
        host.handle_pm(step.name, step.text)
    else:
        host.handle_chat(step.rank, step.name, step.text)


def play_steps(host: RoomHost, after_attempt: Callable[[], None]) -> None:
    """From the first step not yet taken, each step is sent until it is taken (a refused one is sent
    again a little later)."""
    session = host.hand.session
    start = 0 if session is None else next(i for i, step in enumerate(STEPS) if not step.done(session))
    for step in STEPS[start:]:
        for _ in range(30):
            send(host, step)
            after_attempt()
            if step.done(host.hand.session):
                break
            clock(host).advance(RETRY_WAIT)
        else:
            raise AssertionError(f"{step.text!r} was never taken")


def stored_record(host: RoomHost) -> dict[str, Any]:
    (row,) = host.store.db.execute("SELECT record FROM hand_sessions WHERE record IS NOT NULL").fetchall()
    record = dict(json.loads(row[0]))
    return {key: value for key, value in record.items() if key not in TIMES}


def play(folder: Path, fail_at: int | None) -> Session:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "bot.db"
    host = new_host(path)
    played = Session(host, FailingConnection(host.store.db, fail_at, lambda: snapshot(path, folder / "at-fault.db")))
    host.store.db = played.connection  # type: ignore[assignment]
    down_for = 0

    def after_attempt() -> None:
        nonlocal down_for
        if played.connection.down:
            down_for += 1
            played.connection.down = down_for < DOWN_FOR

    try:
        play_steps(host, after_attempt)
        played.record = stored_record(host)
    except (AssertionError, ValueError) as error:
        played.problems.append(f"the session did not end: {error!r}")
    return played


def numbered_lines(host: RoomHost) -> list[str]:
    """The room's numbered draw lines, and the cards' PMs with whom they went to, in order."""
    return [
        text if kind == "say" else f"{who}: {text}"
        for kind, who, text in outbox(host).sent
        if (kind == "say" and DRAW_LINE.match(text)) or (kind == "pm" and "card in survivor" in text)
    ]


def died_at_the_fault(folder: Path, played: Session, clean: Session) -> list[str]:
    """The bot died at the failed write: a new process on the database as it was plays on."""
    again = new_host(folder / "at-fault.db", at=clock(played.host).time)
    running = again.store.running_sessions()
    if running:
        (stored,) = running
        again.hand.restore(stored)
    elif again.store.db.execute("SELECT COUNT(*) FROM hand_sessions").fetchone()[0]:
        return ["after a restart at the fault the session is neither running nor ended"]
    try:
        play_steps(again, lambda: None)
        record = stored_record(again)
    except (AssertionError, ValueError) as error:
        return [f"after a restart at the fault the session did not end: {error!r}"]
    return [] if record == clean.record else ["after a restart at the fault the record differs"]


def test_no_single_failed_write_loses_or_forks_a_hand_hosted_session(tmp_path: Path) -> None:
    clean = play(tmp_path / "clean", None)
    assert clean.record is not None and not clean.problems, clean.problems
    assert verify_session({**clean.record, "started_at": 0.0, "ended_at": 0.0}).ok
    writes = clean.connection.writes
    assert writes >= len(STEPS)
    shown = numbered_lines(clean.host)
    assert len(shown) == 6 + 4  # two cards, each to its player and the host
    found: list[str] = []
    for k in range(1, writes + 1):
        folder = tmp_path / f"k{k}"
        played = play(folder, k)
        assert played.connection.faulted
        problems = list(played.problems)
        if played.record is not None:
            if not verify_session({**played.record, "started_at": 0.0, "ended_at": 0.0}).ok:
                problems.append("the stored record does not verify")
            if played.record != clean.record:
                problems.append("the stored record differs from the session without a fault")
            if numbered_lines(played.host) != shown:
                problems.append(f"the room read other draws: {numbered_lines(played.host)}")
        problems += died_at_the_fault(folder, played, clean)
        found += [f"write {k}: {problem}" for problem in problems]
    assert not found, f"{writes} writes:\n" + "\n".join(found)
