"""`lastgame`, `replay [ID]` and `games [NAME]` (with the prefix): every finished game's and session's
record, its seeds, and its replay as a Showdown HTML page (`/sendhtmlpage`, which needs the bot's `*`
rank). All names escaped."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from survivor_host.bot.ports import Outbox
from survivor_host.bot.record_pages import Pages, record_page_id, record_pages
from survivor_host.bot.replay_pages import SHELF, game_pages, page_id, session_pages
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.engine.numbers import NumberRefused, is_digits, whole_number
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.fair.stream import commitment
from survivor_host.showdown.text import clip
from survivor_host.store.db import Store
from survivor_host.trust.record_shape import algorithm_of
from survivor_host.trust.story import title_of

REPLAY_COMMANDS = ("lastgame", "replay", "games")
LISTED = 8
MAX_RECORD_ID = 999_999_999
"""The largest game or session number the bot reads."""
REQUESTED_PAGE = re.compile(r"^survivor(replay|record)(h?)([1-9][0-9]{0,8})(?:page([1-9][0-9]{0,2}))?$")
"""A replay or record page's id as the server gives it back in `|requestpage|` (toID of `page_id` or
`record_page_id`; `h` a session's)."""


def resend_page(asked: str, user: str, rooms: Sequence[str], out: Outbox, store: Store) -> bool:
    """Answer `|requestpage|USER|PAGEID` (a replay or record page opened by a link, or reloaded): send
    that page. False when the id is no page of this bot's rooms."""
    found = REQUESTED_PAGE.match(asked)
    if found is None:
        return False
    kind, session, number, part = found.group(1), bool(found.group(2)), int(found.group(3)), int(found.group(4) or 1)
    record = f"h{number}" if session else str(number)
    for room in rooms:
        text = store.closed_session_text(room, number) if session else store.closed_game_text(room, number)
        if text is None or not out.can_use_html(room):
            continue
        if kind == "record":
            page = record_page_id(record, part)
            pages: tuple[str, Callable[[], Pages]] = (
                f"record|{record}|{out.name}|{text}",
                partial(record_pages, text, record, out.name),
            )
        elif not session or part == 1:
            page = f"survivor-replay-h{number}" if session else page_id(number, part)
            pages = _pages_of(session, number, text, out.name)
        else:
            return False
        try:
            _send_page(out, room, user, page, part, pages, "game")
        except IllegalAction:  # other pages are being built: nothing is sent, and a reload asks again
            return False
        return True
    return False


def _pages_of(session: bool, number: int, text: str, bot: str) -> tuple[str, Callable[[], Pages]]:
    """The shelf's key of a record's pages (what they show depends on), and how to build them."""
    if session:
        return f"h{number}|{bot}|{text}", partial(session_pages, text, number, bot)
    return f"{number}|{bot}|{text}", partial(game_pages, text, number, bot)


def _send_page(
    out: Outbox,
    room: str,
    user: str,
    page: str,
    part: int,
    pages: tuple[str, Callable[[], Pages]],
    lane: str,
    fallback: str = "",
) -> None:
    """Page `part` of a record to `user`, built once (off the event loop) and then kept; it goes in the
    lane of what asked for it (`replay`: "info"; a page opened by link: "game", so a reload is sent
    again at once)."""

    def send(built: Pages) -> None:
        if part <= len(built):
            with out.lane(lane, user):
                out.send_html_page(room, user, page, built[part - 1], fallback=fallback)

    SHELF.fetch(*pages, send)


def handle(word: str, rest: str, asker: str, in_room: bool, room: str, out: Outbox, store: Store, p: str = ".") -> None:
    """Run one of REPLAY_COMMANDS for `asker` (`p`: the command prefix); IllegalAction says what was wrong."""
    if word == "lastgame":
        latest = latest_record(store, room)
        if latest is None:
            raise IllegalAction(f"No game has finished in {room} yet.")
        session, number, _ = latest
        if session:
            text = last_session_text(store.closed_session(room, number) or {}, p)
        else:
            text = last_game_text(number, store.closed_game(room, number) or {}, p)
        if in_room:
            out.say(room, text)
        else:  # a PM names the room it is about, as a game's PMs do
            out.pm(asker, f"[{room}] {text}")
    elif word == "replay":
        send_replay(rest, asker, room, out, store, p)
    else:
        out.pm(asker, games_text(store, room, rest, p))


def latest_record(store: Store, room: str) -> tuple[bool, int, float] | None:
    """The room's game or session that ended last: (a session?, its number, when it ended)."""
    game, session = store.last_closed_game(room), store.last_closed_session(room)
    if session and (not game or session[1] >= game[1]):
        return True, session[0], session[1]
    return (False, game[0], game[1]) if game else None


def asked_record(rest: str) -> bool:
    """True when `replay REST` names a record (anything but nothing is read as one)."""
    return bool(rest.strip().lstrip("#"))


def last_played(store: Store, room: str, userid: str) -> float | None:
    """When the room's newest game or session that `userid` played in (or hosted) ended; None for none."""
    ended = [game.finished_at for game in store.game_summaries(room, userid, limit=1)]
    ended += [session.finished_at for session in store.session_summaries(room, userid, limit=1)]
    return max(ended, default=None)


