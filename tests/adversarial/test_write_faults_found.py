"""What the write sweep found, each as its own case: a write that fails at a rename is not lost, and play
goes on by itself once the database takes writes again."""

from __future__ import annotations

from pathlib import Path

from survivor_host.engine.ids import to_id
from tests.adversarial.store_faults import Faults, game_under_way
from tests.adversarial.write_sweep import new_host
from tests.host.test_persistence import reopen
from tests.host.test_room import clock, outbox


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
