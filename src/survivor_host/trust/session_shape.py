"""What a hand-hosted session's record must be before its draws are checked: its fields and their kinds,
and names and salts that spell one client seed only (docs/FAIRNESS.md "Hosting sessions")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.ids import name_problem
from survivor_host.fair.stream import SALT_RULE, is_salt
from survivor_host.trust.difference import Difference, shortened

FORMAT = 1
SESSION_FIELDS = (
    "kind", "format", "dice", "id", "room", "host", "started_at", "ended_at", "ended", "seed", "commitment",
    "client_seed", "players", "salts", "draws", "list", "out",
)  # fmt: skip
"""Every field of a session's record."""
LISTS = ("players", "salts", "draws", "list", "out")
DRAW_FIELDS = {
    "roll": {"number", "kind", "sides", "plus", "label", "value"},
    "dice": {"number", "kind", "count", "sides", "plus", "label", "rolls", "value"},
    "pick": {"number", "kind", "names", "label", "value"},
    "shuffle": {"number", "kind", "names", "label", "value"},
    "card": {"number", "kind", "ranks", "for", "value"},
}
"""The fields of each kind of draw a session makes, and no other."""


def session_shape_difference(record: Mapping[str, Any]) -> Difference | None:
    """The first field of `record` that is not as a session writes it (None: all are)."""
    unknown = next((key for key in record if key not in SESSION_FIELDS), None)
    if unknown is not None:
        return Difference(unknown, shortened(record[unknown]), None, "not a field of a session's record")
    if type(record.get("format")) is not int or record.get("format") != FORMAT:
        return Difference("format", shortened(record.get("format")), FORMAT, "a session format this program writes")
    for key in LISTS:
        if not isinstance(record.get(key, []), list):
            return Difference(key, shortened(record[key]), None, "it must be a list")
    for key, names in (("host", [record.get("host")]), ("players", record.get("players") or [])):
        bad = [name for name in names if not isinstance(name, str) or name_problem(name)]
        if bad or (key == "host" and not names[0]):
            shown = shortened(bad[0] if bad else names[0])
            return Difference(key, shown, None, "a name without separators or control characters")
    bad_salt = next((salt for salt in record.get("salts") or [] if not (isinstance(salt, str) and is_salt(salt))), None)
    if bad_salt is not None:
        return Difference("salts", shortened(bad_salt), None, SALT_RULE)
    return None


def draw_fields_problem(draw: Mapping[str, Any]) -> str | None:
    """Why `draw` does not hold exactly the fields of its kind, its label and card's player as text (None:
    it does)."""
    kind = draw.get("kind")
    fields = DRAW_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        return "a draw is a roll, dice, pick, shuffle or card"
    if set(draw) != fields:
        return f"a {kind} draw has the fields {', '.join(sorted(fields))} and no other"
    if not all(isinstance(draw.get(key, ""), str) for key in ("label", "for")):
        return "a draw's label, and a card's player, are text"
    return None
