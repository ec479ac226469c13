"""A server that stops answering, in-process at the bot's level: however the stall ends (the server
answers, or the link times out and the bot reconnects), the room is told that play paused and goes on,
the deadline gets back the time it had when the server was last heard, and whoever still owes an
action is asked again with the time left. A finished game leaves no deadline for a reconnect to trip
on, and one room's failure to resume does not keep the others paused."""

from __future__ import annotations

import logging
import random
import sqlite3
from pathlib import Path

import pytest

from survivor_host.bot.bot import Bot
from survivor_host.bot.deadlines import PAUSED_LINE
from survivor_host.showdown.events import Connected, Disconnected, Pong, RoomBack, RoomLost
from survivor_host.showdown.messages import PrivateMessage, UserRef
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_bot_routing import make_bot, sign_up
from tests.host.test_room import play_out

IDLE = "did not answer before the deadline (idle)"
ROOMS = ("one", "two")
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def ready_bot(tmp_path: Path, **defaults: object) -> tuple[Bot, FakeOutbox, FakeClock]:
    bot, out = make_bot(tmp_path, leader="pick", **defaults)
    bot.restored = True
    bot._ticker = object()  # type: ignore[assignment]  # no loop here: the ticker is not needed
    assert isinstance(bot.clock, FakeClock)
    return bot, out, bot.clock


def pm(bot: Bot, name: str, text: str) -> None:
    bot._handle(PrivateMessage(sender=UserRef.parse(f" {name}"), receiver=UserRef.parse("*Bot"), text=text))


def said_after(out: FakeOutbox, start: int) -> list[str]:
    return [text for kind, _, text in out.sent[start:] if kind == "say"]


@pytest.mark.parametrize("ends_by", ["the server answering", "a reconnect"])
def test_a_stall_at_the_deadline_is_told_and_gives_back_the_time_it_took(tmp_path: Path, ends_by: str) -> None:
    bot, out, clock = ready_bot(tmp_path, secret_deadline=60, reminder=15)
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")
    one = bot.rooms["one"]
    game = one.game
    assert game is not None and one.deadline_at is not None
    deadline = one.deadline_at
    clock.advance(40)
    pm(bot, "Ben", "follow")  # the last the bot hears before the server stalls, 20 s before the deadline
    out.hold_caught_up = True
    start = len(out.sent)
    clock.advance(20 + 6)  # the deadline, then 5 s without the server's answer to the catch-up
    assert said_after(out, start).count(PAUSED_LINE) == 1
    clock.advance(20)
    if ends_by == "a reconnect":  # the ping went unanswered: the bot drops the link, and gets back in
        bot._handle(Disconnected(reason="connection lost", stalled=True))
        out.hold_caught_up = False
        clock.advance(16)
        bot._handle(Connected(reconnect=True, rooms=ROOMS))
        out.answer_caught_up()  # the deadline's catch-up, asked again once back, is answered: too late to count
    else:
        clock.advance(16)
        out.hold_caught_up = False
        out.answer_caught_up()
    said = said_after(out, start)
    assert not any(IDLE in line for line in said), said
    back = [n for n, line in enumerate(said) if line.startswith("The server answers again. The game goes on.")]
    assert len(back) == 1 and said.index(PAUSED_LINE) < back[0], said
    assert "Waiting on: Cat and Dan" in said[back[0]] and "20 seconds left" in said[back[0]], said
    assert "The bot is back" not in " ".join(said)
    assert one.deadline_at is not None and one.deadline_at - clock.now() == pytest.approx(deadline - (deadline - 20))
    for name in ("Cat", "Dan"):  # asked again, with the time left
        pms = out.pms_to(name)
        assert any("20 seconds left: you still owe an action in one" in text for text in pms), pms
        assert any("follow" in text and "still owe" in text.lower() for text in pms[:-1]), pms
    clock.advance(19)
    pm(bot, "Cat", "follow")
    assert not any(IDLE in line for line in said_after(out, start))
    clock.advance(2)
    assert any("**Dan** is eliminated" in line and IDLE in line for line in said_after(out, start))


