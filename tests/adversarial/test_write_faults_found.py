"""What the write sweep (test_write_sweep.py) found, each as its own case: a write that fails at a rename
or at the signups timer is not lost, and play goes on by itself once the database takes writes again."""

from __future__ import annotations

from pathlib import Path

from survivor_host.engine.ids import to_id
from tests.adversarial.store_faults import Faults, game_under_way
from tests.adversarial.write_sweep import SIGNUPS_SECONDS, new_host
from tests.host.test_persistence import reopen
from tests.host.test_room import PLAYERS, clock, outbox


def test_a_rename_the_database_does_not_take_is_stored_once_it_does(tmp_path: Path) -> None:
    """The server renames the player whatever the bot stores: the seat follows them once the rename is
    stored, so the renamed player plays on (and is not out as idle)."""
    noted = game_under_way(tmp_path, answered=0)
    host, game, owed = noted.host, noted.game, noted.owed
    faults = Faults(host.store, "full")
    faults.start()
    host.handle_rename("JunoTwo", to_id(owed[0]))
    assert game.seat(owed[0]).name == owed[0]  # not stored: not counted
    faults.stop()
    clock(host).advance(60)
    assert any(seat.name == "JunoTwo" for seat in game.seats)
    host.handle_pm("JunoTwo", "follow")
    assert "JunoTwo" not in [wait.player for wait in game.awaiting()]
    again = reopen(tmp_path, host)
    assert again.game is not None and again.game.record() == game.record()


def test_a_listed_players_rename_the_database_does_not_take_is_stored_once_it_does(tmp_path: Path) -> None:
    host = new_host(tmp_path / "bot.db")
    host.handle_chat("@", "Hostess", ".host ftl")
    host.handle_chat(" ", "Venus", "/me in")
    faults = Faults(host.store, "full")
    faults.start()
    host.handle_rename("VenusTwo", "venus")
    assert outbox(host).room_lines()[-1].startswith("**Paused:** I cannot write my database")
    faults.stop()
    clock(host).advance(60)
    assert host.signups is not None and host.signups.players == ["VenusTwo"]
    assert host.store.all_signups()[host.room]["players"] == ["VenusTwo"]


def test_a_start_by_the_signups_timer_the_database_does_not_take_happens_once_it_does(tmp_path: Path) -> None:
    host = new_host(tmp_path / "bot.db", autostart=True)
    host.handle_chat("@", "Hostess", ".host ftl")
    for name in PLAYERS:
        host.handle_chat(" ", name, "/me in")
    faults = Faults(host.store, "full")
    faults.start()
    clock(host).advance(SIGNUPS_SECONDS)  # time is up: the game's start is not stored
    assert host.game is None and host.signups is not None
    faults.stop()
    clock(host).advance(60)
    assert host.game is not None and host.signups is None
    assert host.store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


def test_a_close_by_the_signups_timer_the_database_does_not_take_happens_once_it_does(tmp_path: Path) -> None:
    host = new_host(tmp_path / "bot.db", autostart=True)
    host.handle_chat("@", "Hostess", ".host ftl")
    host.handle_chat(" ", "Venus", "/me in")
    faults = Faults(host.store, "full")
    faults.start()
    clock(host).advance(SIGNUPS_SECONDS)  # too few: the close is not stored, and play pauses
    assert host.signups is not None
    assert outbox(host).room_lines()[-1].startswith("**Paused:** I cannot write my database")
    faults.stop()
    clock(host).advance(60)
    assert host.signups is None and host.store.all_signups() == {}
    assert any(line.startswith("Signups closed: 1 signed up") for line in outbox(host).room_lines())
