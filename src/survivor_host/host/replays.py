"""`lastgame`, `replay [ID]` and `games [NAME]` (with the prefix): every finished game's and session's
record, its seeds, and its replay as a Showdown HTML page (`/sendhtmlpage`, which needs the bot's `*`
rank). All names escaped."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.engine.numbers import NumberRefused, is_digits, whole_number
from survivor_host.engine.story import e
from survivor_host.fair.stream import commitment
from survivor_host.host.ports import Outbox
from survivor_host.host.store import Store
from survivor_host.showdown.serverhtml import HTML_BUDGET, passable
from survivor_host.showdown.text import utf16_len
from survivor_host.trust.session import verify_session
from survivor_host.trust.session_page import session_steps, session_title
from survivor_host.trust.story import fairness_html, steps, title_of
from survivor_host.trust.verify import Verdict, algorithm_of, verify

REPLAY_COMMANDS = ("lastgame", "replay", "games")
LISTED = 8


PAGE_BUDGET = HTML_BUDGET - 2 * 1024
"""UTF-16 units one page's HTML may take (the command, the ids and the `here` escapes fit in the rest)."""
MAX_RECORD_ID = 999_999_999
"""The largest game or session number the bot reads."""
REQUESTED_PAGE = re.compile(r"^survivorreplay(h?)([1-9][0-9]{0,8})(?:page([1-9][0-9]{0,2}))?$")
"""A replay page's id as the server gives it back in `|requestpage|` (toID of `page_id`; `h` a session's)."""
GAME_CHECK = (
    "Check it yourself with the record: <code>survivor-host verify RECORD.json</code> or <code>survivor-host "
    "export RECORD.json --html FILE.html</code> (the page re-checks every roll in your browser)."
)
SESSION_CHECK = (
    "Check it yourself: <code>survivor-host verify SESSION.json</code>, or from a copy of the chat alone: "
    "<code>survivor-host verify --chat LOG.txt</code>."
)


def page_id(game_id: int, part: int = 1) -> str:
    """The bot page of a replay: `survivor-replay-12`, its later pages `survivor-replay-12-page2`."""
    return f"survivor-replay-{game_id}" + (f"-page{part}" if part > 1 else "")


def showdown_page(record: Mapping[str, Any], game_id: int) -> str:
    """The whole replay as one bot page (`showdown_pages` splits it to fit the server)."""
    head = _head(f"Game #{game_id}: {title_of(record)}", verify(record), GAME_CHECK, fairness_html(record))
    return passable("".join(_page(head, steps(record), "")))


def session_showdown_page(record: Mapping[str, Any]) -> str:
    """A hand-hosted session's record as one bot page, with the bot's own check."""
    head = _head(session_title(record), verify_session(record), SESSION_CHECK, fairness_html(record))
    return passable("".join(_page(head, session_steps(record), "")))


def showdown_pages(record: Mapping[str, Any], game_id: int, bot: str) -> list[str]:
    """The replay for Showdown bot pages: the story of every round, the dice, and the bot's own check
    (pages cannot run scripts; `survivor-host export` makes a page that checks in any browser).

    Each page stays under the server's socket limit: the rounds are split over as many pages as it
    takes, each linking to the one before and after it. Nothing is ever cut inside a tag.
    """
    heading = f"Game #{game_id}: {title_of(record)}"
    head = passable(_head(heading, verify(record), GAME_CHECK, fairness_html(record)))
    parts: list[list[str]] = [[]]
    room = PAGE_BUDGET - utf16_len(head) - 1024  # the page's frame and its links
    used = 0
    for step in map(passable, steps(record)):
        size = utf16_len(step)
        if parts[-1] and used + size > room:
            parts.append([])
            used = 0
        parts[-1].append(step)
        used += size
    total = len(parts)
    pages = []
    for number, part in enumerate(parts, start=1):
        top = head if number == 1 else passable(f"<h1>{e(heading)}</h1>")
        pages.append("".join(_page(top, part, _links(bot, game_id, number, total))))
    return pages


def _head(heading: str, verdict: Verdict, how: str, fairness: str) -> str:
    """A page's top: the heading (plain text), the bot's own check, how to check it and the dice (HTML)."""
    checked = "verified" if verdict.ok else f"NOT verified: {verdict.difference}"
    return f"<h1>{e(heading)}</h1><p><strong>Dice check by the bot: {e(checked)}</strong>. {how}</p>{fairness}"


def _page(head: str, sections: list[str], links: str) -> list[str]:
    return ['<div class="pad">', head, links, *sections, links, "</div>"]


def _links(bot: str, game_id: int, number: int, total: int) -> str:
    """`Page 2 of 3` with links to the pages before and after (opening one asks the bot for it)."""
    if total == 1:
        return ""

    def link(part: int, label: str) -> str:
        return f'<a href="/view-bot-{to_id(bot)}-{to_id(page_id(game_id, part))}">{label}</a>'

    before = link(number - 1, "&larr; page " + str(number - 1)) + " · " if number > 1 else ""
    after = " · " + link(number + 1, "page " + str(number + 1) + " &rarr;") if number < total else ""
    return f"<p>{before}<strong>Page {number} of {total}</strong>{after}</p>"


