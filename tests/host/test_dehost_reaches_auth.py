"""The `.dehost` ask reaches someone when no auth the bot knows is in the room: one line asks the room's
auth, and the first auth heard afterwards gets the PM with its button; after a dropped link, the room's
scrollback is read for the room bot's answer before anyone is asked."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.room import RoomHost
from survivor_host.showdown.events import Connected, Disconnected
from survivor_host.showdown.messages import Chat, UserRef
from tests.host.fakes import FakeClock
from tests.host.test_hosting_restart import clock, outbox, start_bot
from tests.host.test_room_bot import BOT, ROOM, SV, hosted_game, make_host, out, wall

ROOM_ASK = f"Room auth: {SV} did not answer my .win and still names me its host. Free its host slot: type .dehost."


def advance(host: RoomHost, seconds: float) -> None:
    assert isinstance(host.state.clock, FakeClock)
    host.state.clock.advance(seconds)


def dehost_pms(host: RoomHost, name: str) -> list[str]:
    return [text for text in out(host).pms_to(name) if ".dehost" in text]


def won_with_no_auth_left(tmp_path: Path) -> RoomHost:
    """A game hosted through the room bot ends with our `.win`; every auth the bot heard has left."""
    host = make_host(tmp_path)
    host.handle_chat("@", "Auth", f".host {BOT}")
    hosted_game(host)
    assert out(host).room_lines()[-1].startswith(".win ")
    out(host).absent.update({"auth", "hostess"})
    return host


def test_with_no_auth_in_the_room_the_room_is_asked_and_the_first_auth_heard_gets_the_pm(tmp_path: Path) -> None:
    host = won_with_no_auth_left(tmp_path)
    advance(host, 16)
    assert out(host).room_lines()[-1] == ROOM_ASK
    assert dehost_pms(host, "Auth") == dehost_pms(host, "Hostess") == []
    host.handle_chat(" ", "Mars", "gg")  # not auth: nothing for them
    assert dehost_pms(host, "Mars") == []
    host.handle_chat("%", "<i>Driver</i>", "hello")
    (ask,) = dehost_pms(host, "<i>Driver</i>")
    assert "did not answer my .win within 15 s" in ask and "/msgroom survivor, .dehost" in ask
    assert "<i>Driver" not in ask  # the name is the PM's address, never its HTML
    host.handle_chat("@", "Mod", "hi")
    assert dehost_pms(host, "Mod") == []  # asked once
    assert out(host).room_lines().count(ROOM_ASK) == 1


def test_an_auth_in_the_room_gets_the_pm_and_the_room_no_line(tmp_path: Path) -> None:
    host = won_with_no_auth_left(tmp_path)
    out(host).absent.discard("auth")
    advance(host, 16)
    assert len(dehost_pms(host, "Auth")) == 1 and ROOM_ASK not in out(host).room_lines()


def test_the_pm_owed_is_dropped_once_the_room_bot_frees_its_host(tmp_path: Path) -> None:
    host = won_with_no_auth_left(tmp_path)
    advance(host, 16)
    wall(host, "The game was forcibly ended.")  # someone typed .dehost
    host.handle_chat("%", "Driver", "hello")
    assert dehost_pms(host, "Driver") == []


def test_after_a_dropped_link_the_scrollback_is_read_for_the_room_bots_answer(tmp_path: Path) -> None:
    """The wait runs out while the link is down; the server's answer to the check comes once the bot is
    back, after the room's scrollback, which shows the room bot's WINNER after our `.win`."""
    bot = start_bot(tmp_path)
    host = bot.rooms[ROOM]
    host.handle_chat("@", "Auth", f".host {BOT}")
    hosted_game(host)
    win = outbox(bot).room_lines()[-1]
    outbox(bot).hold_caught_up = True  # the link is about to drop: the check waits for the server
    bot._handle(Disconnected(reason="closed"))
    clock(bot).advance(60)
    scrollback = [(f"*{BOT}", win), (f"@{SV}", f"/announce **WINNER:** {win.removeprefix('.win ')}")]
    for who, text in scrollback:
        bot._handle(Chat(room=ROOM, user=UserRef.parse(who), text=text, history=True))
    bot._handle(Connected(reconnect=True, rooms=(ROOM,)))
    outbox(bot).answer_caught_up()
    assert [text for text in outbox(bot).pms_to("Auth") if ".dehost" in text] == []
    assert not host.roombot.we_host() and bot.store.all_hosting() == {}
    assert host.roombot.earlier == []  # read for this join only


def test_after_a_dropped_link_with_no_answer_in_the_scrollback_the_auth_is_asked(tmp_path: Path) -> None:
    bot = start_bot(tmp_path)
    host = bot.rooms[ROOM]
    host.handle_chat("@", "Auth", f".host {BOT}")
    hosted_game(host)
    win = outbox(bot).room_lines()[-1]
    outbox(bot).hold_caught_up = True
    bot._handle(Disconnected(reason="closed"))
    clock(bot).advance(60)
    bot._handle(Chat(room=ROOM, user=UserRef.parse(f"*{BOT}"), text=win, history=True))
    bot._handle(Connected(reconnect=True, rooms=(ROOM,)))
    outbox(bot).answer_caught_up()
    assert len([text for text in outbox(bot).pms_to("Auth") if ".dehost" in text]) == 1
