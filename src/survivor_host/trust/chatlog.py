"""`survivor-host verify --chat LOG`: a hand-hosted session checked from the room's chat alone.

A log is what a player's client copies (`[20:15] *SurvivorBot: #7 roll 100 for Mars: 63`), or the
room's log (`|c|*SurvivorBot|…`, `|c:|1700000000|*SurvivorBot|…`, optionally after a time; PMs as
`|pm|*SurvivorBot|Io|…`). The bot's
session lines are found in it: the commitment, the client seed, each numbered draw, the cards dealt
and the seed; every draw is redone from the seeds and the first that differs is named.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from survivor_host.engine.ids import to_id
from survivor_host.fair.stream import HmacStream, commitment
from survivor_host.trust.session import card_line, card_value, draw_line, make_draw, parse_roll, roll_draw

OPENS = re.compile(r"Fair dice session (h\d+) \(host (.+?)\): commitment sha256 ([0-9a-f]{64})")
CLIENT = re.compile(r"Session (h\d+) client seed \([^)]*\): (.*\S)$")
SEED = re.compile(r"Session (h\d+) seed: ([0-9a-f]{64})")
CARDS = re.compile(r"Session (h\d+) cards: (.*)$")
DRAW = re.compile(r"^#(\d+) (roll|pick|shuffle|card) (.*)$")
ROLL_LINE = re.compile(r"(\S+)(?: for ([^:]+))?: (.+)")
LIST_LINE = re.compile(r"\[([^\]]*)\](?: for ([^:]+))?: (.+)")
CARD_LINE = re.compile(r"(13|14) for ([^:]+): dealt by PM")
DEALT = re.compile(r"#(\d+) (.+) (\S+)")
STARTS = re.compile(r"#\d+ (?:roll|pick|shuffle|card) |Session h\d+ |Fair dice session h\d+ ")
"""How a session line begins: where a message that joins several of the bot's lines is split again."""
SIGNATURE = re.compile(r'<div class="gray"[^>]*>.*?</div>')


@dataclass
class ChatDraw:
    """A numbered draw line as the chat shows it: what was drawn, and the value shown (None: by PM)."""

    number: int
    line: str
    draw: dict[str, object]
    shown: str | None


@dataclass
class ChatSession:
    """One session's lines found in a log."""

    id: str
    host: str
    bot: str
    commitment: str
    client_seed: str | None = None
    seed: str | None = None
    draws: list[ChatDraw] = field(default_factory=list)
    cards: dict[int, str] = field(default_factory=dict)
    """Card values the log shows (the end's line, a PM), by draw number."""


def said(line: str) -> tuple[str, str] | None:
    """(author, text) of one log line in any of the formats the module reads; None for other lines."""
    line = line.rstrip("\r\n")
    private = re.match(r"^(?:\S+ )?\|pm\|([^|]*)\|[^|]*\|(.*)$", line)
    if private:  # |pm|SENDER|RECEIVER|TEXT
        return private.group(1), private.group(2)
    protocol = re.match(r"^(?:\S+ )?\|c(:?)\|(.*)$", line)
    if protocol:
        parts = protocol.group(2).split("|")
        if protocol.group(1):  # |c:|TIMESTAMP|USER|TEXT
            parts = parts[1:]
        if len(parts) < 2:
            return None
        return parts[0], "|".join(parts[1:])
    copied = re.match(r"^\s*(?:\[[^\]]*\]\s*)?([^:\[\]]{1,25}?): (.*)$", line)
    if copied:
        return copied.group(1), copied.group(2)
    return None


def same_user(one: str, other: str) -> bool:
    """The same user, whatever rank symbol or spacing the log shows before the name."""
    return to_id(one) == to_id(other) and bool(to_id(one))


def lines_of(text: str) -> list[str]:
    """The bot's lines in one chat message. A busy room's send queue may put several in one box
    (`/raw` HTML, a line each) or join them with ` · `; they are split back where a session line begins."""
    parts = [text]
    if text.startswith("/raw "):
        body = re.sub(r"<br\s*/?>", "\n", SIGNATURE.sub("", text[len("/raw ") :]))
        parts = html.unescape(re.sub(r"<[^>]+>", "", body)).split("\n")
    lines: list[str] = []
    for part in parts:
        pieces = part.split(" · ")
        line = pieces[0]
        for piece in pieces[1:]:
            if STARTS.match(piece):
                lines.append(line)
                line = piece
            else:
                line += " · " + piece
        lines.append(line)
    return [line.strip() for line in lines if line.strip()]


