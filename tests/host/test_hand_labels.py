"""The hand-host desk's words for labels and counts: `// for` is the `for` the line already says, never
a second one, and one draw is counted in the singular."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from survivor_host.trust.chatlog import verify_chat
from tests.host.test_hand_hosting import chat_copy, room, session_host
from tests.host.test_replays import pages


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (".roll 100 // for", r"#1 roll 100: \d+"),
        (".roll 100 //   FOR  ", r"#1 roll 100: \d+"),
        (".roll 100 // For Mars", r"#1 roll 100 for Mars: \d+"),
        (".roll 100 // for for Mars", r"#1 roll 100 for Mars: \d+"),
        (".pick A, B // for", r"#1 pick \[A, B\]: (A|B)"),
        (".pick A, B // For seats", r"#1 pick \[A, B\] for seats: (A|B)"),
        (".shuffle A, B // FOR", r"#1 shuffle \[A, B\]: (A, B|B, A)"),
    ],
)
def test_a_label_of_for_alone_is_no_label_and_for_is_never_said_twice(tmp_path: Path, command: str, line: str) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", command)
    assert re.fullmatch(line, room(host)[-1]), room(host)[-1]
    assert "for for" not in room(host)[-1].lower()
    host.handle_chat(" ", "Mars", ".done")
    (verdict,) = verify_chat(chat_copy(host))
    assert verdict.problem is None, verdict.problem


def test_the_hosts_page_counts_one_draw_in_the_singular(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".roll 100")
    host.handle_pm("Mars", "list")
    assert "1 draw so far;" in pages(host)[-1][2]
    host.handle_chat(" ", "Mars", ".roll 6")
    host.handle_pm("Mars", "list")
    assert "2 draws so far;" in pages(host)[-1][2]
