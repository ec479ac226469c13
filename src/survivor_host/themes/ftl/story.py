"""Follow the Leader's rounds on the replay page: each field of a round record in the order of the round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.story import Show, e, names, pairs, the_rest, told


def _rolls(rnd: Mapping[str, Any]) -> str:
    dice = rnd.get("dice") or {}
    return ", ".join(f"{e(k)} {e(v)} (d{e(dice.get(k, '?'))})" for k, v in (rnd.get("rolls") or {}).items()) or "none"


def _scapegoat(value: object) -> str:
    if not isinstance(value, Mapping):
        return "none"
    return f"{e(value.get('suspect'))} names {e(value.get('target'))}; {e(value.get('loser'))} loses"


def _depositions(value: Any) -> str:
    return "; ".join(f"{e(d.get('by'))} deposes {e(d.get('deposed'))} ({e(d.get('roll'))})" for d in value) or "none"


BEFORE_ROLLS: tuple[tuple[str, str, Show], ...] = (
    ("leader", "Leader", names),
    ("leader_roll", "Leader's roll", e),
    ("suspect", "Suspect", names),
    ("choices", "Choices", pairs),
)
AFTER_ROLLS: tuple[tuple[str, str, Show], ...] = (
    ("order", "Roll order", names),
    ("scapegoat", "Scapegoat", _scapegoat),
    ("depositions", "Depositions", _depositions),
    ("eliminated", "Eliminated", names),
    ("outcome", "Outcome", e),
    ("immune", "Immune", names),
    ("next_leader", "Next leader", names),
)
KNOWN = ("number", "rolls", "dice", *(key for key, _, _ in BEFORE_ROLLS + AFTER_ROLLS))


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The round's facts: the leader and the choices, everyone's rolls, then how the round ended."""
    rolls = [("Rolls", _rolls(rnd))] if isinstance(rnd.get("rolls"), Mapping) else []
    shown = KNOWN if rolls else tuple(key for key in KNOWN if key != "rolls")
    return told(rnd, BEFORE_ROLLS) + rolls + told(rnd, AFTER_ROLLS) + the_rest(rnd, shown)
