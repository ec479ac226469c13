"""Fair dice in the room (issue 10 item 1): commitment at `.host`, `.salt`, client seed at `.start`,
the revealed seed; stored games and signups from before the scheme still restore."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from survivor_host.bot.fairness import SignupSeed
from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.engine.dice import SeededDice
from survivor_host.engine.inputs import Input
from survivor_host.fair.stream import client_seed, commitment
from survivor_host.store.db import Store
from survivor_host.store.migrations import MIGRATIONS
from survivor_host.themes import new_game
from survivor_host.trust.verify import verify
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_room import PLAYERS, ROOM, make_host, outbox, play_out

SEED = "f" * 64


def signups(host: RoomHost, players: list[str], theme: str = "ftl") -> None:
    host.handle_chat("+", "Hostess", f".host {theme}")
    for name in players:
        host.handle_chat(" ", name, "/me in")


def test_the_commitment_comes_before_anyone_joins_and_the_client_seed_at_start(tmp_path: Path) -> None:
    host = make_host(tmp_path, seed=SEED)
    host.handle_chat("+", "Hostess", ".host ftl")
    assert outbox(host).room_lines()[-1].startswith(f"Dice commitment: sha256 {commitment(SEED)} ")
    for name in PLAYERS[:4]:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat(" ", "Mars", ".salt Rosemary")
    host.handle_chat(" ", "Venus", ".salt thyme")
    host.handle_chat(" ", "Mars", ".salt basil")  # replaces Mars's word, keeps Mars's place
    assert outbox(host).pms_to("Venus")[-1] == "Your salt thyme goes into the client seed at .start."
    host.handle_chat("+", "Hostess", ".start")
    expected = client_seed(PLAYERS[:4], ["basil", "thyme"])
    assert f"Dice client seed (the players in join order, then salts): {expected}" in outbox(host).room_lines()
    game = host.game
    assert game is not None and game.record()["client_seed"] == expected
    play_out(host, random.Random(3))
    record = host.store.db.execute("SELECT record FROM games").fetchone()[0]
    stored = json.loads(record)
    assert stored["salts"] == ["basil", "thyme"] and stored["seed"] == SEED
    assert verify(stored).ok, verify(stored).difference


def test_salt_is_refused_from_non_players_outside_signups_and_when_not_a_plain_word(tmp_path: Path) -> None:
    host = make_host(tmp_path, seed=SEED)
    host.handle_chat(" ", "Venus", ".salt early")
    assert outbox(host).pms_to("Venus")[-1] == "Salt is added during signups."
    signups(host, PLAYERS[:4])
    host.handle_chat(" ", "Lurker", ".salt mine")
    assert outbox(host).pms_to("Lurker")[-1] == "Join the game first: only players add salt."
    for word in ("<b>x</b>", "two words", "/wall hi", "", "a" * 25):
        host.handle_chat(" ", "Venus", f".salt {word}")
        assert outbox(host).pms_to("Venus")[-1].startswith("A salt is one word of 1 to 24 letters or digits")
    host.handle_chat(" ", "Mars", ".salt gone")
    assert outbox(host).pms_to("Mars")[-1] == "Your salt gone goes into the client seed at .start."
    host.handle_chat(" ", "Mars", "/me out")  # a player who leaves takes their salt along
    host.handle_chat("+", "Hostess", ".start")
    game = host.game
    assert game is not None
    assert game.record()["client_seed"] == client_seed([p for p in PLAYERS[:4] if p != "Mars"])
    assert not any("<b>" in line or "/wall" in line for line in outbox(host).room_lines())


def test_signups_restored_keep_their_committed_seed_and_salts(tmp_path: Path) -> None:
    host = make_host(tmp_path, seed=SEED)
    signups(host, PLAYERS[:4])
    host.handle_chat(" ", "Saturn", ".salt cumin")
    host.store.close()
    store = Store(tmp_path / "bot.db")
    again = RoomHost(ROOM, FakeOutbox(), FakeClock(), store, HostSettings(), lambda: "a-new-seed")
    again.restore_signups(store.all_signups()[ROOM])
    assert not any(line.startswith("Dice commitment") for line in outbox(again).room_lines())
    again.handle_chat("+", "Hostess", ".start")
    game = again.game
    assert game is not None
    assert game.record()["seed"] == SEED and game.record()["salts"] == ["cumin"]


def test_signups_stored_before_commitments_get_one_when_restored(tmp_path: Path) -> None:
    store = Store(tmp_path / "bot.db")
    old = {"theme": "ftl", "mods": [], "options": {}, "players": ["Venus", "Mars"]}
    store.save_signups(ROOM, old, 1.0)
    host = RoomHost(ROOM, FakeOutbox(), FakeClock(), store, HostSettings(), lambda: SEED)
    host.restore_signups(store.all_signups()[ROOM])
    assert outbox(host).room_lines()[-1].startswith(f"Dice commitment: sha256 {commitment(SEED)} ")
    assert store.all_signups()[ROOM]["seed"] == SEED
    assert SignupSeed.from_dict(store.all_signups()[ROOM], "x").seed == SEED


def test_a_game_stored_by_the_old_bot_restores_on_its_mersenne_twister_dice(tmp_path: Path) -> None:
    """A version 2 database with a running game: after the upgrade it replays exactly as it was played."""
    players = PLAYERS[:5]
    old = new_game("cta", players, dice=SeededDice("old-seed"))
    rng = random.Random(2)
    old.start()
    for _ in range(6):
        wait = old.awaiting()[0]
        old.apply(rng.choice(old.legal_inputs(wait.player)))
    path = tmp_path / "v2.db"
    db = sqlite3.connect(path, isolation_level=None)
    for script in MIGRATIONS[:2]:
        for statement in script.split(";"):
            if statement.strip():
                db.execute(statement)
    db.execute("PRAGMA user_version=2")
    db.execute(
        "INSERT INTO games (room, theme, mods, options, players, seed, started_at, heartbeat, posted)"
        " VALUES (?, 'cta', '[]', '{}', ?, 'old-seed', 1, 1, 6)",
        (ROOM, json.dumps(players)),
    )
    for seq, inp in enumerate(old.log, start=1):
        db.execute("INSERT INTO inputs VALUES (1, ?, 1, ?)", (seq, json.dumps(inp.to_dict())))
    db.close()
    store = Store(path)
    (stored,) = store.unfinished_games()
    assert stored.dice == "mt19937-python-random" and stored.client_seed is None
    host = RoomHost(ROOM, FakeOutbox(), FakeClock(), store, HostSettings(), lambda: "unused")
    host.restore_game(stored)
    game = host.game
    assert game is not None and game.record() == old.record()
    assert game.record()["dice"] == "mt19937-python-random"
    wait = game.awaiting()[0]
    move = game.legal_inputs(wait.player)[0]
    assert host.apply(Input(move.action, by=move.by, target=move.target), reply_to=None)
    old.apply(move)
    assert game.record() == old.record()
