"""Numbers are numbers: every numeric argument a user types is ASCII digits in a bounded range, and a
refusal names the range; no Python error text and no traceback (issue 27 finding 12)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from survivor_host.engine.inputs import parse_command
from survivor_host.engine.options import COMMON_OPTIONS
from tests.host.test_hand_hosting import session_host
from tests.host.test_replays import finished
from tests.host.test_room import outbox

HUGE = "1" * 30
ODD_DIGITS = ("²", "٣", "１", "1_0", "+5", " ", "")
"""A superscript two, an Arabic-Indic three, a full-width one, an underscore, a sign: none is a number."""
PYTHON_WORDS = ("invalid literal", "int()", "Traceback", "Overflow", "too large", "base 10")


def _no_python(texts: list[str]) -> None:
    for text in texts:
        assert not any(word in text for word in PYTHON_WORDS), text
        assert "Something went wrong" not in text, text


@pytest.mark.parametrize("typed", [HUGE, *ODD_DIGITS[:-2], f"h{HUGE}", "h²"])
def test_replay_of_a_strange_number_is_refused_in_plain_words(
    tmp_path: Path, typed: str, caplog: pytest.LogCaptureFixture
) -> None:
    host = finished(tmp_path, ["Venus", "Mars", "Io"])
    with caplog.at_level(logging.DEBUG):
        host.handle_pm("Ceres", f"replay {typed}")
        host.handle_chat(" ", "Ceres", f".replay {typed}")
    replies = outbox(host).pms_to("Ceres")
    assert len(replies) == 2
    _no_python(replies)
    assert all("1 to 999999999" in reply for reply in replies), replies
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


@pytest.mark.parametrize("typed", [HUGE, "²", "٣٠", "１５", "5", "601"])
def test_timer_and_card_numbers_are_refused_in_plain_words(tmp_path: Path, typed: str) -> None:
    host = session_host(tmp_path)
    outbox(host).clear()
    host.handle_chat(" ", "Mars", f".timer {typed}")
    host.handle_chat(" ", "Mars", f".card {typed} Venus")
    replies = outbox(host).pms_to("Mars")
    assert len(replies) == 2, replies
    _no_python(replies)
    assert "A timer runs 10 to 600 seconds" in replies[0]
    if typed.isascii():  # other characters are part of the name (to_id drops them)
        assert "13 ranks" in replies[1] and "14" in replies[1]
        assert not outbox(host).room_lines()


@pytest.mark.parametrize("typed", ["²", "٣", HUGE])
def test_roll_options_and_host_numbers_take_ascii_digits_only(tmp_path: Path, typed: str) -> None:
    host = session_host(tmp_path)
    outbox(host).clear()
    host.handle_chat(" ", "Mars", f".roll {typed}")
    host.handle_chat(" ", "Mars", f".roll 2d{typed}")
    assert not outbox(host).room_lines()
    _no_python(outbox(host).pms_to("Mars"))
    for command in ("extend", "elim"):
        with pytest.raises(ValueError, match="from 1 to"):
            parse_command(f"{command} {typed}", None)
    with pytest.raises(ValueError, match="whole number from 5 to 1000000") as caught:
        COMMON_OPTIONS["secret_deadline"].parse("secret_deadline", typed)
    assert not any(word in str(caught.value) for word in PYTHON_WORDS)
