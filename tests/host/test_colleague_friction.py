"""Friction room auth and players met: each refusal says what to type next, and each answer is right."""

from __future__ import annotations

from pathlib import Path

from tests.host.test_room import ROOM, make_host, outbox


def test_host_by_pm_counts_the_senders_room_rank(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    out = outbox(host)
    out.rank_of = lambda room, userid: "@" if (room, userid) == (ROOM, "modmars") else " "  # type: ignore[method-assign]
    host.handle_pm("Mod Mars", "host ftl")
    assert host.signups is not None
    assert not any("Only room auth" in pm for pm in out.pms_to("Mod Mars"))
