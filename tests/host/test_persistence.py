"""Restarts, reconnects and the schema: nothing accepted is lost, nothing posted is posted twice
(beyond the step in flight), deadlines keep the time they had left, points are given once."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from survivor_host.bot.bot import Bot
from survivor_host.bot.config import BotConfig
from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.engine.game import RULES_VERSION
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.store.db import Store
from survivor_host.store.migrations import MIGRATIONS
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_room import PLAYERS, ROOM, clock, make_host, open_game, outbox, play_out


def reopen(tmp_path: Path, host: RoomHost, *, html: bool = False, at: float | None = None) -> RoomHost:
    """A crash (nothing more runs in `host`) and a new process restoring from the same database."""
    host.store.close()
    store = Store(tmp_path / "bot.db")
    (stored,) = store.unfinished_games()
    out = FakeOutbox(html_rooms=(ROOM,) if html else ())
    again = RoomHost(ROOM, out, FakeClock(time=at or clock(host).time), store, HostSettings(), lambda: "unused")
    again.restore_game(stored)
    return again


def schema(db: sqlite3.Connection) -> list[tuple[str, str]]:
    return sorted(db.execute("SELECT name, sql FROM sqlite_master").fetchall())


# ----- schema -----


def test_empty_v0_database_migrates_to_the_newest_version(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / "old.db").close()  # user_version 0, no tables
    store = Store(tmp_path / "old.db")
    assert store.schema_version == len(MIGRATIONS) >= 2
    columns = {row[1] for row in store.db.execute("PRAGMA table_info(games)")}
    assert {"deadline_at", "heartbeat", "posted", "deadline_wait", "deadline_extension"} <= columns


def test_migrating_twice_is_a_no_op(tmp_path: Path) -> None:
    store = Store(tmp_path / "bot.db")
    store.add_points(ROOM, {"venus": ("Venus", 7)})
    before = schema(store.db)
    store.migrate()
    store.close()
    again = Store(tmp_path / "bot.db")  # migrates on open, a second time
    assert schema(again.db) == before
    assert again.schema_version == len(MIGRATIONS)
    assert again.points_of(ROOM, "venus") == 7


def test_a_version_1_database_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    db = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("PRAGMA user_version=1")
    db.execute(
        "INSERT INTO games (room, theme, mods, options, players, seed, started_at, deadline_at, heartbeat)"
        " VALUES ('survivor', 'ftl', '[]', '{}', '[\"A\", \"B\", \"C\"]', 's', 1, 100, 40)"
    )
    db.close()
    store = Store(path)
    (stored,) = store.unfinished_games()
    assert store.schema_version == len(MIGRATIONS)
    assert (stored.deadline_at, stored.heartbeat, stored.deadline_wait) == (100, 40, None)


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "new.db")
    db.execute(f"PRAGMA user_version={len(MIGRATIONS) + 1}")
    db.close()
    with pytest.raises(RuntimeError, match="newer"):
        Store(tmp_path / "new.db")


# ----- what was posted -----


def test_a_step_queued_but_not_sent_is_announced_after_a_crash(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None and host.game_id is not None
    name = game.awaiting()[0].player
    outbox(host).hold_sent = True  # the ack is queued, the connection is slow, then the bot dies
    host.handle_pm(name, "rebel")
    again = reopen(tmp_path, host)
    assert again.game is not None and again.game.choices
    assert "[survivor] You chose to **rebel** this round." in outbox(again).pms_to(name)


def test_a_step_sent_is_not_announced_again(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None
    name = game.awaiting()[0].player
    host.handle_pm(name, "rebel")
    again = reopen(tmp_path, host)
    assert not any("this round." in text for text in outbox(again).pms_to(name))
    # ...and the player who already chose is not asked again; the others are.
    assert not outbox(again).pms_to(name)
    others = [wait.player for wait in game.awaiting()]
    assert others and all(outbox(again).pms_to(other) for other in others)


def test_the_start_itself_is_announced_after_a_crash_before_it_went_out(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    outbox(host).hold_sent = True
    open_game(host, "ftl", PLAYERS)
    again = reopen(tmp_path, host)
    assert any("begins!" in line for line in outbox(again).room_lines())


def test_the_client_seed_is_posted_after_a_crash_before_the_start_went_out(tmp_path: Path) -> None:
    """Killed just after `.start` was stored: the room never read the client seed, so the restore says it."""
    host = make_host(tmp_path, leader="pick")
    outbox(host).hold_sent = True
    open_game(host, "ftl", PLAYERS)
    again = reopen(tmp_path, host)
    lines = outbox(again).room_lines()
    seed_line = f"Dice client seed (the players in join order, then salts): {','.join(PLAYERS)}"
    assert seed_line in lines and lines.index(seed_line) < next(i for i, t in enumerate(lines) if "begins!" in t)


def signups_boxes(out: FakeOutbox) -> list[tuple[str, str]]:
    """The signups box as sent: posted ("uhtml") or changed in place ("uhtmlchange"), with its HTML."""
    return [(kind, html) for kind, _, html in out.sent if kind.startswith("uhtml") and "signups are" in html]


def test_the_signups_box_is_closed_after_a_crash_before_the_start_went_out(tmp_path: Path) -> None:
    """Killed just after `.start` was stored: the room still shows the box with its Join and Leave
    buttons, so the restore shows it closed, as the start would have."""
    host = make_host(tmp_path, html=True, leader="pick")
    outbox(host).hold_sent = True
    open_game(host, "ftl", PLAYERS)
    again = reopen(tmp_path, host, html=True)
    ((kind, box),) = signups_boxes(outbox(again))
    assert kind == "uhtmlchange" and "signups are closed" in box and "<button" not in box
    assert f"PL ({len(PLAYERS)})" in box


def test_the_signups_box_is_left_alone_once_the_start_went_out(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="pick")
    open_game(host, "ftl", PLAYERS)
    assert signups_boxes(outbox(host))[-1][0] == "uhtmlchange"  # closed by the start itself
    again = reopen(tmp_path, host, html=True)
    assert signups_boxes(outbox(again)) == []


def test_the_client_seed_is_not_posted_again_once_the_start_went_out(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    again = reopen(tmp_path, host)
    assert not any(line.startswith("Dice client seed") for line in outbox(again).room_lines())


# ----- deadlines -----


def test_deadline_keeps_the_time_it_had_left(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)  # secret choices: 120 s
    clock(host).advance(50)
    host.tick()
    again = reopen(tmp_path, host, at=clock(host).time + 3600)  # down for an hour
    assert again.deadline_at is not None
    assert again.deadline_at - clock(again).time == pytest.approx(70)


def test_a_stale_deadline_of_the_previous_wait_is_not_used(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None and host.game_id is not None
    clock(host).advance(110)
    host.tick()
    old = host.store.db.execute("SELECT deadline_at, deadline_wait FROM games").fetchone()
    for wait in game.awaiting():
        host.handle_pm(wait.player, "follow")
    assert game.phase == "suspect"  # a new, public wait (60 s)
    # The bot died after storing the last choice, before storing the new deadline:
    host.store.set_deadline(host.game_id, old[0], old[1], 0)
    again = reopen(tmp_path, host)
    assert again.deadline_at is not None
    assert again.deadline_at - clock(again).time == pytest.approx(60)


def test_an_extension_stored_with_its_input_survives_a_crash_before_the_deadline(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None and host.game_id is not None
    old = host.store.db.execute("SELECT deadline_at, deadline_wait FROM games").fetchone()
    host.handle_chat("@", "Hostess", ".extend 60")
    host.store.set_deadline(host.game_id, old[0], old[1], 0)  # died before the new deadline was stored
    again = reopen(tmp_path, host)
    assert again.deadline_at is not None
    assert again.deadline_at - clock(again).time == pytest.approx(180)


def test_time_away_while_disconnected_is_not_counted_even_after_a_crash(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    clock(host).advance(20)
    host.pause()
    for _ in range(40):  # 200 s without a connection, the ticker still running
        clock(host).advance(5)
        host.tick()
    game = host.game
    assert game is not None and all(seat.alive for seat in game.seats)
    again = reopen(tmp_path, host)
    assert again.deadline_at is not None
    assert again.deadline_at - clock(again).time == pytest.approx(100)


def test_resume_gives_the_deadline_back_and_prompts_again(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None
    clock(host).advance(30)
    host.pause()
    clock(host).advance(600)
    assert all(seat.alive for seat in game.seats)
    outbox(host).clear()
    host.resume()
    assert host.deadline_at is not None and host.deadline_at - clock(host).time == pytest.approx(90)
    for wait in game.awaiting():
        assert any("follow" in text for text in outbox(host).pms_to(wait.player))


def test_a_player_back_in_the_room_who_owes_an_action_is_prompted_again(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None
    owing = game.awaiting()[0].player
    done = game.awaiting()[1].player
    host.handle_pm(done, "follow")
    outbox(host).clear()
    host.handle_join(owing)
    host.handle_join(done)
    assert outbox(host).pms_to(owing)
    assert not outbox(host).pms_to(done)


# ----- Chase the Ace cards -----


def test_cta_cards_are_told_again_after_a_restart(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "cta", PLAYERS[:5])
    game = host.game
    assert game is not None
    cards = dict(getattr(game, "cards"))  # noqa: B009
    again = reopen(tmp_path, host)
    for index, card in cards.items():
        name = game.seats[index].name
        assert any(text.startswith("[survivor] Your card is **") for text in outbox(again).pms_to(name)), (name, card)


# ----- the end and points -----


def test_points_are_given_once_when_the_bot_dies_as_the_game_ends(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", PLAYERS)
    rng = random.Random(5)
    while host.game is not None:
        game = host.game
        wait = game.awaiting()[0]
        choice = rng.choice(game.legal_inputs(wait.player))
        outbox(host).hold_sent = True  # what the last input causes never gets out before the crash
        text = f"{choice.action} {choice.target or ''}".strip()
        if wait.secret:
            host.handle_pm(wait.player, text)
        else:
            host.handle_chat(" ", wait.player, "." + text)
        if host.game is not None:
            outbox(host).hold_sent = False
            outbox(host).flush_sent()
    assert host.store.leaderboard(ROOM) == []  # the end never went out
    again = reopen(tmp_path, host)
    assert again.game is None
    assert any("wins the game!" in line for line in outbox(again).room_lines())
    board = again.store.leaderboard(ROOM)
    assert sorted(points for _, points in board) == [2, 7]
    assert again.store.unfinished_games() == []
    row = again.store.db.execute("SELECT status, record FROM games").fetchone()
    assert row[0] == "finished" and row[1]


def test_finish_game_twice_gives_points_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "bot.db")
    game_id = store.begin_game(ROOM, "ftl", [], {}, PLAYERS, "s", 1.0)
    awards = {"venus": ("Venus", 7)}
    assert store.finish_game(game_id, {"winner": "Venus"}, 2.0, "finished", awards)
    assert not store.finish_game(game_id, {"winner": "Venus"}, 3.0, "finished", awards)
    assert store.points_of(ROOM, "venus") == 7


def test_a_restored_game_plays_to_the_end_with_its_inputs_in_order(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "cta", PLAYERS, "jesters-duel")
    play_out_steps(host, random.Random(6), 12)
    kept = host.store.inputs_of(host.game_id or 0)
    game_id = host.game_id
    again = reopen(tmp_path, host)
    play_out(again, random.Random(7))
    record = again.store.game_record(game_id or 0)
    assert record is not None and record["winner"]
    assert record["inputs"][: len(kept)] == [inp.to_dict() for inp in kept]
    assert record["inputs"] == [inp.to_dict() for inp in again.store.inputs_of(game_id or 0)]


def play_out_steps(host: RoomHost, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        game = host.game
        assert game is not None
        wait = game.awaiting()[0]
        choice = rng.choice(game.legal_inputs(wait.player))
        text = f"{choice.action} {choice.target or ''}".strip()
        if wait.secret:
            host.handle_pm(wait.player, text)
        else:
            host.handle_chat(" ", wait.player, "." + text)


# ----- the bot -----


def test_bot_drops_signups_left_over_from_a_crash_during_start(tmp_path: Path) -> None:
    store = Store(tmp_path / "bot.db")
    config = BotConfig(server_url="ws://x", login_url="http://x", username="SurvivorBot", password=None, rooms=(ROOM,),
                       prefix=".", room_bot_rooms=())  # fmt: skip
    host_clock = FakeClock()
    out = FakeOutbox()
    bot = Bot(config, out, store, clock=host_clock)  # type: ignore[arg-type]
    host = bot.rooms[ROOM]
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in PLAYERS:
        host.handle_chat(" ", name, "/me in")
    signups = store.all_signups()[ROOM]
    host.handle_chat("+", "Hostess", ".start")
    store.save_signups(ROOM, signups, host_clock.now())  # as if the bot died before closing them
    again = Bot(config, FakeOutbox(), store, clock=FakeClock())  # type: ignore[arg-type]
    again.restore()
    assert again.rooms[ROOM].game is not None
    assert again.rooms[ROOM].signups is None
    assert store.all_signups() == {}
    assert to_id(PLAYERS[0]) in {seat.uid for seat in again.rooms[ROOM].game.seats}


def test_nobody_is_modkilled_for_leaving_while_the_bot_is_away(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick", secret_deadline=600)
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None
    host.handle_leave(to_id(PLAYERS[0]))
    host.pause()
    clock(host).advance(300)
    assert all(seat.alive for seat in game.seats)


# ----- rules versions (issue 13 item 6) -----


def test_a_game_stored_under_other_rules_is_refused_once_and_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(tmp_path / "bot.db")
    game_id = store.begin_game(ROOM, "ftl", [], {"leader": "pick"}, PLAYERS, "s", 1.0, rules_version=0)
    store.append_input(game_id, 1, Input("modkill", target=PLAYERS[0]), 2.0)
    (stored,) = store.unfinished_games()
    assert stored.rules_version == 0 and stored.options == {"leader": "pick"}
    out = FakeOutbox()
    host = RoomHost(ROOM, out, FakeClock(time=5.0), store, HostSettings(), lambda: "unused")
    with caplog.at_level("WARNING"):
        host.restore_game(stored)
    assert host.game is None and not out.room_lines()
    assert "rules version 0, not 1: not restored" in caplog.text
    assert store.unfinished_games() == []  # not tried again at the next start
    assert store.db.execute("SELECT status FROM games").fetchone()[0] == "refused"
    assert [inp.action for inp in store.inputs_of(game_id)] == ["modkill"]


def test_a_game_of_these_rules_is_restored(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", PLAYERS)
    (stored,) = host.store.unfinished_games()
    assert stored.rules_version == RULES_VERSION and "_rules_version" not in stored.options
    again = reopen(tmp_path, host)
    assert again.game is not None and again.game.record()["rules_version"] == RULES_VERSION


def test_card_is_answered_but_never_stored(tmp_path: Path) -> None:  # issue 13 item 6
    host = make_host(tmp_path)
    open_game(host, "cta", PLAYERS[:5])
    game = host.game
    assert game is not None
    seat = next(seat for seat in game.alive() if game.private_state(seat.name))
    stored = len(host.store.inputs_of(host.game_id or 0))
    outbox(host).clear()
    host.handle_pm(seat.name, "card")
    assert any("Your card is" in text for text in outbox(host).pms_to(seat.name))
    assert len(host.store.inputs_of(host.game_id or 0)) == stored
    assert all(inp.action != "card" for inp in game.log)


def test_a_room_whose_signups_cannot_be_brought_back_does_not_stop_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(tmp_path / "bot.db")
    config = BotConfig(server_url="ws://x", login_url="http://x", username="SurvivorBot", password=None,
                       rooms=("one", "two"), prefix=".", room_bot_rooms=())  # fmt: skip
    bot = Bot(config, FakeOutbox(), store, clock=FakeClock())  # type: ignore[arg-type]
    for room in ("one", "two"):
        bot.rooms[room].handle_chat("+", "Hostess", ".host ftl")
        bot.rooms[room].handle_chat(" ", PLAYERS[0], "/me in")
    again = Bot(config, FakeOutbox(), store, clock=FakeClock())  # type: ignore[arg-type]

    def broken(data: object) -> None:
        raise ValueError("signups stored by an older version")

    monkeypatch.setattr(again.rooms["one"], "restore_signups", broken)
    again.restore()
    assert again.rooms["one"].signups is None and "could not restore the signups in one" in caplog.text
    two = again.rooms["two"].signups
    assert two is not None and [to_id(name) for name in two.players] == [to_id(PLAYERS[0])]


def test_anon_nicknames_are_told_again_after_a_restart(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "hga", PLAYERS[:4])
    for name in PLAYERS[:4]:
        host.handle_pm(name, f"nick {name}X")
    again = reopen(tmp_path, host)
    for name in PLAYERS[:4]:
        assert f"[survivor] Your nickname is **{name}X**. Nobody else is told." in outbox(again).pms_to(name), name
