"""A `$host` asked before the room bot hosted our bot does not wait forever: it ends when a newer one
replaces it, when room auth cancel it with `$end`, when the room bot's hosting of us ends, or when it is
older than `[room_bot] host_request_hours`; an expired one counts as never asked."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from survivor_host.bot.config import load_config
from survivor_host.bot.outage import RETRY_FIRST
from survivor_host.bot.room import RoomHost
from survivor_host.bot.roombot import RoomBotSettings
from tests.adversarial.store_faults import Faults
from tests.host.fakes import FakeClock
from tests.host.test_hosting_restart import HOSTED, clock, outbox, start_bot
from tests.host.test_room_bot import ROOM, SV, host_us, make_host, out, wall

HOUR = 3600.0
ASKED = "I am hosting: room auth, open the signups with $host "


def advance(host: RoomHost, seconds: float) -> None:
    assert isinstance(host.state.clock, FakeClock)
    host.state.clock.advance(seconds)


def test_a_host_asked_within_the_hours_opens_its_signups(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", "$host ftl")
    advance(host, 6 * HOUR - 60)
    host_us(host)
    assert host.signups is not None and host.signups.host == "Hostess"


def test_a_host_older_than_the_hours_is_as_if_never_asked(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", "$host cta")
    advance(host, 6 * HOUR + 1)
    host_us(host)
    assert host.signups is None and host.hosting.pending is None
    (line,) = [text for text in out(host).room_lines() if text.startswith(ASKED)]
    assert line.endswith("(the $host asked over 6 hours ago has expired).")
    assert host.store.all_hosting() == {}


def test_the_hours_are_configured(tmp_path: Path) -> None:
    host = make_host(tmp_path, room_bot=RoomBotSettings(SV, host_request_hours=1))
    host.handle_chat("+", "Hostess", "$host ftl")
    advance(host, HOUR + 1)
    host_us(host)
    assert host.signups is None
    path = tmp_path / "bot.toml"
    path.write_text('[bot]\nusername = "B"\nrooms = ["survivor"]\n[room_bot]\nhost_request_hours = 2.5\n')
    assert load_config(path, {"SURVIVOR_HOST_PASSWORD": "x"}).room_bot_host_request_hours == 2.5
    path.write_text('[bot]\nusername = "B"\nrooms = ["survivor"]\n')
    assert load_config(path, {"SURVIVOR_HOST_PASSWORD": "x"}).room_bot_host_request_hours == 6
    path.write_text('[bot]\nusername = "B"\nrooms = ["survivor"]\n[room_bot]\nhost_request_hours = 0\n')
    with pytest.raises(ValueError, match="host_request_hours = 0: must be a number of hours above 0"):
        load_config(path, {"SURVIVOR_HOST_PASSWORD": "x"})


def test_a_newer_host_replaces_the_waiting_one(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", "$host ftl")
    advance(host, 5 * HOUR)
    host.handle_chat("@", "Auth", "$host cta")
    advance(host, 2 * HOUR)  # the first is over 6 hours old, the one that replaced it is not
    host_us(host)
    assert host.signups is not None and (host.signups.host, host.signups.theme) == ("Auth", "cta")
    assert out(host).pms_to("Hostess")[-1] == (
        "Your $host of Follow the Leader in survivor was replaced by Auth's $host of Chase the Ace."
    )


def test_a_replaced_host_tells_its_asker_once_and_only_another_asker(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", "$host ftl")
    host.handle_chat("+", "Hostess", "$host cta, jesters-duel")  # their own change of mind: no note
    told = len(out(host).pms_to("Hostess"))
    host.handle_chat("@", "/wall Auth", "$host hg")
    (note,) = out(host).pms_to("Hostess")[told:]
    assert note == (  # a PM that starts with the bot's words: the name inside it is never a command
        "Your $host of Chase the Ace (Jester's Duel) in survivor was replaced by /wall Auth's $host of Hunger Games."
    )
    advance(host, 7 * HOUR)  # expired: replacing it tells nobody
    host.handle_chat("+", "Hostess", "$host rr")
    assert not [text for text in out(host).pms_to("/wall Auth") if "replaced" in text]


def test_end_cancels_the_waiting_host_and_answers_the_auth(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "<b>Hostess</b>", "$host cta, jesters-duel")
    host.handle_chat("@", "Auth", "$end")
    (answer,) = out(host).pms_to("Auth")
    assert answer == (
        "Cancelled the $host of Chase the Ace (Jester's Duel) asked by <b>Hostess</b>: when Sir Vivor hosts me, "
        "I will wait for a new $host."
    )
    assert host.hosting.pending is None and host.store.all_hosting() == {}
    host_us(host)
    assert host.signups is None and out(host).room_lines()[-1].startswith(ASKED)
    host.handle_chat("@", "Auth", "$end")  # nothing waits any more: the answer it always had
    assert out(host).pms_to("Auth")[-1] == "No game or signups to end."


def test_end_by_a_player_cancels_nothing(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", "$host ftl")
    host.handle_chat(" ", "Mars", "$end")
    assert out(host).pms_to("Mars") == ["Only room auth (+ and up) can use $end."]
    assert host.hosting.pending is not None


def test_the_room_bots_end_of_our_hosting_ends_a_waiting_host(tmp_path: Path) -> None:
    """Hosted while the database takes no writes, the `$host` waits for it; a `.dehost` meanwhile ends it."""
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", "$host ftl")
    faults = Faults(host.store, "full")
    faults.start()
    host_us(host)
    assert host.signups is None and host.hosting.pending is not None
    wall(host, "The game was forcibly ended.")
    faults.stop()
    advance(host, RETRY_FIRST + 1)
    assert host.signups is None and host.hosting.pending is None
    assert host.store.all_hosting() == {}


def test_the_time_is_stored_and_an_expired_host_is_dropped_at_a_restart(tmp_path: Path) -> None:
    bot = start_bot(tmp_path)
    bot.rooms[ROOM].handle_chat("+", "Hostess", "$host ftl")
    assert bot.store.all_hosting()[ROOM]["pending"] == ["Hostess", "ftl", clock(bot).now()]
    bot.store.close()
    again = start_bot(tmp_path, at=clock(bot).now() + 6 * HOUR + 1)
    assert again.rooms[ROOM].hosting.pending is None and again.store.all_hosting() == {}
    again.rooms[ROOM].handle_chat("@", SV, HOSTED)
    assert again.rooms[ROOM].signups is None and outbox(again).room_lines()[-1].startswith(ASKED)


def test_a_host_stored_without_its_time_counts_as_asked_when_loaded(tmp_path: Path) -> None:
    bot = start_bot(tmp_path)
    bot.store.close()
    db = sqlite3.connect(tmp_path / "bot.db")
    row = '{"pending": ["Hostess", "ftl"], "handed_back": null}'
    db.execute("INSERT INTO hosting (room, data, updated) VALUES (?, ?, ?)", (ROOM, row, 1.0))
    db.commit()
    db.close()
    again = start_bot(tmp_path, at=2_000_000.0)
    pending = again.rooms[ROOM].hosting.pending
    assert pending is not None and pending.at == 2_000_000.0
    assert again.store.all_hosting()[ROOM]["pending"] == ["Hostess", "ftl", 2_000_000.0]
    clock(again).advance(6 * HOUR - 60)
    again.rooms[ROOM].handle_chat("@", SV, HOSTED)
    assert again.rooms[ROOM].signups is not None
