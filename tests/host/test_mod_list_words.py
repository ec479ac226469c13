"""A game's mods are listed in one form wherever the room reads them (`Golf and Second Wind`, as every other
list): the signups line, the signups box, the opening line."""

from __future__ import annotations

import re
from pathlib import Path

from survivor_host.engine.render import render
from survivor_host.themes import new_game
from survivor_host.themes.rps.rules import LIZARD_SPOCK_MOD
from tests.host.test_room import PLAYERS, make_host, outbox

LISTED = "(Golf and Second Wind)"


def test_the_signups_line_box_and_opening_list_the_mods_alike(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    host.handle_chat("+", "Hostess", ".host hga golf, second-wind")
    for name in PLAYERS[:3]:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", ".start")
    sent = [text for _, _, text in outbox(host).sent]
    lists = [found for text in sent for found in re.findall(r"\((Golf[^)]*)\)", text)]
    assert len(lists) >= 3 and {f"({found})" for found in lists} == {LISTED}
    assert any("signups are open!" in text and LISTED in text for text in sent)  # the box
    assert f"**Hunger Games Anon** {LISTED} begins with 3 players." in sent


def test_rock_paper_scissors_opens_with_its_mods_listed_alike() -> None:
    game = new_game("rps", PLAYERS[:3], mods=["lizard-spock", "second-wind"], seed=1)
    opening = render(game.start()[0])
    assert opening == f"**{game.title}** ({LIZARD_SPOCK_MOD.title} and Second Wind) begins with 3 players."
