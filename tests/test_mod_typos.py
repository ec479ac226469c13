"""Issue 23: a mistyped mod name is refused with the closest mod id or alias of the theme, by the engine,
so the CLI and the bot say the same; a prefix is still refused without a guess (mods are whole names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.engine.errors import SetupError
from survivor_host.themes import theme_spec
from tests.host.test_room import make_host, outbox

CTA_MODS = "adhesive, jesters-duel, no-backsies, the-joker, all-at-once"


@pytest.mark.parametrize(
    ("theme", "typed", "guess"),
    [
        ("cta", "jesters-dual", "jesters-duel"),
        ("cta", "jokr", "joker (the-joker)"),
        ("cta", "Adhesiv", "adhesive"),
        ("ftl", "tugg", "tug (tug-of-war)"),
        ("ftl", "no-mrcy", "no-mercy"),
    ],
)
def test_a_typo_names_the_closest_mod(theme: str, typed: str, guess: str) -> None:
    said = rf"^Unknown mod {re.escape(repr(typed))} for .*; did you mean {re.escape(guess)}\? Mods are: "
    with pytest.raises(SetupError, match=said):
        theme_spec(theme).mod(typed)


@pytest.mark.parametrize(("theme", "typed"), [("cta", "jes"), ("cta", "tug"), ("ftl", "bogus"), ("cta", "joke-duel-x")])
def test_a_prefix_or_a_far_word_is_refused_without_a_guess(theme: str, typed: str) -> None:
    with pytest.raises(SetupError) as refused:
        theme_spec(theme).mod(typed)
    assert "did you mean" not in str(refused.value)


def test_the_cli_shows_the_guess(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "cta", "--players", "4", "--mods", "jesters-dual"]) == 2
    err = capsys.readouterr().err
    assert f"Unknown mod 'jesters-dual' for Chase the Ace; did you mean jesters-duel? Mods are: {CTA_MODS}." in err


def test_the_bot_shows_the_guess(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host cta jesters-dual")
    said = " ".join(outbox(host).room_lines() + outbox(host).pms_to("Hostess"))
    assert "did you mean jesters-duel?" in said
    assert host.signups is None
