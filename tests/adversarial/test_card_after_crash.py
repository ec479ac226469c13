"""Finding 7: a crash (kill -9) between a session's `$card` room line and its PMs must not lose the card.

A draw is stored before its lines are sent and marked sent only once they went out; a restart sends
the draws not known to be sent again: the room line, and a card's PMs to its player and the host.
"""

from __future__ import annotations

import re
from pathlib import Path

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.store.db import Store
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_hand_hosting import session_host
from tests.host.test_room import ROOM, outbox


def restart(tmp_path: Path, host: RoomHost) -> RoomHost:
    """kill -9: nothing more runs in `host`, nothing it queued goes out; a new process restores."""
    host.store.close()
    store = Store(tmp_path / "bot.db")
    again = RoomHost(ROOM, FakeOutbox(), FakeClock(), store, HostSettings(), lambda: "unused")
    (stored,) = store.running_sessions()
    again.hand.restore(stored)
    return again


def card_pms(host: RoomHost, user: str) -> list[str]:
    return [text for text in outbox(host).pms_to(user) if re.match(r"#\d+ .*card in survivor: ", text)]


def test_a_card_whose_pms_did_not_go_out_is_sent_again_after_a_restart(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    outbox(host).hold_sent = True  # the lines are queued; the bot dies before they go out
    host.handle_chat(" ", "Mars", ".card Io")
    (queued,) = card_pms(host, "Io")
    value = queued.rsplit(": ", 1)[1]

    again = restart(tmp_path, host)
    assert card_pms(again, "Io") == [f"#1 your card in survivor: {value}"]
    assert card_pms(again, "Mars") == [f"#1 Io's card in survivor: {value}"]
    assert "#1 card 13 for Io: dealt by PM" in outbox(again).room_lines()
    assert [user for kind, user, _ in outbox(again).sent if kind == "pm"] == ["Io", "Mars"]  # nobody else

    # Those went out: the next restart sends nothing again.
    third = restart(tmp_path, again)
    assert card_pms(third, "Io") == [] and card_pms(third, "Mars") == []


def test_a_card_whose_pms_went_out_is_not_sent_twice(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".card Io")
    host.handle_chat(" ", "Mars", ".roll 100")
    again = restart(tmp_path, host)
    assert card_pms(again, "Io") == [] and card_pms(again, "Mars") == []
    assert not any(line.startswith("#") for line in outbox(again).room_lines())
    again.handle_chat(" ", "Mars", ".roll 100")
    assert outbox(again).room_lines()[-1].startswith("#3 roll 100: ")
