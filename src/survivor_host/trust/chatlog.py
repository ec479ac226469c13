"""`survivor-host verify --chat LOG`: a hand-hosted session checked from the room's chat alone.

The log's lines are read by the grammar of `chatgrammar` (docs/FAIRNESS.md "The chat log's grammar"):
each session is its author's (the user who posted its commitment), every draw is redone from the
seeds and the first that differs is named.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from survivor_host.fair.stream import HmacStream, commitment
from survivor_host.trust.chatgrammar import (
    CARD,
    CARDS,
    CLIENT,
    DEALT,
    LIST,
    OPENS,
    ROLL,
    SEED,
    YOUR_CARD,
    lines_of,
    said,
)
from survivor_host.trust.session import card_line, card_value, draw_line, make_draw, parse_roll, roll_draw


@dataclass
class ChatDraw:
    """A numbered draw line as the chat shows it: what was drawn, and the value shown (None: by PM)."""

    number: int
    line: str
    draw: dict[str, object]
    shown: str | None


@dataclass
class ChatSession:
    """One session's lines found in a log: those of the author who posted its commitment."""

    id: str
    host: str
    bot: str
    commitment: str
    client_seed: str | None = None
    seed: str | None = None
    draws: dict[int, ChatDraw] = field(default_factory=dict)
    """The draw lines by number."""
    cards: dict[int, str] = field(default_factory=dict)
    """Card values the log shows (the end's line, a PM), by draw number."""
    holders: dict[int, str] = field(default_factory=dict)
    """Whom the end's line says each card was dealt to, by draw number."""
    conflict: str | None = None
    """Two different lines for one place (a draw number, the seed): the log cannot be read one way."""

    def once(self, what: str, old: object, new: object) -> bool:
        """True when `new` may fill a place that holds `old` (empty, or the same line again)."""
        if old is None or old == new:
            return True
        self.conflict = self.conflict or f"the log has two different {what}: {old!r} and {new!r}"
        return False


def read_log(lines: Sequence[str]) -> list[ChatSession]:
    """Every session the log shows the opening of, keyed by its author and id, with that author's lines.
    A draw belongs to its author's newest session that has not revealed its seed; a card PM to its
    author's newest session (a copy of a PM may come after the room's lines)."""
    sessions: dict[tuple[str, str], ChatSession] = {}
    current: dict[str, ChatSession] = {}
    newest: dict[str, ChatSession] = {}
    for raw in lines:
        found = said(raw)
        if found is None or not found.author_id:
            continue
        author = found.author_id
        for text in [found.text] if found.private else lines_of(found.text):
            if not found.private and (opened := OPENS.fullmatch(text)):
                key = (author, f"h{opened.group(1)}")
                session = sessions.get(key)
                if session is None:
                    session = ChatSession(key[1], opened.group(2), found.author, opened.group(3))
                    sessions[key] = current[author] = newest[author] = session
                else:
                    session.once("commitments", session.commitment, opened.group(3))
                continue
            if card := YOUR_CARD.fullmatch(text):  # a PM, or a client's copy of one
                if (session := newest.get(author)) is not None:
                    number = int(card.group(1))
                    if session.once(f"cards for #{number}", session.cards.get(number), card.group(3)):
                        session.cards[number] = card.group(3)
            elif not found.private:
                _read_line(sessions, current, author, text)
    return list(sessions.values())


