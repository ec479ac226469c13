"""What the room host asks of the send queue (issue 12 item 2, issue 8 item 4): the round's result
before the players' confirmations, information replies last, and deadlines counted from the send."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.bot import Bot
from survivor_host.bot.config import BotConfig
from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.engine.ids import to_id
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.clientsend import INFO_MAX, INFO_PER_USER
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.messages import UserRef
from survivor_host.showdown.rooms import RoomState
from survivor_host.showdown.sendqueue import CONFIRM, GAME, INFO
from survivor_host.store.db import Store
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_bot_routing import sign_up
from tests.host.test_room import PLAYERS, ROOM, clock, make_host, open_game, outbox


def client_host(tmp_path: Path) -> tuple[RoomHost, ShowdownClient]:
    """A room host whose outbox is the real client (never connected: its frames stay queued)."""
    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    store = Store(tmp_path / "bot.db")
    host = RoomHost(ROOM, bot, FakeClock(), store, HostSettings(defaults={"leader": "pick"}), lambda: "seed-1")
    return host, bot


def queued(bot: ShowdownClient) -> list[tuple[int, str]]:
    return [(lane, f.encode()) for lane, frames in enumerate(bot.queue._lanes) for f in frames]


def test_the_round_result_is_queued_ahead_of_every_confirmation(tmp_path: Path) -> None:
    host, bot = client_host(tmp_path)
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None and game.phase == "choices"
    bot.queue.clear()
    owed = [wait.player for wait in game.awaiting()]
    for name in owed:
        host.handle_pm(name, "follow")
    frames = queued(bot)
    confirmations = [i for i, (lane, text) in enumerate(frames) if "You chose to **follow**" in text]
    results = [i for i, (lane, text) in enumerate(frames) if "You chose" not in text]
    # (the room's first line may go on with the next short lines: issue 9 packs them)
    assert frames[0][0] == GAME and frames[0][1].startswith("survivor|All choices are in.")
    assert len(confirmations) == len(owed) and results
    assert all(frames[i][0] == CONFIRM for i in confirmations)
    assert all(frames[i][0] == GAME for i in results)
    # Lanes are sent in order: every result line leaves before the first confirmation.
    assert max(results) < min(confirmations)


def test_information_replies_and_errors_wait_in_the_info_lane(tmp_path: Path) -> None:
    host, bot = client_host(tmp_path)
    open_game(host, "ftl", PLAYERS)
    bot.queue.clear()
    host.handle_chat(" ", "Watcher", ".pl")
    host.handle_pm("Other", "rules")
    host.handle_chat(" ", "Third", ".lb")  # no points yet: an error-like reply
    assert queued(bot) and {lane for lane, _ in queued(bot)} == {INFO}


def test_a_reminder_and_a_prompt_are_game_lines_even_after_a_flood(tmp_path: Path) -> None:
    host, bot = client_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host ftl")
    for n in range(20):
        host.handle_chat(" ", f"Flooder{n % 2}", ".pl" if n % 4 < 2 else ".rules")
    for name in PLAYERS:
        host.handle_chat(" ", name, "/me in")
    bot.queue.clear()
    for n in range(20):
        host.handle_chat(" ", f"Flooder{n % 2}", ".pl" if n % 4 < 2 else ".rules")
    host.handle_chat("+", "Hostess", ".start")
    frames = queued(bot)
    info = [text for lane, text in frames if lane == INFO]
    assert len(info) <= 2  # one reply per flooder inside the cooldown
    assert any("Reply here with follow or rebel" in text for lane, text in frames if lane == GAME)


def test_the_deadline_counts_from_when_the_prompts_went_out(tmp_path: Path) -> None:  # G4
    host = make_host(tmp_path, leader="pick", reminder=0)
    out = outbox(host)
    out.hold_sent = True
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None and game.phase == "choices"
    clock(host).advance(100)  # the prompts are still in the queue: a busy queue
    out.flush_sent()
    clock(host).advance(110)  # 210 s after they were queued, 110 s after they were sent
    assert all(seat.alive for seat in game.seats)
    clock(host).advance(11)
    assert len(game.alive()) < 5


def test_fake_outbox_records_lanes(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat(" ", "Watcher", ".rules")
    assert ("info", "Watcher") in outbox(host).lanes
    assert isinstance(host.out, FakeOutbox)


def test_what_the_game_tells_a_player_it_did_not_hear_from_goes_in_order(tmp_path: Path) -> None:  # G4
    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    settings = HostSettings(defaults={"leader": "pick", "idle": "default", "secret_deadline": 60})
    host = RoomHost(ROOM, bot, FakeClock(), Store(tmp_path / "bot.db"), settings, lambda: "seed-1")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None and game.phase == "choices"
    owed = [wait.player for wait in game.awaiting()]
    for name in owed[1:]:
        host.handle_pm(name, "rebel")
    bot.queue.clear()
    host._timeout()  # the deadline passes (counted from the send, which never happens here): they follow
    frames = queued(bot)
    told = [i for i, (lane, text) in enumerate(frames) if "You did not choose in time" in text]
    closed = [i for i, (lane, text) in enumerate(frames) if "All choices are in." in text]
    assert len(told) == 1 and frames[told[0]][0] == GAME and closed and told[0] < min(closed)


def test_no_box_with_buttons_is_sent_for_a_question_that_closed_before_it_left(tmp_path: Path) -> None:
    """The boxes showing the early choosers' choices wait behind the game's lines; once the last choice
    closes the question, those boxes leave without their Change buttons, and with nothing after them."""
    host, bot = client_host(tmp_path)
    bot._rooms[ROOM] = RoomState(ROOM, users={"survivorbot": UserRef.parse("*SurvivorBot")})  # HTML allowed
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None and game.phase == "choices"
    bot.queue.clear()
    owed = [wait.player for wait in game.awaiting()]
    host.handle_pm(owed[0], "follow")
    assert any("To change it:" in text for _, text in queued(bot))  # the question is open: changes offered
    for name in owed[1:]:
        host.handle_pm(name, "follow")
    boxes = [text for _, text in queued(bot) if "/pmuhtmlchange" in text]
    assert boxes and not any("<button" in text for text in boxes)
    assert sorted(text.split(",", 1)[0] for text in boxes) == sorted(
        f"{ROOM}|/pmuhtmlchange {name.lower()}" for name in owed
    )


def test_answers_a_pm_gets_before_it_reaches_a_room_wait_behind_the_game_and_stay_few(tmp_path: Path) -> None:
    """With two rooms, the bot itself answers a PM no room takes (a host command, signups with none
    open, an action it cannot place): anyone may send those as fast as the server lets them, so a flood
    of them waits behind every room's game lines and never piles up in front of them."""
    client = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    config = BotConfig(
        server_url="ws://127.0.0.1:1/showdown/websocket", login_url="http://127.0.0.1:1/api/login",
        username="SurvivorBot", password=None, rooms=("one", "two"), defaults={"leader": "vote"},
        fixed_seed="flood", prefix=".",
    )  # fmt: skip
    bot = Bot(config, client, Store(tmp_path / "bot.db"), clock=FakeClock())
    sign_up(bot, "one", ".host ftl", ["Max", "Ann", "Ben", "Cat"], leader="Ann")
    sign_up(bot, "two", ".host ftl", ["Max", "Dan", "Eve", "Fay"], leader="Dan")
    client.queue.clear()
    for n in range(30):
        for name, text in (("Evil", "host ftl"), ("Evil", "in"), ("Evil", "start"), ("Max", "follow")):
            bot._route_pm(name, f"{text} {n}")
        bot.rooms["one"].handle_chat(" ", "Evil", f".follow {n}")  # told to send it by PM
    frames = queued(client)
    flood = [lane for lane, text in frames if "/msg evil," in text or "/msg max," in text]
    assert flood and set(flood) == {INFO}
    assert sum(lane == INFO for lane, _ in frames) <= INFO_MAX


def test_a_flood_of_bad_rolls_drops_only_the_flooders_refusals(tmp_path: Path) -> None:
    """A session's host floods bad `.roll` lines faster than the queue sends: a few of their refusals wait,
    and a player's refusal sent meanwhile still goes."""
    host, bot = client_host(tmp_path)
    users = {to_id(name): UserRef.parse(f" {name}") for name in ("Stagehand", "Mars", "Venus")}
    bot._rooms[ROOM] = RoomState(ROOM, users={"survivorbot": UserRef.parse("*SurvivorBot"), **users})
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    host.handle_chat(" ", "Mars", ".close")
    bot.queue.clear()
    for n in range(3 * INFO_MAX):
        host.handle_chat(" ", "Mars", f".roll {n}x")
    host.handle_chat(" ", "Venus", ".roll 100")  # not the host: refused
    refusals = [text for lane, text in queued(bot) if lane == INFO]
    assert "|/msg venus, Only the current host (Mars) or room auth can use .roll." in refusals
    assert sum(text.startswith("|/msg mars, '") for text in refusals) == INFO_PER_USER
