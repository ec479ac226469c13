"""Whole numbers typed by users: ASCII digits only, in a bounded range, refused in plain words."""

from __future__ import annotations

DIGITS = frozenset("0123456789")


class NumberRefused(ValueError):
    """A typed number outside its range, or no number at all; the message names the range."""


def is_digits(text: str) -> bool:
    """True when `text` is one or more ASCII digits (`str.isdigit` also takes `²` and `٣`)."""
    return bool(text) and all(char in DIGITS for char in text)


def whole_number(text: str, low: int, high: int, what: str = "a number") -> int:
    """`text` as a whole number from `low` to `high` (an optional `-` before the digits when `low` is
    negative); anything else raises NumberRefused naming the range. Long input is refused before it is
    converted, so no typed number costs more than its range allows."""
    shown = text.strip()
    digits = shown[1:] if shown.startswith("-") and low < 0 else shown
    longest = max(len(str(abs(low))), len(str(abs(high))))
    if not is_digits(digits) or len(digits.lstrip("0")) > longest:
        raise NumberRefused(f"{what.capitalize()} is a whole number from {low} to {high}.")
    number = int(shown)
    if not low <= number <= high:
        raise NumberRefused(f"{what.capitalize()} is a whole number from {low} to {high}, not {number}.")
    return number