def _read_line(
    sessions: dict[tuple[str, str], ChatSession], current: dict[str, ChatSession], author: str, text: str
) -> None:
    """One room line of `author` other than a commitment."""
    session = current.get(author)
    if (client := CLIENT.fullmatch(text)) and (named := sessions.get((author, f"h{client.group(1)}"))):
        if named.once("client seeds", named.client_seed, client.group(2)):
            named.client_seed = client.group(2)
    elif (seed := SEED.fullmatch(text)) and (named := sessions.get((author, f"h{seed.group(1)}"))):
        if named.once("seeds", named.seed, seed.group(2)):
            named.seed = seed.group(2)
        if current.get(author) is named:
            del current[author]
    elif (cards := CARDS.fullmatch(text)) and (named := sessions.get((author, f"h{cards.group(1)}"))):
        for item in cards.group(2).split(", "):
            if dealt := DEALT.fullmatch(item):
                number = int(dealt.group(1))
                if named.once(f"cards for #{number}", named.cards.get(number), dealt.group(3)):
                    named.cards[number] = dealt.group(3)
                    named.holders[number] = dealt.group(2)
    elif session is not None and (drawn := parse_draw(text)) is not None:
        old = session.draws.get(drawn.number)
        if old is None:
            session.draws[drawn.number] = drawn
        else:
            session.once(f"lines for #{drawn.number}", old.line, text)


def parse_draw(text: str) -> ChatDraw | None:
    """A numbered draw line (the draw without its value, the value as shown), or None."""
    if roll := ROLL.fullmatch(text):
        try:
            spec = parse_roll(roll.group(2))
        except ValueError:
            return None
        return ChatDraw(int(roll.group(1)), text, roll_draw(spec, roll.group(3) or ""), roll.group(4))
    if listed := LIST.fullmatch(text):
        draw = {"kind": listed.group(2), "names": listed.group(3).split(", "), "label": listed.group(4) or ""}
        return ChatDraw(int(listed.group(1)), text, draw, listed.group(5))
    if card := CARD.fullmatch(text):
        return ChatDraw(
            int(card.group(1)), text, {"kind": "card", "ranks": int(card.group(2)), "for": card.group(3)}, None
        )
    return None


@dataclass
class ChatVerdict:
    """What was checked in one session's lines, and the first problem (None: all of it holds)."""

    session: ChatSession
    checked: list[str] = field(default_factory=list)
    problem: str | None = None


def check_session(session: ChatSession) -> ChatVerdict:
    """The commitment, then every numbered draw in order (numbers 1, 2, 3… with none missing)."""
    verdict = ChatVerdict(session)
    where = f"session {session.id} (host {session.host}, posted by {session.bot})"
    if session.conflict is not None:
        verdict.problem = f"{where}: {session.conflict}"
        return verdict
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
    for expected, shown in enumerate(sorted(session.draws.values(), key=lambda d: d.number), start=1):
        if shown.number != expected:
            verdict.problem = f"{where}: draw #{expected} is missing from the log (the next shown is #{shown.number})"
            return verdict
        made = make_draw(stream, shown.draw)
        made["number"] = shown.number
        problem = _compare(made, shown, session.cards.get(shown.number))
        if problem:
            verdict.problem = f"{where}: first mismatch at #{shown.number}: {problem}"
            return verdict
    unbacked = _unbacked_card(session)
    if unbacked:
        verdict.problem = f"{where}: {unbacked}"
        return verdict
    cards = sum(1 for d in session.draws.values() if d.shown is None)
    seen = sum(1 for d in session.draws.values() if d.number in session.cards)
    verdict.checked.append(
        f"{where}: all {len(session.draws)} numbered draws are the dice of the committed seed and the client seed"
        + (f" ({cards} cards, {seen} of them shown)" if cards else "")
    )
    return verdict


def _unbacked_card(session: ChatSession) -> str | None:
    """A card the log shows that no card draw of the log deals (or deals to someone else)."""
    for number, card in sorted(session.cards.items()):
        drawn = session.draws.get(number)
        if drawn is None or drawn.shown is not None:
            return f"the card #{number} {card} is shown, but the log has no card draw #{number}"
        holder = session.holders.get(number)
        if holder is not None and holder != drawn.draw.get("for"):
            return f"the card #{number} is shown as {holder}'s, but draw #{number} dealt it to {drawn.draw.get('for')}"
    return None


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
