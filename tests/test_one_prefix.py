"""One command prefix everywhere: `--help`, the docs and `replay --plain` spell our commands with the
config's default prefix, never Sir Vivor's `.`; the docs' links into the README lead somewhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from survivor_host.bot.command_words import is_command_word
from survivor_host.bot.config_schema import SCHEMA
from survivor_host.bot.handhost.words import HAND_COMMANDS
from survivor_host.catalogue import DEFAULT_PREFIX, options_text
from survivor_host.cli import main

ROOT = Path(__file__).parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SIR_VIVOR = {"host", "start", "end", "pick", "modkill", "pl", "lb", "points", "leaderboard", "win", "done", "dehost",
             "hq", "roll", "timer", "theme", "addbot", "subhost", "nexthost", "game", "queue"}  # fmt: skip
"""Sir Vivor's own `.` words: a doc may name them as its commands."""


def test_the_default_prefix_is_the_configs() -> None:
    assert SCHEMA["bot"]["prefix"][1] == DEFAULT_PREFIX == "$"


def test_help_spells_set_with_the_prefix() -> None:
    assert f"{DEFAULT_PREFIX}set NAME VALUE in a room" in options_text()
    assert ".set " not in options_text()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_doc_spells_our_commands_with_a_dot(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert "prefix `.`" not in text
    words = [(m.group(0), m.group(1)) for m in re.finditer(r"(?<![\w.])\.([a-z]+)\b", text)]
    dotted = [shown for shown, word in words
              if (is_command_word(word) or word in HAND_COMMANDS) and word not in SIR_VIVOR]  # fmt: skip
    assert dotted == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_links_into_the_readme_lead_to_a_heading(doc: Path) -> None:
    headings = {
        re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }
    for anchor in re.findall(r"README\.md#([\w-]+)", doc.read_text(encoding="utf-8")):
        assert anchor in headings, f"{doc.name} links README.md#{anchor}"


def test_replay_plain_spells_the_room_prefix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "ftl", "--players", "5", "--auto", "--seed", "3", "--record", str(path)]) == 0
    json.loads(path.read_text())
    capsys.readouterr()
    assert main(["replay", "--plain", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"**{DEFAULT_PREFIX}vote NAME**" in out and "**.vote" not in out
