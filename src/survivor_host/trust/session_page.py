"""A hand-hosted session's record as HTML (every name escaped): the story for `.replay hN` and the
self-checking page `survivor-host export SESSION.json --html FILE.html` writes (the replay page's
script re-checks it in the browser with Web Crypto)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.story import e, generic, names
from survivor_host.trust.export import self_checking_page
from survivor_host.trust.session import card_name, value_text, what_drawn
from survivor_host.trust.story import UNTOLD


def session_title(record: Mapping[str, Any]) -> str:
    """`Session h3, hosted by Mars` (plain text, not escaped)."""
    return f"Session h{record.get('id')}, hosted by {record.get('host')}"


def _draw_item(draw: object) -> str:
    """A draw as the room read it; one of a shape no session writes (a forged record) as its data."""
    if isinstance(draw, Mapping):
        try:
            shown = card_name(int(draw["value"])) if draw.get("kind") == "card" else value_text(draw)
            return f"<li>#{e(draw.get('number'))} {e(what_drawn(draw))}: <b>{e(shown)}</b></li>"
        except UNTOLD:
            pass
    return f"<li>{generic(draw)}</li>"


def _list_item(event: object) -> str:
    if not isinstance(event, Mapping):
        return f"<li>{generic(event)}</li>"
    to = f" → {e(event['to'])}" if event.get("to") else ""
    return f"<li>after #{e(event.get('step'))}: {e(event.get('name'))} {e(event.get('event'))}{to}</li>"


def _listed(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def session_steps(record: Mapping[str, Any]) -> list[str]:
    """The sections: the players, the draws, the host's list, the end."""
    players = "".join(f"<li>{e(name)}</li>" for name in _listed(record.get("players")))
    salts = names(_listed(record.get("salts")))
    draws = "".join(_draw_item(draw) for draw in _listed(record.get("draws"))) or "<li>none</li>"
    changes = "".join(_list_item(event) for event in _listed(record.get("list"))) or "<li>none</li>"
    client = record.get("client_seed")
    seed = e(client) if client is not None else "not fixed: signups were never closed, so nothing was drawn"
    return [
        f'<section class="step" data-step="0"><h2>The players</h2><p>Host: {e(record.get("host"))}; salts: '
        f'{salts}; client seed: {seed}</p><ol class="players">{players}</ol></section>',
        f'<section class="step" data-step="1"><h2>The draws</h2><ol class="draws">{draws}</ol></section>',
        f'<section class="step" data-step="2"><h2>The host\'s list</h2><ul>{changes}</ul>'
        f"<p>Out: {names(record.get('out') or [])}</p></section>",
        f'<section class="step" data-step="3"><h2>The end</h2><p>{e(record.get("ended") or "not ended")}</p></section>',
    ]


def session_page(record: Mapping[str, Any], flag: str | None = None) -> str:
    """The whole self-checking page; `flag`: the difference `survivor-host verify` found, shown first (the
    page is then never "verified")."""
    return self_checking_page(session_title(record), "\n".join(session_steps(record)), record, flag)
