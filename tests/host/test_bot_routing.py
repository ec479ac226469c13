"""Bot-level PM routing: a PM goes to the game its sender plays in."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.bot import Bot
from survivor_host.bot.config import BotConfig
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.text import HEAVY, MAX_MESSAGE_LENGTH, message_len
from survivor_host.store.db import Store
from tests.host.fakes import FakeClock, FakeOutbox


def make_bot(tmp_path: Path, **defaults: object) -> tuple[Bot, FakeOutbox]:
    config = BotConfig(
        server_url="ws://127.0.0.1:1/showdown/websocket",
        login_url="http://127.0.0.1:1/api/login",
        username="Bot",
        password=None,
        rooms=("one", "two"),
        defaults=dict(defaults) or {"leader": "pick"},
        fixed_seed="routing",
        prefix=".",
    )
    out = FakeOutbox()
    return Bot(config, out, Store(tmp_path / "bot.db"), clock=FakeClock()), out  # type: ignore[arg-type]


def sign_up(bot: Bot, room: str, command: str, names: list[str], leader: str | None = None) -> None:
    """Open signups in `room`, sign `names` up, start; with `leader`, the host picks that first leader."""
    host = bot.rooms[room]
    host.handle_chat("~", "Host", command)
    for name in names:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("~", "Host", ".start")
    if leader is not None:
        host.handle_chat("~", "Host", f".pick {leader}")


def choice_of(bot: Bot, room: str, name: str) -> str | None:
    game = bot.rooms[room].game
    assert game is not None
    seat = game.seat(name)
    return getattr(game, "choices").get(seat.index)  # noqa: B009


def test_finding_2_a_change_of_choice_goes_to_the_game_that_can_take_it(tmp_path: Path) -> None:
    """Issue 8 finding 2: `rebel` after a confirmed `follow` while a CTA All At Once game awaits the
    same player went to the CTA game and was dropped without a word."""
    bot, out = make_bot(tmp_path, leader="vote")
    sign_up(bot, "one", ".host ftl", ["Max", "Ann", "Ben", "Cat"], leader="Ann")
    sign_up(bot, "two", ".host cta all-at-once", ["Max", "Dan", "Eve"])
    two = bot.rooms["two"].game
    assert two is not None and any(w.player == "Max" for w in two.awaiting())  # the CTA game awaits Max
    bot._route_pm("Max", "follow")
    assert choice_of(bot, "one", "Max") == "follow"
    out.clear()
    bot._route_pm("Max", "rebel")
    assert choice_of(bot, "one", "Max") == "rebel"
    assert out.pms_to("Max") == ["[one] You changed your choice to **rebel** this round."]


def test_when_two_games_could_take_an_action_the_bot_asks_which_room(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path, leader="vote")
    sign_up(bot, "one", ".host ftl", ["Max", "Ann", "Ben", "Cat"], leader="Ann")
    sign_up(bot, "two", ".host ftl", ["Max", "Dan", "Eve", "Fay"], leader="Dan")
    out.clear()
    bot._route_pm("Max", "follow")
    (reply,) = out.pms_to("Max")
    assert reply == (
        "You play in 2 rooms and more than one can take that (one: you owe follow or rebel; two: you owe follow or "
        "rebel). Say which: put its room first, e.g. one follow"
    )
    assert choice_of(bot, "one", "Max") is None and choice_of(bot, "two", "Max") is None
    out.clear()
    bot._route_pm("Max", "two follow")
    assert choice_of(bot, "two", "Max") == "follow" and choice_of(bot, "one", "Max") is None
    bot._route_pm("Max", "one: rebel")
    assert choice_of(bot, "one", "Max") == "rebel"
    # each confirmation says its room: Max plays in both
    assert out.pms_to("Max") == [
        "[two] You chose to **follow** this round.",
        "[one] You chose to **rebel** this round.",
    ]


def test_when_no_game_can_take_an_action_the_bot_says_what_each_awaits(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path, leader="vote")
    sign_up(bot, "one", ".host ftl", ["Max", "Ann", "Ben", "Cat"], leader="Ann")
    sign_up(bot, "two", ".host ftl", ["Max", "Dan", "Eve", "Fay"], leader="Max")
    out.clear()
    bot._route_pm("Max", "stick")
    (reply,) = out.pms_to("Max")
    assert reply.startswith("None of your games can take that now")
    assert "one: you owe follow or rebel" in reply and "two: nothing owed from you now" in reply


def test_information_by_pm_answers_people_who_are_not_playing(tmp_path: Path) -> None:
    """Issue 8 finding 4: `points`, `lb`, `rules`, `help`, `pl` by PM from someone not playing."""
    bot, out = make_bot(tmp_path)
    bot.store.add_points("one", {"venus": ("Venus", 9)})
    sign_up(bot, "two", ".host cta", ["Dan", "Eve", "Fay"])
    for word in ("points Venus", "lb", "rules", "help", "pl", ".points"):
        out.clear()
        bot._route_pm("Outsider", word)
        replies = out.pms_to("Outsider")
        assert replies, word
        assert not any("not in a game" in r for r in replies), (word, replies)
    out.clear()
    bot._route_pm("Outsider", "one points Venus")
    assert out.pms_to("Outsider") == ["[one] Points this cycle for venus: 9."]
    out.clear()
    bot._route_pm("Outsider", "pl")
    assert out.pms_to("Outsider") == ["[two] **PL (3):** Dan, Eve, Fay"]


def test_every_say_which_answer_is_one_pm_at_the_worst(tmp_path: Path) -> None:
    """Eight rooms with ids as long as a server makes them, and a line as long as a user may send (a
    leading `/`, ﷽ counting 11): each answer that asks which room quotes the line once, as one PM that
    no server refuses and that never reads as a command."""
    rooms = tuple(f"groupchat-{'u' * 18}-{n}{'t' * 30}" for n in range(8))
    client = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    # a vote, which the host's .pick ends: Ann leads everywhere, so Max can follow in every room
    config = BotConfig(
        server_url="ws://127.0.0.1:1/showdown/websocket",
        login_url="http://127.0.0.1:1/api/login",
        username="SurvivorBot",
        password=None,
        rooms=rooms,
        defaults={"leader": "vote"},
        prefix=".",
    )
    bot = Bot(config, client, Store(tmp_path / "bot.db"), clock=FakeClock())
    for n, room in enumerate(rooms):
        sign_up(bot, room, ".host ftl", ["Max", f"Ann{n}", f"Ben{n}", f"Cat{n}"], leader=f"Ann{n}")
    line = "/" + HEAVY * 60 + " !" + "a" * 300
    assert message_len(f"follow {line}") <= MAX_MESSAGE_LENGTH
    answers = {"follow": "You play in 8 rooms", "stick": "None of your games", "lastgame": "That could be for 8 rooms"}
    for word, answer in answers.items():
        client.queue.clear()
        bot._route_pm("Max", f"{word} {line}")
        (sent,) = [text for frames in client.queue._lanes for frame in frames for text in frame.lines]
        reply = sent.removeprefix("/msg max, ")
        assert message_len(sent) <= MAX_MESSAGE_LENGTH
        assert reply.startswith(answer)
        assert f"e.g. {rooms[0]} {word} /{HEAVY}" in reply and reply.count(f"{word} /") == 1
        assert all(room in reply for room in rooms)


def test_a_game_command_before_the_start_tells_a_signed_up_player_it_has_not_started(tmp_path: Path) -> None:
    """`nick Early` by PM during an hga's signups: the sender is on its list, not "not in a game"."""
    bot, out = make_bot(tmp_path)
    host = bot.rooms["two"]
    host.handle_chat("~", "Host", ".host hga")
    host.handle_chat(" ", "Mars", "/me in")
    bot._route_pm("Mars", "nick Early")
    assert out.pms_to("Mars")[-1] == "The game in two has not started yet: signups are open."
    host.handle_chat(" ", "Mars", ".attack Venus")  # in the room too
    assert out.pms_to("Mars")[-1] == "The game in two has not started yet: signups are open."
    bot._route_pm("Venus", "nick Early")
    assert out.pms_to("Venus")[-1] == "You are not in a game I am hosting. Type help for the commands."
