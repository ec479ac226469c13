"""A game record told round by round as HTML (every name escaped): for the exported page and `.replay`."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

CARD_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


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


def card(value: object) -> str:
    return e(CARD_NAMES.get(value, value)) if isinstance(value, int) else e(value)


def generic(value: object) -> str:
    return e(json.dumps(value, ensure_ascii=False)) if not isinstance(value, str) else e(value)


def _ftl_rolls(rnd: Mapping[str, Any]) -> str:
    dice = rnd.get("dice") or {}
    return ", ".join(f"{e(k)} {e(v)} (d{e(dice.get(k, '?'))})" for k, v in (rnd.get("rolls") or {}).items()) or "none"


def _scapegoat(value: object) -> str:
    if not isinstance(value, Mapping):
        return "none"
    return f"{e(value.get('suspect'))} names {e(value.get('target'))}; {e(value.get('loser'))} loses"


def _duels(value: object) -> str:
    if not isinstance(value, list) or not value:
        return "none"
    told = []
    for duel in value:
        jester = duel.get("jester") or names(duel.get("jesters"))
        told.append(
            f"{e(jester)} duels {e(duel.get('target'))}: {pairs(duel.get('rolls'))}; "
            f"{e(duel.get('winner'))} wins, out: {names(duel.get('eliminated'))}"
        )
    return " · ".join(told)


def _swaps(value: object) -> str:
    if not isinstance(value, list) or not value:
        return "none"
    told = []
    for swap in value:
        if swap.get("target") is None:
            told.append(f"{e(swap.get('by'))} sticks")
            continue
        result = "void" + (f" ({e(swap['why'])})" if swap.get("why") else "") if swap.get("void") else (
            "swapped" if swap.get("swapped") else "kept"
        )
        rolls = f" [{pairs(swap['rolls'])}]" if swap.get("rolls") else ""
        told.append(f"{e(swap.get('by'))} → {e(swap.get('target'))}{rolls}: {result}")
    return " · ".join(told)


def _finals(value: object) -> str:
    if not isinstance(value, Mapping):
        return generic(value)
    return f"{names(value.get('players'))}: {pairs(value.get('rolls'))}; {e(value.get('winner'))} wins"


FIELDS: dict[str, tuple[str, Callable[[Any], str]]] = {
    "leader": ("Leader", names),
    "leader_roll": ("Leader's roll", e),
    "suspect": ("Suspect", names),
    "choices": ("Choices", pairs),
    "order": ("Roll order", names),
    "scapegoat": ("Scapegoat", _scapegoat),
    "depositions": ("Depositions", lambda v: "; ".join(
        f"{e(d.get('by'))} deposes {e(d.get('deposed'))} ({e(d.get('roll'))})" for d in v) or "none"),
    "elim": ("Eliminated at the reveal", e),
    "cards": ("Cards dealt", lambda v: pairs(v, card)),
    "redeals": ("Redeals", e),
    "kings": ("Kings", names),
    "jokers": ("Jokers (out)", names),
    "duels": ("Duels", _duels),
    "swaps": ("Swaps", _swaps),
    "reveal": ("Reveal", lambda v: pairs(v, card)),
    "ties": ("Tie at the cut-off", generic),
    "modkilled": ("Modkilled", names),
    "eliminated": ("Eliminated", names),
    "outcome": ("Outcome", e),
    "advanced": ("Advanced", names),
    "immune": ("Immune", names),
    "finals": ("Finals", _finals),
    "place_battles": ("Place battles", generic),
    "next_leader": ("Next leader", names),
}
SKIP = ("number", "rolls", "dice")


def round_facts(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, escaped HTML) for each field of a round, known fields first in a story order."""
    facts: list[tuple[str, str]] = []
    rolls_by_name = isinstance(rnd.get("rolls"), Mapping)
    for key, (label, show) in FIELDS.items():
        if key == "order" and rolls_by_name:
            facts.append(("Rolls", _ftl_rolls(rnd)))
        if key in rnd:
            facts.append((label, show(rnd[key])))
    skip = SKIP if rolls_by_name else tuple(key for key in SKIP if key != "rolls")
    facts += [(e(key), generic(value)) for key, value in rnd.items() if key not in FIELDS and key not in skip]
    return facts


