"""Rock, Paper, Scissors in the room host, in-process: attacks by PM only (BG3), a button for each target and
weapon, reminders that spell `attack NAME, WEAPON`, and a whole game played as players send it."""

from __future__ import annotations

import html
import random
from pathlib import Path

from tests.host.test_room import PLAYERS, clock, make_host, open_game, outbox, play_out


def test_an_attack_typed_in_the_room_is_refused_by_pm_and_reveals_nothing(tmp_path: Path) -> None:  # BG3
    host = make_host(tmp_path)
    open_game(host, "rps", PLAYERS[:4])
    game = host.game
    assert game is not None
    outbox(host).clear()
    host.handle_chat(" ", "Venus", ".attack Mars, scissors")
    assert (
        outbox(host).pms_to("Venus")[-1]
        == "Send that to me by PM so nobody sees it: /msg SurvivorBot, attack Mars, scissors"
    )
    assert not any("scissors" in line or "Mars" in line for line in outbox(host).room_lines())
    assert game.log == [] and any(wait.player == "Venus" for wait in game.awaiting())


def test_buttons_for_every_target_and_weapon_and_what_is_owed_spells_the_usage(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "rps", PLAYERS[:3], "lizard-spock")
    game = host.game
    assert game is not None
    box = html.unescape([text for kind, who, text in outbox(host).sent if kind == "pmuhtml" and who == "Venus"][-1])
    tag = f"[w{host.game_id}.{game.wait_id}]"
    for target in ("Mars", "Jupiter"):
        for weapon in ("rock", "paper", "scissors", "lizard", "spock"):
            assert f"survivor attack {target}, {weapon} {tag}" in box and f">{target}, {weapon}</button>" in box
    outbox(host).clear()
    host.handle_pm("Venus", f"attack Mars, spock {tag}")  # what the button sends, the room's name taken off
    told = "[survivor] You attack **Mars** with **spock**. It is final for this round."
    assert outbox(host).pms_to("Venus")[0] == told
    assert host.commands.owed_text("mars") == "you owe attack NAME, WEAPON"
    clock(host).advance(95)  # the reminder names who is awaited
    host.tick()
    assert "Waiting on: Mars and Jupiter (attack, by PM). 30 seconds left." in outbox(host).room_lines()


def test_a_whole_game_with_second_wind_played_by_pm(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "rps", PLAYERS[:5], "sw")
    play_out(host, random.Random(4))
    lines = outbox(host).room_lines()
    assert any("wins the game!" in line for line in lines) and any("♥" in line for line in lines)


def test_a_tied_or_lost_throw_asks_both_finalists_again_with_fresh_buttons(tmp_path: Path) -> None:  # 3.6, BG12
    host = make_host(tmp_path, html=True)
    open_game(host, "rps", PLAYERS[:2], "sw")
    game = host.game
    assert game is not None
    for venus, mars, said in (("rock", "rock", "both throw **rock**"), ("rock", "paper", "paper beats rock")):
        first = game.wait_id
        host.handle_pm("Venus", f"throw {venus} [w{host.game_id}.{first}]")
        outbox(host).clear()
        host.handle_pm("Mars", f"throw {mars} [w{host.game_id}.{first}]")
        assert any(said in line for line in outbox(host).room_lines())
        assert game.wait_id > first and not game.finished
        for name in ("Venus", "Mars"):
            box = html.unescape(
                [text for kind, who, text in outbox(host).sent if kind == "pmuhtml" and who == name][-1]
            )
            assert f"survivor throw scissors [w{host.game_id}.{game.wait_id}]" in box and "Throw scissors" in box
