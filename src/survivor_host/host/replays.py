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
from survivor_host.trust.story import e, fairness_html, steps, title_of
from survivor_host.trust.stream import commitment
from survivor_host.trust.verify import algorithm_of, verify

REPLAY_COMMANDS = ("lastgame", "replay", "games")
LISTED = 8


def page_id(game_id: int) -> str:
    return f"survivor-replay-{game_id}"


def showdown_page(record: Mapping[str, Any], game_id: int) -> str:
    """The replay for a Showdown bot page: the story of every round, the dice, and the bot's own check
    (pages cannot run scripts; `survivor-host export` makes a page that checks in any browser)."""
    verdict = verify(record)
    checked = "verified" if verdict.ok else f"NOT verified: {verdict.difference}"
    body = (
        f'<div class="pad"><h1>Game #{game_id}: {e(title_of(record))}</h1>'
        f"<p><strong>Dice check by the bot: {e(checked)}</strong>. Check it yourself with the record: "
        "<code>survivor-host verify RECORD.json</code> or <code>survivor-host export RECORD.json --html "
        "FILE.html</code> (the page re-checks every roll in your browser).</p>"
        f"{fairness_html(record)}{''.join(steps(record))}</div>"
    )
    # Showdown refuses pages with "click here" or a link text "here" (a player may be called that).
    return re.sub(r"(>|click )(here)", lambda m: f"{m.group(1)}&#104;ere", body, flags=re.I)


def handle(
    word: str, rest: str, asker: str, in_room: bool, room: str, out: Outbox, store: Store, p: str = "."
) -> None:
    """Run one of REPLAY_COMMANDS for `asker` (`p`: the command prefix); IllegalAction says what was wrong."""
    if word == "lastgame":
        games = store.closed_games(room, limit=1)
        if not games:
            raise IllegalAction("No game has finished in this room yet.")
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


def send_replay(rest: str, asker: str, room: str, out: Outbox, store: Store, p: str = ".") -> None:
    wanted = rest.strip().lstrip("#")
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
    if not found:
        return f"No finished games{f' with {name.strip()}' if who else ''} in this room."
    return f"Recent games{f' with {name.strip()}' if who else ''}: " + " · ".join(found) + f". Replay: {p}replay ID"
