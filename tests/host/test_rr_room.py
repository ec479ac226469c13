"""Russian Roulette hosted by the room host in-process: the player on turn acts in the room or by the
buttons PM'd to them, others are refused, the turn player's deadline and reminder are the room's public
ones, and nothing said in the room is read as a roll (7i)."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.room import RoomHost
from survivor_host.themes.rr.state import RrState
from tests.host.test_room import PLAYERS, clock, make_host, open_game, outbox


def started(tmp_path: Path, html: bool = False) -> tuple[RoomHost, RrState]:
    host = make_host(tmp_path, html=html)
    open_game(host, "rr", PLAYERS[:4])
    game = host.game
    assert isinstance(game, RrState)
    return host, game


def test_the_player_on_turn_acts_in_the_room_and_others_are_refused(tmp_path: Path) -> None:  # BG1
    host, game = started(tmp_path)
    up = game.awaiting()[0].player
    other = next(name for name in PLAYERS[:4] if name != up)
    host.handle_chat(" ", other, ".pull")
    host.handle_chat(" ", "Stranger", ".pass")
    assert any(pm.startswith(f"It is not your turn: it is {up}'s.") for pm in outbox(host).pms_to(other))
    assert outbox(host).pms_to("Stranger") == ["You are not in this game."]
    outbox(host).clear()
    host.handle_chat(" ", up, ".pass")
    assert any(f"**{up}** uses their one pass" in line for line in outbox(host).room_lines())
    assert game.seat(up).index in game.passed


def test_the_turn_player_gets_pull_and_pass_buttons(tmp_path: Path) -> None:
    host, game = started(tmp_path, html=True)
    up = game.awaiting()[0].player
    boxes = [text for kind, who, text in outbox(host).sent if kind == "pmuhtml" and who == up]
    assert boxes and ">Pull</button>" in boxes[-1] and ">Pass</button>" in boxes[-1]
    assert " pull [w" in boxes[-1] and " pass [w" in boxes[-1]


def test_7i_a_roll_said_in_the_room_is_not_a_pull(tmp_path: Path) -> None:
    host, game = started(tmp_path)
    up, before = game.awaiting()[0].player, len(game.log)
    host.handle_chat("+", "Hostess", "!roll 6")
    host.handle_chat(" ", up, "Roll (1 - 6): 6")
    assert len(game.log) == before and game.chamber == 6 and game.awaiting()[0].player == up


def test_bg5_the_turn_player_is_reminded_then_out_at_the_public_deadline(tmp_path: Path) -> None:
    host, game = started(tmp_path)
    up = game.awaiting()[0].player
    clock(host).advance(45)
    assert any(line.startswith(f"Waiting on: {up}") for line in outbox(host).room_lines())
    clock(host).advance(20)
    assert not game.seat(up).alive and game.chamber == 6


def test_bg13_a_mode_is_refused(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host rr sw")
    assert host.signups is None
    assert any(
        "Russian Roulette does not allow Second Wind; it has no mods." in text
        for text in outbox(host).pms_to("Hostess")
    )


def test_bg2_a_refusal_lists_the_choices_once(tmp_path: Path) -> None:
    host, game = started(tmp_path)
    up = game.awaiting()[0].player
    other = next(name for name in PLAYERS[:4] if name != up)
    outbox(host).clear()
    host.handle_chat(" ", up, f".steal {other}")
    told = outbox(host).pms_to(up)
    assert told[0] == "You may steal only once your own pass is used. You may: pull or pass. **help** says more."
    assert sum(line.count("pull") for line in told) == 1
