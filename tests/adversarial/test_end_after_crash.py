"""A crash (kill -9) at each point of a game's end: the restarted bot stores the same record and points,
loses no close, and says `.win` and the `.addbot` line at most once; the one line it cannot tell went out
is not said again if it counts (`.win`, `.addbot`), and the room's auth are asked to check it instead."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.bot.roombot import RoomBotSettings
from survivor_host.store.db import Store
from tests.adversarial.store_faults import Faults
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_room import clock, outbox
from tests.host.test_room_bot import BOT, ROOM, SEVEN, SV, started_game

ENDING = ("seed", "points", "win", "modnote", "addbot")
"""A game's last lines when the room bot hosted us for it (our own points on), in the order they are sent."""
BEFORE_THE_LINES = 2
"""The sends that go out before the first last line is handed over: the final step, then the close."""
CRASH_POINTS = range(BEFORE_THE_LINES + len(ENDING) + 1)
"""How many sends went out before the crash: none, ..., every one."""


def new_host(folder: Path, at: float = 0.0, absent: tuple[str, ...] = ()) -> RoomHost:
    """A room host beside the room bot, with our points mirrored (so the points line is said too)."""
    out = FakeOutbox(name=BOT, html_rooms=(ROOM,), absent=set(absent))
    settings = HostSettings(prefix="$", room_bot=RoomBotSettings(SV), mirror_points=True)
    return RoomHost(ROOM, out, FakeClock(time=at), Store(folder / "bot.db"), settings, lambda: "seed-1")


def ended(folder: Path) -> RoomHost:
    """A game the room bot hosted us for, played to its end; nothing its final input caused has gone out."""
    host = new_host(folder)
    started_game(host)
    rng = random.Random(3)
    while (game := host.game) is not None:
        wait = game.awaiting()[0]
        choice = rng.choice(game.legal_inputs(wait.player))
        text = f"{choice.action} {choice.target or ''}".strip()
        outbox(host).hold_sent = True
        if wait.secret:
            host.handle_pm(wait.player, text)
        else:
            host.handle_chat(" ", wait.player, "$" + text)
        if host.game is not None:
            outbox(host).hold_sent = False
            outbox(host).flush_sent()
    return host


def go_out(host: RoomHost, count: int) -> None:
    """The next `count` sends go out, one at a time (each may hand over the next line)."""
    for _ in range(count):
        outbox(host).unsent.pop(0)()


def restart(folder: Path, host: RoomHost, held: bool = False, absent: tuple[str, ...] = ()) -> RoomHost:
    """The bot dies now (what it stored stays; nothing it queued goes out) and a new one restores from the
    database; `held`: nothing the new one sends goes out either."""
    host.store.close()
    again = new_host(folder, clock(host).time + 5, absent)
    outbox(again).hold_sent = held
    for stored in again.store.unfinished_games():
        again.restore_game(stored)
    return again


@dataclass(frozen=True)
class Stored:
    """What a game's end left in the database: its record, status, points, game counts, and what is owed."""

    record: Any
    status: str
    points: list[tuple[str, int]]
    counts: list[int]
    unfinished: int

    @classmethod
    def of(cls, store: Store) -> Stored:
        (row,) = store.db.execute("SELECT record, status FROM games").fetchall()
        counts = [store.games_of(ROOM, name.lower()) for name in SEVEN]
        return cls(row[0], row[1], store.leaderboard(ROOM), counts, len(store.unfinished_games()))


def wins(host: RoomHost) -> list[str]:
    return [line for line in outbox(host).room_lines() if line.startswith(".win ")]


def addbot_lines(host: RoomHost) -> list[str]:
    return [
        text for kind, _, text in outbox(host).sent if kind in ("pm", "pmuhtml") and "leaderboard (a + sends" in text
    ]


def asked_to_check(host: RoomHost, name: str = "Hostess") -> list[str]:
    return [text for text in outbox(host).pms_to(name) if "I restarted while ending game" in text]


@pytest.fixture(scope="module")
def uncrashed(tmp_path_factory: pytest.TempPathFactory) -> Stored:
    host = ended(tmp_path_factory.mktemp("uncrashed"))
    outbox(host).hold_sent = False
    outbox(host).flush_sent()
    assert not outbox(host).unsent and len(wins(host)) == len(addbot_lines(host)) == 1
    return Stored.of(host.store)


@pytest.mark.parametrize("gone_out", CRASH_POINTS)
def test_a_crash_at_each_point_of_the_end_stores_the_same_close_and_says_win_once(
    tmp_path: Path, gone_out: int, uncrashed: Stored
) -> None:
    host = ended(tmp_path)
    go_out(host, gone_out)
    in_flight = gone_out - BEFORE_THE_LINES  # the line handed over whose going out was not stored
    unsure = ENDING[in_flight] if 0 <= in_flight < len(ENDING) else None
    again = restart(tmp_path, host)
    assert Stored.of(again.store) == uncrashed
    assert len(wins(host) + wins(again)) == 1
    assert len(addbot_lines(host) + addbot_lines(again)) == 1
    asked = asked_to_check(again)
    assert len(asked) == (unsure in ("win", "addbot"))
    if unsure == "win":
        assert f"whether my {wins(host)[0]} reached {SV}" in asked[0] and f"Check {SV}'s .lb" in asked[0]
    if unsure == "addbot":
        assert "whether its points line reached you" in asked[0] and ".addbot 7, " in asked[0]


