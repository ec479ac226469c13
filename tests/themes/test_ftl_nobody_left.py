"""F9 and F10 when the host removes the only rebel mid-round and every follower is judged out: nobody
stands beside the leader, so there is no rebellion; the leader stays and wins (F10's one left)."""

from __future__ import annotations

from survivor_host.engine.events import Say
from tests.themes.test_ftl_properties import play

SEED = 102486302
"""A random game where Cid, the only rebel, is modkilled while the suspect Dee names a scapegoat, and
every follower rolled above the leader Sub1."""


def test_f9_f10_a_rebellion_with_nobody_left_beside_the_leader_keeps_the_leader_who_wins() -> None:
    played = play(SEED)
    game = played.game
    assert game.finished
    assert game.winner == "Sub1"
    said = [event.text for event in played.events if isinstance(event, Say)]
    assert "No Rebellion: nobody is left standing beside the leader, so **Sub1** stays in." in said
    assert not any(text.startswith("**Rebellion!**") for text in said[-12:])
