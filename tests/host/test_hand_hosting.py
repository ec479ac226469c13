"""Issue 22: a hand-hosted session's dice, tools, player list, record and chat check, in one room."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from survivor_host.bot.room import RoomHost
from survivor_host.fair.stream import commitment
from survivor_host.store.db import Store
from survivor_host.trust.chatlog import verify_chat
from survivor_host.trust.session import verify_session
from tests.host.test_replays import ShowdownHtmlRules, pages
from tests.host.test_room import ROOM, clock, make_host, outbox

SEED = "a" * 64
PLAYERS = ["Venus", "Io", "Ceres", "Pluto", "Zoë"]
HOSTILE = ("/wall hi", "<b>x</b>", "**bold**", "!dt pikachu", ">>1+1", "[[link]]", "a|b", "x\u202ey", "__i__", "`c`")
"""Leading `/` and `!`, `>>`, HTML, chat formatting, links, a bar, a bidi override."""


def session_host(tmp_path: Path, html: bool = True) -> RoomHost:
    host = make_host(tmp_path, html=html, seed=SEED)
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    for name in PLAYERS:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat(" ", "Io", ".salt pepper5")
    host.handle_pm("Ceres", "salt tabasco")
    host.handle_chat(" ", "Mars", ".close")
    return host


def room(host: RoomHost) -> list[str]:
    return outbox(host).room_lines()


def chat_copy(host: RoomHost) -> list[str]:
    """The room as a player's client copies it, with the cards' PMs."""
    lines = [f"[20:{i // 60:02d}:{i % 60:02d}] *SurvivorBot: {text}" for i, text in enumerate(room(host))]
    cards = [text for kind, _, text in outbox(host).sent if kind == "pm" and "your card" in text]
    return lines + [f"*SurvivorBot: {text}" for text in cards]


def test_a_session_commits_takes_salts_posts_the_client_seed_and_numbers_every_draw(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    lines = room(host)
    opens = f"Fair dice session h1 in survivor (host Mars): commitment sha256 {commitment(SEED)}"
    assert any(opens in line for line in lines)
    assert lines[-1] == (
        "Session h1 client seed (the host, the players in join order, the salts): "
        "Mars|Venus,Io,Ceres,Pluto,Zoë;pepper5;tabasco"
    )
    host.handle_chat(" ", "Mars", ".roll 100 // for Venus")
    host.handle_chat(" ", "Mars", ".roll 3d6+2 // damage")
    host.handle_chat("+", "Stagehand", ".pick Red, Blue, Green")
    host.handle_chat(" ", "Mars", ".shuffle")
    assert re.fullmatch(r"#1 roll 100 for Venus: \d+", room(host)[-4])
    assert re.fullmatch(r"#2 roll 3d6\+2 for damage: \d+, \d+, \d+ = \d+", room(host)[-3])
    assert re.fullmatch(r"#3 pick \[Red, Blue, Green\]: (Red|Blue|Green)", room(host)[-2])
    assert room(host)[-1].startswith("#4 shuffle [Venus, Io, Ceres, Pluto, Zoë]: ")


def test_cards_go_by_pm_to_the_player_and_the_host_and_are_shown_at_the_end(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".card Io")
    host.handle_pm("Mars", "card 14 Pluto")
    assert room(host)[-2:] == ["#1 card 13 for Io: dealt by PM", "#2 card 14 for Pluto: dealt by PM"]
    assert re.fullmatch(r"#1 your card in survivor: (A|[2-9]|10|J|Q|K)", outbox(host).pms_to("Io")[-1])
    assert re.fullmatch(r"#2 Pluto's card in survivor: \S+", outbox(host).pms_to("Mars")[-1])
    host.handle_chat(" ", "Mars", ".done")
    assert re.fullmatch(r"Session h1 cards: #1 Io \S+, #2 Pluto \S+", room(host)[-2])
    assert room(host)[-1].startswith(f"Session h1 seed: {SEED} ")


def test_refusals_give_a_reason_by_pm_and_a_non_host_gets_one_line_and_nothing_in_the_room(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    before = len(room(host))
    for text, reason in (
        ("roll 0", "A die has 2 to 1,000,000 sides, not 0."),
        ("roll 1d10000000", "A die has 2 to 1,000,000 sides, not 10,000,000."),
        ("roll 41d6", "Roll 1 to 40 dice at once, not 41."),
        ("roll banana", "'banana' is not a roll"),
        ("pick Mars", "A pick needs at least two items"),
        ("timer 5", "A timer runs 10 to 600 seconds"),
        ("timer 601", "A timer runs 10 to 600 seconds"),
        ("card Nobody", "Name a player on your list"),
        ("card 15 Io", "A card is drawn from 13 ranks"),
    ):
        host.handle_chat(" ", "Mars", f".{text}")
        assert outbox(host).pms_to("Mars")[-1].startswith(reason), text
    host.handle_chat(" ", "Venus", ".roll 100")
    host.handle_pm("Venus", "pick A, B")
    assert outbox(host).pms_to("Venus")[-2:] == [
        "Only the current host (Mars) or room auth can use .roll.",
        "Only the current host (Mars) or room auth can use .pick.",
    ]
    assert len(room(host)) == before


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_text_in_every_argument_is_refused_with_its_reason_and_never_reaches_the_room(
    tmp_path: Path, hostile: str
) -> None:
    host = session_host(tmp_path)
    before = len(room(host))
    for text in (f"pick {hostile}, B", f"shuffle A, {hostile}, C", f"roll 100 // {hostile}",
                 f"roll {hostile}", f"timer 30 // {hostile}", f"pick A, B // {hostile}", f"list rename Io, {hostile}",
                 f"handhost {hostile}"):  # fmt: skip
        host.handle_chat("+", "Mars", f".{text}")
        reply = outbox(host).pms_to("Mars")[-1]
        assert "holds" in reply or "must begin" in reply or "is not a roll" in reply, (text, reply)
    refusals = ((f"card {hostile}", "Name a player on your list"), (f"list out {hostile}", "is not on the list"))
    for text, reply in refusals:
        host.handle_chat(" ", "Mars", f".{text}")
        assert reply in outbox(host).pms_to("Mars")[-1]
    assert len(room(host)) == before
    assert host.hand.session is not None and host.hand.session.host == "Mars"
    assert host.hand.session.shown["io"] == "Io"


def test_a_look_alike_item_is_drawn_as_the_text_it_is(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".pick Mаrs, Mars")  # the first has a Cyrillic а
    assert re.fullmatch(r"#1 pick \[M\u0430rs, Mars\]: M(\u0430|a)rs", room(host)[-1])


def test_hostile_player_names_are_refused_by_pm_and_the_host_page_stays_text(tmp_path: Path) -> None:
    """A session writes its players' names in its client seed: a name that could not be read back
    from the chat (`plain_name`) is refused, by PM, and the host's page shows only plain names."""
    host = make_host(tmp_path, html=True, seed=SEED)
    host.handle_chat("+", "Mars", ".handhost")
    names = ["<img src=x onerror=alert(1)>", 'Al "x" & y', "/wall hi", "ab · #12 roll 99"]
    for name in names:
        host.handle_chat(" ", name, "/me in")
        assert "join with a name of letters, digits, spaces" in outbox(host).pms_to(name)[-1]
    host.handle_chat(" ", "Zoë Q", "/me in")
    host.handle_chat(" ", "Mars", ".list")
    user, page_id, html = pages(host)[-1]
    assert user == "Mars" and page_id == "survivor-hand-survivor"
    assert "<img" not in html and "Zoë Q" in html and "1 in" in html
    checker = ShowdownHtmlRules()
    checker.feed(html.replace("<button", "<span").replace("</button>", "</span>"))
    assert [fault for fault in checker.faults if fault not in ("form", "input")] == []


