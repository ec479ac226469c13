"""A refusal that lists the names a player may choose lists them in one form whatever the theme, the engine's
or the reply's: `A, B and C` (`join_names`), as the prompts do."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.engine.render import join_names
from tests.host.test_room import PLAYERS, make_host, open_game, outbox

SENT = {"ftl": "vote Nobody", "cta": "swap Nobody", "hg": "attack Nobody", "hgs": "attack Nobody",
        "hp": "pass Nobody", "rps": "attack Nobody, rock"}  # fmt: skip


@pytest.mark.parametrize("theme", sorted(SENT))
def test_a_wrong_name_is_refused_with_the_names_listed_in_one_form(tmp_path: Path, theme: str) -> None:
    host = make_host(tmp_path, leader="vote")
    open_game(host, theme, PLAYERS[:5])
    game = host.game
    assert game is not None
    wait = game.awaiting()[0]
    outbox(host).clear()
    if wait.secret:
        host.handle_pm(wait.player, SENT[theme])
    else:
        host.handle_chat(" ", wait.player, "." + SENT[theme])
    (said,) = outbox(host).pms_to(wait.player)
    action = SENT[theme].split()[0]
    names = list(dict.fromkeys(o.target.split(",")[0] for o in game.legal_inputs(wait.player) if o.action == action))
    assert len(names) >= 3 and f": {join_names(names)}" in said, said
