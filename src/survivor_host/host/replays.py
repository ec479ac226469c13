"""`.lastgame`, `.replay [ID]` and `.games [NAME]`: every finished game's record, its seeds, and its
replay as a Showdown HTML page (`/sendhtmlpage`, which needs the bot's `*` rank). All names escaped."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.engine.story import e
from survivor_host.fair.stream import commitment
from survivor_host.host.ports import Outbox
from survivor_host.host.store import Store
from survivor_host.showdown.serverhtml import HTML_BUDGET, passable
from survivor_host.showdown.text import utf16_len
from survivor_host.trust.story import fairness_html, steps, title_of
from survivor_host.trust.verify import algorithm_of, verify

REPLAY_COMMANDS = ("lastgame", "replay", "games")
LISTED = 8


PAGE_BUDGET = HTML_BUDGET - 2 * 1024
"""UTF-16 units one page's HTML may take (the command, the ids and the `here` escapes fit in the rest)."""
REQUESTED_PAGE = re.compile(r"^survivorreplay(\d+)(?:page(\d+))?$")
"""A replay page's id as the server gives it back in `|requestpage|` (toID of `page_id`)."""


def page_id(game_id: int, part: int = 1) -> str:
    """The bot page of a replay: `survivor-replay-12`, its later pages `survivor-replay-12-page2`."""
    return f"survivor-replay-{game_id}" + (f"-page{part}" if part > 1 else "")


def showdown_page(record: Mapping[str, Any], game_id: int) -> str:
    """The whole replay as one bot page (`showdown_pages` splits it to fit the server)."""
    return passable("".join(_page(_head(record, game_id), steps(record), "")))


def showdown_pages(record: Mapping[str, Any], game_id: int, bot: str) -> list[str]:
    """The replay for Showdown bot pages: the story of every round, the dice, and the bot's own check
    (pages cannot run scripts; `survivor-host export` makes a page that checks in any browser).

    Each page stays under the server's socket limit: the rounds are split over as many pages as it
    takes, each linking to the one before and after it. Nothing is ever cut inside a tag.
    """
    head = passable(_head(record, game_id))
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
        top = head if number == 1 else passable(f"<h1>Game #{game_id}: {e(title_of(record))}</h1>")
        pages.append("".join(_page(top, part, _links(bot, game_id, number, total))))
    return pages


def _head(record: Mapping[str, Any], game_id: int) -> str:
    verdict = verify(record)
    checked = "verified" if verdict.ok else f"NOT verified: {verdict.difference}"
    return (
        f"<h1>Game #{game_id}: {e(title_of(record))}</h1>"
        f"<p><strong>Dice check by the bot: {e(checked)}</strong>. Check it yourself with the record: "
        "<code>survivor-host verify RECORD.json</code> or <code>survivor-host export RECORD.json --html "
        "FILE.html</code> (the page re-checks every roll in your browser).</p>"
        f"{fairness_html(record)}"
    )


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
    game_id, part = int(found.group(1)), int(found.group(2) or 1)
    for room in rooms:
        record = store.closed_game(room, game_id)
        if record is None or not out.can_use_html(room):
            continue
        pages = showdown_pages(record, game_id, out.name)
        if part <= len(pages):
            out.send_html_page(room, user, page_id(game_id, part), pages[part - 1])
            return True
    return False


def handle(word: str, rest: str, asker: str, in_room: bool, room: str, out: Outbox, store: Store) -> None:
    """Run one of REPLAY_COMMANDS for `asker`; IllegalAction says what was wrong."""
    if word == "lastgame":
        games = store.closed_games(room, limit=1)
        if not games:
            raise IllegalAction("No game has finished in this room yet.")
        game_id, _, record = games[0]
        text = last_game_text(game_id, record)
        if in_room:
            out.say(room, text)
        else:
            out.pm(asker, text)
    elif word == "replay":
        send_replay(rest, asker, room, out, store)
    else:
        out.pm(asker, games_text(store, room, rest))


def last_game_text(game_id: int, record: Mapping[str, Any]) -> str:
    winner = record.get("winner") or "nobody"
    seed = str(record.get("seed"))
    return (
        f"Last game: #{game_id}, {title_of(record)}, won by {winner}. Dice {algorithm_of(record)}: "
        f"commitment sha256 {record.get('commitment') or commitment(seed)}, "
        f"client seed {record.get('client_seed') or '(none: the old dice had none)'}, "
        f"seed {seed}. Replay: .replay {game_id}"
    )


def send_replay(rest: str, asker: str, room: str, out: Outbox, store: Store) -> None:
    wanted = rest.strip().lstrip("#")
    if wanted and not wanted.isdigit():
        raise IllegalAction("Say which game by its number: .replay 12 (see .games).")
    if wanted:
        game_id, record = int(wanted), store.closed_game(room, int(wanted))
    else:
        latest = store.closed_games(room, limit=1)
        game_id, record = (latest[0][0], latest[0][2]) if latest else (0, None)
    if record is None:
        raise IllegalAction(f"No finished game #{wanted} in this room." if wanted else "No game has finished yet.")
    if not out.can_use_html(room):
        raise IllegalAction("I need the room's Bot rank (*) to send replay pages; .lastgame gives the seeds.")
    page = page_id(game_id)
    # Refused when the asker is in none of the bot's rooms; a link to the page works from anywhere.
    link = f"Open the replay of game #{game_id} here: <<view-bot-{to_id(out.name)}-{to_id(page)}>>"
    out.send_html_page(room, asker, page, showdown_pages(record, game_id, out.name)[0], fallback=link)


def games_text(store: Store, room: str, name: str) -> str:
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
    return f"Recent games{f' with {name.strip()}' if who else ''}: " + " · ".join(found) + ". Replay: .replay ID"
