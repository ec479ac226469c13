"""`.lastgame`, `.replay [ID]` and `.games [NAME]`: every finished game's record, its seeds, and its
replay as a Showdown HTML page (`/sendhtmlpage`, which needs the bot's `*` rank). All names escaped."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from typing import Any

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.host.ports import Outbox
from survivor_host.host.store import Store
from survivor_host.trust.session import verify_session
from survivor_host.trust.session_page import session_steps, session_title
from survivor_host.trust.story import e, fairness_html, steps, title_of
from survivor_host.trust.stream import commitment
from survivor_host.trust.verify import Verdict, algorithm_of, verify

REPLAY_COMMANDS = ("lastgame", "replay", "games")
LISTED = 8


def page_id(game_id: int) -> str:
    return f"survivor-replay-{game_id}"


def showdown_page(record: Mapping[str, Any], game_id: int) -> str:
    """The replay for a Showdown bot page: the story of every round, the dice, and the bot's own check
    (pages cannot run scripts; `survivor-host export` makes a page that checks in any browser)."""
    how = (
        "Check it yourself with the record: <code>survivor-host verify RECORD.json</code> or <code>survivor-host "
        "export RECORD.json --html FILE.html</code> (the page re-checks every roll in your browser)."
    )
    story = fairness_html(record) + "".join(steps(record))
    return bot_page(f"Game #{game_id}: {title_of(record)}", verify(record), how, story)


def bot_page(heading: str, verdict: Verdict, how: str, story: str) -> str:
    """A bot page: the heading (plain text), the bot's own check, how to check it (HTML), the story (HTML)."""
    checked = "verified" if verdict.ok else f"NOT verified: {verdict.difference}"
    body = (
        f'<div class="pad"><h1>{e(heading)}</h1>'
        f"<p><strong>Dice check by the bot: {e(checked)}</strong>. {how}</p>{story}</div>"
    )
    # Showdown refuses pages with "click here" or a link text "here" (a player may be called that).
    return re.sub(r"(>|click )(here)", lambda m: f"{m.group(1)}&#104;ere", body, flags=re.I)


def handle(
    word: str, rest: str, asker: str, in_room: bool, room: str, out: Outbox, store: Store, p: str = "."
) -> None:
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


def last_game_text(game_id: int, record: Mapping[str, Any], p: str = ".") -> str:
    winner = record.get("winner") or "nobody"
    seed = str(record.get("seed"))
    return (
        f"Last game: #{game_id}, {title_of(record)}, won by {winner}. Dice {algorithm_of(record)}: "
        f"commitment sha256 {record.get('commitment') or commitment(seed)}, "
        f"client seed {record.get('client_seed') or '(none: the old dice had none)'}, "
        f"seed {seed}. Replay: {p}replay {game_id}"
    )


def last_session_text(record: Mapping[str, Any], p: str = ".") -> str:
    """The newest hand-hosted session's seeds (docs/FAIRNESS.md "Hosting sessions")."""
    return (
        f"Last session: h{record.get('id')}, hosted by {record.get('host')}, {len(record.get('draws') or [])} draws. "
        f"Dice {record.get('dice')}: commitment sha256 {record.get('commitment')}, client seed "
        f"{record.get('client_seed') or '(signups were never closed)'}, seed {record.get('seed')}. "
        f"Replay: {p}replay h{record.get('id')}"
    )


def session_showdown_page(record: Mapping[str, Any]) -> str:
    """A session's record as a Showdown bot page, with the bot's own check."""
    how = (
        "Check it yourself: <code>survivor-host verify SESSION.json</code>, or from a copy of the chat alone: "
        "<code>survivor-host verify --chat LOG.txt</code>."
    )
    story = fairness_html(record) + "".join(session_steps(record))
    return bot_page(session_title(record), verify_session(record), how, story)


def send_replay(rest: str, asker: str, room: str, out: Outbox, store: Store, p: str = ".") -> None:
    wanted = rest.strip().lstrip("#")
    if wanted[:1].lower() == "h" and wanted[1:].isdigit():
        session = store.closed_session(room, int(wanted[1:]))
        if session is None:
            raise IllegalAction(f"No ended session {wanted} in this room.")
        if not out.can_use_html(room):
            raise IllegalAction(f"I need the room's Bot rank (*) to send replay pages; {p}lastgame gives the seeds.")
        out.send_html_page(room, asker, f"survivor-replay-{wanted.lower()}", session_showdown_page(session))
        return
    if wanted and not wanted.isdigit():
        raise IllegalAction(f"Say which game by its number: {p}replay 12 (see {p}games).")
    if wanted:
        game_id, record = int(wanted), store.closed_game(room, int(wanted))
    else:
        latest = store.closed_games(room, limit=1)
        game_id, record = (latest[0][0], latest[0][2]) if latest else (0, None)
    if record is None:
        raise IllegalAction(f"No finished game #{wanted} in this room." if wanted else "No game has finished yet.")
    if not out.can_use_html(room):
        raise IllegalAction(f"I need the room's Bot rank (*) to send replay pages; {p}lastgame gives the seeds.")
    out.send_html_page(room, asker, page_id(game_id), showdown_page(record, game_id))


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
