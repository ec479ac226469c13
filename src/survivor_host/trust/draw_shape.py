"""What each of a game record's draws must be before it is drawn again: a roll, a pick or a shuffle with
exactly the fields the game writes (docs/FAIRNESS.md "The record"), each of its kind.

A draw of another shape is named by its number and field, so a forged draw (a die of `Infinity` sides,
a pick among no names, a roll without its bonus) is refused in words, never with an error of the check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from survivor_host.fair.stream import WORD_SPACE
from survivor_host.trust.difference import Difference, shortened

Rule = tuple[Callable[[object], bool], str]


def _whole(low: int | None = None, high: int | None = None) -> Callable[[object], bool]:
    """A whole number (not `true`, not `3.0`) from `low` to `high`."""

    def fits(value: object) -> bool:
        if type(value) is not int:
            return False
        return (low is None or value >= low) and (high is None or value <= high)

    return fits


def _text(value: object) -> bool:
    return type(value) is str


def _names(value: object) -> bool:
    return isinstance(value, list) and len(value) > 0 and all(type(name) is str for name in value)


ROUND: Rule = (_whole(0), "a round number, 0 or more")
NAMES: Rule = (_names, "a list of one or more names")
FIELDS: dict[str, dict[str, Rule]] = {
    "roll": {
        "round": ROUND,
        "sides": (_whole(1, WORD_SPACE), f"a whole number from 1 to {WORD_SPACE}"),
        "plus": (_whole(), "a whole number"),
        "label": (_text, "text"),
        "value": (_whole(), "a whole number"),
    },
    "pick": {"round": ROUND, "names": NAMES, "value": (_text, "a name")},
    "shuffle": {"round": ROUND, "names": NAMES, "value": NAMES},
}
"""Each kind of draw's fields besides `kind`, with what each must hold."""


def draw_difference(draws: Sequence[Mapping[str, Any]]) -> Difference | None:
    """The first draw (`draw #3 sides`) that is not a roll, pick or shuffle as a game writes it."""
    for number, draw in enumerate(draws, start=1):
        kind = draw.get("kind")
        rules = FIELDS.get(kind) if isinstance(kind, str) else None
        if rules is None:
            return Difference(f"draw #{number} kind", shortened(kind), None, "a draw is a roll, a pick or a shuffle")
        for key, (fits, what) in rules.items():
            if key not in draw:
                return Difference(f"draw #{number} {key}", None, what, f"the {kind}'s field is missing")
            if not fits(draw[key]):
                return Difference(f"draw #{number} {key}", shortened(draw[key]), None, f"a {kind}'s {key} is {what}")
        extra = next((key for key in draw if key != "kind" and key not in rules), None)
        if extra is not None:
            return Difference(f"draw #{number} {extra}", shortened(draw[extra]), None, f"not a field of a {kind}")
    return None
