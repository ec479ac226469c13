"""`.lastgame`, `.replay [ID]`, `.games [NAME]` (issue 10 item 4): records kept, pages escaped."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

from survivor_host.bot.bot import Bot
from survivor_host.bot.replay_pages import showdown_page
from survivor_host.bot.room import RoomHost
from survivor_host.fair.stream import commitment
from tests.host.fakes import FakeOutbox
from tests.host.test_room import make_host, outbox, play_out

SEED = "c" * 64
HOSTILE = ["<b>Bold</b>", "Click Here", "here", "/wall hi", "Zoë"]
ROOM = "survivor"


def finished(tmp_path: Path, players: list[str], html: bool = True, seed: str = SEED) -> RoomHost:
    host = make_host(tmp_path, html=html, seed=seed)
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in players:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", ".start")
    play_out(host, random.Random(8))
    assert host.game is None
    return host


def pages(host: RoomHost) -> list[tuple[str, str, str]]:
    return [tuple(text.split("|", 2)) for kind, _, text in outbox(host).sent if kind == "htmlpage"]  # type: ignore[misc]


class ShowdownHtmlRules(HTMLParser):
    """What Showdown's checkHTML refuses: script and page tags, unbalanced tags, "click here"."""

    AUTOCLOSE = frozenset({"br", "hr", "img", "input", "wbr", "col", "p", "li", "dt", "dd", "option", "tr", "th", "td"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.stack: list[str] = []
        self.faults: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "head", "body", "html", "meta", "link", "iframe", "img", "button", "a"):
            self.faults.append(tag)
        if tag not in self.AUTOCLOSE:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.AUTOCLOSE:
            return
        if not self.stack or self.stack.pop() != tag:
            self.faults.append(f"/{tag}")


def test_lastgame_posts_id_commitment_client_seed_and_seed(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat(" ", "Io", ".lastgame")
    assert outbox(host).pms_to("Io")[-1] == "No game has finished in survivor yet."
    host.store.close()
    host = finished(tmp_path, ["Venus", "Mars", "Io", "Ceres"])
    host.handle_chat(" ", "Io", ".lastgame")
    line = outbox(host).room_lines()[-1]
    assert line == (
        f"Last game: #1, Follow the Leader, won by {host.store.closed_games(ROOM)[0][2]['winner']}. "
        f"Dice hmac-sha256-v1: commitment sha256 {commitment(SEED)}, client seed Venus,Mars,Io,Ceres, "
        f"seed {SEED}. Replay: .replay 1"
    )
    host.handle_pm("Io", ".lastgame")  # a PM names its room
    assert outbox(host).pms_to("Io")[-1] == f"[survivor] {line}"


def test_replay_sends_the_asker_an_escaped_page_showdown_accepts(tmp_path: Path) -> None:
    host = finished(tmp_path, HOSTILE)
    record = host.store.closed_games(ROOM)[0][2]
    host.handle_chat(" ", "Mars", ".replay")
    host.handle_chat(" ", "Io", ".replay 1")
    (mars, page, html), (io, _, again) = pages(host)
    assert (mars, io, page) == ("Mars", "Io", "survivor-replay-1") and html == again
    assert "Dice check by the bot: verified" in html
    assert "&lt;b&gt;Bold&lt;/b&gt;" in html and "<b>" not in html
    assert "click here" not in html.lower() and not re.search(r">here", html, re.I)
    assert f'<span class="winner">{record["winner"].replace("<", "&lt;").replace(">", "&gt;")}' in html
    rules = ShowdownHtmlRules()
    rules.feed(html.replace("<a ", "<span ").replace("</a>", "</span>"))  # the link to the record is fine
    assert rules.faults == [] and rules.stack == []
    assert showdown_page(record, 1, outbox(host).name) == html


def test_replay_refusals(tmp_path: Path) -> None:
    host = finished(tmp_path, ["Venus", "Mars", "Io"], html=False)
    host.handle_chat(" ", "Io", ".replay")
    assert outbox(host).pms_to("Io")[-1].startswith("I need the room's Bot rank (*) to send replay pages")
    host.handle_chat(" ", "Io", ".replay 99")
    assert outbox(host).pms_to("Io")[-1] == "No finished game #99 in survivor."
    host.handle_chat(" ", "Io", ".replay <b>1</b>")
    assert outbox(host).pms_to("Io")[-1] == "Say which game by its number (1 to 999999999): .replay 12 (see .games)."
    assert pages(host) == []


def test_a_tampered_stored_record_says_not_verified_on_its_page(tmp_path: Path) -> None:
    host = finished(tmp_path, ["Venus", "Mars", "Io", "Ceres"])
    record = host.store.closed_games(ROOM)[0][2]
    record["client_seed"] = "Mallory"
    shown = showdown_page(record, 1, "Bot")
    assert "Dice check by the bot: NOT verified: client seed: recorded &#x27;Mallory&#x27;" in shown


def test_games_lists_recent_games_and_those_of_a_player(tmp_path: Path) -> None:
    host = finished(tmp_path, ["Venus", "Mars", "Io"])
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in ["Ceres", "<i>Pluto</i>", "Io"]:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", ".start")
    play_out(host, random.Random(9))
    host.handle_chat(" ", "Vesta", ".games")
    listed = outbox(host).pms_to("Vesta")[-1]
    assert listed.startswith("Recent games in survivor: #2 ") and " · #1 " in listed
    assert listed.endswith("Replay: .replay ID")
    host.handle_chat(" ", "Vesta", ".games venus")
    assert " #2 " not in outbox(host).pms_to("Vesta")[-1] and "#1 " in outbox(host).pms_to("Vesta")[-1]
    host.handle_chat(" ", "Vesta", ".games Nobody")
    assert outbox(host).pms_to("Vesta")[-1] == "No finished games with Nobody in survivor."


def test_lastgame_names_a_game_stored_before_the_fair_dice(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    game_id = host.store.begin_game(ROOM, "cta", [], {}, ["A", "B", "C"], "old", 1.0)
    old = {"theme": "cta", "mods": [], "players": ["A", "B", "C"], "seed": "old", "winner": "B", "inputs": []}
    host.store.finish_game(game_id, old, 2.0)
    host.handle_chat(" ", "Io", ".lastgame")
    assert outbox(host).room_lines()[-1] == (
        f"Last game: #{game_id}, Chase the Ace, won by B. Dice mt19937-python-random: commitment sha256 "
        f"{commitment('old')}, client seed (none: the old dice had none), seed old. Replay: .replay {game_id}"
    )


def test_replay_by_pm_finds_the_record_in_whichever_room_holds_it(tmp_path: Path) -> None:
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    out.html_rooms = ("one", "two")
    two = bot.rooms["two"]
    two.handle_chat("+", "Hostess", ".host ftl")
    for name in ("Venus", "Io", "Ceres"):
        two.handle_chat(" ", name, "/me in")
    two.handle_chat("+", "Hostess", ".start")
    play_out(two, random.Random(8))
    bot._route_pm("Mars", ".replay 1")
    bot._route_pm("Mars", ".replay")
    sent = [(room, *text.split("|", 2)[:2]) for kind, room, text in out.sent if kind == "htmlpage"]
    assert sent == [("two", "Mars", "survivor-replay-1")] * 2
    bot._route_pm("Mars", ".replay 7")
    assert out.pms_to("Mars")[-1] == "No finished game #7 in one, two."
    bot._route_pm("Mars", ".replay h2")
    assert out.pms_to("Mars")[-1] == "No finished session h2 in one, two."


def played(bot: Bot, room: str, players: tuple[str, ...], seed: int = 8) -> None:
    host = bot.rooms[room]
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in players:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", ".start")
    play_out(host, random.Random(seed))
    assert host.game is None


def replays_sent(out: FakeOutbox, to: str) -> list[tuple[str, str]]:
    return [
        (room, text.split("|", 2)[1])
        for kind, room, text in out.sent
        if kind == "htmlpage" and text.startswith(f"{to}|")
    ]


def test_replay_by_pm_in_a_games_last_seconds_is_for_that_games_room(tmp_path: Path) -> None:
    """The game Mars just played is over but its last lines are still going out (its record not stored
    yet), while another room's older record is: `replay` is for Mars's room, and answered once stored."""
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    out.html_rooms = ("one", "two")
    played(bot, "one", ("Venus", "Io", "Ceres"))
    out.hold_sent = True  # every line stays queued: the players here answer prompts that have not gone out
    two = bot.rooms["two"]
    two.state.settings = replace(two.settings, early_seconds=0.0)
    played(bot, "two", ("Mars", "Pluto", "Juno"))
    bot._route_pm("Mars", ".replay")
    out.flush_sent()
    assert replays_sent(out, "Mars") == [("two", "survivor-replay-2")]


def test_replay_by_pm_is_for_the_room_where_the_sender_last_played(tmp_path: Path) -> None:
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    out.html_rooms = ("one", "two")
    played(bot, "one", ("Venus", "Io", "Ceres"))
    played(bot, "two", ("Mars", "Pluto", "Juno"))
    bot.clock.advance(60)  # type: ignore[attr-defined]
    played(bot, "one", ("Deimos", "Phobos", "Titan"))
    bot._route_pm("Juno", ".replay")
    bot._route_pm("Io", ".replay")
    assert replays_sent(out, "Juno") == [("two", "survivor-replay-2")]
    assert replays_sent(out, "Io") == [("one", "survivor-replay-3")]  # the last game of the room Io played in


def test_replay_by_pm_from_someone_who_never_played_asks_which_room(tmp_path: Path) -> None:
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    out.html_rooms = ("one", "two")
    played(bot, "one", ("Venus", "Io", "Ceres"))
    played(bot, "two", ("Mars", "Pluto", "Juno"))
    bot._route_pm("Outsider", ".replay")
    assert replays_sent(out, "Outsider") == []
    assert out.pms_to("Outsider") == [
        "That could be for 2 rooms (one, two); say which: put its room first, e.g. one .replay"
    ]


def test_a_refusal_by_pm_names_the_room_it_read(tmp_path: Path) -> None:
    """A PM is in no room: "this room" would not say which of the bot's rooms has no such record."""
    host = make_host(tmp_path)
    host.handle_pm("Io", "replay")
    host.handle_pm("Io", "replay h3")
    assert outbox(host).pms_to("Io") == [
        "No game or session has finished in survivor yet.",
        "No ended session h3 in survivor.",
    ]


def test_lastgame_and_games_by_pm_are_for_the_room_where_the_sender_played(tmp_path: Path) -> None:
    """With several rooms, `lastgame` and `games` by PM read the sender's room, as `replay` does (not the
    first room's record); for someone who never played, the bot asks which room."""
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    played(bot, "one", ("Venus", "Io", "Ceres"))
    played(bot, "two", ("Mars", "Pluto", "Juno"))
    bot._route_pm("Juno", ".lastgame")
    assert out.pms_to("Juno")[-1].startswith("[two] Last game: #2, ")
    bot._route_pm("Juno", ".games")
    assert out.pms_to("Juno")[-1].startswith("Recent games in two: #2 ") and "#1" not in out.pms_to("Juno")[-1]
    bot._route_pm("Io", ".lastgame")
    assert out.pms_to("Io")[-1].startswith("[one] Last game: #1, ")
    bot._route_pm("Outsider", ".games Mars")
    assert out.pms_to("Outsider") == [
        "That could be for 2 rooms (one, two); say which: put its room first, e.g. one .games Mars"
    ]
    bot._route_pm("Outsider", "two .games Mars")
    assert out.pms_to("Outsider")[-1].startswith("Recent games in two with Mars: #2 ")


def test_lastgame_by_pm_with_no_record_in_any_room_says_so(tmp_path: Path) -> None:
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    bot._route_pm("Io", ".lastgame")
    assert out.pms_to("Io") == ["No game or session has finished yet."]
