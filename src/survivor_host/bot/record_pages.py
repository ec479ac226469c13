"""A finished game's or session's record as bot pages, for a player to copy into a file and check with
`survivor-host verify`: the stored JSON, one field a line, over as many pages as the server takes."""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape

from survivor_host.engine.ids import to_id
from survivor_host.showdown.serverhtml import HTML_BUDGET, passable

Pages = list[str]
PAGE_BUDGET = HTML_BUDGET - 2 * 1024
"""UTF-16 units one page's HTML may take (the command, the ids and the `here` escapes fit in the rest)."""
FRAME = 2 * 1024
"""What a record page's heading, how-to and links may take beside its lines."""


def record_page_id(record: str, part: int = 1) -> str:
    """The bot page of a record (`record`: a game's number, `12`, or a session's, `h3`):
    `survivor-record-12`, its later pages `survivor-record-12-page2`."""
    return f"survivor-record-{record}" + (f"-page{part}" if part > 1 else "")


def record_link(bot: str, record: str) -> str:
    """A link that opens the record's first page (opening it asks the bot for it)."""
    return f'<a href="/view-bot-{to_id(bot)}-{to_id(record_page_id(record))}">its record</a>'


def page_links(bot: str, page_of: Callable[[int], str], number: int, total: int) -> str:
    """`Page 2 of 3` with links to the pages before and after (`page_of`: a part's page id)."""
    if total == 1:
        return ""

    def link(part: int, label: str) -> str:
        return f'<a href="/view-bot-{to_id(bot)}-{to_id(page_of(part))}">{label}</a>'

    before = link(number - 1, "&larr; page " + str(number - 1)) + " · " if number > 1 else ""
    after = " · " + link(number + 1, "page " + str(number + 1) + " &rarr;") if number < total else ""
    return f"<p>{before}<strong>Page {number} of {total}</strong>{after}</p>"


def record_lines(text: str) -> list[str]:
    """The stored record as the pages show it: JSON in ASCII (a name's every character written as an
    escape that reads back the same), one field or value a line."""
    return json.dumps(json.loads(text), indent=1, ensure_ascii=True).splitlines()


def record_pages(text: str, record: str, bot: str) -> Pages:
    """The pages of a stored record (JSON text; `record`: `12` or `h3`): what to do with it, and its lines
    in one box a page, never split inside a line."""
    parts: list[list[str]] = [[]]
    used = 0
    for line in (passable(escape(line, quote=False)) for line in record_lines(text)):  # ASCII: its UTF-16 length
        if parts[-1] and used + len(line) + 1 > PAGE_BUDGET - FRAME:
            parts.append([])
            used = 0
        parts[-1].append(line)
        used += len(line) + 1
    total = len(parts)
    session = record.startswith("h")
    title = f"Session {record}" if session else f"Game #{record}"
    file = "SESSION.json" if session else "RECORD.json"
    every = " on every page, in order, one after another," if total > 1 else ""
    how = (
        f"<p>Copy everything in the box below{every} into one file, {file}, and check it yourself: "
        f"<code>survivor-host verify {file}</code> replays every draw from the seed and every choice "
        "through the rules.</p>"
    )
    pages = []
    for number, lines in enumerate(parts, start=1):
        links = page_links(bot, lambda part: record_page_id(record, part), number, total)
        box = "<pre>" + "\n".join(lines) + "</pre>"
        head = f"<h1>{title}: the record</h1>" + (how if number == 1 else "")
        pages.append(passable(f'<div class="pad">{head}{links}{box}{links}</div>'))
    return pages