def test_the_host_page_eliminates_revives_renames_removes_and_posts_and_the_record_keeps_the_steps(
    tmp_path: Path,
) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".roll 100")
    host.handle_pm("Mars", "list out Io")
    host.handle_pm("Mars", "list out Ceres")
    host.handle_pm("Mars", "list revive Ceres")
    host.handle_pm("Mars", "list rename Pluto, Plutoid")
    host.handle_chat(" ", "Mars", ".roll 6")
    host.handle_pm("Mars", "list remove Zoë")
    host.handle_pm("Mars", "list post")
    assert room(host)[-1] == "Mars's list (3 in): Venus, Ceres, Plutoid · out: Io (after #1), Zoë (after #2)"
    assert 'value="/msgroom survivor, /botmsg SurvivorBot, survivor list revive Io"' in pages(host)[-1][2]
    host.handle_chat(" ", "Mars", ".shuffle")
    assert room(host)[-1].startswith("#3 shuffle [Venus, Ceres, Plutoid]: ")
    host.handle_chat(" ", "Mars", ".done")
    record = host.store.closed_session(ROOM, 1)
    assert record is not None
    assert [(e["step"], e["event"], e["name"]) for e in record["list"]] == [
        (1, "out", "Io"), (1, "out", "Ceres"), (1, "back", "Ceres"), (1, "rename", "Pluto"), (2, "remove", "Zoë"),
    ]  # fmt: skip
    assert record["out"] == ["Io", "Zoë"]
    assert verify_session(record).ok, verify_session(record).difference


