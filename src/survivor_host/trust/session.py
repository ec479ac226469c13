"""A hand-hosted session's dice (docs/FAIRNESS.md "Hosting sessions"): its draws, the lines the room
reads for them, and the check of a session's record.

A session is any theme a person hosts by hand: the bot commits a seed, the host's tools draw from
the HMAC stream of that seed and the session's client seed, and every draw is numbered in the room.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from survivor_host.engine.ids import to_id
from survivor_host.engine.numbers import is_digits
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.fair.stream import ALGORITHM, HmacStream, client_seed, commitment
from survivor_host.trust.difference import Difference, shortened
from survivor_host.trust.session_shape import FORMAT as FORMAT  # the session record's format, read by the bot
from survivor_host.trust.session_shape import draw_fields_problem, session_shape_difference
from survivor_host.trust.verify import Verdict, first_difference

KIND = "hand-session"
"""The record's `kind`: a session, not a game (which has a `theme` of ours and `inputs`)."""
MAX_DICE = 40
MAX_SIDES = 1_000_000
MAX_PLUS = 1_000_000
MAX_ITEMS = 40
MAX_TEXT = 40
"""The longest item of a pick or shuffle, and the longest label."""
CARD_RANKS = (13, 14)
"""A card is one of 13 ranks (A to K), or 14 where a theme adds a 14th card (a Joker)."""
CARD_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
SAFE_PUNCTUATION = " '.-?!&+#=%"
"""Besides letters and digits, what an item or label may hold: nothing that the chat formats
(`**`, `__`, `~~`, `[[`, backticks), nothing that opens HTML, and no `,`, `:`, `[`, `]`, `/`, `|`,
so a draw's line reads back unambiguously from a copy of the chat."""


def session_client_seed(host: str, players: Sequence[str], salts: Sequence[str] = ()) -> str:
    """`HOST|` followed by the game client seed: the players in join order, then `;WORD` per salt."""
    return f"{host}|{client_seed(players, salts)}"


def clean_text(text: str, what: str) -> str:
    """An item or a label as the room will see it: spaces collapsed, accents composed (NFC); hostile or
    unreadable text refused."""
    cleaned = unicodedata.normalize("NFC", " ".join(text.split()))
    if not cleaned:
        raise ValueError(f"An empty {what} cannot be drawn.")
    if len(cleaned) > MAX_TEXT:
        raise ValueError(f"{what.capitalize()} {cleaned[:MAX_TEXT]}… is longer than {MAX_TEXT} characters.")
    bad = sorted({char for char in cleaned if not char.isalnum() and char not in SAFE_PUNCTUATION})
    if bad:
        shown = " ".join(repr(char) for char in bad[:5])
        raise ValueError(
            f"The {what} {cleaned!r} holds {shown}: use letters, digits, spaces and {SAFE_PUNCTUATION.strip()} only."
        )
    if not cleaned[0].isalnum():
        raise ValueError(f"The {what} {cleaned!r} must begin with a letter or a digit.")
    return cleaned


def plain_name(name: str) -> bool:
    """True when `name` may be written into a session line: it passes `clean_text` unchanged (so it holds
    no ` · `, `:`, `,`, `|` or brackets, and reads back from the chat) and is a Showdown name's length."""
    try:
        return clean_text(name, "name") == name and len(name) <= MAX_NAME_LENGTH
    except ValueError:
        return False


def written_name(name: str) -> str:
    """`name` as a session line may hold it: itself when plain, else its user id (`someone` if it has none)."""
    return name if plain_name(name) else to_id(name) or "someone"


def card_name(value: int) -> str:
    return CARD_NAMES.get(value, str(value))


def card_value(name: str) -> int:
    """The value of a card as its line shows it (`A`, `7`, `K`, `14`)."""
    by_name = {shown: value for value, shown in CARD_NAMES.items()}
    if name in by_name:
        return by_name[name]
    if not is_digits(name):
        raise ValueError(f"no card {name!r}")
    return int(name)


@dataclass(frozen=True)
class RollSpec:
    """`XdY+Z`: `count` dice of `sides` each, plus `plus`."""

    count: int
    sides: int
    plus: int = 0

    def text(self) -> str:
        """`100`, `3d6`, `100+20`, `2d10-3`: the shortest form that reads back the same."""
        dice = str(self.sides) if self.count == 1 else f"{self.count}d{self.sides}"
        return dice + (f"{self.plus:+d}" if self.plus else "")


ROLL = re.compile(r"(?:(\d{0,9})d)?(\d{1,9})((?:[+-]\d{1,9})*)", re.ASCII)
"""A roll's numbers: ASCII digits only (as `engine.numbers` reads every typed number), nine at most."""


