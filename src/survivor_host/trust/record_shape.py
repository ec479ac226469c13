"""What a game record must be before its dice and inputs are checked: a format and dice this program
writes, every field of the right kind, and names and salts that spell one client seed only.

A record that is not of this shape is refused by naming the first field that is wrong, so a forged
record cannot pass by leaving a field out, adding one `verify` would not read, or changing a field's
kind (a roll written as text, a place written as `true`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from survivor_host.engine.dice import MT_ALGORITHM, SCRIPTED
from survivor_host.engine.game import RECORD_FORMAT, RULES_VERSION
from survivor_host.engine.ids import UNSHOWN, name_problem
from survivor_host.fair.stream import ALGORITHM, SALT_RULE, is_salt
from survivor_host.trust.difference import Difference, shortened
from survivor_host.trust.draw_shape import draw_difference

GAME_FIELDS = (
    "format", "rules_version", "theme", "mods", "options", "players", "seed", "rounds", "winner", "second",
    "placements", "subs", "inputs", "awaiting", "dice", "commitment", "client_seed", "salts", "draws",
)  # fmt: skip
"""Every field a game writes into its record (`awaiting` only while it is unfinished)."""
SCENARIO_FIELDS = ("rejected",)
"""What a scenario adds: the inputs it expected the rules to refuse (not part of the game)."""
SEEDED_FIELDS = ("commitment", "client_seed", "salts")
"""The fair dice's fields besides the seed and the draws."""


def is_list_of(kind: type) -> Callable[[object], bool]:
    return lambda value: isinstance(value, list) and all(type(item) is kind for item in value)


def is_text_or_none(value: object) -> bool:
    return value is None or type(value) is str


KINDS: dict[str, tuple[Callable[[object], bool], str]] = {
    "format": (lambda v: type(v) is int, "a whole number"),
    "rules_version": (lambda v: type(v) is int, "a whole number"),
    "theme": (lambda v: type(v) is str, "text"),
    "mods": (is_list_of(str), "a list of mod ids"),
    "options": (lambda v: isinstance(v, dict), "a map of options"),
    "players": (is_list_of(str), "a list of names"),
    "rounds": (is_list_of(dict), "a list of rounds"),
    "winner": (is_text_or_none, "a name or null"),
    "second": (is_text_or_none, "a name or null"),
    "placements": (lambda v: isinstance(v, dict) and all(type(p) is int for p in v.values()), "a map of places"),
    "subs": (lambda v: isinstance(v, list), "a list"),
    "inputs": (is_list_of(dict), "a list of inputs"),
    "awaiting": (is_list_of(dict), "a list of waits"),
    "dice": (lambda v: type(v) is str, "text"),
    "commitment": (lambda v: type(v) is str, "text"),
    "client_seed": (lambda v: type(v) is str, "text"),
    "salts": (is_list_of(str), "a list of salt words"),
    "draws": (is_list_of(dict), "a list of draws"),
    "rejected": (lambda v: isinstance(v, list), "a list"),
}
"""What kind of JSON value each field holds."""


def record_format(record: Mapping[str, Any]) -> int:
    """The record's format version; records written before versions existed are format 1."""
    return int(record.get("format", 1))


def algorithm_of(record: Mapping[str, Any]) -> str:
    return str(record.get("dice") or MT_ALGORITHM)


def shape_difference(record: Mapping[str, Any]) -> Difference | None:
    """The first way `record` is not a record this program writes (None: it is one)."""
    for key, value in record.items():
        if key not in GAME_FIELDS and key not in SCENARIO_FIELDS:
            return Difference(key, shortened(value), None, "not a field of a game record")
        fits, kind = KINDS.get(key, (lambda v: True, ""))
        if not fits(value):
            return Difference(key, shortened(value), None, f"it must be {kind}")
    if "format" not in record:
        return _old_format_difference(record)
    if record["format"] != RECORD_FORMAT:
        return Difference("format", record["format"], RECORD_FORMAT, "a record format this program does not write")
    optional = {"awaiting", *(SEEDED_FIELDS if record.get("dice") == SCRIPTED else ())}
    missing = [key for key in GAME_FIELDS if key not in record and key not in optional]
    if missing:
        return Difference(missing[0], None, "a value", "the field is missing")
    if record["rules_version"] != RULES_VERSION:
        return Difference("rules_version", record["rules_version"], RULES_VERSION, "another version of the rules")
    return _dice_difference(record) or draw_difference(record["draws"]) or _names_difference(record)


def _old_format_difference(record: Mapping[str, Any]) -> Difference | None:
    """Format 1 records had no `format`, only Mersenne Twister dice, and none of the fields format 2 added
    with the fair dice: a commitment, client seed, salts or draws in one would be shown unchecked."""
    if algorithm_of(record) != MT_ALGORITHM:
        return Difference("dice", record.get("dice"), MT_ALGORITHM, "a record without a format is format 1")
    added = next((key for key in (*SEEDED_FIELDS, "draws") if key in record), None)
    if added is not None:
        return Difference(added, shortened(record[added]), None, "format 1 records have none: format 2 added it")
    return _names_difference(record)


def _dice_difference(record: Mapping[str, Any]) -> Difference | None:
    algorithm = record["dice"]
    if algorithm == SCRIPTED:  # a scenario's dice: no seed, so nothing it could have committed to
        seeded = [key for key in ("seed", *SEEDED_FIELDS) if record.get(key) is not None]
        if seeded:
            return Difference(seeded[0], shortened(record[seeded[0]]), None, "scripted dice have no seed to commit to")
        return None
    if algorithm != ALGORITHM:
        note = "format 1 records only" if algorithm == MT_ALGORITHM else "an unknown dice algorithm"
        return Difference("dice", algorithm, ALGORITHM, note)
    if type(record["seed"]) is not str or not record["seed"].isprintable():
        return Difference("seed", shortened(record["seed"]), None, "the revealed seed is printable text")
    bad_salt = next((salt for salt in record["salts"] if not is_salt(salt)), None)
    if bad_salt is not None:
        return Difference("salts", bad_salt, None, SALT_RULE)
    return None


def _names_difference(record: Mapping[str, Any]) -> Difference | None:
    for name in record.get("players") or []:
        problem = name_problem(name)
        if problem:
            return Difference("players", shortened(name), None, f"not a usable name: {problem}")
    return _input_text_difference(record)


def _input_text_difference(record: Mapping[str, Any]) -> Difference | None:
    """An input's text (a modkill's reason, a target) holds no control or formatting character: `replay`
    shows it, and an escape in it would rewrite the terminal. No game writes one."""
    for number, raw in enumerate(record.get("inputs") or [], start=1):
        for key, value in raw.items():
            if isinstance(value, str) and any(unicodedata.category(char) in UNSHOWN for char in value):
                return Difference(f"input #{number} {key}", shortened(value), None, TEXT_RULE)
    return None


TEXT_RULE = "an input's text holds no control or formatting character"