def test_two_named_timers_run_at_once_and_each_says_when_it_ends(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".timer 30 // attacks")
    host.handle_chat(" ", "Mars", ".timer 90")
    assert room(host)[-2:] == ["Timer attacks set: 30 s.", "Timer 1 set: 1 min 30 s."]
    clock(host).advance(31)
    assert room(host)[-1] == "Time is up: timer attacks (30 s)!"
    clock(host).advance(60)
    assert room(host)[-1] == "Time is up: timer 1 (1 min 30 s)!"


def test_the_whole_session_verifies_from_its_record_and_from_the_chat_alone(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    for text in ("roll 100 // Venus", "roll 2d10-3", "pick", "pick A, B, C // leader", "shuffle", "card Io",
                 "card 14 Zoë", "roll"):  # fmt: skip
        host.handle_chat(" ", "Mars", f".{text}")
    host.handle_chat("#", "Owner", ".done")
    record = host.store.closed_session(ROOM, 1)
    assert record is not None and record["seed"] == SEED and len(record["draws"]) == 8
    assert verify_session(record).ok
    (verdict,) = verify_chat(chat_copy(host))
    assert verdict.problem is None, verdict.problem
    assert "all 8 numbered draws" in verdict.checked[-1] and "(2 cards, 2 of them shown)" in verdict.checked[-1]


def test_the_chat_check_names_the_first_draw_that_does_not_match(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    for text in ("roll 100", "roll 100", "pick A, B, C"):
        host.handle_chat(" ", "Mars", f".{text}")
    host.handle_chat(" ", "Mars", ".done")
    lines = chat_copy(host)
    at = next(i for i, line in enumerate(lines) if ": #2 roll 100: " in line)
    shown = int(lines[at].rsplit(": ", 1)[1])
    tampered = [*lines[:at], lines[at].rsplit(": ", 1)[0] + f": {shown % 100 + 1}", *lines[at + 1 :]]
    (verdict,) = verify_chat(tampered)
    assert verdict.problem is not None and "first mismatch at #2" in verdict.problem
    missing = [line for line in lines if ": #2 roll" not in line]
    (verdict,) = verify_chat(missing)
    assert verdict.problem is not None and "draw #2 is missing" in verdict.problem
    impostor = [*lines[:at], lines[at].replace("*SurvivorBot", "Mallory"), *lines[at + 1 :]]
    (verdict,) = verify_chat(impostor)  # another user's line does not speak for the bot
    assert verdict.problem is not None and "draw #2 is missing" in verdict.problem


def test_the_host_away_past_the_grace_ends_the_session_and_a_return_in_time_does_not(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_leave("mars")
    clock(host).advance(200)
    host.handle_join("Mars")
    clock(host).advance(400)
    assert host.hand.active()
    host.handle_leave("mars")
    clock(host).advance(301)
    assert not host.hand.active()
    assert "Mars was away for 5 min" in room(host)[-1]


def test_a_host_back_before_a_stalled_server_passes_it_on_keeps_the_session(tmp_path: Path) -> None:
    """The grace ends on the bot's clock while the server is stalled: the bot first waits for the server
    to catch up, so a return it read in time counts."""
    host = session_host(tmp_path)
    host.handle_leave("mars")
    outbox(host).hold_caught_up = True
    clock(host).advance(301)
    assert host.hand.active()
    host.handle_join("Mars")  # the server catches up: Mars came back in time
    outbox(host).answer_caught_up()
    clock(host).advance(400)
    assert host.hand.active()


def test_a_host_back_while_the_bot_was_away_keeps_the_session(tmp_path: Path) -> None:
    """A return the bot never saw (its link was down) is read from the room's user list when it is back."""
    host = session_host(tmp_path)
    host.handle_leave("mars")
    outbox(host).absent.add("mars")
    clock(host).advance(100)
    outbox(host).absent.discard("mars")  # back in the room while the bot's link was down
    host.room_joined()
    clock(host).advance(400)
    assert host.hand.active()
    host.handle_leave("mars")
    outbox(host).absent.add("mars")
    host.room_joined()  # still away when the bot is back: the grace runs on
    clock(host).advance(301)
    assert not host.hand.active()


def test_a_restart_keeps_the_session_and_its_stream(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".roll 100")
    again = RoomHost(ROOM, outbox(host), clock(host), Store(tmp_path / "bot.db"), host.settings, lambda: "b" * 64)
    (stored,) = again.store.running_sessions()
    again.hand.restore(stored)
    again.handle_chat(" ", "Mars", ".roll 100")
    assert room(again)[-1].startswith("#2 roll 100: ")
    again.handle_chat(" ", "Mars", ".done")
    record = again.store.closed_session(ROOM, 1)
    assert record is not None and verify_session(record).ok


def test_lastgame_and_replay_show_a_session(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".roll 100")
    host.handle_chat(" ", "Mars", ".done")
    host.handle_chat(" ", "Io", ".lastgame")
    assert room(host)[-1].startswith("Last session: h1, hosted by Mars, 1 draws.")
    assert f"seed {SEED}" in room(host)[-1]
    host.handle_chat(" ", "Io", ".replay h1")
    user, page_id, html = pages(host)[-1]
    assert (user, page_id) == ("Io", "survivor-replay-h1")
    assert "Dice check by the bot: verified" in html and "#1 roll 100" in html


def followed_host(tmp_path: Path) -> RoomHost:
    from survivor_host.bot.ports import HostSettings
    from survivor_host.bot.roombot import RoomBotSettings
    from tests.host.fakes import FakeClock, FakeOutbox

    settings = HostSettings(room_bot=RoomBotSettings("Sir Vivor"))
    out = FakeOutbox(html_rooms=(ROOM,))
    return RoomHost(ROOM, out, FakeClock(), Store(tmp_path / "bot.db"), settings, lambda: SEED)


def test_the_room_bots_host_gets_a_session_and_its_win_ends_it(tmp_path: Path) -> None:
    host = followed_host(tmp_path)
    host.handle_chat("*", "Sir Vivor", "/announce **SURVGAME:** Mars is hosting **Hunger Games**. Type /me in!")
    assert room(host)[-1].startswith("Fair dice session h1 in survivor (host Mars): commitment sha256 ")
    host.handle_chat(" ", "Io", "/me in")
    host.handle_chat(" ", "Mars", ".close")
    host.handle_chat(" ", "Mars", ".roll 100")
    host.handle_chat("*", "Sir Vivor", "/announce **WINNER:** Io")
    assert room(host)[-1].startswith(f"Session h1 seed: {SEED} (its sha256 is the commitment; Sir Vivor ended Mars's")
    assert not host.hand.active()
    host.handle_chat("*", "Sir Vivor", "/announce **SURVGAME:** Ceres is hosting. Type /me in to join!")
    host.handle_chat("*", "Sir Vivor", "The game was forcibly ended.")  # .dehost
    assert room(host)[-1].startswith("Session h2 seed: ")
    record = host.store.closed_session(ROOM, 1)
    assert record is not None and verify_session(record).ok and record["ended"] == "Sir Vivor ended Mars's hosting"


def test_a_session_of_the_room_bots_host_gives_way_to_the_next_host(tmp_path: Path) -> None:
    host = followed_host(tmp_path)
    host.handle_chat("*", "Sir Vivor", "/announce **SURVGAME:** Mars is hosting. Type /me in to join!")
    host.handle_chat("*", "Sir Vivor", "/announce **SURVGAME:** Ceres is hosting. Type /me in to join!")
    assert "the room's host is now Ceres" in room(host)[-2]
    assert room(host)[-1].startswith("Fair dice session h2 in survivor (host Ceres)")
    host.handle_chat(" ", "Mars", ".roll 100")
    assert outbox(host).pms_to("Mars")[-1] == "Only the current host (Ceres) or room auth can use .roll."


def test_the_operator_chooses_whether_sessions_follow_the_room_bot_and_the_hosts_grace(tmp_path: Path) -> None:
    from dataclasses import replace

    from survivor_host.bot.config import load_config
    from tests.host.test_config import GOOD

    path = tmp_path / "bot.toml"
    path.write_text(GOOD.replace("{database}", str(tmp_path / "bot.db")) + "[hand]\nfollow_room_bot = false\n"
                    "host_away_minutes = 0\n")  # fmt: skip
    config = load_config(path, environ={"SURVIVOR_HOST_PASSWORD": "x"})
    assert (config.hand_follow, config.hand_grace_minutes) == (False, 0)
    good = tmp_path / "good.toml"
    good.write_text(GOOD.replace("{database}", str(tmp_path / "b.db")))
    default = load_config(good, environ={"SURVIVOR_HOST_PASSWORD": "x"})
    assert (default.hand_follow, default.hand_grace_minutes) == (True, 5.0)
    host = followed_host(tmp_path)
    host.state.settings = replace(host.settings, hand_follow=False, hand_grace=0.0)
    host.handle_chat("*", "Sir Vivor", "/announce **SURVGAME:** Mars is hosting. Type /me in to join!")
    assert not host.hand.active() and room(host) == []
    host.handle_chat("+", "Mars", ".handhost")
    host.handle_leave("mars")
    clock(host).advance(3600)
    assert host.hand.active()


def test_beside_the_room_bot_joining_is_quiet(tmp_path: Path) -> None:
    host = followed_host(tmp_path)
    host.handle_chat("*", "Sir Vivor", "/announce **SURVGAME:** Mars is hosting. Type /me in to join!")
    outbox(host).clear()
    for name in ("Io", "Io", "Mars"):  # a second /me in, and the host's own, are not answered either
        host.handle_chat(" ", name, "/me in")
    assert outbox(host).sent == []
    assert host.hand.session is not None and host.hand.session.players == ["Io"]


def test_a_timer_stops_by_name_and_the_end_of_the_session_stops_them_all(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".timer 60 // vote")
    host.handle_chat(" ", "Mars", ".timer 60 // vote")
    assert outbox(host).pms_to("Mars")[-1] == "Timer vote is already running (.timer stop vote ends it)."
    host.handle_chat(" ", "Mars", ".timer stop vote")
    assert room(host)[-1] == "Timer vote stopped."
    host.handle_chat(" ", "Mars", ".timer 30")
    host.handle_chat(" ", "Mars", ".done")
    clock(host).advance(120)
    assert not any(line.startswith("Time is up") for line in room(host))


def test_a_timer_is_named_whatever_its_case(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".timer 60 // Vote")
    host.handle_chat(" ", "Mars", ".timer 60 // VOTE")
    assert outbox(host).pms_to("Mars")[-1] == "Timer Vote is already running (.timer stop Vote ends it)."
    host.handle_chat(" ", "Mars", ".timer stop vote")
    assert room(host)[-1] == "Timer Vote stopped."
    clock(host).advance(120)
    assert not any(line.startswith("Time is up") for line in room(host))


def test_the_bot_routes_the_hosts_pms_and_brings_a_session_back_after_a_restart(tmp_path: Path) -> None:
    from survivor_host.bot.bot import Bot
    from tests.host.fakes import FakeClock
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    two = bot.rooms["two"]
    two.handle_chat("+", "Mars", ".handhost")
    two.handle_chat(" ", "Io", "/me in")
    bot._route_pm("Ceres", "salt nope")  # not a player: told so by PM, from the room whose signups are open
    assert out.pms_to("Ceres")[-1] == "Join first (/me in): only players add salt."
    bot._route_pm("Io", "salt basil")
    bot._route_pm("Mars", "close")
    bot._route_pm("Mars", "roll 6")
    assert re.fullmatch(r"#1 roll 6: [1-6]", out.room_lines()[-1])
    bot._route_pm("Mars", "two list out Io")
    assert two.hand.session is not None and two.hand.session.out == ["io"]
    restarted = FakeClock()
    again = Bot(bot.config, out, Store(tmp_path / "bot.db"), clock=restarted)  # type: ignore[arg-type]
    again.restore()
    assert restarted.timers == []
    assert "session h1 (Mars) goes on from draw #2" in out.room_lines()[-1]
    again._route_pm("Mars", "roll 6")
    session = again.rooms["two"].hand.session
    assert session is not None and session.out == ["io"] and len(session.draws) == 2
    assert session.draws[0] == two.hand.session.draws[0]


def test_a_draw_that_would_not_fit_in_one_chat_line_is_refused_before_it_is_numbered(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    items = ", ".join(f"Item number {i:02d} abcdefghijklmnopq" for i in range(20))
    host.handle_chat(" ", "Mars", f".shuffle {items}")
    assert outbox(host).pms_to("Mars")[-1] == "That shuffle would not fit in one chat line: use fewer or shorter items."
    host.handle_chat(" ", "Mars", f".pick {items}")
    assert room(host)[-1].startswith("#1 pick [Item number 00")


def test_games_lists_the_sessions_too(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".roll 100")
    host.handle_chat(" ", "Mars", ".done")
    host.handle_chat(" ", "Io", ".games")
    assert outbox(host).pms_to("Io")[-1].endswith(" in survivor. Hand-hosted: h1 1970-01-12 by Mars, 1 draws.")
    host.handle_pm("Ceres", "games Pluto")
    assert outbox(host).pms_to("Ceres")[-1].endswith("Hand-hosted: h1 1970-01-12 by Mars, 1 draws.")
    host.handle_pm("Ceres", "games Nobody")
    assert outbox(host).pms_to("Ceres")[-1] == "No finished games with Nobody in survivor."


def test_a_players_pm_of_a_shared_word_goes_to_their_game_not_to_a_session_elsewhere(tmp_path: Path) -> None:
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    bot.rooms["one"].handle_chat("~", "Host", ".host cta")
    for name in ("Io", "Ceres", "Pluto"):
        bot.rooms["one"].handle_chat(" ", name, "/me in")
    bot.rooms["one"].handle_chat("~", "Host", ".start")
    bot.rooms["two"].handle_chat("+", "Mars", ".handhost")
    out.clear()
    bot._route_pm("Io", "card")  # Chase the Ace's question in room one
    assert not any("Only the current host" in text for text in out.pms_to("Io"))
    assert out.pms_to("Io")


def test_a_host_who_renames_keeps_the_session_and_the_record_keeps_the_first_name(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_rename("Mars Away", "mars")
    host.handle_chat(" ", "Mars Away", ".roll 100")
    assert room(host)[-1].startswith("#1 roll 100: ")
    host.handle_chat(" ", "Mars", ".roll 100")
    assert outbox(host).pms_to("Mars")[-1].startswith("Only the current host (Mars)")
    host.handle_chat(" ", "Mars Away", ".done")
    record = host.store.closed_session(ROOM, 1)
    assert record is not None and record["host"] == "Mars" and verify_session(record).ok


@pytest.mark.parametrize("name", ["<b>x</b>", "a, b", "c|d", "/kick x", "[e]"])
def test_a_room_bot_host_whose_name_would_not_stay_plain_text_gets_no_session(tmp_path: Path, name: str) -> None:
    host = followed_host(tmp_path)
    host.handle_chat("*", "Sir Vivor", f"/announce **SURVGAME:** {name} is hosting. Type /me in to join!")
    assert host.state.roombot.host == name and not host.hand.active() and outbox(host).sent == []


def test_without_a_session_the_tools_are_not_words_of_ours(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed=SEED)
    for line in (".roll 100", ".shuffle A, B", ".timer 30", ".list", ".done", ".close"):
        host.handle_chat(" ", "Mars", line)
    assert outbox(host).sent == []


def test_a_hosts_tool_by_pm_goes_to_the_room_they_host_in_and_several_are_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    ranks = {("one", "stagehand"): "%"}
    monkeypatch.setattr(out, "rank_of", lambda room, userid: ranks.get((room, userid), " "))
    bot.rooms["one"].handle_chat("+", "Mars", ".handhost")
    bot.rooms["two"].handle_chat("+", "Venus", ".handhost")
    bot._route_pm("Mars", ".close")
    bot._route_pm("Venus", ".close")
    seeds = [h.hand.session.client_seed if h.hand.session else None for h in bot.rooms.values()]
    assert seeds == ["Mars|", "Venus|"]
    bot._route_pm("Mars", ".roll 100")
    assert re.fullmatch(r"#1 roll 100: \d+", out.room_lines()[-1]) and out.sent[-1][1] == "one"
    bot._route_pm("Stagehand", ".roll 100")  # room auth in one room only
    assert out.sent[-1][1] == "one" and out.room_lines()[-1].startswith("#2 roll 100: ")
    ranks[("two", "stagehand")] = "@"
    bot._route_pm("Stagehand", ".roll 100")
    assert out.pms_to("Stagehand")[-1] == (
        "That could be for 2 rooms (one, two); say which: put its room first, e.g. one .roll 100"
    )
    bot._route_pm("Venus", ".list")
    assert out.pms_to("Venus")[-1] == "Venus's list (0 in): nobody"


def test_a_rename_onto_a_name_another_listed_player_has_or_had_is_refused(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_pm("Mars", "list rename Pluto, Plutoid")
    for taken, whose in (("venus", "Venus"), ("Pluto", "Plutoid"), ("Plutoid", "Plutoid")):
        host.handle_pm("Mars", f"list rename Ceres, {taken}")
        assert outbox(host).pms_to("Mars")[-1] == f"{taken} is a name of {whose} on the list: give Ceres another name."
    host.handle_pm("Mars", "list rename Ceres, ceres")  # her own name, written another way
    host.handle_pm("Mars", "list out Venus")
    host.handle_pm("Mars", "list post")
    assert room(host)[-1] == "Mars's list (4 in): Io, ceres, Plutoid, Zoë · out: Venus"


def test_a_refusal_names_the_command_with_its_prefix_and_only_room_auth_starts_a_session(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed=SEED)
    host.handle_chat(" ", "Mars", ".handhost")
    assert outbox(host).pms_to("Mars")[-1] == (
        "Only room auth (+ and up) or the bot's owners start a session (.handhost NAME); "
        "the room bot's host gets one when it names them."
    )
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    host.handle_chat(" ", "Io", "/me in")
    for tool in ("roll 100", "pick", "shuffle", "card Io"):
        host.handle_pm("Mars", tool)
        assert outbox(host).pms_to("Mars")[-1] == "Close signups first (.close): the dice wait for the client seed."


def test_replay_with_no_number_opens_the_game_or_session_that_ended_last(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    host.handle_chat(" ", "Mars", ".done")
    host.handle_chat(" ", "Io", ".replay")
    assert [(user, page) for user, page, _ in pages(host)] == [("Io", "survivor-replay-h1")]


def test_a_card_dealt_to_a_player_away_from_the_room_goes_again_when_they_come_back(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    outbox(host).absent.update({"ceres", "pluto"})
    host.handle_chat(" ", "Mars", ".card Ceres")
    card = outbox(host).pms_to("Ceres")[-1]
    assert re.fullmatch(r"#1 your card in survivor: \S+", card)
    assert outbox(host).pms_to("Mars")[-1] == (
        "Ceres is not in survivor, so my PM of card #1 may not reach them: I send it again when they join survivor "
        "or PM me."
    )
    outbox(host).absent.discard("ceres")
    host.handle_join("Ceres")
    assert outbox(host).pms_to("Ceres")[-1] == card and outbox(host).pms_to("Mars")[-1] == (
        "Ceres is back: card #1 sent to them again."
    )
    host.handle_join("Ceres")
    assert outbox(host).pms_to("Ceres").count(card) == 2


def test_a_card_held_for_a_player_away_goes_when_they_pm_the_bot_even_after_a_restart(tmp_path: Path) -> None:
    from survivor_host.bot.bot import Bot
    from tests.host.test_bot_routing import make_bot

    bot, out = make_bot(tmp_path)
    two = bot.rooms["two"]
    two.handle_chat("+", "Mars", ".handhost")
    two.handle_chat(" ", "Ceres", "/me in")
    bot._route_pm("Mars", "close")
    out.absent.add("ceres")
    bot._route_pm("Mars", "card Ceres")
    card = out.pms_to("Ceres")[-1]
    again = Bot(bot.config, out, Store(tmp_path / "bot.db"), clock=bot.clock)
    again.restore()
    again._route_pm("Ceres", "help")
    assert out.pms_to("Ceres").count(card) == 2
    assert out.pms_to("Mars")[-1] == "Ceres is back: card #1 sent to them again."


def test_a_running_session_keeps_the_rooms_lines_attributed(tmp_path: Path) -> None:
    """While a session runs (and until its end's lines are out), its room's lines never share an HTML box,
    so a reader's copy shows each draw with its author; after a restart too."""
    host = session_host(tmp_path)
    assert outbox(host).attributed == {ROOM: True}
    outbox(host).attributed.clear()
    again = RoomHost(ROOM, outbox(host), clock(host), Store(tmp_path / "bot.db"), host.settings, lambda: "b" * 64)
    (stored,) = again.store.running_sessions()
    again.hand.restore(stored)
    assert outbox(again).attributed == {ROOM: True}
    again.handle_chat(" ", "Mars", ".done")
    assert outbox(again).attributed == {ROOM: False}  # the fake sends at once: the end's lines are out


def test_handhost_by_pm_from_someone_not_in_the_room_says_to_join_it(tmp_path: Path) -> None:
    """As `host` does: the rank is the one the room shows, so a PM from outside it is told to join."""
    host = make_host(tmp_path, html=True, seed=SEED)
    outbox(host).absent.add("voice")
    host.handle_pm("Voice", "handhost Mars")
    assert outbox(host).pms_to("Voice")[-1] == (
        "Only room auth (+ and up) or the bot's owners start a session (.handhost NAME); "
        "the room bot's host gets one when it names them. I read your rank in survivor: join it first."
    )
    assert host.hand.session is None
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    host.handle_pm("Voice", "roll 100")
    assert outbox(host).pms_to("Voice")[-1] == (
        "Only the current host (Mars) or room auth can use .roll (I read your rank in survivor: join it first)."
    )


def test_handhost_by_pm_reaches_a_one_room_bot_and_says_to_join_it(tmp_path: Path) -> None:
    """Through the bot's routing (not answered "You are not in a game I am hosting")."""
    from survivor_host.bot.bot import Bot
    from survivor_host.bot.config import BotConfig
    from tests.host.fakes import FakeClock, FakeOutbox

    config = BotConfig(server_url="ws://127.0.0.1:1/showdown/websocket", login_url="http://127.0.0.1:1/api/login",
                       username="Bot", password=None, rooms=("one",), prefix=".")  # fmt: skip
    out = FakeOutbox()
    out.absent.add("voice")
    bot = Bot(config, out, Store(tmp_path / "bot.db"), clock=FakeClock())  # type: ignore[arg-type]
    bot._route_pm("Voice", ".handhost Mars")
    assert out.pms_to("Voice")[-1].endswith(" I read your rank in one: join it first.")


def test_help_writes_the_card_tool_as_the_fairness_doc_does(tmp_path: Path) -> None:
    from survivor_host.bot.handhost.words import hand_help

    text = hand_help("$")
    assert "$card NAME · $card 14 NAME" in text and "[14]" not in text
    fairness = (Path(__file__).parents[2] / "docs" / "FAIRNESS.md").read_text(encoding="utf-8")
    assert "`$card NAME`, `$card 14 NAME`" in fairness
