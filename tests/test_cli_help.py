"""`--version`, and each `--help` lists the mods, options and strategies with their defaults (issue 8 item 5)."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from importlib.metadata import version

import pytest

from survivor_host.ai import DEFAULT_STRATEGY, strategies_for
from survivor_host.catalogue import options_text
from survivor_host.cli import main
from survivor_host.engine.options import COMMON_OPTIONS
from survivor_host.engine.theme import ThemeSpec
from survivor_host.themes import DEFAULT_THEME, THEMES, theme_class


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main([*argv, "--help"])
    assert exited.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps lines; compare on single spaces


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"survivor-host {version('survivor-host')}"


def test_python_dash_m_runs_the_same_commands() -> None:
    done = subprocess.run([sys.executable, "-m", "survivor_host", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == f"survivor-host {version('survivor-host')}"


@pytest.mark.parametrize("command", [(), ("play",), ("simulate",), ("demo",), ("serve",)])
def test_help_lists_every_mod_and_option_with_its_default(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    text = _help(capsys, *command)
    for theme in THEMES:
        cls = theme_class(theme)
        for mod, title in cls.MODS.items():
            assert f"{mod} ({title})" in text
        for name, spec in cls.option_specs().items():
            assert f"{name} = " in text
            common = COMMON_OPTIONS.get(name)
            if common is not None and spec != common and replace(spec, default=common.default) == common:
                # a common option whose default the theme changes: said on the common option's one line
                said = rf"{name} = [^()]*\(default {common.default};[^()]*\b{theme}\b[^():]*: {spec.default}[;)]"
                assert re.search(said, text), f"{theme}'s default for {name} is not shown"
            else:
                mod = f"; only with the mod {spec.mod}" if spec.mod else ""
                assert f"(default {spec.default}{mod}): {' '.join(spec.help.split())}" in text


@pytest.mark.parametrize("command", [(), ("play",), ("simulate",), ("demo",)])
def test_help_lists_every_strategy_and_the_default_one(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    text = _help(capsys, *command)
    for theme in THEMES:
        for name in strategies_for(theme):
            marker = " (default)" if name == DEFAULT_STRATEGY[theme] else ":"
            assert f"{theme} {name}{marker}" in text


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (("odds",), ["--players PLAYERS players at the table (default 8)", "cards eliminated (default 1)"]),
        (
            ("simulate",),
            [
                "--games GAMES games to play: 1 to 1,000,000 (default 2000)",
                "figures (default 0)",
                "path: 1 to 64 (default 2)",
            ],
        ),
        (("demo",), [f"--theme THEME one of {', '.join(THEMES)} (default {DEFAULT_THEME})", "AI players (default 6)"]),
        (("play",), ["--players PLAYERS number of seats (default 8)"]),
    ],
)
def test_each_option_says_its_default(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...], expected: list[str]
) -> None:
    text = _help(capsys, *command)
    for item in expected:
        assert item in text


def test_a_theme_that_changes_a_common_default_is_shown_on_its_one_line(lowball: ThemeSpec) -> None:
    """A common option is listed once, with the default of each theme that changes it (not twice)."""
    idle = COMMON_OPTIONS["idle"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(THEMES, lowball.id, replace(lowball, options={"idle": replace(idle, default="default")}))
        text = options_text()
    lines = [line for line in text.splitlines() if line.strip().startswith("idle = ")]
    assert lines == [f"    idle = modkill | default (default modkill; lowball: default): {idle.help}"]
    assert "lowball only" not in text


def test_each_strategy_is_described_by_its_whole_first_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    """`play --help` never cuts a strategy's description off mid-sentence, in any theme."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    lines = capsys.readouterr().out.splitlines()
    described = lines[lines.index("AI strategies (--strategy):") + 1 :]
    for theme, spec in THEMES.items():
        for name in spec.strategies():
            line = next(line for line in described if re.match(rf"  {theme} {name}( \(default\))?: ", line))
            assert line.endswith((".", "!", "?")), line
    assert "  hgs finisher: Attacks a player with the fewest lives (Second Wind): a won duel puts them out." in lines


@pytest.mark.parametrize("command", ["practice", "serve"])
def test_the_bots_help_names_mods_and_options_as_the_room_types_them(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """`practice` and `serve` take no --mods, --option or --strategy: their lists say `$host` and `$set`,
    and the room's own public deadline."""
    text = _help(capsys, command)
    assert "--mods" not in text and "--option" not in text and "--strategy" not in text
    assert "themes and mods (in the room: $host THEME MODS, commas or spaces;" in text
    assert "game options ($set NAME VALUE before $start; [defaults] in the bot's config; the bot's own default in " \
        "a room: public_deadline 150)" in text  # fmt: skip


def test_report_help_says_where_it_writes(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--out OUT the Markdown file to write (default: docs/FINDINGS.md in this folder)" in _help(capsys, "report")
