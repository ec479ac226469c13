"""Finding 6: a write that fails (disk full, read-only database) must not lose the game.

An input or a draw counts only once it is stored: a failed write leaves the game exactly as before,
tells the sender why, pauses play with one room line (deadlines kept, not run down), and play goes
on by itself once the database takes writes again. A game that cannot be restored says so and a host
ends it; `serve` refuses a database it cannot write before it connects.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

import pytest

from survivor_host.bot import serve
from survivor_host.bot.room import RoomHost
from survivor_host.store.db import Store
from survivor_host.trust.session import verify_session
from tests.adversarial.store_faults import KINDS, Faults, game_under_way, stored_seqs
from tests.host.test_hand_hosting import session_host
from tests.host.test_persistence import reopen
from tests.host.test_room import PLAYERS, clock, make_host, open_game, outbox, play_out


def paused_lines(host: RoomHost) -> list[str]:
    return [line for line in outbox(host).room_lines() if "database" in line]


@pytest.mark.parametrize("kind", KINDS)
def test_the_fault_is_sqlites_own(tmp_path: Path, kind: str) -> None:
    store = Store(tmp_path / "bot.db")
    faults = Faults(store, kind)
    faults.start()
    with pytest.raises(sqlite3.OperationalError, match=faults.message):
        store.add_points("survivor", {"mars": ("Mars", 1)})
    assert store.leaderboard("survivor") == []  # reads go on
    faults.stop()
    store.add_points("survivor", {"mars": ("Mars", 1)})
    assert store.leaderboard("survivor") == [("Mars", 1)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_choice_that_cannot_be_stored_does_not_count_and_play_waits_for_the_disk(tmp_path: Path, kind: str) -> None:
    noted = game_under_way(tmp_path)
    host, game, owed, before, seqs, lines = noted.host, noted.game, noted.owed, noted.record, noted.seqs, noted.lines
    faults = Faults(host.store, kind)
    faults.start()

    host.handle_pm(owed[1], "follow")
    host.handle_chat("@", "Hostess", f".modkill {owed[2]}")
    assert game.record() == before  # neither the choice nor the modkill counted
    assert game.seat(owed[2]).alive and owed[1] in [wait.player for wait in game.awaiting()]
    assert stored_seqs(host.store, noted.game_id) == seqs
    for who in (owed[1], "Hostess"):
        told = outbox(host).pms_to(who)[-1]
        assert told.startswith("Not taken: I cannot write my database") and "paused" in told, told
    new_lines = outbox(host).room_lines()[lines:]
    assert len(new_lines) == 1 and new_lines[0].startswith("**Paused:** I cannot write my database"), new_lines

    clock(host).advance(600)  # far past the deadline: nobody is out for the bot's own fault
    assert game.record() == before and all(seat.alive for seat in game.seats)
    assert len(paused_lines(host)) == 1  # one line, however many tries

    faults.stop()
    clock(host).advance(60)
    assert paused_lines(host)[-1] == "I can write my database again: play goes on."
    assert host.deadline_at is not None and host.deadline_at > clock(host).time  # the deadline is armed again
    host.handle_pm(owed[1], "follow")  # sent again: now it counts
    assert owed[1] not in [wait.player for wait in game.awaiting()]
    clock(host).advance(host.deadline_at - clock(host).time + 1)  # the deadline runs out: the idle are out
    assert [seat.name for seat in game.seats if not seat.alive] == owed[2:]
    seqs = stored_seqs(host.store, noted.game_id)
    assert seqs == list(range(1, len(seqs) + 1))  # no hole

    record = game.record()
    again = reopen(tmp_path, host)  # nothing stored is missing: the restart replays the same game
    assert again.game is not None and again.game.record() == record


def test_a_timeout_that_cannot_be_stored_waits_for_the_disk_then_runs(tmp_path: Path) -> None:
    noted = game_under_way(tmp_path, answered=0)
    host, game, owed = noted.host, noted.game, noted.owed
    assert host.deadline_at is not None
    faults = Faults(host.store, "full")
    faults.start()
    clock(host).advance(host.deadline_at - clock(host).time + 1)  # the deadline's timeout is not stored
    assert all(seat.alive for seat in game.seats) and len(paused_lines(host)) == 1
    clock(host).advance(300)
    assert all(seat.alive for seat in game.seats)
    faults.stop()
    clock(host).advance(60)  # writable again: the deadline gets time back, then runs out
    assert [seat.name for seat in game.seats if not seat.alive] == owed
    assert paused_lines(host)[-1] == "I can write my database again: play goes on."


@pytest.mark.parametrize("kind", KINDS)
def test_a_draw_that_cannot_be_stored_is_neither_numbered_nor_shown(tmp_path: Path, kind: str) -> None:
    host = session_host(tmp_path)
    faults = Faults(host.store, kind)
    host.handle_chat(" ", "Mars", ".roll 100")
    faults.start()
    lines = len(outbox(host).room_lines())
    host.handle_chat(" ", "Mars", ".roll 100")
    host.handle_pm("Mars", "card Io")
    new_lines = outbox(host).room_lines()[lines:]
    assert len(new_lines) == 1 and new_lines[0].startswith("**Paused:**"), new_lines
    assert outbox(host).pms_to("Mars")[-1].startswith("Not taken: I cannot write my database")
    assert not outbox(host).pms_to("Io") or "your card" not in outbox(host).pms_to("Io")[-1]
    faults.stop()
    clock(host).advance(60)
    host.handle_chat(" ", "Mars", ".roll 100")
    assert re.fullmatch(r"#2 roll 100: \d+", outbox(host).room_lines()[-1])  # the next number: none was lost
    host.handle_chat(" ", "Mars", ".done")
    (record,) = [json.loads(row[0]) for row in host.store.db.execute("SELECT record FROM hand_sessions")]
    assert [draw["number"] for draw in record["draws"]] == [1, 2]
    assert verify_session(record).ok


def test_a_game_that_cannot_be_restored_says_so_and_a_host_ends_it_without_points(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    assert host.game is not None and host.game_id is not None
    host.store.add_points("survivor", {"venus": ("Venus", 7)})
    # A stored input the rules refuse on replay (a hole in the inputs leaves the same kind of game).
    host.store.db.execute(
        "INSERT INTO inputs (game_id, seq, at, input) VALUES (?, 1, 0, ?)",
        (host.game_id, json.dumps({"action": "modkill", "target": "Nobody"})),
    )
    game_id = host.game_id
    again = reopen(tmp_path, host)
    assert again.game is None
    assert any(
        f"Game {game_id} could not be restored" in line and ".end" in line for line in outbox(again).room_lines()
    )
    status = again.store.db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()[0]
    assert status != "running"
    assert again.store.unfinished_games() == []  # not tried again at the next start

    again.handle_chat("@", "Hostess", ".end")
    assert (
        outbox(again).room_lines()[-1]
        == f"Hostess ended game {game_id} (it could not be restored); nobody's points change."
    )
    assert again.store.db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()[0] == "ended"
    assert again.store.leaderboard("survivor") == [("Venus", 7)] and again.store.most_games("survivor") == []
    open_game(again, "ftl", PLAYERS)  # the room hosts again
    play_out(again, random.Random(2))
    assert again.game is None


@pytest.mark.parametrize("kind", KINDS)
def test_serve_refuses_a_database_it_cannot_write_before_it_connects(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "bot.db"
    config = tmp_path / "bot.toml"
    config.write_text(f'[bot]\nusername = "SurvivorHost"\nrooms = ["survivor"]\ndatabase = "{database}"\n')
    monkeypatch.setenv("SURVIVOR_HOST_PASSWORD", "x")
    Store(database).close()
    faults_on = Store.__init__

    def failing_store(self: Store, path: str | Path) -> None:
        faults_on(self, path)
        Faults(self, kind).start()

    monkeypatch.setattr(Store, "__init__", failing_store)
    monkeypatch.setattr(serve, "run_bot", lambda config: pytest.fail("the bot connected"))
    assert serve.serve_main(str(config)) == serve.EXIT_CONFIG
    error = capsys.readouterr().err
    reason = "full" if kind == "full" else "read-only"
    assert "[bot] database" in error and "cannot be written" in error and reason in error, error


@pytest.mark.parametrize("kind", KINDS)
def test_signups_refused_for_want_of_the_disk_change_nothing(tmp_path: Path, kind: str) -> None:
    """`.host`, `/me in`, `/me out`, `.set` and `.salt` that cannot be stored are "Not taken" and change
    nothing, in memory as on disk: no signups open without their commitment said, nobody is listed."""
    host = make_host(tmp_path)
    faults = Faults(host.store, kind)
    faults.start()
    host.handle_chat("@", "Hostess", ".host ftl")
    assert host.state.signups is None and not any("signups are open" in line for line in outbox(host).room_lines())
    faults.stop()
    host.handle_chat("@", "Hostess", ".host ftl")
    host.handle_chat(" ", "Eve", "/me in")
    listed = list(host.state.signups.players) if host.state.signups else []
    options = dict(host.state.signups.options) if host.state.signups else {}
    faults.start()
    host.handle_chat(" ", "Mallory", "/me in")
    host.handle_chat(" ", "Eve", "/me out")
    host.handle_chat("@", "Hostess", ".set max_players 9")
    host.handle_pm("Eve", "salt pepper5")
    assert host.state.signups is not None and host.state.signups.players == listed == ["Eve"]
    assert host.state.signups.options == options and not host.state.signups.dice.salts  # type: ignore[union-attr]
    assert not any("on the player list" in pm for pm in outbox(host).pms_to("Mallory"))
    assert outbox(host).pms_to("Mallory")[-1].startswith("Not taken: I cannot write my database")
    faults.stop()
    stored = host.store.all_signups()[host.room]
    assert stored["players"] == ["Eve"] and stored["options"] == options


@pytest.mark.parametrize("kind", KINDS)
def test_a_close_that_cannot_be_stored_leaves_the_box_open(tmp_path: Path, kind: str) -> None:
    """The signups box says closed only once the close is stored: a refused `.end` leaves list and box open."""
    host = make_host(tmp_path, html=True)
    host.handle_chat("@", "Hostess", ".host ftl")
    host.handle_chat(" ", "Eve", "/me in")
    sent = len(outbox(host).sent)
    faults = Faults(host.store, kind)
    faults.start()
    host.handle_chat("@", "Hostess", ".end")
    assert host.state.signups is not None and host.state.signups.players == ["Eve"]
    assert not any("signups are closed" in text for _, _, text in outbox(host).sent[sent:])
    assert outbox(host).pms_to("Hostess")[-1].startswith("Not taken: I cannot write my database")
    faults.stop()
    assert host.store.all_signups()[host.room]["players"] == ["Eve"]
    clock(host).advance(60)
    host.handle_chat("@", "Hostess", ".end")  # writable again: now it closes, and the box says so
    assert host.state.signups is None and host.store.all_signups() == {}
    assert any(what == "uhtmlchange" and "signups are closed" in text for what, _, text in outbox(host).sent[sent:])


@pytest.mark.parametrize("only", [None, "DELETE FROM signups"])
def test_a_start_that_cannot_be_stored_begins_no_game_and_a_retry_begins_one(tmp_path: Path, only: str | None) -> None:
    """The game's row and the list's close are stored together: a start refused at either leaves the list
    open and no game stored, so `.start` again begins one game, not a second with the same seed."""
    host = make_host(tmp_path, leader="pick")
    host.handle_chat("@", "Hostess", ".host ftl")
    for name in PLAYERS:
        host.handle_chat(" ", name, "/me in")
    faults = Faults(host.store, "full", only=only)
    faults.start()
    host.handle_chat("@", "Hostess", ".start")
    assert host.game is None and host.state.signups is not None and host.state.signups.players == PLAYERS
    assert host.store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    assert host.store.all_signups()[host.room]["players"] == PLAYERS
    assert outbox(host).pms_to("Hostess")[-1].startswith("Not taken: I cannot write my database")
    assert not any("client seed" in line for line in outbox(host).room_lines())
    faults.stop()
    clock(host).advance(60)
    host.handle_chat("@", "Hostess", ".start")
    assert host.game is not None and host.state.signups is None and host.store.all_signups() == {}
    assert host.store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
