"""A player gets a finished game's or session's record from the bot, as pages whose box reads back as the
stored record, and checks it themselves with `survivor-host verify`."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from survivor_host.bot import replays
from survivor_host.bot.record_pages import record_pages
from survivor_host.bot.replay_pages import PageShelf, showdown_pages
from survivor_host.showdown.messages import PrivateMessage, UserRef
from survivor_host.showdown.serverhtml import refused_by_server
from survivor_host.showdown.text import MAX_FRAME_LENGTH, utf16_len
from survivor_host.trust.session import verify_session
from survivor_host.trust.verify import verify
from tests.host.test_bot_routing import make_bot
from tests.host.test_hand_hosting import session_host
from tests.host.test_pages import LONG_NAMES, pages_sent, store_finished
from tests.host.test_replays import ShowdownHtmlRules, pages
from tests.host.test_room import ROOM
from tests.trust.records import played_record

ODD_NAMES = ("<b>x</b>&Here", "Click Here 12", "Ünïcödé 1", "שלום 2", "Here")
BOX = re.compile(r"<pre>(.*?)</pre>", re.DOTALL)


def read_back(pages: list[str]) -> Any:
    """What a player who copies every page's box, in order, into one file holds: the JSON it parses to."""
    return json.loads("\n".join(html.unescape(box) for page in pages for box in BOX.findall(page)))


def checked_by_the_server(page: str, page_id: str) -> None:
    assert utf16_len(f"survivor|/sendhtmlpage survivorbot, {page_id}, {page}") <= MAX_FRAME_LENGTH
    assert not refused_by_server(page)
    rules = ShowdownHtmlRules()
    rules.feed(page.replace("<a ", "<span ").replace("</a>", "</span>"))  # links to the other pages are fine
    assert rules.faults == [] and rules.stack == [], (rules.faults, rules.stack)


def test_a_record_page_reads_back_as_the_stored_record_and_verifies() -> None:
    record = played_record("ftl", players=ODD_NAMES)
    (page,) = record_pages(json.dumps(record), "7", "Survivor Bot")
    checked_by_the_server(page, "survivor-record-7")
    assert read_back([page]) == record and verify(read_back([page])).ok
    assert "<b>" not in page and "Page 1 of" not in page
    assert "<code>survivor-host verify RECORD.json</code>" in page
    assert re.fullmatch(r"[\x20-\x7e\n]*", page), "every name is written in ASCII escapes"


def test_a_long_record_is_split_between_lines_over_pages_linked_in_order() -> None:
    record = played_record("cta", players=LONG_NAMES)
    shown = record_pages(json.dumps(record), "12", "Survivor Bot")
    assert len(shown) > 1
    for number, page in enumerate(shown, start=1):
        checked_by_the_server(page, f"survivor-record-12-page{number}")
        assert f"<strong>Page {number} of {len(shown)}</strong>" in page
        if number < len(shown):
            assert f'href="/view-bot-survivorbot-survivorrecord12page{number + 1}"' in page
    assert "on every page, in order" in shown[0]
    assert read_back(shown) == record


def test_the_replay_page_links_the_record() -> None:
    (page,) = showdown_pages(played_record("ftl"), 3, "Survivor Bot")
    assert 'copy <a href="/view-bot-survivorbot-survivorrecord3">its record</a> into RECORD.json' in page


@pytest.mark.parametrize("room", ["one", "two"])
def test_a_record_page_asked_for_is_sent_from_the_room_that_holds_it(tmp_path: Path, room: str) -> None:
    bot, out = make_bot(tmp_path)
    out.html_rooms = ("one", "two")
    record = played_record("ftl")
    game_id = store_finished(bot.store, room, record)

    def ask(page: str) -> None:
        sender = UserRef.parse(" Ann Lee")
        bot._handle(PrivateMessage(sender=sender, receiver=UserRef.parse("*Bot"), text=f"|requestpage|Ann Lee|{page}"))

    ask(f"survivorrecord{game_id}")
    ask(f"survivorrecord{game_id}page2")  # a one-page record: nothing
    ask(f"survivorrecord{game_id + 1}")  # no such game: nothing
    ask(f"survivorrecord{game_id}<b>")
    ((user, page_id, page),) = pages_sent(out)
    assert (user, page_id) == ("Ann Lee", f"survivor-record-{game_id}")
    assert read_back([page]) == record


def test_a_session_s_replay_links_its_record_which_verifies(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".roll 100")
    host.handle_chat(" ", "Mars", ".done")
    host.handle_chat(" ", "Io", ".replay h1")
    replay = pages(host)[-1][2]
    assert 'copy <a href="/view-bot-' in replay and '-survivorrecordh1">its record</a> into SESSION.json' in replay
    text = host.store.closed_session_text(ROOM, 1)
    assert text is not None
    (page,) = record_pages(text, "h1", "Survivor Bot")
    assert "<h1>Session h1: the record</h1>" in page and "survivor-host verify SESSION.json" in page
    assert read_back([page]) == json.loads(text) and verify_session(read_back([page])).ok


def test_a_page_asked_for_while_others_are_being_built_is_not_sent_and_raises_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, out = make_bot(tmp_path)
    out.html_rooms = ("one",)
    game_id = store_finished(bot.store, "one", played_record("ftl"))
    busy = PageShelf(building=1)
    busy.waiting["another record"] = []
    monkeypatch.setattr(replays, "SHELF", busy)

    async def ask() -> bool:  # pages are built off the event loop only while one runs
        return replays.resend_page(f"survivorrecord{game_id}", "Ann Lee", ["one"], out, bot.store)

    assert asyncio.run(ask()) is False
    assert pages_sent(out) == []
