"""`survivor-host verify`: a record's commitment, client seed and draws checked, then its inputs replayed.

The first difference found is named: where (commitment, client seed, draw, input, round and field,
placements...), the recorded value and the value the check or the replay gives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from survivor_host.engine.dice import MT_ALGORITHM, SCRIPTED, dice_for_record
from survivor_host.engine.errors import DiceError, IllegalAction, SetupError
from survivor_host.engine.inputs import Input
from survivor_host.fair.stream import ALGORITHM, HmacStream, client_seed, commitment
from survivor_host.trust.difference import Difference, shortened
from survivor_host.trust.record_shape import GAME_FIELDS, algorithm_of, record_format, shape_difference

ALGORITHM_NAMES = {
    ALGORITHM: "HMAC-SHA256 stream (docs/FAIRNESS.md)",
    MT_ALGORITHM: "CPython's Mersenne Twister (random.Random), the old format 1 dice",
    SCRIPTED: "scripted dice (a scenario), replayed from the record's draws",
}
OUTCOME_FIELDS = ("winner", "second", "placements", "subs")


Check = Callable[[Mapping[str, Any], list[str]], Difference | None]
"""One check of a record: it notes what it checked in the list, and returns the first difference."""


@dataclass
class Verdict:
    """What was checked, and the first difference (None: the record verifies)."""

    checked: list[str] = field(default_factory=list)
    difference: Difference | None = None

    @property
    def ok(self) -> bool:
        return self.difference is None

    def run(self, record: Mapping[str, Any], checks: Sequence[Check]) -> Verdict:
        """Run `checks` in order, each noting what it checked; stop at the first difference."""
        for check in checks:
            self.difference = check(record, self.checked)
            if self.difference is not None:
                break
        return self


def verify(record: Mapping[str, Any]) -> Verdict:
    """Check `record` completely; stop at the first difference."""
    verdict = Verdict()
    verdict.difference = shape_difference(record)
    if verdict.difference is not None:
        return verdict
    algorithm = algorithm_of(record)
    verdict.checked.append(f"format {record_format(record)}, dice {algorithm}: {ALGORITHM_NAMES[algorithm]}")
    if "rejected" in record:
        verdict.checked.append("not checked: `rejected`, a scenario's inputs the rules refused (not part of the game)")
    return verdict.run(record, (_check_commitment, _check_client_seed, _check_draws, _check_replay))


def _check_commitment(record: Mapping[str, Any], checked: list[str]) -> Difference | None:
    algorithm = algorithm_of(record)
    if algorithm == SCRIPTED:
        return None
    seed = record.get("seed")
    if seed is None:
        return Difference("seed", None, "a revealed seed", "the record does not reveal its seed")
    if "commitment" not in record:
        if algorithm == ALGORITHM:
            return Difference("commitment", None, commitment(str(seed)), "the record has no commitment")
        checked.append("no commitment in this old record")
        return None
    hashed = commitment(str(seed))
    if record["commitment"] != hashed:
        return Difference("commitment", record["commitment"], hashed, "the SHA-256 of the revealed seed")
    checked.append(f"commitment {hashed} is the SHA-256 of the revealed seed")
    return None


def _check_client_seed(record: Mapping[str, Any], checked: list[str]) -> Difference | None:
    if algorithm_of(record) != ALGORITHM:
        return None
    built = client_seed(record["players"], record.get("salts") or [])
    if record.get("client_seed") != built:
        return Difference("client seed", record.get("client_seed"), built, "the players in join order, then the salts")
    checked.append(f"client seed {built!r} is the players in join order and the salts")
    return None


def recompute_draws(record: Mapping[str, Any]) -> Iterator[tuple[int, dict[str, Any], object]]:
    """Each recorded draw (index, draw) with the value the HMAC stream gives for it."""
    stream = HmacStream(str(record["seed"]), str(record["client_seed"]))
    for index, draw in enumerate(record.get("draws") or []):
        kind = draw.get("kind")
        value: object
        if kind == "roll":
            value = 1 + int(draw["plus"]) + stream.below(int(draw["sides"]))
        elif kind == "pick":
            value = draw["names"][stream.below(len(draw["names"]))]
        elif kind == "shuffle":
            value = stream.shuffled(list(draw["names"]))
        else:
            value = f"no draw of kind {kind!r}"
        yield index, draw, value


def draw_name(index: int, draw: Mapping[str, Any]) -> str:
    """`draw #3 (round 1, roll for Mars)`."""
    what = draw.get("label") or draw.get("kind")
    return f"draw #{index + 1} (round {draw.get('round')}, {what})"


def _check_draws(record: Mapping[str, Any], checked: list[str]) -> Difference | None:
    if algorithm_of(record) != ALGORITHM:
        return None
    count = 0
    for index, draw, value in recompute_draws(record):
        if draw.get("value") != value:
            return Difference(draw_name(index, draw), draw.get("value"), value, "the dice stream gives")
        count += 1
    checked.append(f"{count} draws are the dice stream of the seed and the client seed")
    return None


def _check_replay(record: Mapping[str, Any], checked: list[str]) -> Difference | None:
    from survivor_host.themes import new_game

    try:
        game = new_game(
            record["theme"], record["players"], mods=record["mods"], options=record["options"],
            dice=dice_for_record(record),
        )  # fmt: skip
        game.start()
    except (SetupError, DiceError) as error:
        return Difference("setup", "a game", str(error), "the game could not be set up again")
    for index, raw in enumerate(record.get("inputs") or []):
        try:
            game.apply(Input.from_dict(raw))
        except (IllegalAction, DiceError, ValueError) as error:
            where = f"input #{index + 1} (round {game.round}) {shortened(raw)}"
            return Difference(where, "accepted", shortened(f"refused: {error}", 200))
    again = game.record()
    found = outcome_difference(record, again)
    if found is None and record_format(record) > 1:  # every other field is the replay's too
        differences = (first_difference(record.get(key), again.get(key), key) for key in GAME_FIELDS)
        found = next(filter(None, differences), None)
    if found is not None:
        return found
    rounds = record.get("rounds") or []
    checked.append(f"{len(record.get('inputs') or [])} inputs replay to the same {len(rounds)} rounds and result")
    return None


def outcome_difference(record: Mapping[str, Any], again: Mapping[str, Any]) -> Difference | None:
    """The first place (`round 1, swaps[2]`, `winner`) where a record's rounds and result differ from its
    replay's: `verify` and `replay` name it the same way."""
    rounds = list(record.get("rounds") or [])
    for index in range(max(len(rounds), len(again["rounds"]))):
        mine = rounds[index] if index < len(rounds) else ABSENT
        theirs = again["rounds"][index] if index < len(again["rounds"]) else ABSENT
        label = (
            f"round {next((r['number'] for r in (mine, theirs) if isinstance(r, dict) and 'number' in r), index + 1)}"
        )
        found = first_difference(mine, theirs, label)
        if found is not None:
            return found
    for key in (*OUTCOME_FIELDS, "draws"):
        if key in record:
            found = first_difference(record.get(key), again.get(key), key)
            if found is not None:
                return found
    return None