def record_rooms(rest: str, rooms: Sequence[str], store: Store) -> list[str] | None:
    """The rooms holding the record `replay REST` names (games and sessions are numbered across all
    rooms, so one at most); None when REST is no number (the room's refusal says why)."""
    wanted = rest.strip().lstrip("#")
    session = wanted[:1].lower() == "h"
    digits = wanted[1:] if session else wanted
    if not is_digits(digits) or not 1 <= int(digits) <= MAX_RECORD_ID:
        return None
    find = store.closed_session_text if session else store.closed_game_text
    return [room for room in rooms if find(room, int(digits)) is not None]


def nowhere(rest: str, rooms: Sequence[str]) -> str:
    """Said when no room holds the record `replay REST` asks for."""
    wanted = rest.strip().lstrip("#")
    what = f"session {wanted}" if wanted[:1].lower() == "h" else f"game #{wanted}"
    return f"No finished {what} in {', '.join(rooms)}." if wanted else "No game or session has finished yet."


def last_session_text(record: Mapping[str, Any], p: str = ".") -> str:
    """The newest hand-hosted session's seeds (docs/FAIRNESS.md "Hosting sessions")."""
    return (
        f"Last session: h{record.get('id')}, hosted by {record.get('host')}, {len(record.get('draws') or [])} draws. "
        f"Dice {record.get('dice')}: commitment sha256 {record.get('commitment')}, client seed "
        f"{record.get('client_seed') or '(signups were never closed)'}, seed {record.get('seed')}. "
        f"Replay: {p}replay h{record.get('id')}"
    )


def last_game_text(game_id: int, record: Mapping[str, Any], p: str = ".") -> str:
    winner = record.get("winner") or "nobody"
    seed = str(record.get("seed"))
    return (
        f"Last game: #{game_id}, {title_of(record)}, won by {winner}. Dice {algorithm_of(record)}: "
        f"commitment sha256 {record.get('commitment') or commitment(seed)}, "
        f"client seed {record.get('client_seed') or '(none: the old dice had none)'}, "
        f"seed {seed}. Replay: {p}replay {game_id}"
    )


def send_replay(rest: str, asker: str, room: str, out: Outbox, store: Store, p: str = ".") -> None:
    wanted = rest.strip().lstrip("#")
    latest = None if wanted else latest_record(store, room)
    if latest is not None:  # no number: the game or session that ended last
        wanted = f"h{latest[1]}" if latest[0] else str(latest[1])
    session = wanted[:1].lower() == "h" and is_digits(wanted[1:])
    if session:
        number = record_number(wanted[1:], p)
        text = store.closed_session_text(room, number)
        if text is None:
            raise IllegalAction(f"No ended session h{number} in {room}.")
    else:
        if not wanted:
            raise IllegalAction(f"No game or session has finished in {room} yet.")
        number = record_number(wanted, p)
        text = store.closed_game_text(room, number)
        if text is None:
            raise IllegalAction(f"No finished game #{number} in {room}.")
    if not out.can_use_html(room):
        raise IllegalAction(f"I need the room's Bot rank (*) to send replay pages; {p}lastgame gives the seeds.")
    page = f"survivor-replay-h{number}" if session else page_id(number)
    what = f"session h{number}" if session else f"game #{number}"
    # Refused when the asker is in none of the bot's rooms; a link to the page works from anywhere.
    link = f"Open the replay of {what} here: <<view-bot-{to_id(out.name)}-{to_id(page)}>>"
    _send_page(out, room, asker, page, 1, _pages_of(session, number, text, out.name), "info", link)


def record_number(text: str, p: str = ".") -> int:
    """A game's or session's number as typed (`12`); a plain refusal naming the range otherwise."""
    try:
        return whole_number(text, 1, MAX_RECORD_ID, "a game's number")
    except NumberRefused:
        raise IllegalAction(
            f"Say which game by its number (1 to {MAX_RECORD_ID}): {p}replay 12 (see {p}games)."
        ) from None


def games_text(store: Store, room: str, name: str, p: str = ".") -> str:
    """The room's recent games (those `name` played in, when given), newest first: read from the
    summaries kept beside the records, never from the records."""
    who, shown = to_id(name), clip(name.strip(), MAX_NAME_LENGTH + 1)  # no name is longer: longer text is cut
    found = []
    for game in store.game_summaries(room, who, limit=LISTED):
        day = time.strftime("%Y-%m-%d", time.gmtime(game.finished_at))
        title = title_of({"theme": game.theme, "mods": game.mods})
        found.append(f"#{game.id} {day} {title}, {game.players} players, winner {game.winner or 'nobody'}")
    hosted = sessions_text(store, room, who)
    if not found:
        return f"No finished games{f' with {shown}' if who else ''} in {room}." + hosted
    listed = " · ".join(found)
    return f"Recent games in {room}{f' with {shown}' if who else ''}: {listed}. Replay: {p}replay ID{hosted}"


def sessions_text(store: Store, room: str, who: str) -> str:
    """` Hand-hosted: h3 2026-12-01 by Mars, 24 draws · …` (those `who` hosted or played in), or nothing."""
    found = []
    for session in store.session_summaries(room, who, limit=LISTED):
        day = time.strftime("%Y-%m-%d", time.gmtime(session.finished_at))
        found.append(f"h{session.id} {day} by {session.host}, {session.draws} draws")
    return f" Hand-hosted: {' · '.join(found)}." if found else ""
