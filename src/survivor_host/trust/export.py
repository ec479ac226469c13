"""`survivor-host export RECORD.json --html FILE.html`: one self-contained page that tells the game
round by round and re-checks its dice in the browser (Web Crypto), as docs/FAIRNESS.md describes.

No network and no external assets: the page's policy forbids both. Every name is escaped; the record
travels as JSON inside a script element with `<`, `>` and `&` escaped, and the script writes only text.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from survivor_host.engine.story import e
from survivor_host.trust.story import fairness_html, steps, title_of


def policy(script: str) -> str:
    """No network, no other script than the page's own (by its hash), inline style only."""
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    return f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'"


def asset(name: str) -> str:
    """A file shipped in survivor_host/data (the page's script and style)."""
    return resources.files("survivor_host").joinpath("data", name).read_text(encoding="utf-8")


def embedded_json(record: Mapping[str, Any]) -> str:
    """The record as JSON that cannot close its script element or open another."""
    text = json.dumps(record, ensure_ascii=False)
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def replay_page(record: Mapping[str, Any]) -> str:
    """The whole page."""
    return self_checking_page(title_of(record), "\n".join(steps(record)), record)


def self_checking_page(plain_title: str, sections: str, record: Mapping[str, Any]) -> str:
    """A page of `sections` (escaped HTML) that re-checks `record`'s dice in the browser."""
    title = e(plain_title)
    script = asset("replay.js")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy(script)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: replay</title>
<style>{asset("replay.css")}</style>
</head>
<body class="stepping" data-verdict="checking">
<h1>{title}</h1>
<p id="verdict">checking the dice…</p>
{fairness_html(record)}
<nav><button id="prev" type="button">◀ Previous</button><button id="next" type="button">Next ▶</button>
<button id="all" type="button">Show all / step</button><span id="where"></span></nav>
{sections}
<script type="application/json" id="record">{embedded_json(record)}</script>
<script>{script}</script>
</body>
</html>
"""
