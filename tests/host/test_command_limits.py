"""Commands the server takes however long the names in them: a `/modnote` cut to the server's reason
limit, and the hand-host's list page sent as a PM list when the page is too big for one socket message."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.handhost.page import list_page
from survivor_host.bot.room import RoomHost
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.serverhtml import HTML_BUDGET
from survivor_host.showdown.text import MAX_REASON_LENGTH, fit_command, utf16_len
from tests.host.test_room import ROOM, make_host, outbox

NAMES = [f"Player{index:03d}-longnam!" for index in range(200)]


def sent(bot: ShowdownClient) -> list[str]:
    return [line for frames in bot.queue._lanes for frame in frames for line in frame.lines]


def test_a_modnote_naming_many_players_is_cut_to_the_servers_limit() -> None:
    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "Bot"))
    note = "HOST: Bot's game of 200 players, played by " + ", ".join(NAMES) + "."
    bot.send_command(ROOM, "/modnote " + note)
    (line,) = sent(bot)
    text = line.removeprefix("/modnote ")
    assert line.startswith("/modnote HOST: Bot's game of 200 players")
    assert utf16_len(text) <= MAX_REASON_LENGTH and text.endswith("…")
    assert note.startswith(text[:-1])


def test_a_short_modnote_and_other_commands_go_as_they_are() -> None:
    assert fit_command("/modnote HOST: Bot hosted Chase the Ace.") == "/modnote HOST: Bot hosted Chase the Ace."
    assert fit_command("/wall " + "x" * 700) == "/wall " + "x" * 700
    emoji = "/modnote " + "\U0001f525" * 300  # two UTF-16 units each: 600 in all
    assert fit_command(emoji) == emoji and fit_command(emoji + "!") != emoji + "!"


def hand_session(tmp_path: Path, players: list[str]) -> RoomHost:
    host = make_host(tmp_path, html=True)
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    for name in players:
        host.handle_chat(" ", name, "/me in")
    outbox(host).sent.clear()
    return host


def test_a_list_page_too_big_for_the_server_goes_to_the_host_as_a_pm_list(tmp_path: Path) -> None:
    host = hand_session(tmp_path, NAMES)
    session = host.hand.session
    assert session is not None
    assert utf16_len(list_page(session, outbox(host).buttons(ROOM), ROOM)) > HTML_BUDGET
    host.handle_pm("Mars", "list")
    assert not [text for kind, _, text in outbox(host).sent if kind == "htmlpage"]
    (listed,) = outbox(host).pms_to("Mars")
    assert listed.startswith("Mars's list (200 in): Player000-longnam!") and NAMES[-1] in listed


def test_a_list_page_that_fits_is_sent_with_the_pm_list_as_its_fallback(tmp_path: Path) -> None:
    host = hand_session(tmp_path, NAMES[:30])
    host.handle_pm("Mars", "list")
    (page,) = [text.split("|", 2)[2] for kind, _, text in outbox(host).sent if kind == "htmlpage"]
    assert "Player029-longnam!" in page and not outbox(host).pms_to("Mars")
    assert outbox(host).fallbacks[page] == ["Mars's list (30 in): " + ", ".join(NAMES[:30])]
