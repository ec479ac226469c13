"""One user's flood costs the bot little: each user's allowance is counted before the work (a new
NAME does not make a new command), and a flood of joins and leaves makes a player-list line or two,
not one per change (issue 27 findings 8 and 9)."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.allowance import BURST
from survivor_host.bot.bot import Bot
from survivor_host.bot.config import BotConfig
from survivor_host.store.db import Store
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_replays import finished
from tests.host.test_room import clock, make_host, outbox


def test_new_names_do_not_get_past_the_allowance(tmp_path: Path) -> None:
    host = finished(tmp_path, ["Venus", "Mars", "Io"])
    for number in range(40):
        host.handle_pm("Flooder", f"games Name{number}")
        host.handle_chat(" ", "Flooder", f".games Other{number}")
    replies = outbox(host).pms_to("Flooder")
    done = sum(reply.startswith("No finished games with") for reply in replies)
    assert 1 <= done <= 10, done
    assert "Slow down" in replies[-1]
    clock(host).advance(60)
    host.handle_pm("Flooder", "games Venus")  # the allowance comes back
    assert outbox(host).pms_to("Flooder")[-1].startswith("Recent games in survivor with Venus: #1 ")
    host.handle_pm("Calm", "games Mars")  # and it is each user's own
    assert outbox(host).pms_to("Calm")[-1].startswith("Recent games in survivor with Mars: #1 ")


def test_a_user_in_several_rooms_has_one_allowance_in_all(tmp_path: Path) -> None:
    """Each room a user is in gives no more: chat and PMs in every room of the bot draw on one allowance."""
    rooms = ("one", "two", "three")
    config = BotConfig(server_url="ws://127.0.0.1:1/showdown/websocket", login_url="http://127.0.0.1:1/api/login",
                       username="Bot", password=None, rooms=rooms, defaults={"leader": "pick"})  # fmt: skip
    out = FakeOutbox()
    bot = Bot(config, out, Store(tmp_path / "bot.db"), clock=FakeClock())  # type: ignore[arg-type]
    for number in range(BURST):
        for room in rooms:
            bot.rooms[room].handle_chat(" ", "Flooder", f".games Name{number}")
            bot._route_pm("Flooder", f"{room} games Other{number}")
    replies = out.pms_to("Flooder")
    assert sum(reply.startswith("No finished games with") for reply in replies) == BURST
    assert "Slow down" in replies[-1]


def test_a_flood_of_joins_and_leaves_makes_one_list_line(tmp_path: Path) -> None:
    host = make_host(tmp_path)  # no HTML: the list is a line in the room
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in ("Venus", "Mars", "Io"):
        host.handle_chat(" ", name, "/me in")
    clock(host).advance(10)
    outbox(host).clear()
    outbox(host).hold_sent = True  # the send queue is busy: nothing has gone out yet
    for _ in range(30):
        for flooder in ("Ann", "Ben"):
            host.handle_pm(flooder, "in")
            host.handle_pm(flooder, "out")
            host.handle_chat(" ", flooder, "/me in")
            host.handle_chat(" ", flooder, "/me out")
        clock(host).advance(1)
    outbox(host).flush_sent()
    lists = [line for line in outbox(host).room_lines() if line.startswith("**PL (")]
    assert len(lists) == 1, lists
    assert ("info", "Ann") in outbox(host).lanes  # the confirmations wait behind the game's lines
    outbox(host).hold_sent = False
    clock(host).advance(10)
    host.handle_chat("+", "Hostess", ".start")
    assert any("client seed" in line for line in outbox(host).room_lines())


def test_a_signup_write_leaves_the_store_waiting_for_the_disk(tmp_path: Path) -> None:
    """A list change does not wait for the disk; every write after it (a game's input) still does."""
    store = Store(tmp_path / "bot.db")
    store.save_signups("survivor", {"players": ["Venus"]}, 0.0)
    assert store.all_signups() == {"survivor": {"players": ["Venus"]}}
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
