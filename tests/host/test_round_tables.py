"""The round table (issue 9): one HTML box per round where the bot has `*`, its lines otherwise;
every name and host argument in every box escaped (HOSTILE INPUT)."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest

from survivor_host.engine.events import RoundTable
from survivor_host.words.html import round_table_box
from tests.host.test_room import make_host, open_game, outbox, play_out

BOX_KINDS = ("htmlbox", "uhtml", "uhtmlchange", "pmuhtml")
EVIL = "<b>Eve</b>"
EVIL_SUB = "<img src=x>"


def boxes(host_sent: list[tuple[str, str, str]]) -> list[str]:
    return [text for kind, _, text in host_sent if kind in BOX_KINDS]


def round_boxes(host_sent: list[tuple[str, str, str]]) -> list[str]:
    return [text for kind, _, text in host_sent if kind == "htmlbox" and "<th>Player</th>" in text]


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_with_star_each_round_is_one_box_and_its_lines_are_left_out(tmp_path: Path, theme: str) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, theme, ["Venus", "Mars", "Jupiter", "Saturn", "Ceres", "Pluto", "Io"])
    game = host.game
    assert game is not None
    play_out(host, random.Random(3))
    sent = outbox(host).sent
    tables = round_boxes(sent)
    rounds = [r for r in game.round_record() if r.get("outcome") != "void"]
    assert tables and len(tables) >= len(rounds) - 1  # the last round may end in the finals before a table
    lines = outbox(host).room_lines()
    assert not any(line.startswith(("Followed: ", "Rebelled: ", "**Cards:** ")) for line in lines)
    assert not any(re.search(r"Roll \(1 - (109\)\+20|120) for |The leader \*\*", line) for line in lines)


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_without_star_no_box_and_the_lines_are_said(tmp_path: Path, theme: str) -> None:
    host = make_host(tmp_path, html=False)
    open_game(host, theme, ["Venus", "Mars", "Jupiter", "Saturn", "Ceres", "Pluto", "Io"])
    play_out(host, random.Random(3))
    assert boxes(outbox(host).sent) == []
    said = " · ".join(outbox(host).room_lines())
    assert ("Followed: " in said or "Rebelled: " in said) if theme == "ftl" else "**Cards:** " in said
    assert "Roll (1 - " in said


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_a_name_and_a_host_argument_with_html_are_escaped_in_every_box(tmp_path: Path, theme: str) -> None:
    host = make_host(tmp_path, html=True)
    host.handle_chat("+", "Hostess", f".host {theme} {EVIL_SUB}")  # a mod argument with HTML: refused
    assert host.signups is None
    open_game(host, theme, ["Venus", EVIL, "Jupiter", "Saturn", "Ceres", "Pluto", "Io"])
    host.handle_chat("+", "Hostess", f".sub Io, {EVIL_SUB}")  # a substitute whose name is HTML
    play_out(host, random.Random(5))
    shown = boxes(outbox(host).sent)
    assert round_boxes(outbox(host).sent)
    for box in shown:
        assert EVIL not in box and EVIL_SUB not in box, box
        # nothing but the bot's own markup: every tag is one the box builders write
        assert set(re.findall(r"<(/?\w+)", box)) <= {
            "div",
            "/div",
            "b",
            "/b",
            "br",
            "table",
            "/table",
            "tr",
            "/tr",
            "th",
            "/th",
            "td",
            "/td",
            "button",
            "/button",
            "i",
            "/i",
        }, box
    escaped = [box for box in round_boxes(outbox(host).sent) if html.escape(EVIL) in box]
    assert escaped, "the HTML name is in the round tables, escaped"


def test_the_box_escapes_every_cell_title_and_note() -> None:
    table = RoundTable("<t>", ("<c>",), (("<r>",),), ("<n>",))
    box = round_table_box(table)
    for raw in ("<t>", "<c>", "<r>", "<n>"):
        assert raw not in box and html.escape(raw) in box
    assert box.startswith('<b>&lt;t&gt;</b><table class="table"><tr><th>&lt;c&gt;</th></tr>')


def test_the_lines_of_a_12_player_round_are_packed_within_the_line_limit(tmp_path: Path) -> None:
    """Without `*`: short lines in a row share a line, none over the limit (fewer lines to pace)."""
    from survivor_host.words.lines import MAX_LINE

    host = make_host(tmp_path, html=False)
    names = ["Venus", "Mars", "Jupiter", "Saturn", "Mercury", "Neptune", "Uranus", "Pluto", "Ceres", "Eris", "Vesta"]
    open_game(host, "ftl", [*names, "Pallas"])
    play_out(host, random.Random(2))
    lines = outbox(host).room_lines()
    assert all(len(line) <= MAX_LINE for line in lines)
    assert any(" · Roll (1 - 150) for " in line for line in lines)


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_the_terminal_prints_the_round_table_and_leaves_out_its_lines(theme: str) -> None:
    """Watching in the terminal: each round's table (rich), names literal (a name with markup in it
    shows as typed), and not the lines the table shows."""
    from io import StringIO

    from rich.console import Console

    from survivor_host.terminal.table import TerminalTable, seat_names
    from survivor_host.themes import new_game

    names = ["[bold]Io[/]", *seat_names(6)[1:]]
    console = Console(file=StringIO(), width=200, highlight=False, emoji=False, markup=False)
    game = new_game(theme, names, seed=7, options={"leader": "pick"} if theme == "ftl" else {})
    TerminalTable(game, ai_seed=7, console=console, pace=0).play()
    out = console.file.getvalue()  # type: ignore[attr-defined]
    header = "Verdict" if theme == "ftl" else "Result"
    assert re.search(rf"Player +{'Choice +Die +Roll' if theme == 'ftl' else 'Dealt +Revealed +Swaps'} +{header}", out)
    assert "[bold]Io[/]" in out
    assert not re.search(r"^(Followed: |Rebelled: |Cards: |Roll \(1 - 109\)\+20)", out, re.MULTILINE)


def test_no_mercy_shows_the_round_table_before_the_verdicts_and_the_deposed_leader_out() -> None:
    """No Mercy judges each roll as it falls; the terminal still shows the round's table (with the
    deposed leader out) before the lines of who went out, as in a round without it."""
    from io import StringIO

    from rich.console import Console

    from survivor_host.terminal.table import TerminalTable, seat_names
    from survivor_host.themes import new_game

    console = Console(file=StringIO(), width=200, highlight=False, emoji=False, markup=False)
    game = new_game("ftl", seat_names(7), mods=["no-mercy"], seed=4)
    TerminalTable(game, ai_seed=4, strategy="random", console=console, pace=0).play()
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert out.index("Round 1: Uranus rolled 46") < out.index("Venus followed and rolled 59")
    assert re.search(r"Uranus \(leader\) +leads +109\+20 +46 +out: deposed by Mercury", out)


def test_with_star_no_mercy_puts_the_round_box_before_the_verdict_lines(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed="4")
    open_game(host, "ftl", ["Venus", "Mars", "Jupiter", "Saturn", "Ceres", "Pluto", "Io"], mods="no-mercy")
    play_out(host, random.Random(4))
    sent = [text for _, _, text in outbox(host).sent]
    first_box = next(i for i, text in enumerate(sent) if "<th>Player</th>" in text)
    verdict = re.compile(r"(followed|rebelled) and rolled \d+, (above|below)")
    verdicts = [i for i, text in enumerate(sent) if verdict.search(text)]
    assert verdicts and first_box < verdicts[0]
