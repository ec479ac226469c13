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


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8-sig"])
def test_a_copy_saved_as_utf_16_or_with_a_mark_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str
) -> None:
    """Notepad's "Unicode" is UTF-16 with a byte order mark: such a copy was read as no session at all."""
    log = tmp_path / "copy.log"
    log.write_text("\n".join(f"[20:01] {BOT}: {line}" for line in bot_lines(tmp_path)), encoding=encoding)
    assert main(["verify", "--chat", str(log)]) == 0
    assert "verified: session" in capsys.readouterr().out


def test_a_copy_in_another_encoding_is_said_to_be_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A copy saved in a legacy encoding loses its accents: a verdict of a missing client seed alone would
    not say why."""
    log = tmp_path / "copy.log"
    lines = [f"[20:01] {BOT}: {line}" for line in bot_lines(tmp_path)]
    log.write_bytes("\n".join(lines).encode() + "\n[20:02] Io: caf\xe9".encode("latin-1"))
    main(["verify", "--chat", str(log)])
    assert "is not all UTF-8 (or UTF-16) text" in capsys.readouterr().err
    log.write_text("\n".join([*lines, "[20:02] Io: \ufffd"]), encoding="utf-8")  # the mark itself, typed
    main(["verify", "--chat", str(log)])
    assert "UTF-8" not in capsys.readouterr().err
