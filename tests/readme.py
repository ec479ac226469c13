"""The fenced blocks of the README and the guides in docs/, and the commands in them, for the tests
that run them (in this order, in one folder: a guide may use a file an earlier one made).

A block right after a line ending in "`NAME`:" is that file's content (the tests write it there).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
GUIDE_NAMES = ("TERMINAL.md", "ANALYSIS.md", "RECORDS.md", "OPERATING.md", "ROOM.md", "NETWORK.md", "DEVELOPMENT.md")


def guides() -> list[Path]:
    """The README, then the guides of docs/ that exist, in GUIDE_NAMES' order."""
    return [README, *(REPO / "docs" / name for name in GUIDE_NAMES if (REPO / "docs" / name).exists())]


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
    document: str = "README.md"


def blocks(text: str | None = None) -> list[Block]:
    """Every guide's blocks in order; with `text`, that text's blocks."""
    if text is not None:
        return _blocks(text, "text")
    return [block for path in guides() for block in _blocks(path.read_text(encoding="utf-8"), path.name)]


def _blocks(text: str, document: str) -> list[Block]:
    lines = text.splitlines()
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
        found.append(Block(lang, body + "\n", i + 1, named.group(1) if named else None, document))
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