@pytest.mark.parametrize(("heard_last", "left"), [("a PM", 85), ("a pong", 55)])
def test_a_stall_before_the_deadline_that_times_the_link_out_is_told_too(
    tmp_path: Path, heard_last: str, left: int
) -> None:
    """The deadline gets back the time it had when the server was last heard: its pong to the keepalive
    ping (sent after 30 s without a frame) counts, so a quiet room gets back no more than the silence."""
    bot, out, clock = ready_bot(tmp_path, secret_deadline=90, reminder=0)
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")
    one = bot.rooms["one"]
    clock.advance(5)
    pm(bot, "Ben", "follow")  # the last line anyone says, 85 s before the deadline
    if heard_last == "a pong":
        clock.advance(30)
        bot._handle(Pong())  # the server answers the keepalive ping, 55 s before the deadline
    start = len(out.sent)
    clock.advance(45)  # then it stalls: 30 s without a frame, 15 s without a pong
    bot._handle(Disconnected(reason="connection lost", stalled=True))
    clock.advance(10)
    bot._handle(Connected(reconnect=True, rooms=ROOMS))
    said = said_after(out, start)
    assert said[0] == PAUSED_LINE and f"{left} seconds left" in said[1], said
    assert one.deadline_at is not None and one.deadline_at - clock.now() == pytest.approx(left)


def test_a_link_dropped_by_a_server_that_answers_stays_quiet_and_keeps_the_time_it_had_when_it_went(
    tmp_path: Path,
) -> None:
    bot, out, clock = ready_bot(tmp_path, secret_deadline=60, reminder=0)
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")
    one = bot.rooms["one"]
    clock.advance(10)
    pm(bot, "Ben", "follow")
    clock.advance(5)
    start = len(out.sent)
    bot._handle(Disconnected(reason="connection lost"))
    clock.advance(3)
    bot._handle(Connected(reconnect=True, rooms=ROOMS))
    assert said_after(out, start) == []
    assert one.deadline_at is not None and one.deadline_at - clock.now() == pytest.approx(45)  # from the drop


def test_a_link_that_keeps_dropping_in_a_quiet_room_lets_the_deadline_run(tmp_path: Path) -> None:
    bot, out, clock = ready_bot(tmp_path, secret_deadline=60, reminder=0)
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")
    one = bot.rooms["one"]
    for _ in range(4):  # nobody talks; the server answers, and the link drops every 10 s
        clock.advance(10)
        bot._handle(Disconnected(reason="connection lost"))
        clock.advance(2)
        bot._handle(Connected(reconnect=True, rooms=ROOMS))
    assert one.deadline_at is not None and one.deadline_at - clock.now() == pytest.approx(60 - 4 * 10)
    clock.advance(21)
    assert any(IDLE in line for line in out.room_lines())


def test_a_reconnect_after_a_finished_game_resumes_the_other_rooms_game(tmp_path: Path) -> None:
    bot, out, clock = ready_bot(tmp_path, secret_deadline=60, reminder=0)
    one, two = bot.rooms["one"], bot.rooms["two"]
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")
    play_out(one, random.Random(3))
    assert one.game is None
    sign_up(bot, "two", ".host ftl", PLAYERS, leader="Ann")
    game = two.game
    assert game is not None
    bot._handle(Disconnected(reason="connection lost", stalled=True))
    clock.advance(50)
    bot._handle(Connected(reconnect=True, rooms=ROOMS))  # no error
    assert one.deadline_at is None  # a finished game leaves no deadline behind
    assert not two.deadlines.paused
    two.handle_chat("~", "Host", ".extend 30")
    assert two.deadline_at is not None and two.deadline_at - clock.now() == pytest.approx(
        60 + 30
    )  # it had 60 s when the link went
    clock.advance(91)
    assert any(IDLE in line for line in out.room_lines())  # the deadline ran
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")  # a new game in the first room runs its own
    assert one.deadline_at is not None and one.deadline_at - clock.now() == pytest.approx(60)


