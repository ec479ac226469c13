"""Issue 20 findings 2-5 in the host: the page protocol (a page asked for again is sent again; the
server's other PMs get no answer; `/botmsg` carries a command), replay pages under the server's size,
a round table with a player named `Here` that the server takes (or its lines instead), a locked bot's
games paused."""

from __future__ import annotations

import html
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from survivor_host.bot.bot import Bot
from survivor_host.bot.config import BotConfig, load_config
from survivor_host.bot.replay_pages import page_id, showdown_pages
from survivor_host.engine.events import RoundTable, Say
from survivor_host.showdown.messages import PrivateMessage, UserRef
from survivor_host.showdown.serverhtml import refused_by_server
from survivor_host.showdown.standing import Locked
from survivor_host.showdown.text import MAX_FRAME_LENGTH, utf16_len
from survivor_host.store.db import Store
from survivor_host.words.html import round_table_box
from survivor_host.words.lines import tabled_lines
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_bot_routing import make_bot, sign_up
from tests.host.test_config import GOOD
from tests.host.test_replays import ShowdownHtmlRules
from tests.host.test_room import make_host, open_game, outbox
from tests.trust.records import played_record

LONG_NAMES = tuple(f"Player Number {i:04d}" for i in range(27)) + ("Here", "Click Here 1234567", "<b>x</b>&Here!1234")
"""30 players (the default `max_players`) with 18-character names, three that are HTML or `here`."""


@pytest.fixture(scope="module")
def big_cta() -> dict[str, Any]:
    return played_record("cta", players=LONG_NAMES)


def store_finished(store: Store, room: str, record: dict[str, Any]) -> int:
    game_id = store.begin_game(
        room, record["theme"], record.get("mods") or [], {}, record["players"], record["seed"], 1.0,
        dice=record["dice"], client_seed=record.get("client_seed"),
    )  # fmt: skip
    store.finish_game(game_id, record, 2.0)
    return game_id


def pages_sent(out: FakeOutbox) -> list[tuple[str, str, str]]:
    return [tuple(text.split("|", 2)) for kind, _, text in out.sent if kind == "htmlpage"]  # type: ignore[misc]


def test_a_full_chase_the_ace_replay_is_split_into_pages_the_server_takes(big_cta: dict[str, Any]) -> None:
    whole = showdown_pages(big_cta, 12, "Survivor Bot")
    assert len(whole) > 1  # one page would be over 100 KB: the finding
    assert utf16_len("".join(whole)) > MAX_FRAME_LENGTH
    for number, page in enumerate(whole, start=1):
        line = f"survivor|/sendhtmlpage survivorbot, {page_id(12, number)}, {page}"
        assert utf16_len(line) <= MAX_FRAME_LENGTH
        assert not refused_by_server(page)
        rules = ShowdownHtmlRules()
        rules.feed(page.replace("<a ", "<span ").replace("</a>", "</span>"))  # links to the next page are fine
        assert rules.faults == [] and rules.stack == [], (number, rules.faults, rules.stack)
        assert f"<strong>Page {number} of {len(whole)}</strong>" in page
        if number < len(whole):
            assert f'href="/view-bot-survivorbot-survivorreplay12page{number + 1}"' in page
    shown = html.unescape("".join(whole))
    for name in LONG_NAMES:
        assert f"<li>{name}</li>" in shown  # every player, escaped, across the pages
    assert "<b>x</b>" not in "".join(whole)


def test_a_small_replay_is_one_page_with_no_links() -> None:
    pages = showdown_pages(played_record("ftl"), 3, "Survivor Bot")
    assert len(pages) == 1 and "Page 1 of" not in pages[0]
    assert re.findall(r"view-bot-[a-z0-9-]+", pages[0]) == ["view-bot-survivorbot-survivorrecord3"]  # the record


def test_a_page_asked_for_again_is_sent_again_and_later_pages_by_their_id(
    tmp_path: Path, big_cta: dict[str, Any]
) -> None:
    bot, out = make_bot(tmp_path)
    out.html_rooms = ("one", "two")
    game_id = store_finished(bot.store, "two", big_cta)
    pages = showdown_pages(big_cta, game_id, out.name)

    def pm(text: str) -> None:
        bot._handle(PrivateMessage(sender=UserRef.parse(" Ann Lee"), receiver=UserRef.parse("*Bot"), text=text))

    pm(f"|requestpage|Ann Lee|survivorreplay{game_id}")
    pm(f"|requestpage|Ann Lee|survivorreplay{game_id}page2")
    pm(f"|requestpage|Ann Lee|survivorreplay{game_id}page99")  # no such page: nothing
    pm("|requestpage|Ann Lee|someotherbotspage")
    pm(f"|requestpage|Ann Lee|survivorreplay{game_id}<script>")  # hostile ids: no page, no answer
    pm(f"|requestpage|<b>Ann</b>|survivorreplay{game_id}page2|x")
    pm(f"|closepage|Ann Lee|survivorreplay{game_id}")
    assert pages_sent(out) == [
        ("Ann Lee", f"survivor-replay-{game_id}", pages[0]),
        ("Ann Lee", f"survivor-replay-{game_id}-page2", pages[1]),
    ]
    assert [kind for kind, _, _ in out.sent] == ["htmlpage", "htmlpage"]  # and no PM, to anyone


