"""What host/ says about a theme comes from its ThemeSpec: help, safe choices, colours, questions, odds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import pytest
from rich.text import Text

from survivor_host.bot import guide
from survivor_host.engine.inputs import Input
from survivor_host.engine.theme import Chance, HelpText, Styles
from survivor_host.terminal import styles
from survivor_host.terminal.chances import chances_now
from survivor_host.terminal.questions import READ_ONLY, asks, help_lines
from survivor_host.terminal.styles import STATUS_STYLE, STYLES, styled
from survivor_host.terminal.table import seat_names
from survivor_host.themes import THEMES, new_game


def test_help_lists_each_spec_s_commands_where_they_belong(monkeypatch: pytest.MonkeyPatch) -> None:
    extra = replace(
        THEMES["ftl"],
        id="zzz",
        help=HelpText(room=("poke NAME",), pm=("nap",), host=(("set", "shuffle"),)),
    )
    monkeypatch.setattr(guide, "THEMES", {**THEMES, "zzz": extra})
    text = guide.help_text("!", ("two",))
    assert "!poke NAME (stick needs no ! on your turn)" in text
    assert ", and nap;" in text  # the last PM command
    assert "!set OPTION VALUE, !shuffle, !start" in text
    assert f"!host {'|'.join(THEMES)}|zzz [mods]" in text


def test_help_names_every_theme_s_commands() -> None:
    text = guide.help_text(".", ("one", "two"))
    for spec in THEMES.values():
        for command in spec.help.room:
            word, _, args = command.partition(" ")
            assert f".{word}" in text and args in text
        for command in spec.help.pm:
            word, _, args = command.partition(" ")
            assert word in text and args in text
        for _, usage in spec.help.host:
            assert f".{usage}" in text
    assert text.count(f"one {guide.pm_example()}.") == 1


def test_the_terminal_questions_are_the_specs_and_each_game_offers_only_its_own() -> None:
    for theme, spec in THEMES.items():
        game = new_game(theme, seat_names(4), seed=0)
        own = dict(spec.help.asks)
        assert asks(game) == own and (not own or spec.help.none_held)
        assert not set(own) & set(READ_ONLY)
        last = help_lines([], asks(game))[-1]
        for word, shows in own.items():
            assert f"{word} ({shows})" in last
        assert {word for word, _ in spec.help.asks} <= set(spec.game.QUESTIONS)


def test_ftl_help_does_not_offer_card() -> None:
    """Issue 23: `help` in Follow the Leader offered Chase the Ace's `card`."""
    game = new_game("ftl", seat_names(4), seed=0)
    assert "card" not in help_lines([], asks(game))[-1]
    assert "card (your card)" in help_lines([], asks(new_game("cta", seat_names(4), seed=0)))[-1]


def test_the_terminal_colours_each_spec_s_words_by_kind() -> None:
    for spec in THEMES.values():
        for kind, words in spec.styles.words.items():
            for word in words:
                shown = styled(f"x {word} y")
                spans = [(span.start, span.end, str(span.style)) for span in shown.spans]
                assert (2, 2 + len(word), STYLES[kind]) in spans, (word, spans)
        for mark, kind in spec.styles.marks.items():
            assert STATUS_STYLE[mark] == STYLES[kind]
        for start, kind in spec.styles.cells.items():
            assert styles.verdict_style(f"{start} and more") == STYLES[kind]
        assert set(spec.styles.number_columns) <= set(styles.NUMBER_COLUMNS)
    assert styled("nothing to colour here").spans == Text("nothing to colour here").spans


def test_a_theme_without_words_of_its_own_changes_no_colour() -> None:
    assert Styles().words == {} and Styles().marks == {}
    assert styles.verdict_style("out: 3") == STYLES["eliminated"]
    assert styles.verdict_style("whatever") == STYLES["safe"]


def test_odds_come_from_the_game_s_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game("cta", seat_names(4), seed=5)
    game.start()
    name = game.awaiting()[0].player
    seen: list[tuple[object, list[Input]]] = []

    def fake(view: object, options: Sequence[Input]) -> tuple[list[Chance], str]:
        seen.append((view, list(options)))
        return [Chance("stick", Fraction(1, 3), "made up")], "a note"

    monkeypatch.setattr(type(game), "spec", replace(game.spec, load_chances=lambda: fake))
    assert chances_now(game, name) == ([Chance("stick", Fraction(1, 3), "made up")], "a note")
    assert seen and seen[0][1] == game.legal_inputs(name)
    monkeypatch.setattr(type(game), "spec", replace(game.spec, load_chances=None))
    assert chances_now(game, name) == ([], "")


def test_help_names_a_command_several_themes_share_once() -> None:
    text = guide.help_text(".", ("survivor",))
    assert text.count(".suspect NAME") == 1 and text.count("nick NAME") == 1
    assert text.count("pass") == 1 and ".pass [NAME]," in text  # `pass NAME` in one game, `pass` in another
    assert text.count("attack") == 2  # by PM in most games, in the room in one: said together, once
    assert "attack NAME / NICKNAME / NAME, WEAPON (or in the room: .attack NAME)" in text