def parse_roll(text: str) -> RollSpec:
    """The room bot's roll syntax: `N`, `XdY`, `dY`, `XdY+Z` (bonuses may repeat: `+2-1`), blank: 100."""
    spec = "".join(text.split()).lower() or "100"
    match = ROLL.fullmatch(spec)
    if not match:
        raise ValueError(f"{text.strip()[:MAX_TEXT]!r} is not a roll: say roll 100, roll 3d6 or roll 2d10+5.")
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    plus = sum(int(term) for term in re.findall(r"[+-][0-9]+", match.group(3)))
    if not 1 <= count <= MAX_DICE:
        raise ValueError(f"Roll 1 to {MAX_DICE} dice at once, not {count}.")
    if not 2 <= sides <= MAX_SIDES:
        raise ValueError(f"A die has 2 to {MAX_SIDES:,} sides, not {sides:,}.")
    if abs(plus) > MAX_PLUS:
        raise ValueError(f"A bonus is at most {MAX_PLUS:,} either way.")
    return RollSpec(count, sides, plus)


def roll_draw(spec: RollSpec, label: str = "") -> dict[str, Any]:
    """The draw (its value not yet drawn) of one roll: `roll` for one die, `dice` for several."""
    if spec.count == 1:
        return {"kind": "roll", "sides": spec.sides, "plus": spec.plus, "label": label}
    return {"kind": "dice", "count": spec.count, "sides": spec.sides, "plus": spec.plus, "label": label}


def make_draw(stream: HmacStream, draw: Mapping[str, Any]) -> dict[str, Any]:
    """`draw` with what the stream gives it: `value` (and `rolls` for several dice), per docs/FAIRNESS.md."""
    kind = draw.get("kind")
    made = dict(draw)
    if kind == "roll":
        made["value"] = 1 + int(draw["plus"]) + stream.below(int(draw["sides"]))
    elif kind == "dice":
        rolls = [1 + stream.below(int(draw["sides"])) for _ in range(int(draw["count"]))]
        made["rolls"], made["value"] = rolls, sum(rolls) + int(draw["plus"])
    elif kind == "pick":
        made["value"] = draw["names"][stream.below(len(draw["names"]))]
    elif kind == "shuffle":
        made["value"] = stream.shuffled(list(draw["names"]))
    elif kind == "card":
        made["value"] = 1 + stream.below(int(draw["ranks"]))
    else:
        raise ValueError(f"no draw of kind {kind!r}")
    return made


def what_drawn(draw: Mapping[str, Any]) -> str:
    """`roll 100 for Mars`, `pick [Venus, Mars]`, `card 13 for Io`: a draw's line before its value."""
    kind = draw.get("kind")
    label = f" for {draw['label']}" if draw.get("label") else ""
    if kind in ("roll", "dice"):
        spec = RollSpec(int(draw.get("count", 1)), int(draw["sides"]), int(draw["plus"]))
        return f"roll {spec.text()}{label}"
    if kind in ("pick", "shuffle"):
        return f"{kind} [{', '.join(draw['names'])}]{label}"
    return f"card {draw.get('ranks')} for {draw.get('for')}"


def value_text(draw: Mapping[str, Any]) -> str:
    """The value as the room reads it (a card's only by PM and at the end)."""
    kind, value = draw.get("kind"), draw.get("value")
    if kind == "dice":
        return f"{', '.join(str(roll) for roll in draw.get('rolls') or [])} = {value}"
    if kind == "shuffle":
        return ", ".join(str(name) for name in value or [])
    if kind == "card":
        return "dealt by PM"
    return str(value)


def draw_line(draw: Mapping[str, Any]) -> str:
    """`#7 roll 100 for Mars: 63`: the line the room reads, which `verify --chat` reads back."""
    return f"#{draw['number']} {what_drawn(draw)}: {value_text(draw)}"


def card_line(draw: Mapping[str, Any]) -> str:
    """`#11 Mars A`: a dealt card, as the PM and the end's line show it."""
    return f"#{draw['number']} {draw['for']} {card_name(int(draw['value']))}"


def verify_session(record: Mapping[str, Any]) -> Verdict:
    """Check a session's record: its commitment, its client seed, and every draw in its place."""
    verdict = Verdict()
    verdict.checked.append(f"hand-hosted session, format {record.get('format')}, dice {record.get('dice')}")
    return verdict.run(record, (_check_dice, _check_commitment, _check_client_seed, _check_draws))


def _check_dice(record: Mapping[str, Any], checked: list[str]) -> Difference | None:
    found = session_shape_difference(record)
    if found is not None:
        return found
    if record.get("dice") != ALGORITHM:
        return Difference("dice", record.get("dice"), ALGORITHM, "a session's dice are the HMAC stream")
    if not record.get("seed"):
        return Difference("seed", None, "a revealed seed", "the session has not ended, or its seed is missing")
    return None


