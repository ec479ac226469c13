"""A session's commitment line names its room, and `verify --chat` keeps two rooms' sessions apart: a
raw log of two rooms with a session h1 each is two sessions; a line naming another room is refused;
an older bot's line (no room) is still read."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.store.db import Store
from survivor_host.trust.chatlog import verify_chat
from tests.host.fakes import FakeClock, FakeOutbox

BOT = "*SurvivorBot"


def session_lines(tmp_path: Path, room: str, seed: str) -> list[str]:
    """A short session in `room` (its own database: its id is h1), as the room's log shows it."""
    (tmp_path / room).mkdir()
    out = FakeOutbox()
    host = RoomHost(room, out, FakeClock(), Store(tmp_path / room / "bot.db"), HostSettings(), lambda: seed)
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    for name in ("Venus", "Io"):
        host.handle_chat(" ", name, "/me in")
    host.handle_chat(" ", "Mars", ".close")
    host.handle_chat(" ", "Mars", ".roll 100")
    host.handle_chat(" ", "Mars", ".roll 6")
    host.handle_chat(" ", "Mars", ".done")
    return [f"|c|{BOT}|{text}" for kind, where, text in out.sent if kind == "say" and where == room]


def without_room(lines: list[str], room: str) -> list[str]:
    """What an older bot posted: its commitment line names no room."""
    return [line.replace(f" in {room} (host", " (host") for line in lines]


def test_the_commitment_line_names_its_room(tmp_path: Path) -> None:
    lines = session_lines(tmp_path, "survivortwo", "2" * 64)
    assert lines[0].startswith(f"|c|{BOT}|Fair dice session h1 in survivortwo (host Mars): commitment sha256 ")


def test_two_rooms_sessions_of_one_id_in_one_raw_log_are_two_sessions(tmp_path: Path) -> None:
    one, two = session_lines(tmp_path, "survivor", "1" * 64), session_lines(tmp_path, "survivortwo", "2" * 64)
    for old in (False, True):
        first, second = (without_room(one, "survivor"), without_room(two, "survivortwo")) if old else (one, two)
        log = [">survivor", *first[:3], ">survivortwo", *second, ">survivor", *first[3:]]
        verdicts = verify_chat(log)
        assert [(v.session.id, v.session.room, v.problem) for v in verdicts] == [
            ("h1", "survivor", None),
            ("h1", "survivortwo", None),
        ], old


def test_a_room_log_reads_the_room_from_the_line_and_an_older_line_without_it(tmp_path: Path) -> None:
    lines = session_lines(tmp_path, "survivor", "1" * 64)
    (verdict,) = verify_chat(lines)
    assert verdict.problem is None and verdict.session.room == "survivor"
    (verdict,) = verify_chat(without_room(lines, "survivor"))
    assert verdict.problem is None and verdict.session.room is None


def test_a_commitment_line_naming_another_room_than_the_log_is_refused(tmp_path: Path) -> None:
    lines = session_lines(tmp_path, "survivortwo", "2" * 64)
    (verdict,) = verify_chat([">survivor", *lines])
    assert verdict.problem is not None and "names the room survivortwo, but the log shows it in survivor" in (
        verdict.problem
    )