def test_one_rooms_error_on_resume_does_not_keep_the_others_paused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    bot, _out, clock = ready_bot(tmp_path, secret_deadline=60, reminder=0)
    one, two = bot.rooms["one"], bot.rooms["two"]
    for room in ROOMS:
        sign_up(bot, room, ".host ftl", PLAYERS, leader="Ann")

    def broken(quiet: bool = False) -> None:
        raise RuntimeError("broken room")

    monkeypatch.setattr(one, "resume", broken)
    bot._handle(Disconnected(reason="connection lost"))
    clock.advance(5)
    with caplog.at_level(logging.ERROR):
        bot._handle(Connected(reconnect=True, rooms=ROOMS))
    assert "could not resume room one" in caplog.text and "broken room" in caplog.text
    assert not two.deadlines.paused and two.deadline_at is not None


def test_a_game_that_ends_during_a_stall_still_hears_that_the_server_answers(tmp_path: Path) -> None:
    bot, out, clock = ready_bot(tmp_path, secret_deadline=60, reminder=0)
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")
    out.hold_caught_up = True
    clock.advance(60 + 6)
    bot.rooms["one"].handle_chat("~", "Host", ".end")  # what the server passes on as it wakes ends the game
    start = len(out.sent)
    out.answer_caught_up()
    assert said_after(out, start) == ["The server answers again."]


@pytest.mark.parametrize("held_by", ["the database down", "the room lost"])
def test_a_stall_that_ends_while_play_is_held_keeps_play_paused_until_it_may_go_on(
    tmp_path: Path, held_by: str
) -> None:
    bot, out, clock = ready_bot(tmp_path, secret_deadline=60, reminder=0)
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")
    one = bot.rooms["one"]
    clock.advance(50)
    pm(bot, "Ben", "follow")  # the last the bot hears, 10 s before the deadline
    out.hold_caught_up = True
    clock.advance(10 + 6)
    assert one.deadlines.stalled
    if held_by == "the database down":
        one.state.outage.failed(sqlite3.OperationalError("database or disk is full"))
    else:
        bot._handle(RoomLost(room="one", reason="You are banned from the room"))
    start = len(out.sent)
    out.hold_caught_up = False
    out.answer_caught_up()  # the server answers while play is held
    assert one.deadlines.paused and not any("answers again" in line for line in said_after(out, start))
    if held_by == "the database down":
        clock.advance(2)  # the write tried again works
    else:
        bot._handle(RoomBack(room="one"))
    said = said_after(out, start)
    back = [line for line in said if line.startswith("The server answers again. The game goes on.")]
    assert len(back) == 1 and "Waiting on: Cat and Dan" in back[0] and "10 seconds left" in back[0], said
    assert one.deadline_at is not None and one.deadline_at - clock.now() == pytest.approx(10)
    assert not any(IDLE in line for line in said), said


def test_a_player_back_before_a_stalled_server_passes_it_on_is_not_out_for_leaving(tmp_path: Path) -> None:  # G5
    """The leave grace ends on the bot's clock while the server is stalled: the bot first waits for the
    server to catch up, so a return it read in time counts; a player still gone once it has is out."""
    bot, out, clock = ready_bot(tmp_path, secret_deadline=120, leave_grace=10)
    sign_up(bot, "one", ".host ftl", PLAYERS, leader="Ann")
    one = bot.rooms["one"]
    game = one.game
    assert game is not None
    one.handle_leave("ben")
    one.handle_leave("cat")
    out.hold_caught_up = True  # the server stalls: Ben's return is in it, not yet passed on
    clock.advance(11)
    assert all(seat.alive for seat in game.seats)
    one.handle_join("Ben")  # the server catches up: Ben came back in time, Cat did not
    out.answer_caught_up()
    assert [seat.name for seat in game.seats if not seat.alive] == ["Cat"]
