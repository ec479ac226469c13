"""Finding 11: a secret card goes only where the rules say (docs/FAIRNESS.md "Hosting sessions").

Only the session's host, a room owner or one of the bot's owners deals a card, and the card goes to
its player and the host, never to whoever dealt it or anyone else.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.host.test_hand_hosting import session_host
from tests.host.test_room import outbox


def dealt(text: str) -> bool:
    return bool(re.match(r"#\d+ .*card in survivor: ", text))


def test_room_auth_who_is_not_the_host_cannot_deal_or_read_a_card(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    lines = len(outbox(host).room_lines())
    host.handle_chat("@", "Moddy", ".card Io")
    host.handle_chat("+", "Stagehand", ".card 14 Io")  # who started the session is not its host either
    assert outbox(host).room_lines()[lines:] == []
    for who in ("Moddy", "Stagehand"):
        assert outbox(host).pms_to(who)[-1].startswith("Only the session's host (Mars) or a room owner deals cards")
    assert not any(dealt(text) for _, _, text in outbox(host).sent)


def test_a_room_owner_deals_but_the_card_goes_to_the_player_and_the_host_only(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.settings.owners = ("botowner",)
    host.handle_chat("#", "Roomowner", ".card Io")
    host.handle_chat("@", "BotOwner", ".card Pluto")
    assert outbox(host).room_lines()[-2:] == ["#1 card 13 for Io: dealt by PM", "#2 card 13 for Pluto: dealt by PM"]
    to = [user for kind, user, text in outbox(host).sent if kind == "pm" and dealt(text)]
    assert to == ["Io", "Mars", "Pluto", "Mars"]
    host.handle_pm("Mars", "card 14 Ceres")  # the host, by PM
    assert [user for kind, user, text in outbox(host).sent if kind == "pm" and dealt(text)][-2:] == ["Ceres", "Mars"]