def test_a_crash_before_the_close_announces_the_final_step_and_ends_once(tmp_path: Path, uncrashed: Stored) -> None:
    host = ended(tmp_path)
    again = restart(tmp_path, host)
    assert any("wins the game!" in line for line in outbox(again).room_lines())
    assert len(wins(again)) == 1 and not asked_to_check(again)
    assert Stored.of(again.store) == uncrashed


def test_a_win_said_after_a_restart_is_still_watched_for_the_room_bots_answer(tmp_path: Path) -> None:
    """The room bot still names us its host until it takes the `.win`: if it does not, the auth are asked
    to `.dehost`, as without a crash."""
    host = ended(tmp_path)
    go_out(host, BEFORE_THE_LINES + ENDING.index("points"))  # the points line in flight, `.win` not yet said
    again = restart(tmp_path, host)
    assert len(wins(again)) == 1 and again.roombot.we_host()
    clock(again).advance(60)
    assert any("did not answer my .win" in text for text in outbox(again).pms_to("Hostess"))


def test_crashes_in_a_row_while_the_win_is_unconfirmed_never_say_it_again(tmp_path: Path, uncrashed: Stored) -> None:
    host = ended(tmp_path)
    go_out(host, BEFORE_THE_LINES + ENDING.index("win"))  # `.win` handed over, not known to be out
    again = restart(tmp_path, host, held=True)  # the restarted bot dies too before anything went out
    third = restart(tmp_path, again)
    assert len(wins(host)) == 1 and wins(again) == wins(third) == []
    assert len(asked_to_check(again)) == len(asked_to_check(third)) == 1  # asked again: better twice than never
    assert Stored.of(third.store) == uncrashed


def test_the_auth_asked_to_check_are_the_first_heard_when_the_games_host_is_away(tmp_path: Path) -> None:
    host = ended(tmp_path)
    go_out(host, BEFORE_THE_LINES + ENDING.index("win"))
    again = restart(tmp_path, host, absent=("hostess",))
    assert not asked_to_check(again) and wins(again) == []
    again.handle_chat(" ", "Io", "gg")  # not auth
    again.handle_chat("%", "Mod", "gg")
    (asked,) = asked_to_check(again, "Mod")
    assert ".win " in asked and not asked_to_check(again, "Io")
    again.handle_chat("@", "Other", "hi")
    assert not asked_to_check(again, "Other")  # told once


def test_a_close_the_database_does_not_take_is_stored_once_it_does_then_the_lines_go_out(
    tmp_path: Path, uncrashed: Stored
) -> None:
    host = ended(tmp_path)
    go_out(host, 1)  # the final step went out
    faults = Faults(host.store, "full")
    faults.start()
    go_out(host, 1)  # the close is not stored: none of the last lines is said
    assert outbox(host).room_lines()[-1].startswith("**Paused:** I cannot write my database")
    assert not outbox(host).unsent and not wins(host)
    faults.stop()
    outbox(host).hold_sent = False
    clock(host).advance(60)
    assert len(wins(host)) == 1 and len(addbot_lines(host)) == 1
    assert Stored.of(host.store) == uncrashed


def test_a_crash_while_the_close_waits_for_the_database_ends_the_game_once(tmp_path: Path, uncrashed: Stored) -> None:
    host = ended(tmp_path)
    go_out(host, 1)
    faults = Faults(host.store, "full")
    faults.start()
    go_out(host, 1)
    again = restart(tmp_path, host)
    assert len(wins(again)) == 1 and not asked_to_check(again)
    assert Stored.of(again.store) == uncrashed


def test_a_line_waits_until_the_one_before_is_stored_as_sent(tmp_path: Path, uncrashed: Stored) -> None:
    """A full disk after the close holds the rest of the lines back until it takes writes again."""
    host = ended(tmp_path)
    go_out(host, BEFORE_THE_LINES)  # closed; the seed line is handed over
    faults = Faults(host.store, "full")
    faults.start()
    go_out(host, 1)  # the seed line went out; that it did is not stored
    assert not outbox(host).unsent and not any(line.startswith("Points:") for line in outbox(host).room_lines())
    faults.stop()
    outbox(host).hold_sent = False
    clock(host).advance(60)
    assert len(wins(host)) == 1
    assert Stored.of(host.store) == uncrashed


def test_the_last_lines_are_stored_with_the_close_and_marked_as_they_go_out(tmp_path: Path) -> None:
    host = ended(tmp_path)
    go_out(host, BEFORE_THE_LINES)
    (game_id,) = host.store.db.execute("SELECT id FROM games WHERE status = 'finished'").fetchone()
    stored = host.store.ending_of(game_id)
    assert stored is not None
    ending, sent = stored
    assert [kind for kind, _ in ending["lines"]] == ["say", "say", "win", "modnote", "addbot"]
    assert ending["host"] == "Hostess" and sent == 0
    outbox(host).hold_sent = False
    outbox(host).flush_sent()
    assert host.store.ending_of(game_id) == (ending, len(ENDING)) and host.store.unfinished_games() == []
