"""A game of two whose final needs nobody's input (hg, hgs, hp) ends at its start: its end is closed as any."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.host.test_room import make_host, open_game, outbox


@pytest.mark.parametrize("theme", ["hg", "hgs", "hp"])
def test_a_final_played_at_the_start_reveals_the_seed_and_is_recorded(tmp_path: Path, theme: str) -> None:
    host = make_host(tmp_path, seed="two-only")
    open_game(host, theme, ["Mars", "Venus"])
    lines = outbox(host).room_lines()
    assert any(" wins the game!" in line for line in lines)
    assert any(line.startswith("Dice seed: two-only") for line in lines)  # the seed is revealed
    assert host.state.game is None  # closed: the room may host again
    host.handle_chat(" ", "Mars", ".lastgame")
    assert " won by " in outbox(host).room_lines()[-1]  # and stored as finished
