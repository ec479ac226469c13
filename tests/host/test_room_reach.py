"""Players the bot cannot PM (issue 12 item 1) and the server's own PMs (item 5), in-process."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.bot import Bot
from survivor_host.bot.room import RoomHost
from survivor_host.showdown.events import Refused
from survivor_host.showdown.messages import PrivateMessage, UserRef
from tests.host.fakes import FakeOutbox
from tests.host.test_bot_routing import make_bot
from tests.host.test_room import PLAYERS, ROOM, clock, make_host, open_game, outbox

REFUSAL = "This user is blocking private messages right now."


def start_game(host: RoomHost, theme: str) -> None:
    """Ann, Ben, Cat and Dan sign up and the game starts."""
    host.handle_chat("~", "Host", f".host {theme}")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("~", "Host", ".start")


def refused(bot: Bot, user: str, text: str = REFUSAL) -> None:
    bot._handle(Refused(room="", text=text, cause=f"/msg {user}, hello", user=user))


def test_a_signup_is_checked_by_pm_and_an_unreachable_player_taken_off(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path)
    one = bot.rooms["one"]
    one.handle_chat("~", "Host", ".host ftl")
    one.handle_chat(" ", "Ann", "/me in")
    one.handle_chat(" ", "Gus", "/me in")
    assert out.pms_to("Gus") and "checks that mine reach you" in out.pms_to("Gus")[0]
    refused(bot, "gus", "That user is unregistered and cannot be PMed.")
    assert one.signups is not None and one.signups.players == ["Ann"]
    hint = [line for line in out.room_lines() if "Taken off the list: Gus" in line]
    assert hint and "register yours" in hint[0] and "log in with a registered name" in hint[0]
    assert "unblockpms" not in hint[0]  # which cannot help an unregistered name


def test_a_refusal_that_is_not_about_reach_changes_nothing(tmp_path: Path) -> None:
    bot, _out = make_bot(tmp_path)
    one = bot.rooms["one"]
    one.handle_chat("~", "Host", ".host ftl")
    one.handle_chat(" ", "Ann", "/me in")
    refused(bot, "ann", "Your message was too long.")
    assert one.signups is not None and one.signups.players == ["Ann"]


def test_an_unreachable_player_follows_at_the_deadline_instead_of_a_modkill(tmp_path: Path) -> None:  # G4
    host = make_host(tmp_path, leader="pick", reminder=0)
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None and game.phase == "choices"
    owed = [wait.player for wait in game.awaiting()]
    host.unreachable(owed[0].lower(), REFUSAL)
    assert any(f"I cannot PM {owed[0]}" in line for line in outbox(host).room_lines())
    for name in owed[2:]:
        host.handle_pm(name, "rebel")
    clock(host).advance(121)
    assert game.seat(owed[0]).alive or game.round > 1  # not modkilled as idle
    idle = "is eliminated: did not answer before the deadline (idle)"
    assert not any(f"**{owed[0]}** {idle}" in line for line in outbox(host).room_lines())
    assert any(f"**{owed[1]}** {idle}" in line for line in outbox(host).room_lines())
    assert game.choices.get(game.seat(owed[0]).index) == "follow" or game.round > 1


def test_the_room_is_promised_only_the_running_theme_s_safe_choice(tmp_path: Path) -> None:  # G4
    for theme, promise in (("cta", "they stick instead"), ("hg", None)):
        (tmp_path / theme).mkdir()
        host = make_host(tmp_path / theme)
        open_game(host, theme, PLAYERS[:5])
        game = host.game
        assert game is not None
        host.unreachable(game.alive()[0].uid, REFUSAL)
        (line,) = [line for line in outbox(host).room_lines() if "I cannot PM" in line]
        assert "follow" not in line  # Follow the Leader's word, not this game's
        if promise is None:  # hg has no safe choice: the idle are out, so nothing is promised
            assert "instead of being eliminated" not in line
        else:
            assert promise in line


def test_a_card_that_could_not_be_delivered_is_told_when_they_pm(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "cta", PLAYERS[:5])
    game = host.game
    assert game is not None
    seat = game.alive()[-1]
    host.unreachable(seat.uid, REFUSAL)
    out = outbox(host)
    out.clear()
    host.handle_pm(seat.name, "pl")
    assert any("card" in text.lower() for text in out.pms_to(seat.name)), out.pms_to(seat.name)
    out.clear()
    host.handle_pm(seat.name, "pl")  # told once, not on every PM
    assert not any("card" in text.lower() for text in out.pms_to(seat.name))


def test_an_echo_of_a_pm_that_got_through_makes_them_reachable(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path)
    one = bot.rooms["one"]
    start_game(one, "cta")
    refused(bot, "dan")
    out.clear()
    me, dan = UserRef.parse(" Bot"), UserRef.parse(" Dan")
    bot._handle(PrivateMessage(sender=me, receiver=dan, text="You still owe an action."))
    assert any("card" in text.lower() for text in out.pms_to("Dan"))


def test_pms_from_the_server_are_never_answered(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path)
    server, me = UserRef.parse("~"), UserRef.parse(" Bot")
    for text in ("/raw <b>Server notice</b>", "help", "/error You are blocking private messages right now."):
        bot._handle(PrivateMessage(sender=server, receiver=me, text=text))
    assert out.sent == []
    assert isinstance(out, FakeOutbox)
    assert ROOM  # the room tests share one room id


def test_a_rename_onto_a_seated_name_keeps_both_seats_straight(tmp_path: Path) -> None:  # G5
    host = make_host(tmp_path, leader="pick", secret_deadline=600, leave_grace=60)
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None and game.phase == "choices"
    owed = [wait.player for wait in game.awaiting()]
    renamer, other = owed[0], owed[1]
    host.handle_rename(other, renamer.lower())  # renamer takes the other seat's name (its owner is away)
    assert "rename back to" in outbox(host).pms_to(other)[-1]
    host.handle_pm(other, "rebel")  # sent under the borrowed name: refused, the other seat untouched
    assert game.seat(other).index not in game.choices
    assert "another player's name" in outbox(host).pms_to(other)[-1]
    clock(host).advance(61)  # the renamer's own seat had the leave grace (G5)
    assert not game.seat(renamer).alive
    assert game.seat(other).alive


def test_renaming_back_in_time_keeps_the_seat(tmp_path: Path) -> None:  # G5
    host = make_host(tmp_path, leader="pick", secret_deadline=600, leave_grace=60)
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None
    owed = [wait.player for wait in game.awaiting()]
    renamer, other = owed[0], owed[1]
    host.handle_rename(other, renamer.lower())
    clock(host).advance(30)
    host.handle_rename(renamer, other.lower())  # back on their own name
    assert game.seat(other).name == other
    clock(host).advance(60)
    assert game.seat(renamer).alive and game.seat(other).alive
    host.handle_pm(renamer, "follow")
    assert game.choices.get(game.seat(renamer).index) == "follow"


def test_a_short_outage_resumes_quietly_and_a_long_one_says_so(tmp_path: Path) -> None:
    from survivor_host.showdown.events import Connected, Disconnected

    bot, out = make_bot(tmp_path)
    bot.restored = True
    bot._ticker = object()  # type: ignore[assignment]  # no loop here: the ticker is not needed
    one = bot.rooms["one"]
    start_game(one, "ftl")
    fake = one.clock
    assert hasattr(fake, "advance")
    out.clear()
    owed = len(one.game.awaiting()) if one.game else 0
    for _ in range(3):  # a connection that keeps dropping
        bot._handle(Disconnected(reason="connection lost"))
        fake.advance(5)
        bot._handle(Connected(reconnect=True, rooms=("one", "two")))
    assert not any("The bot is back" in line for line in out.room_lines())
    # Each owed prompt went out again once, not once per reconnect.
    assert sum("still owe" in text for _, _, text in out.sent) == owed > 0
    bot._handle(Disconnected(reason="connection lost"))
    fake.advance(120)
    bot._handle(Connected(reconnect=True, rooms=("one", "two")))
    assert any("The bot is back" in line for line in out.room_lines())


def test_a_lost_room_pauses_its_game_until_the_bot_is_back(tmp_path: Path) -> None:
    from survivor_host.showdown.events import RoomBack, RoomLost

    bot, out = make_bot(tmp_path)
    one = bot.rooms["one"]
    start_game(one, "ftl")
    game = one.game
    assert game is not None
    bot._handle(RoomLost(room="one", reason="You are banned from the room"))
    one.clock.advance(10_000)  # type: ignore[attr-defined]
    assert len(game.alive()) == 4  # no deadline ran while the bot was out of the room
    bot._handle(RoomBack(room="one"))
    assert any("The bot is back" in line for line in out.room_lines())
    one.clock.advance(10_000)  # type: ignore[attr-defined]
    assert len(game.alive()) < 4 or game.finished  # the clock runs again


def test_a_game_restored_in_a_room_not_joined_waits_for_the_room(tmp_path: Path) -> None:
    from survivor_host.showdown.events import Connected, RoomBack
    from survivor_host.store.db import Store
    from tests.host.fakes import FakeClock

    bot, _out = make_bot(tmp_path)
    one = bot.rooms["one"]
    start_game(one, "ftl")
    clock = FakeClock()
    again = Bot(bot.config, FakeOutbox(), Store(tmp_path / "bot.db"), clock=clock)  # type: ignore[arg-type]
    again._ticker = object()  # type: ignore[assignment]
    again._handle(Connected(reconnect=False, rooms=("two",)))  # room one refused the join
    game = again.rooms["one"].game
    assert game is not None
    clock.advance(10_000)
    assert len(game.alive()) == 4
    again._handle(RoomBack(room="one"))
    clock.advance(10_000)
    assert len(game.alive()) < 4 or game.finished
