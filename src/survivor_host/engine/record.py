"""What a theme's game record must be, so that `export`, `verify`, `replay` and the replay page read it.

`Game.record()` holds what every game shares (setup, seed and dice, inputs, result); a theme adds its
`rounds`: plain JSON, one mapping per round with its `number` (the round the dice tag their draws
with, never going back), built from the facts alone by the theme's `Recorder` (`Game.take` feeds it
everything each input caused). The contract suite checks every theme against `record_problems`,
replays each record's inputs to the identical record (`verify`) and tells every round on the replay
page (the theme's `load_story`, else every field as data).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from survivor_host.engine.events import Event

COMMON_FIELDS = (
    "format",
    "rules_version",
    "theme",
    "mods",
    "options",
    "players",
    "seed",
    "rounds",
    "winner",
    "second",
    "placements",
    "subs",
    "inputs",
)
"""The fields every record has (`Game.record`), besides the dice fields of docs/FAIRNESS.md."""


class Recorder(Protocol):
    """Builds a theme's `rounds` from the facts its game emits, in one place: a fresh recorder fed the
    same facts builds the same rounds."""

    @property
    def rounds(self) -> Sequence[Mapping[str, Any]]: ...

    def take(self, events: Sequence[Event]) -> None:
        """Everything one input caused, in order."""


R = TypeVar("R", bound=Mapping[str, Any])


class Rounds(Generic[R]):
    """A recorder of rounds of shape `R`: a fact that opens a round (`open`) starts one; every other fact
    goes to the last round opened (`add`), none before the first."""

    def __init__(self) -> None:
        self.rounds: list[R] = []

    def take(self, events: Sequence[Event]) -> None:
        for event in events:
            opened = self.open(event)
            if opened is not None:
                self.rounds.append(opened)
            elif self.rounds:
                self.add(self.rounds[-1], event)

    def open(self, event: Event) -> R | None:
        """The round `event` opens, or None when it opens none."""
        return None

    def add(self, rec: R, event: Event) -> None:
        """Add `event` to the round `rec`."""

    def copy(self) -> list[R]:
        """The rounds so far, as a copy the game goes on without."""
        return copy.deepcopy(self.rounds)


def record_problems(record: Mapping[str, Any]) -> list[str]:
    """How `record` breaks the contract above (empty when it keeps it)."""
    problems = [f"no {name!r} field" for name in COMMON_FIELDS if name not in record]
    try:
        if json.loads(json.dumps(record)) != record:
            problems.append("the record reads back from JSON differently")
    except (TypeError, ValueError) as error:
        problems.append(f"the record is not JSON: {error}")
    last = 0
    for index, rnd in enumerate(record.get("rounds") or []):
        number = rnd.get("number") if isinstance(rnd, Mapping) else None
        if not isinstance(number, int) or isinstance(number, bool) or number < max(last, 1):
            problems.append(f"round {index} has no round number at or after {max(last, 1)}: {number!r}")
            break
        last = number
    placements = record.get("placements") or {}
    if record.get("winner") is not None and placements.get(record["winner"]) != 1:
        problems.append("the winner is not in first place")
    seconds = [name for name, place in placements.items() if place == 2]
    sole = record.get("second")
    if (sole is None and len(seconds) == 1) or (sole is not None and seconds != [sole]):
        problems.append(f"`second` is {sole!r}, but second place holds {seconds}")  # the one player there, or None
    return problems