def _check_commitment(record: Mapping[str, Any], checked: list[str]) -> Difference | None:
    hashed = commitment(str(record["seed"]))
    if record.get("commitment") != hashed:
        return Difference("commitment", record.get("commitment"), hashed, "the SHA-256 of the revealed seed")
    checked.append(f"commitment {hashed} is the SHA-256 of the revealed seed")
    return None


def _check_client_seed(record: Mapping[str, Any], checked: list[str]) -> Difference | None:
    if record.get("client_seed") is None:  # signups never closed: no client seed, so no draw may follow
        checked.append("signups were never closed: no client seed was fixed, so no draw could be made")
        return None
    built = session_client_seed(str(record.get("host")), record.get("players") or [], record.get("salts") or [])
    if record.get("client_seed") != built:
        return Difference(
            "client seed", record.get("client_seed"), built, "the host, the players in join order, the salts"
        )
    checked.append(f"client seed {built!r} is the host, the players in join order and the salts")
    return None


def _check_draws(record: Mapping[str, Any], checked: list[str]) -> Difference | None:
    draws = list(record.get("draws") or [])
    if draws and not record.get("client_seed"):
        return Difference("draws", f"{len(draws)} draws", "none", "no draw comes before the client seed")
    stream = HmacStream(str(record["seed"]), str(record.get("client_seed")))
    for index, draw in enumerate(draws, start=1):
        if not isinstance(draw, dict):
            return Difference(f"#{index}", shortened(draw), None, "a draw is a map of its fields")
        problem = draw_problem(draw)
        if problem:
            return Difference(f"#{index}", shortened(dict(draw)), None, problem)
        name = f"#{index} ({what_drawn(draw)})" if "kind" in draw else f"#{index}"
        if not whole(draw.get("number")) or draw.get("number") != index:
            return Difference(f"{name} number", draw.get("number"), index, "draws are numbered 1, 2, 3… in order")
        try:
            again = make_draw(stream, {key: value for key, value in draw.items() if key not in ("value", "rolls")})
        except (KeyError, TypeError, ValueError) as error:
            return Difference(name, draw.get("kind"), f"no draw: {error}")
        for key in ("rolls", "value"):  # of the same kind too, item by item: `true` is not 1, nor 1.0
            if first_difference(draw.get(key), again.get(key), key) is not None:
                return Difference(f"{name} {key}", draw.get(key), again.get(key), "the dice stream gives")
    checked.append(f"{len(draws)} draws are the dice stream of the seed and the client seed, each in its place")
    return None


def draw_problem(draw: Mapping[str, Any]) -> str | None:
    """Why `draw` is not one a session makes (None: it is one): its dice, sides, bonus, items and
    ranks within what the bot takes, checked before anything is drawn for it."""
    kind, fields = draw.get("kind"), draw_fields_problem(draw)
    if fields:
        return fields
    if kind in ("roll", "dice"):
        count, sides, plus = draw.get("count", 1), draw.get("sides"), draw.get("plus")
        if not (whole(count) and whole(sides) and whole(plus)) or (kind == "roll") != ("count" not in draw):
            return "a roll's count, sides and bonus are whole numbers"
        if not (1 <= count <= MAX_DICE and 2 <= sides <= MAX_SIDES and abs(plus) <= MAX_PLUS):
            return f"a roll is of 1 to {MAX_DICE} dice of 2 to {MAX_SIDES:,} sides, its bonus at most {MAX_PLUS:,}"
    elif kind in ("pick", "shuffle"):
        names = draw.get("names")
        if not isinstance(names, list) or not 1 <= len(names) <= MAX_ITEMS or not all(map(plain_item, names)):
            return f"a pick or shuffle is of 1 to {MAX_ITEMS} items of plain text"
    elif kind == "card" and (type(draw.get("ranks")) is not int or draw.get("ranks") not in CARD_RANKS):
        return f"a card is one of {' or '.join(map(str, CARD_RANKS))} ranks"
    label = draw.get("label", "")
    if label and not plain_item(label):
        return "a label is plain text"
    return None


def whole(value: object) -> TypeGuard[int]:
    """A JSON whole number (not `true`, not `3.0`)."""
    return type(value) is int


def plain_item(text: object) -> bool:
    """Whether `text` is an item or label as a session line writes it (`clean_text` keeps it as it is)."""
    try:
        return isinstance(text, str) and clean_text(text, "item") == text
    except ValueError:
        return False


def is_session(record: Mapping[str, Any]) -> bool:
    return record.get("kind") == KIND