class _Absent:
    """A field or item one side of a comparison does not have: it differs from every value, `null` included."""

    def __repr__(self) -> str:
        return "nothing"


ABSENT = _Absent()


def first_difference(recorded: object, replayed: object, path: str) -> Difference | None:
    """The first field (as `path.key[index]`) where two JSON values differ; a field or item only one side
    has is a difference, even when the other side's is `null`. Long values are named cut short, so the
    difference stays one readable line however large the record."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in [*replayed, *(k for k in recorded if k not in replayed)]:
            sep = ", " if path.startswith("round ") and "," not in path else "."
            found = first_difference(recorded.get(key, ABSENT), replayed.get(key, ABSENT), f"{path}{sep}{key}")
            if found is not None:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list):
        for index in range(max(len(recorded), len(replayed))):
            mine = recorded[index] if index < len(recorded) else ABSENT
            theirs = replayed[index] if index < len(replayed) else ABSENT
            found = first_difference(mine, theirs, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    same = recorded == replayed and type(recorded) is type(replayed)  # `true` is not 1, nor "1" 1
    return None if same else Difference(path, _cut(recorded), _cut(replayed))


def _cut(value: object) -> object:
    return value if value is ABSENT else shortened(value)


def report_lines(verdict: Verdict) -> Sequence[str]:
    """What `verify` prints."""
    lines = [f"ok: {line}" for line in verdict.checked]
    if verdict.difference is None:
        lines.append("verified: the record is the game its seeds and inputs give.")
    else:
        lines.append(f"NOT verified: first difference at {verdict.difference}")
    return lines
