"""Replay pages of finished games and sessions: the bot's check and the story as Showdown bot pages,
built once per record, away from the event loop, and kept (`PageShelf`)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from survivor_host.bot.record_pages import PAGE_BUDGET, Pages, page_links, record_link
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.story import e
from survivor_host.showdown.serverhtml import passable
from survivor_host.showdown.text import utf16_len
from survivor_host.trust.session import verify_session
from survivor_host.trust.session_page import session_steps, session_title
from survivor_host.trust.story import fairness_html, steps, title_of
from survivor_host.trust.verify import Verdict, verify

logger = logging.getLogger(__name__)

KEPT = 64
"""Records whose built pages are kept (the least recently asked for go first)."""
BUILDING = 4
"""Records whose pages may be waiting to be built at once; more requests are refused for a moment."""


def game_check(bot: str, game_id: int) -> str:
    """How a player checks a game themselves (HTML)."""
    return (
        f"Check it yourself: copy {record_link(bot, str(game_id))} into RECORD.json, then "
        "<code>survivor-host verify RECORD.json</code> or <code>survivor-host export RECORD.json --html "
        "FILE.html</code> (the page re-checks every roll in your browser)."
    )


def session_check(bot: str, session: int) -> str:
    """How a player checks a hand-hosted session themselves (HTML)."""
    return (
        f"Check it yourself: copy {record_link(bot, f'h{session}')} into SESSION.json, then <code>survivor-host "
        "verify SESSION.json</code>, or from a copy of the chat alone: <code>survivor-host verify --chat "
        "LOG.txt</code>."
    )


def page_id(game_id: int, part: int = 1) -> str:
    """The bot page of a replay: `survivor-replay-12`, its later pages `survivor-replay-12-page2`."""
    return f"survivor-replay-{game_id}" + (f"-page{part}" if part > 1 else "")


def showdown_page(record: Mapping[str, Any], game_id: int, bot: str) -> str:
    """The whole replay as one bot page (`showdown_pages` splits it to fit the server)."""
    how = game_check(bot, game_id)
    head = _head(f"Game #{game_id}: {title_of(record)}", verify(record), how, fairness_html(record))
    return passable("".join(_page(head, steps(record), "")))


def session_showdown_page(record: Mapping[str, Any], session: int, bot: str) -> str:
    """A hand-hosted session's record as one bot page, with the bot's own check."""
    how = session_check(bot, session)
    head = _head(session_title(record), verify_session(record), how, fairness_html(record))
    return passable("".join(_page(head, session_steps(record), "")))


def showdown_pages(record: Mapping[str, Any], game_id: int, bot: str) -> list[str]:
    """The replay for Showdown bot pages: the story of every round, the dice, and the bot's own check
    (pages cannot run scripts; `survivor-host export` makes a page that checks in any browser).

    Each page stays under the server's socket limit: the rounds are split over as many pages as it
    takes, each linking to the one before and after it. Nothing is ever cut inside a tag.
    """
    heading = f"Game #{game_id}: {title_of(record)}"
    head = passable(_head(heading, verify(record), game_check(bot, game_id), fairness_html(record)))
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
        links = page_links(bot, lambda part: page_id(game_id, part), number, total)
        pages.append("".join(_page(top, part, links)))
    return pages


def _head(heading: str, verdict: Verdict, how: str, fairness: str) -> str:
    """A page's top: the heading (plain text), the bot's own check, how to check it and the dice (HTML)."""
    checked = "verified" if verdict.ok else f"NOT verified: {verdict.difference}"
    return f"<h1>{e(heading)}</h1><p><strong>Dice check by the bot: {e(checked)}</strong>. {how}</p>{fairness}"


def _page(head: str, sections: list[str], links: str) -> list[str]:
    return ['<div class="pad">', head, links, *sections, links, "</div>"]


def game_pages(text: str, game_id: int, bot: str) -> Pages:
    """The pages of a finished game's stored record (JSON text)."""
    return showdown_pages(json.loads(text), game_id, bot)


def session_pages(text: str, session: int, bot: str) -> Pages:
    """The one page of an ended session's stored record (JSON text)."""
    return [session_showdown_page(json.loads(text), session, bot)]


class PageShelf:
    """Pages built once per record (keyed by what the record says, so a record is never shown stale),
    the building done by one worker process off the event loop (`build` must pickle: a module's
    function, or a partial of one); without a running loop (tests, the terminal) built at once."""

    def __init__(self, kept: int = KEPT, building: int = BUILDING) -> None:
        self.kept: OrderedDict[str, Pages] = OrderedDict()
        self.waiting: dict[str, list[Callable[[Pages], None]]] = {}
        self.limit, self.most = kept, building
        self._pool: ProcessPoolExecutor | None = None

    def fetch(self, key: str, build: Callable[[], Pages], then: Callable[[Pages], None]) -> None:
        """Call `then` with the pages of `key`: kept ones at once, else once `build` has made them.
        IllegalAction when too many records are being built already."""
        key = hashlib.sha256(key.encode()).hexdigest()
        pages = self.kept.get(key)
        if pages is not None:
            self.kept.move_to_end(key)
            then(pages)
            return
        if key in self.waiting:
            self.waiting[key].append(then)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._keep(key, build())
            then(self.kept[key])
            return
        if len(self.waiting) >= self.most:
            raise IllegalAction("I am building other replay pages: ask again in a few seconds.")
        self.waiting[key] = [then]
        loop.run_in_executor(self.start(), build).add_done_callback(lambda done: self._built(key, done))

    def start(self) -> ProcessPoolExecutor:
        """The worker process (started now if it is not running: `serve` starts it before it connects,
        so no request waits for it). A process of its own: the building never holds the loop's thread."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("fork"),
                initializer=leave_with,
                initargs=(os.getpid(),),
            )
            self._pool.submit(int)  # the worker is made now
        return self._pool

    def _built(self, key: str, done: asyncio.Future[Pages]) -> None:
        waiting = self.waiting.pop(key, [])
        if done.exception() is not None:
            logger.error("building replay pages failed", exc_info=done.exception())
            if isinstance(done.exception(), BrokenProcessPool):
                self._pool = None  # the worker died: the next build starts a new one
            return
        self._keep(key, done.result())
        for then in waiting:
            try:
                then(self.kept[key])
            except Exception:
                logger.exception("sending replay pages failed")

    def _keep(self, key: str, pages: Pages) -> None:
        self.kept[key] = pages
        while len(self.kept) > self.limit:
            self.kept.popitem(last=False)


def leave_with(parent: int, every: float = 0.5) -> None:
    """In the page worker: exit as soon as the bot that made it is gone. A forked worker holds both ends
    of its own call pipe, so a bot killed outright (`kill -9`) would otherwise leave it waiting forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-the-bot", daemon=True).start()


SHELF = PageShelf()
"""The bot's pages (one process, one shelf)."""
