"""The one parser of typed numbers: ASCII digits in a bounded range, nothing else."""

from __future__ import annotations

import pytest

from survivor_host.engine.numbers import NumberRefused, whole_number

HUGE = "1" * 30
ODD_DIGITS = ("²", "٣", "１", "1_0", "+5", " ", "")


def test_the_parser_reads_ascii_digits_in_range_and_nothing_else() -> None:
    assert whole_number("0042", 1, 100) == 42
    assert whole_number("-7", -10, 10) == -7
    for text in (*ODD_DIGITS, "-7", HUGE, "101", "0", "1e3", "0x10"):
        with pytest.raises(NumberRefused, match="from 1 to 100"):
            whole_number(text, 1, 100, "the count")
