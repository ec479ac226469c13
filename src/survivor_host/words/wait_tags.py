"""The wait a button answers, carried in the command it sends: a click for a wait that has passed is
refused, never taken as an answer to the current one."""

from __future__ import annotations

import re

WAIT_TAG = re.compile(r"\s*\[w(\d{1,9})\.(\d{1,9})\]$")
"""The wait a button answers, at the end of its command (`ACTION NAME [w12.3]`: game 12, its wait 3).
No Showdown name holds `[` or `]`, so a name never reads as a tag."""


def wait_tag(game_id: int, wait_id: int) -> str:
    return f"[w{game_id}.{wait_id}]"


def split_wait_tag(text: str) -> tuple[str, tuple[int, int] | None]:
    """`text` without its wait tag, and the tag's (game id, wait id); None when it has none (typed)."""
    match = WAIT_TAG.search(text)
    if match is None:
        return text, None
    return text[: match.start()], (int(match.group(1)), int(match.group(2)))