def test_protocol_pms_get_no_answer_and_botmsg_carries_its_command(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path)
    protocol = ("|closepage|Ann|survivorreplay1", "|requestpage|Ann|nothing", "/invite one", "/challenge gen9ou",
                "/raw <b>hi</b>", "/botmsg /botmsg pl", "/botmsg |requestpage|a|b")  # fmt: skip
    for text in protocol:
        bot._from_user("Ann", text)
    assert out.sent == []
    bot._from_user("Ann", "/botmsg florp")
    assert out.pms_to("Ann") and "florp" in out.pms_to("Ann")[-1]  # the command it carried, answered
    out.clear()
    sign_up(bot, "one", ".host ftl", ["Max", "Ann", "Ben", "Cat"], leader="Ann")
    game = bot.rooms["one"].game
    assert game is not None
    out.clear()
    bot._from_user("Max", "/botmsg follow")
    assert out.pms_to("Max") == ["[one] You chose to **follow** this round."]


def test_a_round_table_with_a_player_named_here_passes_and_keeps_its_lines_to_fall_back_on() -> None:
    rows = (("Here", "3"), ("here1", "5"), ("Here!", "1"))
    table = RoundTable(title="Round 1", columns=("Player", "Roll"), rows=rows)
    events = [Say("Here rolls 3", pack=True, tabled=True), Say("here1 rolls 5", pack=True, tabled=True), table,
              Say("Here! rolls 1", pack=True, tabled=True), Say("Nobody is out.")]  # fmt: skip
    box = round_table_box(table)
    assert not refused_by_server(box)
    assert re.search(r">here.?<", html.unescape(box), re.I)  # it reads as the names
    assert tabled_lines(events) == {id(table): ["Here rolls 3 · here1 rolls 5 · Here! rolls 1"]}


def test_the_room_gets_the_lines_of_a_round_table_the_server_refused(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="pick")
    open_game(host, "ftl", ["Here", "here1", "Here!", "Mars"])
    game = host.game
    assert game is not None
    for wait in game.awaiting():
        host.handle_pm(wait.player, "follow")
    boxes = [text for kind, _, text in outbox(host).sent if kind == "htmlbox"]
    assert boxes and all(not refused_by_server(box) for box in boxes)
    fallback = outbox(host).fallbacks[boxes[-1]]
    assert fallback and any("Here" in line for line in fallback)  # said instead if the server refuses it


def test_a_locked_bot_pauses_its_games(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path)
    sign_up(bot, "one", ".host ftl", ["Max", "Ann", "Ben", "Cat"], leader="Ann")
    game = bot.rooms["one"].game
    assert game is not None and game.awaiting()
    bot._handle(Locked(reason="locked"))
    bot.clock.advance(10_000)  # type: ignore[attr-defined]
    assert all(seat.alive for seat in game.seats)  # no deadline ran out while the bot could not talk
    assert not any("eliminated" in line.lower() or "modkill" in line.lower() for line in out.room_lines())


def test_a_groupchat_in_the_config_keeps_its_id(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text(GOOD.replace("{database}", str(tmp_path / "bot.db")).replace(
        'rooms = ["survivor"]', 'rooms = ["Survivor", "groupchat-Ann-Games"]'
    ))  # fmt: skip
    assert load_config(path, environ={"SURVIVOR_HOST_PASSWORD": "x"}).rooms == ("survivor", "groupchat-ann-games")


def test_a_quiet_join_button_in_a_groupchat_reaches_that_rooms_signups(tmp_path: Path) -> None:
    room = "groupchat-ann-games"
    config = BotConfig(server_url="ws://127.0.0.1:1/showdown/websocket", login_url="http://127.0.0.1:1/api/login",
                       username="Bot", password=None, rooms=("one", room), defaults={"leader": "pick"})  # fmt: skip
    out = FakeOutbox(html_rooms=("one", room), closed_rooms=(room,))
    bot = Bot(config, out, Store(tmp_path / "bot.db"), clock=FakeClock())  # type: ignore[arg-type]
    bot.rooms["one"].handle_chat("~", "Host", "$host ftl")
    bot.rooms[room].handle_chat("~", "Host", "$host ftl")
    box = [text for kind, where, text in out.sent if kind == "uhtml" and where == room][-1]
    values = [html.unescape(v) for v in re.findall(r'value="([^"]*)"', box)]
    quiet = f"/msgroom {room}, /botmsg {out.name}, {room}"
    assert values == [f"{quiet} in", f"{quiet} out"]
    bot._from_user("Ann", f"/botmsg {room} in")  # what the click sends, as the bot gets it
    signups = bot.rooms[room].signups
    assert signups is not None and signups.players == ["Ann"]
    assert bot.rooms["one"].signups is not None and bot.rooms["one"].signups.players == []


def test_the_page_worker_leaves_when_the_bot_is_killed_outright() -> None:
    """A bot killed with SIGKILL leaves no page worker behind (its fork would wait on its own pipe forever)."""
    bot = (
        "import os, signal\n"
        "from survivor_host.bot.replay_pages import PageShelf\n"
        "print(PageShelf().start().submit(os.getpid).result(), flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    done = subprocess.run([sys.executable, "-c", bot], capture_output=True, text=True, timeout=60)
    assert done.returncode == -signal.SIGKILL, done.stderr
    worker = int(done.stdout)

    def running() -> bool:
        try:
            state = Path(f"/proc/{worker}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return False
        return state != "Z"

    deadline = time.monotonic() + 10
    while running() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not running(), f"page worker {worker} outlived the bot"
