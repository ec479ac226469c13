"""`survivor-host verify --chat LOG`: a hand-hosted session checked from the room's chat alone.

The log's lines are read by the grammar of `chatgrammar` (docs/FAIRNESS.md "The chat log's grammar"):
each session is its author's (the user who posted its commitment), every draw is redone from the
seeds and the first that differs is named.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from survivor_host.fair.stream import SALT_RULE, HmacStream, commitment, is_salt
from survivor_host.trust.chatgrammar import (
    CARD,
    CARDS,
    CLIENT,
    DEALT,
    LIST,
    OPENS,
    ROLL,
    ROOM_CONTEXT,
    SEED,
    YOUR_CARD,
    ChatDraw,
    client_seed_line,
    lines_of,
    looks_boxed,
    parse_draw,
    said,
)
from survivor_host.trust.session import card_line, card_value, draw_line, make_draw


@dataclass
class ChatSession:
    """One session's lines found in a log: those of the author who posted its commitment."""

    id: str
    host: str
    bot: str
    commitment: str
    room: str | None = None
    """The room the log shows it in (a raw protocol log's `>ROOM` line), else the room its commitment
    line names; None: neither says."""
    client_seed: str | None = None
    seed: str | None = None
    draws: dict[int, ChatDraw] = field(default_factory=dict)
    """The draw lines by number."""
    cards: dict[int, str] = field(default_factory=dict)
    """Card values the log shows (the end's line, a PM), by draw number."""
    holders: dict[int, str] = field(default_factory=dict)
    """Whom the end's line says each card was dealt to, by draw number."""
    notes: list[str] = field(default_factory=list)
    """What of the log was left unused for this session, and why."""
    conflict: str | None = None
    """Two different lines for one place (a draw number, the seed): the log cannot be read one way."""
    disorder: tuple[str, str] | None = None
    """The first draw line the log shows after a line of a higher number (that line, then it)."""
    repeated: list[int] = field(default_factory=list)
    """Draw numbers whose line the log shows again, the same (a rejoin's backlog, a restart's resend)."""

    def once(self, what: str, old: object, new: object) -> bool:
        """True when `new` may fill a place that holds `old` (empty, or the same line again)."""
        if old is None or old == new:
            return True
        self.conflict = self.conflict or f"the log has two different {what}: {old!r} and {new!r}"
        return False


Where = tuple[str, str | None]  # a line's author and the room the log says it is in (None: it does not say)
Opened = dict[tuple[str, str | None, str], ChatSession]  # the sessions by author, room (as the log says), id


def read_log(lines: Sequence[str]) -> list[ChatSession]:
    """Every session the log shows the opening of, keyed by its author and id, with that author's lines.
    A draw belongs to its author's newest session in its room that has not revealed its seed; a card PM
    (`#N your card in ROOM`) to its author's newest session in the room it names, or, where the log
    does not say a session's room, to the newest such session if its card PMs name one room only."""
    sessions: Opened = {}
    current: dict[Where, ChatSession] = {}
    newest: dict[Where, ChatSession] = {}
    card_pms: list[tuple[ChatSession, str, int, str]] = []
    room: str | None = None
    for raw in lines:
        if context := ROOM_CONTEXT.fullmatch(raw.rstrip("\r\n")):
            room = context.group(1)
            continue
        found = said(raw)
        if found is None or not found.author_id:
            continue
        author = found.author_id
        for text in [found.text] if found.private else lines_of(found.text):
            if not found.private and (opened := OPENS.fullmatch(text)):
                if (session := _open(sessions, (author, room), found.author, opened)) is not None:
                    current[(author, room)] = newest[(author, room)] = newest[(author, session.room)] = session
                continue
            if card := YOUR_CARD.fullmatch(text):  # a PM, or a client's copy of one
                named = card.group(2)
                session = newest.get((author, named)) or newest.get((author, None))
                if session is not None and session.room in (None, named):
                    card_pms.append((session, named, int(card.group(1)), card.group(3)))
            elif not found.private:
                _read_line(sessions, current, (author, room), text)
    _deal_card_pms(card_pms)
    return list(sessions.values())


def _open(sessions: Opened, where: Where, shown: str, opened: re.Match[str]) -> ChatSession | None:
    """A commitment line of `where`: the session it opens (None: one of its author, room and id is open);
    a line naming another room than the log's is a conflict."""
    author, room = where
    key, named = (author, room, f"h{opened.group(1)}"), opened.group(2)
    if (session := sessions.get(key)) is not None:
        session.once("commitments", session.commitment, opened.group(4))
        return None
    session = sessions[key] = ChatSession(key[2], opened.group(3), shown, opened.group(4), room or named)
    if room is not None and named is not None and named != room:
        session.conflict = f"its commitment line names the room {named}, but the log shows it in {room}"
    return session


def _deal_card_pms(card_pms: Sequence[tuple[ChatSession, str, int, str]]) -> None:
    """Each card PM into its session, except where a session of no known room has card PMs naming two
    rooms: the log cannot say which are its own, so none is used (the session's note says why)."""
    rooms: dict[int, set[str]] = {}
    for session, named, _, _ in card_pms:
        if session.room is None:
            rooms.setdefault(id(session), set()).add(named)
    noted: set[int] = set()
    for session, _, number, card in card_pms:
        if len(rooms.get(id(session), ())) > 1:
            if id(session) not in noted:
                noted.add(id(session))
                session.notes.append(
                    f"the card PMs name the rooms {', '.join(sorted(rooms[id(session)]))}, and the log does not say"
                    f" which is session {session.id}'s (a raw protocol log does, by its `>ROOM` lines):"
                    " they are not used"
                )
            continue
        if session.once(f"cards for #{number}", session.cards.get(number), card):
            session.cards[number] = card


