"""An attack sent while the nicknames are chosen is refused with what is true: attacks open once every
nickname is in, in this very round (not "the next round")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.host.test_room import PLAYERS, make_host, open_game, outbox


@pytest.mark.parametrize("theme", ["hga", "exclusions"])
def test_an_attack_during_the_nicknames_says_when_attacks_open(tmp_path: Path, theme: str) -> None:
    host = make_host(tmp_path)
    open_game(host, theme, PLAYERS[:4])
    host.handle_pm("Venus", "nick Shadow")
    outbox(host).clear()
    host.handle_pm("Venus", "attack Mars")
    told = outbox(host).pms_to("Venus")
    assert told and told[0].startswith("There is no attack to send yet: attacks open once every nickname is in")
    assert not any("next round" in line for line in told)
    for name in PLAYERS[1:4]:
        host.handle_pm(name, f"nick {name}X")
    game = host.game
    assert game is not None and game.round == 1 and "attack" in {wait.actions[0] for wait in game.awaiting()}
