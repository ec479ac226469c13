"""A round of a game record told as HTML facts (label, escaped HTML): the helpers every theme's story uses.

Every value is escaped here; a theme's story (its spec's `load_story`) picks the fields and their words.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

Show = Callable[[Any], str]
"""A record value as escaped HTML."""
StoryFn = Callable[[Mapping[str, Any]], list[tuple[str, str]]]
"""A round of the record -> its facts as (label, escaped HTML), in the order a reader follows."""


def e(value: object) -> str:
    """Any value as escaped text."""
    return escape(str(value), quote=True)


def names(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(e(v) for v in value) if value else "nobody"
    return "nobody" if value is None else e(value)


def pairs(value: object, show: Callable[[object], str] = e) -> str:
    """`A 4, B 10` from a name → value map; a list of maps as `A 4 vs B 10; …`."""
    if isinstance(value, Mapping):
        return ", ".join(f"{e(k)} {show(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list) and all(isinstance(v, Mapping) for v in value):
        return "; ".join(" vs ".join(f"{e(k)} {show(v)}" for k, v in item.items()) for item in value) or "none"
    return generic(value)


def generic(value: object) -> str:
    return e(json.dumps(value, ensure_ascii=False)) if not isinstance(value, str) else e(value)


def told(rnd: Mapping[str, Any], fields: Sequence[tuple[str, str, Show]]) -> list[tuple[str, str]]:
    """(label, HTML) for each of `fields` (key, label, how to show it) the round holds, in that order."""
    return [(label, show(rnd[key])) for key, label, show in fields if key in rnd]


def the_rest(rnd: Mapping[str, Any], known: Sequence[str]) -> list[tuple[str, str]]:
    """Every field not in `known`, by its key, as escaped data."""
    return [(e(key), generic(value)) for key, value in rnd.items() if key not in known]
