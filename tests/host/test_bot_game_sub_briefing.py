"""A substitute in a bot game is told first that they now play in the seat (G6), as in Follow the Leader:
then the seat's nickname (Hunger Games Anon), then what the seat owes now (by PM; Hot Potato asks its
holder in the room)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.host.test_room import PLAYERS, make_host, open_game, outbox

TITLES = {"hg": "Hunger Games", "hga": "Hunger Games Anon", "rps": "Rock, Paper, Scissors", "hp": "Hot Potato"}


@pytest.mark.parametrize("theme", sorted(TITLES))
def test_a_substitute_is_told_the_seat_first_then_what_it_owes(tmp_path: Path, theme: str) -> None:
    host = make_host(tmp_path, secret_deadline=600)
    open_game(host, theme, PLAYERS[:4])
    if theme == "hga":
        for name in PLAYERS[:4]:
            host.handle_pm(name, f"nick {name}X")
    game = host.game
    assert game is not None
    owing = game.awaiting()[0].player  # the seat that owes an answer now: its prompt follows the briefing
    outbox(host).clear()
    host.handle_chat("+", "Hostess", f".sub {owing}, Zed")
    told = outbox(host).pms_to("Zed")
    assert told[0] == f"[survivor] You now play in this seat of {TITLES[theme]}."
    if theme == "hga":
        assert told[1] == f"[survivor] Your nickname is **{owing}X**. Nobody else is told."
    if theme == "hp":
        assert len(told) == 1 and outbox(host).room_lines()[-1].startswith("**Zed**, you hold the potato")
    else:
        assert len(told) == (3 if theme == "hga" else 2)
    assert f"[survivor] You now play in this seat of {TITLES[theme]}." not in outbox(host).pms_to(owing)
