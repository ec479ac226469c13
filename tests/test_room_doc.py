"""docs/ROOM.md is true to the bot: every word it calls "not ours" is none of ours, and it walks through
hand-hosted sessions, the host slot handed back and the practice room; OPERATING.md's command list
offers every theme."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from survivor_host.bot.command_words import is_command_word
from survivor_host.bot.config_schema import DEFAULT_HANDBACK_SECONDS, SCHEMA
from survivor_host.bot.handhost.words import HAND_COMMANDS
from survivor_host.cli import build_parser
from survivor_host.themes import THEMES

ROOM_MD = (Path(__file__).parents[1] / "docs" / "ROOM.md").read_text(encoding="utf-8")


def ours(word: str) -> bool:
    return is_command_word(word) or word in HAND_COMMANDS


def test_words_called_not_ours_are_none_of_ours() -> None:
    rows = [line for line in ROOM_MD.splitlines() if line.startswith("| `") and "not ours" in line]
    assert rows
    for row in rows:
        words = re.findall(r"`(\w+)`", row.split("|")[1])
        assert words and not [word for word in words if ours(word)], row


def test_every_word_sir_vivor_shares_with_a_hand_session_is_in_the_table() -> None:
    table = [line for line in ROOM_MD.splitlines() if line.startswith("| `")]
    for word in ("roll", "timer", "done"):
        (row,) = [line for line in table if f"`{word}`" in line.split("|")[1]]
        assert "session" in row.split("|")[3], row


def test_the_walkthroughs_are_there() -> None:
    assert "## Hand-hosted sessions" in ROOM_MD and "$close" in ROOM_MD and "$card" in ROOM_MD
    assert "survivor-host practice" in ROOM_MD and "/click 1" in ROOM_MD
    assert "## The host slot handed back" in ROOM_MD and "handback_seconds" in SCHEMA["room_bot"]
    assert f"waits {DEFAULT_HANDBACK_SECONDS:g} s (`[room_bot] handback_seconds`)" in ROOM_MD


def test_the_practice_flags_the_page_names_exist() -> None:
    """Every `--flag` the practice section names is one `practice` or `verify` takes, `--log` with them."""
    section = ROOM_MD.split("## Rehearse first", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"(--[a-z]+)", section))
    assert "--log" in named and "verify --chat chat.log" in section
    assert named <= flags_of("practice", "verify"), named - flags_of("practice", "verify")


def flags_of(*commands: str) -> set[str]:
    (sub,) = [action for action in build_parser()._actions if isinstance(action, argparse._SubParsersAction)]
    return {flag for command in commands for action in sub.choices[command]._actions for flag in action.option_strings}


def test_the_operating_guide_names_every_theme_auth_may_host() -> None:
    """OPERATING.md's command list offers `$host` for every theme the bot hosts, not only the first two."""
    operating = (Path(__file__).parents[1] / "docs" / "OPERATING.md").read_text(encoding="utf-8")
    commands = operating.split("3. **Commands**", 1)[1].split("\n4. ", 1)[0]
    assert "`$host THEME [mods]`" in commands
    assert not [theme for theme in THEMES if f"`{theme}`" not in commands]