def resend_page(asked: str, user: str, rooms: Sequence[str], out: Outbox, store: Store) -> bool:
    """Answer `|requestpage|USER|PAGEID` (a replay page opened by a link, or reloaded): send that page
    again. False when the id is no replay page of this bot's rooms."""
    found = REQUESTED_PAGE.match(asked)
    if found is None:
        return False
    session, game_id, part = bool(found.group(1)), int(found.group(2)), int(found.group(3) or 1)
    for room in rooms:
        if session:
            record = store.closed_session(room, game_id)
            if record is None or not out.can_use_html(room) or part != 1:
                continue
            out.send_html_page(room, user, f"survivor-replay-h{game_id}", session_showdown_page(record))
            return True
        record = store.closed_game(room, game_id)
        if record is None or not out.can_use_html(room):
            continue
        pages = showdown_pages(record, game_id, out.name)
        if part <= len(pages):
            out.send_html_page(room, user, page_id(game_id, part), pages[part - 1])
            return True
    return False


def handle(word: str, rest: str, asker: str, in_room: bool, room: str, out: Outbox, store: Store, p: str = ".") -> None:
    """Run one of REPLAY_COMMANDS for `asker` (`p`: the command prefix); IllegalAction says what was wrong."""
    if word == "lastgame":
        games = store.closed_games(room, limit=1)
        sessions = store.closed_sessions(room, limit=1)
        if not games and not sessions:
            raise IllegalAction("No game has finished in this room yet.")
        if sessions and (not games or sessions[0][1] >= games[0][1]):
            text = last_session_text(sessions[0][2], p)
        else:
            game_id, _, record = games[0]
            text = last_game_text(game_id, record, p)
        if in_room:
            out.say(room, text)
        else:
            out.pm(asker, text)
    elif word == "replay":
        send_replay(rest, asker, room, out, store, p)
    else:
        out.pm(asker, games_text(store, room, rest, p))


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
    if wanted[:1].lower() == "h" and is_digits(wanted[1:]):
        session = store.closed_session(room, record_number(wanted[1:], p))
        if session is None:
            raise IllegalAction(f"No ended session {wanted} in this room.")
        if not out.can_use_html(room):
            raise IllegalAction(f"I need the room's Bot rank (*) to send replay pages; {p}lastgame gives the seeds.")
        page = f"survivor-replay-{wanted.lower()}"
        link = f"Open the replay of session {wanted.lower()} here: <<view-bot-{to_id(out.name)}-{to_id(page)}>>"
        out.send_html_page(room, asker, page, session_showdown_page(session), fallback=link)
        return
    if wanted:
        game_id = record_number(wanted, p)
        record = store.closed_game(room, game_id)
    else:
        latest = store.closed_games(room, limit=1)
        game_id, record = (latest[0][0], latest[0][2]) if latest else (0, None)
    if record is None:
        raise IllegalAction(f"No finished game #{wanted} in this room." if wanted else "No game has finished yet.")
    if not out.can_use_html(room):
        raise IllegalAction(f"I need the room's Bot rank (*) to send replay pages; {p}lastgame gives the seeds.")
    page = page_id(game_id)
    # Refused when the asker is in none of the bot's rooms; a link to the page works from anywhere.
    link = f"Open the replay of game #{game_id} here: <<view-bot-{to_id(out.name)}-{to_id(page)}>>"
    out.send_html_page(room, asker, page, showdown_pages(record, game_id, out.name)[0], fallback=link)


def record_number(text: str, p: str = ".") -> int:
    """A game's or session's number as typed (`12`); a plain refusal naming the range otherwise."""
    try:
        return whole_number(text, 1, MAX_RECORD_ID, "a game's number")
    except NumberRefused:
        raise IllegalAction(
            f"Say which game by its number (1 to {MAX_RECORD_ID}): {p}replay 12 (see {p}games)."
        ) from None


def games_text(store: Store, room: str, name: str, p: str = ".") -> str:
    """The room's recent games (those `name` played in, when given), newest first."""
    who = to_id(name)
    found = []
    for game_id, at, record in store.closed_games(room):
        if who and who not in {to_id(player) for player in record.get("players") or []}:
            continue
        day = time.strftime("%Y-%m-%d", time.gmtime(at))
        found.append(f"#{game_id} {day} {title_of(record)}, {len(record.get('players') or [])} players, "
                     f"winner {record.get('winner') or 'nobody'}")  # fmt: skip
        if len(found) == LISTED:
            break
    hosted = sessions_text(store, room, who)
    if not found:
        return f"No finished games{f' with {name.strip()}' if who else ''} in this room." + hosted
    listed = " · ".join(found)
    return f"Recent games{f' with {name.strip()}' if who else ''}: {listed}. Replay: {p}replay ID{hosted}"


def sessions_text(store: Store, room: str, who: str) -> str:
    """` Hand-hosted: h3 2026-12-01 by Mars, 24 draws · …` (those `who` hosted or played in), or nothing."""
    found = []
    for session_id, at, record in store.closed_sessions(room, limit=LISTED * 4):
        if who and who not in {to_id(n) for n in [record.get("host") or "", *(record.get("players") or [])]}:
            continue
        day = time.strftime("%Y-%m-%d", time.gmtime(at))
        found.append(f"h{session_id} {day} by {record.get('host')}, {len(record.get('draws') or [])} draws")
        if len(found) == LISTED:
            break
    return f" Hand-hosted: {' · '.join(found)}." if found else ""
