"""The terminal's screen in every theme: a rule where each round and the finals begin, and the first
player list as a table (docs/TERMINAL.md)."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest
from rich.console import Console

from survivor_host.engine.events import Event, PhaseChanged
from survivor_host.terminal.table import TerminalTable, seat_names
from survivor_host.themes import THEMES, new_game

SETUPS = [(theme, ()) for theme in THEMES] + [
    (theme, ("second-wind",)) for theme, spec in THEMES.items() if any(mod.id == "second-wind" for mod in spec.mods)
]


def watched(theme: str, mods: Sequence[str], seed: int = 1) -> tuple[list[str], list[str], TerminalTable]:
    """A whole game watched: its lines and the phases the game announced."""
    console = Console(file=io.StringIO(), width=160, highlight=False, emoji=False, markup=False)
    table = TerminalTable(new_game(theme, seat_names(8), mods=list(mods), seed=seed), ai_seed=seed, console=console)
    phases: list[str] = []
    show = table.show

    def noting(events: Sequence[Event]) -> None:
        phases.extend(event.phase for event in events if isinstance(event, PhaseChanged))
        show(events)

    table.show = noting  # type: ignore[method-assign]
    table.play()
    file = console.file
    assert isinstance(file, io.StringIO)
    return [line.rstrip() for line in file.getvalue().splitlines()], phases, table


def rules_of(lines: list[str]) -> list[str]:
    return [line.strip("─ ") for line in lines if line.startswith("───") and line.strip("─ ")]


@pytest.mark.parametrize(("theme", "mods"), SETUPS)
def test_each_round_begins_under_a_rule_and_the_finals_under_their_heading(theme: str, mods: tuple[str, ...]) -> None:
    lines, phases, table = watched(theme, mods)
    spec, game = THEMES[theme], table.game
    headings = [spec.styles.headings[phase] for phase in phases if phase in spec.styles.headings]
    rules = rules_of(lines)
    numbered = rules[: len(rules) - len(headings)]
    assert numbered == [f"{spec.round_word.capitalize()} {n}" for n in range(1, len(numbered) + 1)], rules
    assert rules[len(numbered) :] == headings  # the finals' heading, never a round number
    assert len(numbered) + bool(headings) >= game.round


@pytest.mark.parametrize("theme", [theme for theme, spec in THEMES.items() if spec.styles.headings])
def test_each_heading_names_a_phase_the_game_announces(theme: str) -> None:
    headed = set(THEMES[theme].styles.headings)
    announced: set[str] = set()
    for seed in range(1, 6):
        announced |= set(watched(theme, (), seed)[1])
        if headed <= announced:
            break
    assert headed <= announced, (headed, announced)


@pytest.mark.parametrize(("theme", "mods"), SETUPS)
def test_the_first_player_list_is_a_table_before_the_second_round(theme: str, mods: tuple[str, ...]) -> None:
    lines, _, _ = watched(theme, mods)
    header = next(i for i, line in enumerate(lines) if line.split() == ["#", "player", "status", "AI"])
    assert lines[header - 1] == "PL (8)"
    assert [line.split()[1] for line in lines[header + 2 : header + 10]] == seat_names(8)
    second = next((i for i, line in enumerate(lines) if line.startswith("───") and line.strip("─ ")[-2:] == " 2"), None)
    assert second is None or header < second


def test_russian_roulette_s_final_begins_under_its_heading() -> None:
    lines, _, _ = watched("rr", ())
    rules = rules_of(lines)
    assert rules[-1] == "Final" and rules[-2].startswith("Round ")


def test_the_first_player_list_names_who_the_room_s_list_names() -> None:
    # a Joker drawn at the first deal is out when the round's events are shown, but the room's list
    # before it names them: the table once said `PL (7)` and `out` before the Joker was told
    seed = next(s for s in range(1, 200) if "drew the Joker" in "".join(watched("cta", ("the-joker",), s)[0][:20]))
    lines, _, _ = watched("cta", ("the-joker",), seed)
    header = next(i for i, line in enumerate(lines) if line.split() == ["#", "player", "status", "AI"])
    assert lines[header - 1] == "PL (8)"
    assert all(line.split()[2] != "out" for line in lines[header + 2 : header + 10])
