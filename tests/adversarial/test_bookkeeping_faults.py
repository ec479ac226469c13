"""A bookkeeping write (a deadline, what was posted, a hand session's sent marks) that the database does
not take is not lost: play pauses with the room told, and the write is stored once the disk has room.
"""

from __future__ import annotations

import json
from pathlib import Path

from survivor_host.bot.room import RoomHost
from tests.adversarial.store_faults import Faults, game_under_way
from tests.host.test_hand_hosting import session_host
from tests.host.test_room import clock, outbox

PAUSED = "**Paused:** I cannot write my database (its disk is full)."
AGAIN = "I can write my database again: play goes on."


def database_lines(host: RoomHost, since: int) -> list[str]:
    return [line for line in outbox(host).room_lines()[since:] if "database" in line]


def stored_game(host: RoomHost, game_id: int) -> tuple[float | None, int | None, int]:
    row = host.store.db.execute("SELECT deadline_at, deadline_wait, posted FROM games WHERE id = ?", (game_id,))
    deadline_at, wait, posted = row.fetchone()
    return deadline_at, wait, int(posted)


def test_a_deadline_the_database_does_not_take_pauses_play_and_is_stored_once_it_does(tmp_path: Path) -> None:
    noted = game_under_way(tmp_path, answered=0)
    host, game, owed = noted.host, noted.game, noted.owed
    faults = Faults(host.store, "full", only="UPDATE games SET deadline_at")
    faults.start()
    for name in owed:  # the round ends: the next wait's deadline is not stored
        host.handle_pm(name, "follow")
    assert game.wait_id != stored_game(host, noted.game_id)[1]
    assert database_lines(host, noted.lines)[0].startswith(PAUSED)
    faults.stop()
    clock(host).advance(60)
    assert database_lines(host, noted.lines)[-1] == AGAIN
    deadline_at, wait, _ = stored_game(host, noted.game_id)
    assert (deadline_at, wait) == (host.deadline_at, game.wait_id)


def test_what_was_posted_the_database_does_not_take_is_stored_once_it_does(tmp_path: Path) -> None:
    noted = game_under_way(tmp_path, answered=0)
    host, owed = noted.host, noted.owed
    outbox(host).hold_sent = True
    host.handle_pm(owed[0], "follow")
    faults = Faults(host.store, "full", only="UPDATE games SET posted")
    faults.start()
    outbox(host).flush_sent()  # its lines went out: that they did is not stored
    assert stored_game(host, noted.game_id)[2] < host.state.seq
    assert database_lines(host, noted.lines)[0].startswith(PAUSED)
    faults.stop()
    outbox(host).hold_sent = False
    clock(host).advance(60)
    assert database_lines(host, noted.lines)[-1] == AGAIN
    assert stored_game(host, noted.game_id)[2] == host.state.seq


def test_a_hand_draw_whose_sent_mark_the_database_does_not_take_is_not_posted_twice(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    lines = len(outbox(host).room_lines())
    outbox(host).hold_sent = True
    host.handle_chat(" ", "Mars", ".roll 100")  # stored, marked not known to be sent
    faults = Faults(host.store, "full")
    faults.start()
    outbox(host).flush_sent()  # it went out: clearing its mark is not stored
    assert database_lines(host, lines)[0].startswith(PAUSED)
    faults.stop()
    outbox(host).hold_sent = False
    clock(host).advance(60)
    assert database_lines(host, lines)[-1] == AGAIN
    (data,) = [json.loads(row[0]) for row in host.store.db.execute("SELECT data FROM hand_sessions")]
    assert data["unsent"] == []  # a restart does not post the draw again
