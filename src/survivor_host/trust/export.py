"""`survivor-host export RECORD.json --html FILE.html`: one self-contained page that tells the game
round by round and re-checks its dice in the browser (Web Crypto), as docs/FAIRNESS.md describes.

No network and no external assets: the page's policy forbids both. Every name is escaped and cannot
reorder the text around it (engine/story.py `e`); the record travels as JSON inside a script element with
`<`, `>`, `&` and every control or formatting character escaped, and the script writes only text.

A page may carry the verdict of `survivor-host verify` (`flag`, its difference): it then says so first,
and the browser's own check can add to that verdict but never make it "verified".
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping
from html import escape
from importlib import resources
from typing import Any

from survivor_host.engine.ids import HIDDEN
from survivor_host.engine.story import e, right_to_left, visible
from survivor_host.trust.story import fairness_html, steps, title_of


def policy(script: str) -> str:
    """No network, no other script than the page's own (by its hash), inline style only."""
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    return f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'"


def asset(name: str) -> str:
    """A file shipped in survivor_host/data (the page's script and style)."""
    return resources.files("survivor_host").joinpath("data", name).read_text(encoding="utf-8")


_ESCAPED = re.compile(r"[<>&]|[^\x20-\x7e]")


def _json_escape(match: re.Match[str]) -> str:
    char = match.group()
    if char not in "<>&" and unicodedata.category(char) not in HIDDEN:
        return char
    units = char.encode("utf-16-be", "surrogatepass")
    return "".join(f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2))


def embedded_json(record: Mapping[str, Any]) -> str:
    """The record as JSON that cannot close its script element or open another, and holds no control or
    formatting character (each is written as its JSON escape, the same value)."""
    return _ESCAPED.sub(_json_escape, json.dumps(record, ensure_ascii=False))


def plain_title(text: str) -> str:
    """`text` for the page's <title>, which holds no elements: escaped, a right-to-left title isolated by
    the characters that do what <bdi> does (U+2068 ... U+2069)."""
    shown = visible(text)
    return escape(f"\u2068{shown}\u2069" if right_to_left(shown) else shown, quote=True)


def flag_html(flag: str | None) -> str:
    """`survivor-host verify`'s difference, first on the page."""
    if flag is None:
        return ""
    return f'<p id="flag">NOT verified by survivor-host verify: {e(flag)}</p>\n'


def replay_page(record: Mapping[str, Any], flag: str | None = None) -> str:
    """The whole page; `flag`: the difference `survivor-host verify` found, shown first (the page is then
    never "verified")."""
    return self_checking_page(title_of(record), "\n".join(steps(record)), record, flag)


def self_checking_page(plain: str, sections: str, record: Mapping[str, Any], flag: str | None = None) -> str:
    """A page of `sections` (escaped HTML) that re-checks `record`'s dice in the browser; `flag`: verify's
    difference, which keeps the page's verdict "not verified" whatever the browser finds."""
    title = e(plain)
    script = asset("replay.js")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy(script)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{plain_title(plain)}: replay</title>
<style>{asset("replay.css")}</style>
</head>
<body class="stepping" data-verdict="checking">
<h1>{title}</h1>
{flag_html(flag)}<p id="verdict">checking the dice…</p>
{fairness_html(record)}
<nav><button id="prev" type="button">◀ Previous</button><button id="next" type="button">Next ▶</button>
<button id="all" type="button">Show all / step</button><span id="where"></span></nav>
{sections}
<script type="application/json" id="record">{embedded_json(record)}</script>
<script>{script}</script>
</body>
</html>
"""
