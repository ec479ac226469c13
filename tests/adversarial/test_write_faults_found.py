"""What the write sweep (test_write_sweep.py) found, and cases like them: a write that fails at an event
nobody sends again (a rename, the signups timer, the room bot's end or new host, the server's refusal
of a PM, a deadline's safe choice, a leave's grace) is not lost, and play goes on by itself once the
database takes writes again (and stays paused while a write it owed still fails)."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.bot.outage import RETRY_FIRST
from survivor_host.bot.reach import UNREGISTERED
from survivor_host.bot.room import RoomHost
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from tests.adversarial.store_faults import Faults, game_under_way
from tests.adversarial.write_sweep import SIGNUPS_SECONDS, new_host
from tests.host import test_room_bot as room_bot
from tests.host.test_persistence import reopen
from tests.host.test_room import PLAYERS, clock, open_game, outbox


def room_bot_host(tmp_path: Path, **settings: object) -> RoomHost:
    """A room host beside the room bot, its commands with the `.` prefix."""
    return room_bot.make_host(tmp_path, prefix=".", **settings)


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


def test_the_room_bots_end_the_database_does_not_take_ends_our_game_once_it_does(tmp_path: Path) -> None:
    """Nobody says the room bot's end again: one that cannot be stored is kept, and done once it can."""
    host = room_bot_host(tmp_path)
    room_bot.host_us(host)
    open_game(host, "ftl", PLAYERS)
    game_id = host.game_id
    faults = Faults(host.store, "full")
    faults.start()
    host.handle_chat("@", room_bot.SV, "The game was forcibly ended.")
    faults.stop()
    clock(host).advance(60)
    assert host.game is None
    assert host.store.db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()[0] == "ended"


def test_the_room_bots_end_the_database_does_not_take_closes_our_signups_once_it_does(tmp_path: Path) -> None:
    host = room_bot_host(tmp_path)
    room_bot.host_us(host)
    host.handle_chat("+", "Hostess", ".host ftl")
    faults = Faults(host.store, "full")
    faults.start()
    host.handle_chat("@", room_bot.SV, "The game was forcibly ended.")
    assert outbox(host).room_lines()[-1].startswith("**Paused:** I cannot write my database")
    faults.stop()
    clock(host).advance(60)
    assert host.signups is None and host.store.all_signups() == {}
    assert "Signups were cancelled: Sir Vivor ended the hosting." in outbox(host).room_lines()


def test_a_host_request_waiting_for_the_room_bot_opens_its_signups_once_the_database_takes_writes(
    tmp_path: Path,
) -> None:
    """`.host` typed before the room bot hosts us opens signups when it does; should the database take no
    writes then, the asker is told so, and the signups open once it does (the room bot's host is ours)."""
    host = room_bot_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host ftl")  # waits for the room bot
    assert host.signups is None
    faults = Faults(host.store, "full")
    faults.start()
    room_bot.host_us(host)
    assert host.signups is None
    assert outbox(host).pms_to("Hostess")[-1].startswith("I cannot write my database yet (")
    assert outbox(host).pms_to("Hostess")[-1].endswith("the signups open as soon as I can.")
    faults.stop()
    clock(host).advance(RETRY_FIRST + 1)
    assert host.signups is not None and host.signups.host == "Hostess"
    assert ".done" not in outbox(host).room_lines()


def test_a_safe_choice_at_the_deadline_the_database_does_not_take_waits_for_it(tmp_path: Path) -> None:
    """A player the bot cannot PM is given the safe choice at the deadline; when that cannot be stored,
    play pauses (nothing raised out of the timer), and the choice is given once it can."""
    noted = game_under_way(tmp_path, answered=0)
    host, game, owed = noted.host, noted.game, noted.owed
    host.unreachable(to_id(owed[0]), UNREGISTERED)
    for name in owed[1:]:
        host.handle_pm(name, "follow")
    assert host.deadline_at is not None
    faults = Faults(host.store, "full")
    faults.start()
    clock(host).advance(host.deadline_at - clock(host).time + 1)
    assert owed[0] in [wait.player for wait in game.awaiting()]
    faults.stop()
    clock(host).advance(60)
    assert game.seat(owed[0]).alive and owed[0] not in [wait.player for wait in game.awaiting()]


def test_a_leave_past_its_grace_the_database_does_not_take_waits_for_it(tmp_path: Path) -> None:
    """A player gone past the leave grace is out once that is stored (nothing raised out of the timer)."""
    noted = game_under_way(tmp_path, answered=0)
    host, game, owed = noted.host, noted.game, noted.owed
    outbox(host).absent.add(to_id(owed[0]))
    host.handle_leave(to_id(owed[0]))
    faults = Faults(host.store, "full")
    faults.start()
    clock(host).advance(game.opt_int("leave_grace") + 1)
    assert game.seat(owed[0]).alive
    faults.stop()
    clock(host).advance(60 + game.opt_int("leave_grace"))
    assert not game.seat(owed[0]).alive