def draws_of(record: Mapping[str, Any], number: object) -> list[Mapping[str, Any]]:
    return [d for d in record.get("draws") or [] if d.get("round") == number]


def draw_text(draw: Mapping[str, Any]) -> str:
    if draw.get("kind") == "roll":
        return f"{e(draw.get('label') or 'roll')}: {e(draw.get('value'))} (1–{e(draw.get('sides'))}" + (
            f" +{e(draw['plus'])})" if draw.get("plus") else ")"
        )
    if draw.get("kind") == "pick":
        return f"pick among {names(draw.get('names'))}: {e(draw.get('value'))}"
    return f"shuffle of {names(draw.get('names'))}: {names(draw.get('value'))}"


def title_of(record: Mapping[str, Any]) -> str:
    """`Chase the Ace (Adhesive, Jester's Duel)` (plain text, not escaped)."""
    from survivor_host.engine.errors import SetupError
    from survivor_host.themes import theme_spec

    try:
        spec = theme_spec(str(record.get("theme")))
    except SetupError:
        return str(record.get("theme"))
    titles = spec.mod_titles()
    mods = [titles.get(str(mod), str(mod)) for mod in record.get("mods") or []]
    return spec.title + (f" ({', '.join(mods)})" if mods else "")


def steps(record: Mapping[str, Any]) -> list[str]:
    """The story as HTML sections: the players, each round, the result."""
    players = "".join(f"<li>{e(name)}</li>" for name in record.get("players") or [])
    out = [f'<section class="step" data-step="0"><h2>The players</h2><ol class="players">{players}</ol>'
           + _draw_list(draws_of(record, 0)) + "</section>"]  # fmt: skip
    for index, rnd in enumerate(record.get("rounds") or [], start=1):
        number = rnd.get("number", index)
        facts = "".join(f"<dt>{label}</dt><dd>{html}</dd>" for label, html in round_facts(rnd))
        out.append(
            f'<section class="step" data-step="{index}"><h2>Round {e(number)}</h2><dl>{facts}</dl>'
            + _draw_list(draws_of(record, number)) + "</section>"
        )  # fmt: skip
    out.append(f'<section class="step" data-step="{len(out)}">{result_html(record)}</section>')
    return out


def _draw_list(draws: Sequence[Mapping[str, Any]]) -> str:
    if not draws:
        return ""
    items = "".join(f"<li>{draw_text(d)}</li>" for d in draws)
    return f'<h3>Dice drawn</h3><ol class="draws">{items}</ol>'


def result_html(record: Mapping[str, Any]) -> str:
    winner = record.get("winner")
    head = f'<h2>The winner: <span class="winner">{e(winner)}</span></h2>' if winner else "<h2>No winner</h2>"
    if record.get("second"):
        head += f"<p>Second: {e(record['second'])}</p>"
    places = sorted((record.get("placements") or {}).items(), key=lambda item: item[1])
    rows = "".join(f"<tr><td>{e(place)}</td><td>{e(name)}</td></tr>" for name, place in places)
    return head + (f"<table><tr><th>Place</th><th>Player</th></tr>{rows}</table>" if rows else "")


def fairness_html(record: Mapping[str, Any]) -> str:
    """The dice facts anyone needs to check the game."""
    rows = [
        ("Dice", record.get("dice") or "mt19937-python-random (format 1)"),
        ("Commitment (SHA-256 of the seed)", record.get("commitment")),
        ("Client seed", record.get("client_seed")),
        ("Server seed (revealed)", record.get("seed")),
    ]
    cells = "".join(f"<tr><th>{e(k)}</th><td><code>{e(v)}</code></td></tr>" for k, v in rows if v is not None)
    return f'<table class="fair">{cells}</table>'