def _read_line(sessions: Opened, current: dict[Where, ChatSession], where: Where, text: str) -> None:
    """One room line other than a commitment, of `where`: its author and the room the log says (or None)."""
    session = current.get(where)
    if (client := client_seed_line(text)) and (named := sessions.get((*where, f"h{client.group(1)}"))):
        if named.once("client seeds", named.client_seed, client.group(2)):
            named.client_seed = client.group(2)
    elif (seed := SEED.fullmatch(text)) and (named := sessions.get((*where, f"h{seed.group(1)}"))):
        if named.once("seeds", named.seed, seed.group(2)):
            named.seed = seed.group(2)
        if current.get(where) is named:
            del current[where]
    elif (cards := CARDS.fullmatch(text)) and (named := sessions.get((*where, f"h{cards.group(1)}"))):
        for item in cards.group(2).split(", "):
            if dealt := DEALT.fullmatch(item):
                number = int(dealt.group(1))
                if named.once(f"cards for #{number}", named.cards.get(number), dealt.group(3)):
                    named.cards[number] = dealt.group(3)
                    named.holders[number] = dealt.group(2)
    elif session is not None and (drawn := parse_draw(text)) is not None:
        old = session.draws.get(drawn.number)
        if old is None:
            highest = max(session.draws.values(), key=lambda d: d.number, default=None)
            if highest is not None and highest.number > drawn.number and session.disorder is None:
                session.disorder = (highest.line, text)
            session.draws[drawn.number] = drawn
        elif session.once(f"lines for #{drawn.number}", old.line, text) and drawn.number not in session.repeated:
            session.repeated.append(drawn.number)


@dataclass
class ChatVerdict:
    """What was checked in one session's lines, and the first problem (None: all of it holds)."""

    session: ChatSession
    checked: list[str] = field(default_factory=list)
    problem: str | None = None

    @property
    def where(self) -> str:
        """How the verdict's lines name the session."""
        return f"session {self.session.id} (host {self.session.host}, posted by {self.session.bot})"


def check_session(session: ChatSession) -> ChatVerdict:
    """The commitment, then every numbered draw in order (numbers 1, 2, 3… with none missing)."""
    verdict = ChatVerdict(session)
    where = verdict.where
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
    odd = next((salt for salt in session.client_seed.split(";")[1:] if not is_salt(salt)), None)
    if not session.client_seed.startswith(f"{session.host}|") or odd is not None:  # not a line the bot posts
        why = f"holds the salt {odd!r}, but {SALT_RULE}" if odd is not None else "does not begin with the host's name"
        verdict.problem = f"{where}: the client seed {session.client_seed!r} {why}"
        return verdict
    if session.disorder is not None:  # the bot posts draws in number order: this is not the room's order
        later, earlier = session.disorder
        verdict.problem = (
            f"{where}: the log shows {later!r} before {earlier!r}, but the bot posts its draws in number order:"
            " the log is not in the order the room read them"
        )
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
    if not session.draws:
        verdict.checked.append(f"{where}: the log shows no numbered draw, so no dice were checked")
        return verdict
    verdict.checked.append(
        f"{where}: {_all_draws(len(session.draws))} the dice of the committed seed and the client seed"
        + (f" ({cards} {'card' if cards == 1 else 'cards'}, {seen} of them shown)" if cards else "")
    )
    if session.repeated:
        again = ", ".join(f"#{number}" for number in session.repeated)
        verdict.checked.append(
            f"{where}: the log shows the line of {again} more than once, the same each time (as a rejoin's backlog"
            " or the bot's resend after a restart shows it): each is read once"
        )
    return verdict


def _all_draws(count: int) -> str:
    """`the 1 numbered draw is`, `all 6 numbered draws are`."""
    return "the 1 numbered draw is" if count == 1 else f"all {count} numbered draws are"


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


BOX_FORMS = (OPENS, CLIENT, CARDS, SEED, ROLL, LIST, CARD)


def unread_box_lines(lines: Sequence[str]) -> list[str]:
    """The log's session lines with no author: a client's copy of the bot's boxes (`/addhtmlbox`, which
    the send queue makes of waiting lines), never read (docs/FAIRNESS.md "Which logs verify")."""
    return [line.strip() for line in lines if line[:1] in "#SF" and looks_boxed(line, BOX_FORMS)]


def verify_chat(lines: Sequence[str]) -> Iterator[ChatVerdict]:
    """Each session in the log, checked; a problem says when the log holds copied box lines it cannot use."""
    boxed = unread_box_lines(lines)
    for session in read_log(lines):
        verdict = check_session(session)
        verdict.checked += [f"{verdict.where}: {note}" for note in session.notes]
        if verdict.problem and boxed:
            verdict.problem += (
                f" (the log has {len(boxed)} session lines with no author, such as {boxed[0]!r}: a client's copy"
                " shows the bot's boxes so, and anyone who may post a box or an announcement in the room can"
                " write the same text, its [NAME] signature too; they are not read: check the room's raw log,"
                ' docs/FAIRNESS.md "Which logs verify")'
            )
        yield verdict
