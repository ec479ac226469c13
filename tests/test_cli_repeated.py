"""A flag of one value given twice is refused instead of the last one silently winning."""

from __future__ import annotations

import pytest

from survivor_host.cli import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "ftl", "--mods", "tow", "--mods", "nm"], "--mods given more than once"),
        (["odds", "ftl", "--mods=tow", "--mod", "nm"], "--mods and --mod (one flag) given more than once"),
        (["simulate", "ftl", "--strategy", "smart", "--strategies", "random"], "--strategy and --strategies"),
        (["play", "ftl", "--auto", "--seed", "1", "--seed", "2"], "--seed given more than once: give it once"),
    ],
)
def test_a_flag_of_one_value_given_twice_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_the_comma_list_is_named_where_a_flag_takes_several(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "ftl", "--mods", "tow", "--mods", "nm"])
    assert "give it once (several values go in one comma list)" in capsys.readouterr().err


def test_flags_that_collect_or_switch_may_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "ftl", "--players", "3", "--option", "leader=pick", "--option", "idle=default", "--json", "--json"]
    assert main(argv) == 0
    assert '"title": "Exact odds: Follow the Leader, 3 players"' in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "cta", "--auto", "--option", "ties=all", "--option", "TIES=battle"], "--option ties given more"),
        (["demo", "--option", "leader=pick", "--option", "leader=vote"], "--option leader given more than once"),
        (["play", "cta", "--auto", "--option", "elim=3", "--elim", "2"], "--elim and --option elim both set elim"),
        (["odds", "cta", "--option", "elim=3", "--elim", "2"], "--elim and --option elim both set elim"),
        (["simulate", "cta", "--elim", "2", "--option", "elim=3"], "--elim and --option elim both set elim"),
    ],
)
def test_an_option_given_twice_is_refused(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    # the last value silently won
    assert main(argv) == 2
    assert message in capsys.readouterr().err
