"""A round of a game record told as HTML facts (label, escaped HTML): the helpers every theme's story uses.

Every value is escaped here; a theme's story (its spec's `load_story`) picks the fields and their words.
A value cannot change how the words around it read: a control or formatting character in it (a line
break, an escape, a right-to-left override) is shown as `[U+202E]`, and a value holding a right-to-left
letter is isolated in `<bdi>`, so that it cannot reorder the text on either side of it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

from survivor_host.engine.ids import HIDDEN

Show = Callable[[Any], str]
"""A record value as escaped HTML."""
StoryFn = Callable[[Mapping[str, Any]], list[tuple[str, str]]]
"""A round of the record -> its facts as (label, escaped HTML), in the order a reader follows."""


RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})
"""The bidi classes that make a run of text read right to left, and so reorder the numbers next to it."""
_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def visible(text: str) -> str:
    """`text` with each character of a HIDDEN category written as `[U+202E]`."""
    if text.isascii() and not _ASCII_CONTROL.search(text):
        return text
    return "".join(f"[U+{ord(char):04X}]" if unicodedata.category(char) in HIDDEN else char for char in text)


def right_to_left(text: str) -> bool:
    """True when `text` holds a character that reads right to left."""
    return not text.isascii() and any(unicodedata.bidirectional(char) in RIGHT_TO_LEFT for char in text)


def e(value: object) -> str:
    """Any value as escaped text that cannot reorder the text around it (the module's rule)."""
    text = visible(str(value))
    escaped = escape(text, quote=True)
    return f"<bdi>{escaped}</bdi>" if right_to_left(text) else escaped


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
