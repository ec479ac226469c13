"""How a typing player of the end-to-end tests reads the bot's plain PM prompts (`words/prompts.py`): one PM
that names the reply and its targets, or a first PM and then its targets in `Targets (k of N)` parts."""

from __future__ import annotations

import re
from collections.abc import Sequence

WHOLE = re.compile(r"Reply here with (.+?)(?: \(targets: (.+)\))?\.$")
HEAD = re.compile(r"Reply here with (.+?); the targets are in the next (\d+) PMs?\.$")
PART = re.compile(r"^Targets \((\d+) of (\d+)\): (.+)$")


def read_prompt(pms: Sequence[str]) -> tuple[list[str], list[str]] | None:
    """The actions and the targets of the prompt that the last of `pms` (the bot's PMs to one player, oldest
    first) completes: a whole prompt, or the last part of a split one; None when it completes none."""
    if not pms or HEAD.search(pms[-1]):
        return None
    last = PART.match(pms[-1])
    if last is None:
        whole = WHOLE.search(pms[-1])
        if whole is None:
            return None
        return whole.group(1).split(" or "), whole.group(2).split(", ") if whole.group(2) else []
    parts = int(last.group(2))
    if int(last.group(1)) != parts or len(pms) <= parts:
        return None
    targets: list[str] = []
    for number, text in enumerate(pms[-parts:], start=1):
        part = PART.match(text)
        if part is None or (int(part.group(1)), int(part.group(2))) != (number, parts):
            return None
        targets += part.group(3).split(", ")
    head = HEAD.search(pms[-parts - 1])
    if head is None or int(head.group(2)) != parts:
        return None
    return head.group(1).split(" or "), targets
