"""The README's fenced blocks and the commands in them, for the tests that run them.

A block right after a line ending in "`NAME`:" is that file's content (the tests write it there).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
NAMED = re.compile(r"`([\w.-]+\.\w+)`:\s*$")
COMMENT = re.compile(r"\s+#\s.*$")
BIN = str(Path(sys.executable).parent)  # the .venv/bin of the Python running the tests


@dataclass(frozen=True)
class Block:
    lang: str
    body: str
    line: int
    """1-based line of the opening fence."""
    filename: str | None


def blocks(text: str | None = None) -> list[Block]:
    lines = (README.read_text(encoding="utf-8") if text is None else text).splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, lang = opening.group(1), opening.group(2)
        before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        named = NAMED.search(before)
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == "```")
        body = "\n".join(line[len(indent) :] if line.startswith(indent) else line for line in lines[i + 1 : end])
        found.append(Block(lang, body + "\n", i + 1, named.group(1) if named else None))
        i = end + 1
    return found


def commands(block: Block) -> list[str]:
    """The shell commands of an `sh` block, comments dropped."""
    assert block.lang == "sh"
    return [COMMENT.sub("", line).strip() for line in block.body.splitlines() if line.strip()]


def local(command: str) -> str:
    """The command with `.venv/bin/` pointing at the environment running the tests."""
    return command.replace(".venv/bin/", BIN + "/")


def is_e2e(command: str) -> bool:
    """Commands that need the local Showdown server: run by tests/e2e/test_readme_e2e.py."""
    return bool(re.search(r"survivor-host (demo\b|serve --config bot\.toml)", command))