def read_log(lines: Sequence[str]) -> list[ChatSession]:
    """Every session the log shows the opening of, with its lines from the bot that opened it."""
    sessions: list[ChatSession] = []
    current: ChatSession | None = None
    for raw in lines:
        found = said(raw)
        if found is None:
            continue
        author, message = found
        for text in lines_of(message):
            opened = OPENS.search(text)
            if opened:
                current = ChatSession(opened.group(1), opened.group(2), author, opened.group(3))
                sessions.append(current)
                continue
            if current is None or not same_user(author, current.bot):
                continue  # only the bot that committed the seed speaks for its session
            _read_line(current, text)
    return sessions


def _read_line(session: ChatSession, text: str) -> None:
    if (client := CLIENT.search(text)) and client.group(1) == session.id:
        session.client_seed = client.group(2)
    elif (seed := SEED.search(text)) and seed.group(1) == session.id:
        session.seed = seed.group(2)
    elif (cards := CARDS.search(text)) and cards.group(1) == session.id:
        for item in cards.group(2).split(" · "):
            if dealt := DEALT.fullmatch(item.strip().rstrip(".")):
                session.cards[int(dealt.group(1))] = dealt.group(3)
    elif (draw := DRAW.match(text)) and not any(d.number == int(draw.group(1)) for d in session.draws):
        parsed = parse_draw(draw.group(2), draw.group(3))
        if parsed is not None:
            session.draws.append(ChatDraw(int(draw.group(1)), text, *parsed))
    elif (card := re.match(r"^#(\d+) your card in \S+: (\S+)", text)) is not None:
        session.cards[int(card.group(1))] = card.group(2)


def parse_draw(kind: str, rest: str) -> tuple[dict[str, object], str | None] | None:
    """(the draw without its value, the value as shown) from a draw line after `#N KIND `."""
    if kind == "roll":
        match = ROLL_LINE.fullmatch(rest)
        if not match:
            return None
        try:
            spec = parse_roll(match.group(1))
        except ValueError:
            return None
        return roll_draw(spec, match.group(2) or ""), match.group(3)
    if kind in ("pick", "shuffle"):
        match = LIST_LINE.fullmatch(rest)
        if not match:
            return None
        names = match.group(1).split(", ")
        return {"kind": kind, "names": names, "label": match.group(2) or ""}, match.group(3)
    match = CARD_LINE.fullmatch(rest)
    if not match:
        return None
    return {"kind": "card", "ranks": int(match.group(1)), "for": match.group(2)}, None


@dataclass
class ChatVerdict:
    """What was checked in one session's lines, and the first problem (None: all of it holds)."""

    session: ChatSession
    checked: list[str] = field(default_factory=list)
    problem: str | None = None


def check_session(session: ChatSession) -> ChatVerdict:
    """The commitment, then every numbered draw in order (numbers 1, 2, 3… with none missing)."""
    verdict = ChatVerdict(session)
    where = f"session {session.id} (host {session.host})"
    if session.seed is None:
        verdict.problem = f"{where}: the log has no line revealing the seed (has the session ended?)"
        return verdict
    if commitment(session.seed) != session.commitment:
        verdict.problem = f"{where}: the seed's SHA-256 is {commitment(session.seed)}, not the commitment posted"
        return verdict
    verdict.checked.append(f"{where}: the seed revealed is the one committed ({session.commitment[:16]}…)")
    if session.client_seed is None:
        if session.draws:
            verdict.problem = f"{where}: draws are shown but no client seed"
        return verdict
    if not session.client_seed.startswith(f"{session.host}|"):
        verdict.problem = f"{where}: the client seed {session.client_seed!r} does not begin with the host's name"
        return verdict
    stream = HmacStream(session.seed, session.client_seed)
    for expected, shown in enumerate(sorted(session.draws, key=lambda d: d.number), start=1):
        if shown.number != expected:
            verdict.problem = f"{where}: draw #{expected} is missing from the log (the next shown is #{shown.number})"
            return verdict
        made = make_draw(stream, shown.draw)
        made["number"] = shown.number
        problem = _compare(made, shown, session.cards.get(shown.number))
        if problem:
            verdict.problem = f"{where}: first mismatch at #{shown.number}: {problem}"
            return verdict
    cards = sum(1 for d in session.draws if d.shown is None)
    seen = sum(1 for d in session.draws if d.number in session.cards)
    verdict.checked.append(
        f"{where}: all {len(session.draws)} numbered draws are the dice of the committed seed and the client seed"
        + (f" ({cards} cards, {seen} of them shown)" if cards else "")
    )
    return verdict


def _compare(made: dict[str, object], shown: ChatDraw, card: str | None) -> str | None:
    if shown.shown is not None:
        expected = draw_line(made)
        if expected != shown.line:
            return f"the log shows {shown.line!r}, the dice give {expected!r}"
        return None
    if card is not None and card_value(card) != made["value"]:
        return f"the card shown is {card}, the dice give {card_line(made)}"
    return None


def verify_chat(lines: Sequence[str]) -> Iterator[ChatVerdict]:
    """Each session in the log, checked."""
    for session in read_log(lines):
        yield check_session(session)
