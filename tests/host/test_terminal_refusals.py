"""A refusal in the terminal quotes what was typed literally: a typed `**` or rich markup shows as typed,
never as bold or a style, while the engine's own `**bold**` around it still is bold."""

from __future__ import annotations

import pytest

from survivor_host.terminal.questions import LeftGame
from survivor_host.terminal.styles import styled, typed_words
from survivor_host.terminal.table import DEFAULT_NAME, TerminalTable, seat_names
from survivor_host.themes import new_game
from tests.host.test_terminal import colour_console, output, scripted

BOLD = "\x1b[1m"


def refusal_line(theme: str, typed: str) -> str:
    """The line the terminal shows after `typed` is refused (in colour, so bold shows as its escape)."""
    game = new_game(theme, seat_names(5, DEFAULT_NAME), seed=2)
    table = TerminalTable(game, ai_seed=2, you=DEFAULT_NAME, console=colour_console(), read=scripted([typed, "quit"]))
    with pytest.raises(LeftGame):
        table.play()
    return [line for line in output(table.console).splitlines() if "! " in line][-1]


@pytest.mark.parametrize(
    ("theme", "typed", "shown"),
    [
        ("ftl", "**dance**", "Unknown action '**dance**'."),
        ("hp", "pass **x** y", '"**x** y" is not in this game.'),
        ("ftl", "vote **", '"**" is not in this game.'),
        ("ftl", "vote [bold red]x[/]", '"[bold red]x[/]" is not in this game.'),
        ("ftl", "vote " + "a" * 10 + "**b**" + "c" * 30, '"aaaaaaaaaa**b**ccc…" is not in this game.'),
    ],
)
def test_typed_markup_is_quoted_as_typed_and_the_engine_words_stay_bold(theme: str, typed: str, shown: str) -> None:
    line = refusal_line(theme, typed)
    assert shown in line
    assert f"{BOLD}{'pass' if theme == 'hp' else 'vote'} NAME" in line  # the engine's own bold


def test_only_typed_words_with_asterisks_are_taken_literally() -> None:
    assert typed_words("vote Mars") == []
    assert set(typed_words("vote **")) == {"'**'", '"**"', "vote **"}
    assert styled("'**' is not **here**", typed_words("vote **")).plain == "'**' is not here"
