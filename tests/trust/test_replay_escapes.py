"""`replay` shows a record's text with every control and formatting character escaped, whether it draws
the game as `play` does or as the room's text: a forged record cannot rewrite the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from survivor_host.cli import main

from .test_forged_fields import modkill_record

EVIL = "\x1b[2J\x1b]52;c;aGk=\x07x\u202ey"


@pytest.mark.parametrize("plain", [True, False])
def test_replay_never_writes_a_records_control_characters(
    plain: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(modkill_record(EVIL)), encoding="utf-8")
    assert main(["replay", str(path), *(["--plain"] if plain else []), "--pace", "0"]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b[2J" in out and "does NOT verify" in out
