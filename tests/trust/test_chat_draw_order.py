"""`verify --chat` and the order of a session's draw lines: the bot posts draws in number order, so a log
whose draws are out of order fails, naming both lines; a line shown again the same is read once and said;
a missing number fails; the count of draws reads in the singular for one."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.trust.chatlog import verify_chat
from tests.adversarial.test_chatlog_corpus import BOT, honest_session, only, room_lines


def bot_lines(tmp_path: Path) -> list[str]:
    return room_lines(honest_session(tmp_path))


def at(lines: list[str], number: int) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(f"#{number} "))


def test_two_draw_lines_swapped_fail_naming_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = bot_lines(tmp_path)
    two, three = at(lines, 2), at(lines, 3)
    swapped = list(lines)
    swapped[two], swapped[three] = lines[three], lines[two]
    assert only(list(verify_chat([f"|c|{BOT}|{line}" for line in lines]))).problem is None
    verdict = only(list(verify_chat([f"|c|{BOT}|{line}" for line in swapped])))
    assert verdict.problem is not None
    assert f"the log shows {lines[three]!r} before {lines[two]!r}" in verdict.problem
    assert "number order" in verdict.problem
    log = tmp_path / "swapped.log"
    log.write_text("\n".join(f"|c|{BOT}|{line}" for line in swapped), encoding="utf-8")
    assert main(["verify", "--chat", str(log)]) == 1
    out = capsys.readouterr().out
    assert "NOT verified:" in out and lines[two] in out and lines[three] in out


def test_a_draw_line_moved_far_back_fails_too(tmp_path: Path) -> None:
    lines = bot_lines(tmp_path)
    one = at(lines, 1)
    moved = [*lines[:one], *lines[one + 1 : at(lines, 5) + 1], lines[one], *lines[at(lines, 5) + 1 :]]
    verdict = only(list(verify_chat([f"|c|{BOT}|{line}" for line in moved])))
    assert verdict.problem is not None and f"before {lines[one]!r}" in verdict.problem


def test_a_draw_line_shown_twice_the_same_is_read_once_and_said(tmp_path: Path) -> None:
    """A rejoin's backlog or the bot's resend after a restart shows a line again: the values hold, so it
    verifies, and the report says which lines came twice."""
    lines = bot_lines(tmp_path)
    three = at(lines, 3)
    twice = [*lines[: at(lines, 4) + 1], lines[three], *lines[at(lines, 4) + 1 :]]
    verdict = only(list(verify_chat([f"|c|{BOT}|{line}" for line in twice])))
    assert verdict.problem is None, verdict.problem
    assert any("all 8 numbered draws are" in line for line in verdict.checked)
    assert "the line of #3 more than once" in verdict.checked[-1]


def test_a_missing_draw_number_fails_naming_it(tmp_path: Path) -> None:
    lines = bot_lines(tmp_path)
    verdict = only(list(verify_chat([f"|c|{BOT}|{line}" for line in lines if not line.startswith("#3 ")])))
    assert verdict.problem is not None
    assert "draw #3 is missing from the log (the next shown is #4)" in verdict.problem


def test_one_draw_is_counted_in_the_singular(tmp_path: Path) -> None:
    lines = bot_lines(tmp_path)
    kept = [line for line in lines if not line.startswith("#") or line.startswith("#1 ")]
    kept = [line for line in kept if " cards: " not in line]
    verdict = only(list(verify_chat([f"|c|{BOT}|{line}" for line in kept])))
    assert verdict.problem is None, verdict.problem
    assert "the 1 numbered draw is the dice of the committed seed" in verdict.checked[-1]
    none = [line for line in kept if not line.startswith("#")]
    verdict = only(list(verify_chat([f"|c|{BOT}|{line}" for line in none])))
    assert verdict.problem is None and "shows no numbered draw, so no dice were checked" in verdict.checked[-1]


@pytest.mark.parametrize("form", ["|c|{bot}|{line}", "[20:01] {bot}: {line}"])
def test_white_space_a_copy_adds_at_a_line_end_is_not_read(tmp_path: Path, form: str) -> None:
    """A copy from a terminal or an editor may pad its lines; the bot's lines never end in white space, so
    an honest log so padded verifies, and its draws' values still decide."""
    lines = bot_lines(tmp_path)
    padded = [form.format(bot=BOT, line=line) + " \t " for line in lines]
    verdict = only(list(verify_chat(padded)))
    assert verdict.problem is None, verdict.problem
    changed = [line.replace(": ", ": 1", 1) if line.startswith("#1 ") else line for line in lines]
    verdict = only(list(verify_chat([form.format(bot=BOT, line=line) + "  " for line in changed])))
    assert verdict.problem is not None and "#1" in verdict.problem