def test_signups_yielding_to_the_room_bots_host_that_cannot_be_stored_close_once_they_can(tmp_path: Path) -> None:
    """One game at a time: the room bot names another host while our list is open and the database
    takes no writes; the list closes once it does (nobody says the room bot's line again)."""
    host = room_bot_host(tmp_path, hand_follow=False)
    outbox(host).absent.add(to_id(room_bot.SV))
    host.handle_chat("+", "Hostess", ".host ftl")
    outbox(host).absent.discard(to_id(room_bot.SV))
    host.handle_join(room_bot.SV)
    faults = Faults(host.store, "full")
    faults.start()
    room_bot.wall(host, "**SURVGAME:** Mars is hosting. Type ``/me in`` to join.")
    assert outbox(host).room_lines()[-1].startswith("**Paused:** I cannot write my database")
    faults.stop()
    clock(host).advance(60)
    assert host.signups is None and host.store.all_signups() == {}
    assert "Signups were cancelled: Sir Vivor says Mars is hosting now." in outbox(host).room_lines()


def test_a_session_for_the_room_bots_new_host_that_cannot_be_stored_opens_once_it_can(tmp_path: Path) -> None:
    """The room bot names a person as host while the database takes no writes: their hand-hosted
    session opens once it takes writes (nobody says the room bot's line again)."""
    host = room_bot_host(tmp_path)
    faults = Faults(host.store, "full")
    faults.start()
    room_bot.wall(host, "**SURVGAME:** Mars is hosting. Type ``/me in`` to join.")
    assert host.hand.session is None
    faults.stop()
    clock(host).advance(60)
    assert host.hand.session is not None and host.hand.session.host == "Mars"
    assert any(line.startswith("Fair dice session h1 in survivor (host Mars)") for line in outbox(host).room_lines())


def test_a_listed_player_the_bot_cannot_pm_is_taken_off_once_the_database_takes_it(tmp_path: Path) -> None:
    """The server refuses the bot's PM once: the drop the database did not take is done once it does."""
    host = new_host(tmp_path / "bot.db")
    host.handle_chat("@", "Hostess", ".host ftl")
    host.handle_chat(" ", "Venus", "/me in")
    host.handle_chat(" ", "Mars", "/me in")
    faults = Faults(host.store, "full")
    faults.start()
    host.unreachable("venus", UNREGISTERED)
    assert outbox(host).room_lines()[-1].startswith("**Paused:** I cannot write my database")
    faults.stop()
    clock(host).advance(60)
    assert host.signups is not None and host.signups.players == ["Mars"]
    assert host.store.all_signups()[host.room]["players"] == ["Mars"]
    assert any(line.startswith("Taken off the list: Venus") for line in outbox(host).room_lines())


def test_a_write_that_fails_again_as_play_would_go_on_keeps_the_deadline_paused(tmp_path: Path) -> None:
    """A nearly full disk: the probe's write works, the owed rename's does not. Play stays paused (the
    deadline does not run out meanwhile and is kept), and goes on once the rename is stored."""
    noted = game_under_way(tmp_path, answered=0)
    host, game, owed = noted.host, noted.game, noted.owed
    faults = Faults(host.store, "full", only="INSERT INTO inputs")
    faults.start()
    host.handle_rename("JunoTwo", to_id(owed[0]))  # owed; each try to store it fails again
    clock(host).advance(3600)
    assert all(seat.alive for seat in game.seats)
    faults.stop()
    clock(host).advance(60)
    assert any(seat.name == "JunoTwo" for seat in game.seats)
    assert host.deadline_at is not None and host.deadline_at > clock(host).time
    clock(host).advance(host.deadline_at - clock(host).time + 1)  # nobody answered: the deadline runs out
    assert not any(seat.alive for seat in game.seats if seat.name in ["JunoTwo", *owed[1:]])


def test_an_owed_end_of_the_hosting_closes_signups_whose_timer_ran_out_meanwhile(tmp_path: Path) -> None:
    """The room bot ended the hosting, then the signups timer ran out, both while the database took no
    writes: once it does the list closes, and no game begins only to be ended."""
    host = room_bot_host(tmp_path, signups_seconds=SIGNUPS_SECONDS)
    room_bot.host_us(host)
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in PLAYERS:
        host.handle_chat(" ", name, "/me in")
    faults = Faults(host.store, "full")
    faults.start()
    host.handle_chat("@", room_bot.SV, "The game was forcibly ended.")
    clock(host).advance(SIGNUPS_SECONDS)
    faults.stop()
    clock(host).advance(60)
    assert host.signups is None and host.game is None
    assert host.store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def test_a_host_request_the_signups_refuse_once_the_room_bot_hosts_us_hands_its_host_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = room_bot_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host ftl")  # waits for the room bot

    def refused(rest: str, host: str) -> None:
        raise IllegalAction("Refused for a reason of the moment.")

    monkeypatch.setattr(host.commands.desk, "open", refused)
    room_bot.host_us(host)
    assert host.signups is None and outbox(host).pms_to("Hostess")[-1] == "Refused for a reason of the moment."
    assert outbox(host).room_lines()[-1] == ".done"  # the room bot's host is free for the next in its queue
