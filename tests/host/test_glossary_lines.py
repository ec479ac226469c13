"""Issue 23: the first player list and the first `109+20` of a game say once what they mean, in the
room (with or without `*`) and in the terminal; later rounds do not repeat it."""

from __future__ import annotations

import random
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from survivor_host.engine.render import PL_GLOSSARY
from survivor_host.terminal.table import TerminalTable, seat_names
from survivor_host.themes import new_game
from survivor_host.themes.ftl.text import DIE_GLOSSARY
from tests.host.test_room import make_host, open_game, outbox, play_out

PLANETS = ["Venus", "Mars", "Jupiter", "Saturn", "Ceres", "Pluto", "Io"]


@pytest.mark.parametrize("html", [True, False])
@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_the_room_explains_pl_and_the_leader_s_die_once(tmp_path: Path, theme: str, html: bool) -> None:
    host = make_host(tmp_path, html=html)
    open_game(host, theme, PLANETS)
    play_out(host, random.Random(3))
    lines = outbox(host).room_lines()
    begun = next(number for number, line in enumerate(lines) if " begins" in line)
    lists = [number for number, line in enumerate(lines) if number > begun and line.startswith("**PL (")]
    assert len(lists) >= 2  # the glossary follows the game's first list only (signups' lists are not the game's)
    assert lines.count(PL_GLOSSARY) == 1
    assert lines[lists[0] + 1] == PL_GLOSSARY
    if theme == "ftl":  # once, right after the first table's box (with `*`) or its lines, never again
        assert sum(DIE_GLOSSARY in line for line in lines) == 1
        first_die = next(number for number, line in enumerate(lines) if "109" in line)
        assert DIE_GLOSSARY in lines[first_die + (0 if html else 1)]
        if html:
            sent = outbox(host).sent
            box = next(number for number, (kind, _, text) in enumerate(sent) if "109+20" in text)
            assert sent[box][0] == "htmlbox" and DIE_GLOSSARY in sent[box + 1][2]


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_the_terminal_explains_pl_and_the_leader_s_die_once(theme: str) -> None:
    console = Console(file=StringIO(), width=200, highlight=False, emoji=False, markup=False)
    game = new_game(theme, seat_names(7), seed=7, options={"leader": "pick"} if theme == "ftl" else {})
    TerminalTable(game, ai_seed=7, console=console, pace=0).play()
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert out.count(PL_GLOSSARY) == 1
    assert out.count(DIE_GLOSSARY) == (1 if theme == "ftl" else 0)
    assert out.count("PL (") >= 2
