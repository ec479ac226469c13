"""The bot's refusals spell its own prefix: a hand-hosted session's salt refusal too."""

from __future__ import annotations

from pathlib import Path

from tests.host.test_room_bot import make_host, out, wall


def test_a_hand_session_salt_refusal_spells_the_rooms_prefix(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    wall(host, "**SURVGAME:** Mars is hosting. Type ``/me in`` to join.")
    host.handle_chat(" ", "Venus", "/me in")
    host.handle_chat(" ", "Venus", "$salt not-one-word!")
    refusals = [text for text in out(host).pms_to("Venus") if "A salt is one word" in text]
    assert refusals and all("$salt WORD" in text and ".salt" not in text for text in refusals), refusals
