"""A game record told round by round as HTML (every name escaped): for the exported page and `.replay`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from survivor_host.engine.errors import SetupError
from survivor_host.engine.story import StoryFn, e, generic, names, the_rest
from survivor_host.themes import theme_spec

UNTOLD = (KeyError, TypeError, ValueError, AttributeError, IndexError)
"""What a theme's story raises on a round of a shape no game writes (a forged record, exported with
`--force`): such a round is shown as its data instead."""


def round_facts(rnd: object, theme: object) -> list[tuple[str, str]]:
    """(label, escaped HTML) for each field of a round: the theme's story, or every field as data (a round
    of a theme this program does not know, or one its theme's story cannot tell)."""
    if not isinstance(rnd, Mapping):
        return [("round", generic(rnd))]
    story = _story_of(theme)
    if story is not None:
        try:
            return story(rnd)
        except UNTOLD:
            pass
    return the_rest(rnd, ("number",))


def _story_of(theme: object) -> StoryFn | None:
    try:
        return theme_spec(str(theme)).story()
    except SetupError:  # a record of a theme this program does not know: its fields as data
        return None


def draws_of(record: Mapping[str, Any], number: object) -> list[Mapping[str, Any]]:
    draws = record.get("draws")
    return [d for d in draws if isinstance(d, Mapping) and d.get("round") == number] if isinstance(draws, list) else []


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
    try:
        spec = theme_spec(str(record.get("theme")))
    except SetupError:
        return str(record.get("theme"))
    return spec.played_title([str(mod) for mod in record.get("mods") or []])


def subs_of(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The record's substitutions (`{"round", "old", "new"}`), in the order made."""
    return [sub for sub in record.get("subs") or [] if isinstance(sub, Mapping)]


def player_item(name: object, subs: Sequence[Mapping[str, Any]]) -> str:
    """A player as they joined, then whoever took their seat: `Alice (replaced by Newbie in round 1)`."""
    taken, holder = [], name
    for sub in subs:
        if sub.get("old") == holder:
            taken.append(f"replaced by {e(sub.get('new'))} in round {e(sub.get('round'))}")
            holder = sub.get("new")
    after = f" ({', '.join(taken)})" if taken else ""
    return f"<li>{e(name)}{after}</li>"


def sub_lines(subs: Sequence[Mapping[str, Any]]) -> str:
    """`Round 1: Newbie replaced Alice`, for each substitution: the seat's moves after it are the new name's."""
    lines = "".join(
        f"<li>Round {e(sub.get('round'))}: {e(sub.get('new'))} replaced {e(sub.get('old'))}; the seat's moves "
        f"before the substitution are shown under {e(sub.get('old'))}, those after under {e(sub.get('new'))}</li>"
        for sub in subs
    )
    return f'<ul class="subs">{lines}</ul>' if lines else ""


def steps(record: Mapping[str, Any]) -> list[str]:
    """The story as HTML sections: the players, each round (its substitutions first), the result."""
    subs, rounds = subs_of(record), record.get("rounds")
    rounds = rounds if isinstance(rounds, list) else []
    numbers = [rnd.get("number", index) if isinstance(rnd, Mapping) else index for index, rnd in enumerate(rounds, 1)]
    players = "".join(player_item(name, subs) for name in record.get("players") or [])
    before = sub_lines([sub for sub in subs if sub.get("round") not in numbers])
    out = [f'<section class="step" data-step="0"><h2>The players</h2><ol class="players">{players}</ol>'
           + before + _draw_list(draws_of(record, 0)) + "</section>"]  # fmt: skip
    for index, (number, rnd) in enumerate(zip(numbers, rounds, strict=True), start=1):
        facts = "".join(f"<dt>{label}</dt><dd>{html}</dd>" for label, html in round_facts(rnd, record.get("theme")))
        out.append(
            f'<section class="step" data-step="{index}"><h2>Round {e(number)}</h2>'
            + sub_lines([sub for sub in subs if sub.get("round") == number]) + f"<dl>{facts}</dl>"
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
    placements = record.get("placements")
    places = sorted(placements.items() if isinstance(placements, Mapping) else [], key=_place_order)
    seconds = [name for name, place in places if place == 2]
    if record.get("second"):
        head += f"<p>Second: {e(record['second'])}</p>"
    elif len(seconds) > 1:
        head += f"<p>Second (shared): {names(seconds)}</p>"
    whole = [(name, place) for name, place in places if type(place) is int]
    shared = {place: [n for n, p in whole if p == place] for place in {p for _, p in whole}}
    told = [f"{e(place)}: {names(who)}" for place, who in sorted(shared.items()) if len(who) > 1 and place > 2]
    if told:
        head += f"<p>Shared places (out in the same step): {'; '.join(told)}</p>"
    rows = "".join(f"<tr><td>{e(place)}</td><td>{e(name)}</td></tr>" for name, place in places)
    return head + (f"<table><tr><th>Place</th><th>Player</th></tr>{rows}</table>" if rows else "")


def _place_order(item: tuple[object, object]) -> tuple[bool, str, int]:
    """Places in order (1, 2, 3...), any that is not a whole number after them."""
    place = item[1]
    return (True, str(place), 0) if type(place) is not int else (False, "", place)


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
