"""The room's bot games tell a player by PM that they are out where the game's text says so (hunger-games.txt
3.3): the PM reaches the player, and the room's line stays as it is."""

from __future__ import annotations

from pathlib import Path

from tests.host.test_room import clock, make_host, open_game, outbox


def test_the_idle_attacker_gets_a_pm_saying_they_are_out(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "hg", ["Mars", "Venus", "Jupiter"])
    host.handle_pm("Mars", "attack Venus")
    host.handle_pm("Venus", "attack Mars")
    outbox(host).clear()
    for _ in range(2):  # the reminder, then the deadline: Jupiter sent nothing
        clock(host).advance(100)
        host.tick()
    assert "**Jupiter** is eliminated: did not answer before the deadline (idle)." in outbox(host).room_lines()
    told = "[survivor] You are out of the game: you did not answer before the deadline."
    assert outbox(host).pms_to("Jupiter")[-1] == told
