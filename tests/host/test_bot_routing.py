"""Bot-level PM routing: a PM goes to the game its sender plays in."""

from __future__ import annotations

from pathlib import Path

from survivor_host.host.bot import Bot
from survivor_host.host.config import BotConfig
from survivor_host.host.store import Store
from tests.host.fakes import FakeClock, FakeOutbox


def make_bot(tmp_path: Path) -> tuple[Bot, FakeOutbox]:
    config = BotConfig(
        server_url="ws://127.0.0.1:1/showdown/websocket",
        login_url="http://127.0.0.1:1/api/login",
        username="Bot",
        password=None,
        rooms=("one", "two"),
        defaults={"leader": "pick"},
        fixed_seed="routing",
    )
    out = FakeOutbox()
    return Bot(config, out, Store(tmp_path / "bot.db"), clock=FakeClock()), out  # type: ignore[arg-type]


def test_a_player_in_two_games_has_each_pm_taken_by_the_game_awaiting_that_action(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path)
    one, two = bot.rooms["one"], bot.rooms["two"]
    one.handle_chat("~", "Host", ".host ftl")
    two.handle_chat("~", "Host", ".host cta all-at-once")
    for name in ("Max", "Ann", "Ben", "Cat"):
        one.handle_chat(" ", name, "/me in")
    for name in ("Max", "Dan", "Eve"):
        two.handle_chat(" ", name, "/me in")
    one.handle_chat("~", "Host", ".start")
    two.handle_chat("~", "Host", ".start")
    assert one.game is not None and two.game is not None
    awaited_one = [w for w in one.game.awaiting() if w.player == "Max"]
    awaited_two = [w for w in two.game.awaiting() if w.player == "Max"]
    if not awaited_one or not awaited_two:  # Max leads in one or holds a King in two: nothing to route
        return
    out.clear()
    bot._route_pm("Max", "stick")  # the All At Once choice, though the FTL game (first room) awaits Max too
    assert two.game.choices and any(two.game.seats[i].name == "Max" for i in two.game.choices)
    bot._route_pm("Max", "revolt")  # an alias, for the FTL game
    assert any(one.game.seats[i].name == "Max" for i in one.game.choices)
    assert not [m for m in out.pms_to("Max") if "not in a game" in m]
