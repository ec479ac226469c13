"""What waits in a room's hosting beside the room bot survives a restart: a `$host` typed before the room
bot hosted our bot opens the signups once it does, and our `.win`/`.done` still unanswered is watched
again (unless the room's scrollback shows the answer came while the bot was down)."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.bot.bot import Bot
from survivor_host.bot.config import BotConfig
from survivor_host.showdown.events import Connected
from survivor_host.showdown.messages import Chat, UserRef
from survivor_host.store.db import Store
from survivor_host.store.migrations import MIGRATIONS
from tests.host.fakes import FakeClock, FakeOutbox, database_at
from tests.host.test_room_bot import BOT, ROOM, SV, hosted_game

HOSTED = f"/announce **SURVGAME:** {BOT} is hosting. Type ``/me in`` to join."


def start_bot(tmp_path: Path, at: float = 1_000_000.0, earlier: tuple[tuple[str, str], ...] = ()) -> Bot:
    """A bot (re)started on the database in `tmp_path`: it reads the room's scrollback `earlier` (who,
    what), then is connected, which restores what the database holds."""
    config = BotConfig(
        server_url="ws://x", login_url="http://x", username=BOT, password=None, rooms=(ROOM,), prefix="$"
    )
    out = FakeOutbox(name=BOT, html_rooms=(ROOM,))
    bot = Bot(config, out, Store(tmp_path / "bot.db"), clock=FakeClock(time=at))  # type: ignore[arg-type]
    bot._ticker = object()  # type: ignore[assignment]  # no loop here: the ticker is not needed
    for who, text in earlier:
        bot._handle(Chat(room=ROOM, user=UserRef.parse(who), text=text, history=True))
    bot._handle(Connected(reconnect=False, rooms=(ROOM,)))
    return bot


def outbox(bot: Bot) -> FakeOutbox:
    assert isinstance(bot.out, FakeOutbox)
    return bot.out


def clock(bot: Bot) -> FakeClock:
    assert isinstance(bot.clock, FakeClock)
    return bot.clock


def dehost_asks(bot: Bot, name: str) -> list[str]:
    return [text for text in outbox(bot).pms_to(name) if ".dehost" in text]


@pytest.mark.parametrize("hosted", [HOSTED, f"{BOT} is already hosting. Somebody probably sniped you haha~"])
def test_a_host_asked_before_the_room_bot_hosted_us_opens_once_it_does_after_a_restart(
    tmp_path: Path, hosted: str
) -> None:
    bot = start_bot(tmp_path)
    bot.rooms[ROOM].handle_chat("+", "Hostess", "$host cta jesters-duel")
    assert bot.rooms[ROOM].signups is None and "type .host SurvivorBot" in outbox(bot).pms_to("Hostess")[0]
    bot.store.close()
    again = start_bot(tmp_path)  # Hostess need not type it again
    host = again.rooms[ROOM]
    host.handle_chat("@", SV, hosted)
    assert host.signups is not None and host.signups.host == "Hostess"
    assert (host.signups.theme, host.signups.mods) == ("cta", ["jesters-duel"])
    assert again.store.all_hosting() == {}  # opened: nothing waits any more


def test_signups_opened_by_another_way_leave_no_host_waiting(tmp_path: Path) -> None:
    bot = start_bot(tmp_path)
    host = bot.rooms[ROOM]
    host.handle_chat("+", "Hostess", "$host ftl")
    outbox(bot).absent.add("sirvivor")  # the room bot goes offline: our bot hosts on its own
    host.handle_chat("+", "Hostess", "$host ftl")
    assert host.signups is not None and host.hosting.pending is None
    assert bot.store.all_hosting() == {}


def test_our_win_unanswered_when_the_bot_was_killed_is_watched_again(tmp_path: Path) -> None:
    bot = start_bot(tmp_path)
    bot.rooms[ROOM].handle_chat("@", "Auth", f".host {BOT}")
    hosted_game(bot.rooms[ROOM])
    win = outbox(bot).room_lines()[-1]
    assert win.startswith(".win ") and bot.store.unfinished_games() == []  # every last line went out
    bot.store.close()  # killed before the room bot answered
    again = start_bot(tmp_path, at=clock(bot).now() + 5, earlier=((f"*{BOT}", win),))
    assert again.rooms[ROOM].roombot.we_host()  # as the room bot left it
    clock(again).advance(9)
    assert dehost_asks(again, "Auth") == []
    clock(again).advance(2)  # 15 s after the .win went out
    (ask,) = dehost_asks(again, "Auth")
    assert f"did not answer my {win.split()[0]} within 15 s" in ask
    clock(again).advance(60)
    assert len(dehost_asks(again, "Auth")) == 1
    assert again.store.all_hosting() == {}


@pytest.mark.parametrize("when", ["while the bot was down", "after the restart"])
def test_the_room_bots_answer_to_our_win_asks_nobody_after_a_restart(tmp_path: Path, when: str) -> None:
    bot = start_bot(tmp_path)
    bot.rooms[ROOM].handle_chat("@", "Auth", f".host {BOT}")
    hosted_game(bot.rooms[ROOM])
    win = outbox(bot).room_lines()[-1]
    bot.store.close()
    answer = f"/announce **WINNER:** {win.removeprefix('.win ')}"
    # In the scrollback, the room bot's answer to an earlier game's .win does not count: only one after ours.
    earlier = [(f"@{SV}", answer), (f"*{BOT}", win)] + ([(f"@{SV}", answer)] if when.startswith("while") else [])
    again = start_bot(tmp_path, at=clock(bot).now() + 5, earlier=tuple(earlier))
    if when.startswith("after"):
        again.rooms[ROOM].handle_chat("@", SV, answer)
    assert not again.rooms[ROOM].roombot.we_host()
    clock(again).advance(60)
    assert dehost_asks(again, "Auth") == []
    assert again.store.all_hosting() == {}


def test_our_done_of_cancelled_signups_is_watched_again_after_a_restart(tmp_path: Path) -> None:
    bot = start_bot(tmp_path)
    host = bot.rooms[ROOM]
    host.handle_chat("@", SV, HOSTED)
    host.handle_chat("+", "Hostess", "$host ftl")
    host.handle_chat("+", "Hostess", "$end")
    assert outbox(bot).room_lines()[-1] == ".done"
    bot.store.close()
    again = start_bot(tmp_path, at=clock(bot).now() + 30)  # down longer than the wait: checked at once
    clock(again).advance(0)
    (ask,) = dehost_asks(again, "Hostess")
    assert "did not answer my .done within 15 s" in ask


def test_a_version_7_database_opens_with_nothing_waiting(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    db = database_at(path, 7)
    db.execute(
        "INSERT INTO games (room, theme, mods, options, players, seed, started_at)"
        " VALUES ('survivor', 'ftl', '[]', '{}', '[\"A\", \"B\", \"C\"]', 's', 1)"
    )
    db.close()
    store = Store(path)
    assert store.schema_version == len(MIGRATIONS) >= 8
    assert store.all_hosting() == {} and [game.room for game in store.unfinished_games()] == [ROOM]
