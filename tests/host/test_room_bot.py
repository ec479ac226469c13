"""Issue 19: the bot beside the room's own bot (Sir Vivor), each finding with a test that fails without
its fix: silence on what is not ours, the room bot's host and queue, the flood rule's flag, the
`.addbot` line, the room's defaults; hostile names through every new path."""

from __future__ import annotations

import html
import random
from pathlib import Path

import pytest

from survivor_host.bot.bot import Bot
from survivor_host.bot.config import BotConfig
from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.bot.room_bot_lines import addbot_line, safe_name
from survivor_host.bot.roombot import RoomBotFollower, RoomBotSettings
from survivor_host.engine.ids import to_id
from survivor_host.store.db import Store
from survivor_host.store.migrations import MIGRATIONS
from survivor_host.store.points import points_for
from tests.host.fakes import FakeClock, FakeOutbox, database_at
from tests.host.test_room import play_out

ROOM = "survivor"
SV = "Sir Vivor"
BOT = "SurvivorBot"
SEVEN = ["Venus", "Mars", "Jupiter", "Saturn", "Ceres", "Pluto", "Io"]
HOSTILE = ["/kick x", "!dt", ">> 1", "<b>x</b>", "a, b", "c|d", "[e]", "／me"]


def make_host(tmp_path: Path, html_ok: bool = True, **settings: object) -> RoomHost:
    out = FakeOutbox(name=BOT, html_rooms=(ROOM,) if html_ok else ())
    base: dict[str, object] = {"prefix": "$", "room_bot": RoomBotSettings(SV), "mirror_points": False}
    chosen = HostSettings(**{**base, **settings})  # type: ignore[arg-type]
    return RoomHost(ROOM, out, FakeClock(), Store(tmp_path / "bot.db"), chosen, lambda: "seed-1")


def out(host: RoomHost) -> FakeOutbox:
    assert isinstance(host.out, FakeOutbox)
    return host.out


def wall(host: RoomHost, text: str) -> None:
    host.handle_chat("@", SV, f"/announce {text}")


def host_us(host: RoomHost) -> None:
    wall(host, f"**SURVGAME:** {BOT} is hosting. Type ``/me in`` to join.")


def started_game(host: RoomHost, theme: str = "ftl", players: list[str] = SEVEN) -> None:
    """A game the room bot hosted us for, started with `players`."""
    host_us(host)
    host.handle_chat("+", "Hostess", f"$host {theme}")
    for name in players:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", "$start")


def hosted_game(host: RoomHost, theme: str = "ftl", players: list[str] = SEVEN, seed: int = 3) -> None:
    started_game(host, theme, players)
    play_out(host, random.Random(seed))


# ----- finding 1: talk over it


def default_bot(tmp_path: Path) -> tuple[Bot, FakeOutbox]:
    config = BotConfig(server_url="ws://x", login_url="http://x", username=BOT, password=None, rooms=(ROOM,))
    sent = FakeOutbox(name=BOT)
    return Bot(config, sent, Store(tmp_path / "bot.db"), clock=FakeClock()), sent  # type: ignore[arg-type]


def test_finding_1_the_room_bots_commands_get_no_reply(tmp_path: Path) -> None:
    bot, sent = default_bot(tmp_path)
    assert bot.config.prefix == "$"  # not Sir Vivor's `.`
    room = bot.rooms[ROOM]
    for line in (".roll 100", ".theme hg", ".hq", ".timer 60", ".win Mars", ".randtheme", ".host Mars, hg", ".end",
                 ".lb", ".pick Mars", ".modkill Mars", ".pl", "/me in", "/me out", "$xyzzy", "$roll 100"):  # fmt: skip
        room.handle_chat("+", "Mars", line)
    assert sent.sent == []


def test_finding_1_another_bots_lines_get_no_reply(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("*", "Other Bot", "$host ftl")
    host.handle_chat("@", SV, "$host ftl")
    host.handle_chat("@", SV, "/me in")
    assert out(host).sent == [] and host.signups is None


def test_finding_1_an_unknown_pm_gets_one_short_line_a_minute(tmp_path: Path) -> None:
    bot, sent = default_bot(tmp_path)
    for word in ("roll 100", "theme", "xyzzy"):
        bot._route_pm("Mars", word)
    assert sent.pms_to("Mars") == ['I don\'t know "roll": PM me help for my commands.']
    clock = bot.clock
    assert isinstance(clock, FakeClock)
    clock.advance(61)
    bot._route_pm("Mars", "survivor plugh")  # named room: the same once-a-minute line
    assert len(sent.pms_to("Mars")) == 2


# ----- finding 2: get muted by it (the flag the send queue's budget follows)


def test_finding_2_the_flood_rule_applies_unless_we_host_or_are_whitelisted(tmp_path: Path) -> None:
    follower = RoomBotFollower(ROOM, RoomBotSettings(SV), me=lambda: to_id(BOT))
    assert follower.flood_rule_applies()
    follower.hears(f"/announce **SURVGAME:** {BOT} is hosting. Type ``/me in`` to join.")
    assert follower.we_host() and not follower.flood_rule_applies()
    follower.hears("/announce **WINNER:** Mars")
    assert follower.flood_rule_applies()
    assert not RoomBotFollower(ROOM, RoomBotSettings(SV, whitelisted=True), me=lambda: "x").flood_rule_applies()
    assert not RoomBotFollower(ROOM, None, me=lambda: "x").flood_rule_applies()


def test_finding_2_the_bot_is_told_when_the_rule_starts_and_stops(tmp_path: Path) -> None:
    bot, sent = default_bot(tmp_path)
    assert sent.flood_kept == {ROOM: True}
    room = bot.rooms[ROOM]
    room.handle_chat("@", SV, f"/announce **SURVGAME:** {BOT} is hosting. Type ``/me in`` to join.")
    assert sent.flood_kept == {ROOM: False}
    room.handle_chat("@", SV, "The game was forcibly ended.")
    assert sent.flood_kept == {ROOM: True}


# ----- finding 3: ignore the room's host


def test_finding_3_no_signups_while_a_person_hosts(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    wall(host, "**SURVGAME:** Mars is hosting. Type ``/me in`` to join.")
    host.handle_chat("+", "Hostess", "$host ftl")
    (commitment,) = out(host).room_lines()  # issue 22: Mars's hand-hosting session, nothing else
    opens = "Fair dice session h1 in survivor (host Mars): commitment sha256 "
    assert host.signups is None and commitment.startswith(opens)
    (why,) = out(host).pms_to("Hostess")
    assert why.startswith(f"{SV} says Mars is hosting now") and f"queue me with .host {BOT}" in why
    host.handle_chat(" ", "Io", "/me in")  # Mars's game, not ours
    assert out(host).pms_to("Io") == []
    wall(host, "**WINNER:** Io")
    assert host.roombot.host is None


def test_finding_3_hosted_through_the_queue_then_won_with_win(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", "$host ftl")
    assert host.signups is None and "type .host SurvivorBot" in out(host).pms_to("Hostess")[0]
    host.handle_chat("@", SV, f"{BOT} was added to the hostqueue.")
    assert host.roombot.queue == [BOT]
    host_us(host)  # `.nexthost`: the remembered `$host ftl` opens now
    assert host.signups is not None and host.signups.host == "Hostess" and host.roombot.queue == []
    assert ("command", ROOM, f"/modnote HOST: {BOT} hosted Follow the Leader (signups opened by [Hostess]).") in out(
        host
    ).sent
    for name in SEVEN:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", "$start")
    play_out(host, random.Random(3))
    lines = out(host).room_lines()
    winner = next(line for line in lines if line.startswith(".win "))
    assert lines[-1] == winner and lines[lines.index(winner) - 1].startswith("Dice seed: ")
    assert any(text.startswith("/modnote HOST: SurvivorBot's Follow the Leader of 7 players won by [") for
               kind, _, text in out(host).sent if kind == "command")  # fmt: skip


def test_finding_3_the_room_bots_dehost_ends_ours(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host_us(host)
    host.handle_chat("+", "Hostess", "$host cta")
    host.handle_chat("@", SV, "The game was forcibly ended.")
    assert host.signups is None and "Signups were cancelled: Sir Vivor ended the hosting." in out(host).room_lines()
    host_us(host)
    host.handle_chat("+", "Hostess", "$host ftl")
    for name in SEVEN[:4]:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", "$start")
    assert host.game is not None
    host.handle_chat("@", SV, "The game was forcibly ended.")
    assert host.game is None or host.game.finished


def test_finding_3_cancelled_signups_free_the_room_bots_host(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host_us(host)
    host.handle_chat("+", "Hostess", "$host ftl")
    host.handle_chat("+", "Hostess", "$end")
    assert out(host).room_lines()[-1] == ".done"


def test_the_room_bot_absent_we_host_alone(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    out(host).absent.add(to_id(SV))
    host.handle_chat("+", "Hostess", "$host ftl")
    assert host.signups is not None


def test_signups_opened_while_the_room_bot_was_away_yield_to_the_host_it_names(tmp_path: Path) -> None:
    """One game at a time: back in the room, the room bot hosts a person; our open signups close
    (without `.done`: the hosting is that person's), and the person's game is theirs alone."""
    host = make_host(tmp_path)
    out(host).absent.add(to_id(SV))
    host.handle_chat("+", "Hostess", "$host ftl")
    host.handle_chat(" ", "Io", "/me in")
    assert host.signups is not None
    out(host).absent.discard(to_id(SV))
    host.handle_join(SV)
    wall(host, "**SURVGAME:** Mars is hosting. Type ``/me in`` to join.")
    assert host.signups is None
    lines = out(host).room_lines()
    assert "Signups were cancelled: Sir Vivor says Mars is hosting now." in lines and ".done" not in lines
    assert ("command", ROOM, f"/modnote HOST: {BOT}'s signups were cancelled.") in out(host).sent
    host.handle_chat(" ", "Ceres", "/me in")  # Mars's game, not ours
    assert out(host).pms_to("Ceres") == []


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_host_name_in_the_yield_stays_data(tmp_path: Path, name: str) -> None:
    """The name the room bot gives is said inside our line, never at its start, and runs no command."""
    host = make_host(tmp_path)
    out(host).absent.add(to_id(SV))
    host.handle_chat("+", "Hostess", "$host ftl")
    out(host).absent.discard(to_id(SV))
    host.handle_join(SV)
    wall(host, f"**SURVGAME:** {name} is hosting. Type ``/me in`` to join.")
    assert host.signups is None
    assert f"Signups were cancelled: {SV} says {name} is hosting now." in out(host).room_lines()
    assert not [text for kind, _, text in out(host).sent if kind == "command" and name in text]


def test_a_game_under_way_when_the_room_bot_hosts_a_person_plays_on(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    out(host).absent.add(to_id(SV))
    host.handle_chat("+", "Hostess", "$host ftl")
    for name in SEVEN:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", "$start")
    assert host.game is not None
    out(host).absent.discard(to_id(SV))
    host.handle_join(SV)
    wall(host, "**SURVGAME:** Mars is hosting. Type ``/me in`` to join.")
    assert host.game is not None and not host.game.finished
    play_out(host, random.Random(5))
    lines = out(host).room_lines()
    assert any(" wins the game!" in line for line in lines) and lines[-1].startswith("Dice seed: ")


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_in_the_room_bots_lines_stay_data(tmp_path: Path, name: str) -> None:
    host = make_host(tmp_path)
    wall(host, f"**SURVGAME:** {name} is hosting. Type ``/me in`` to join.")
    assert host.roombot.host == name
    host.handle_chat(" ", "Mallory", f"/announce **SURVGAME:** {BOT} is hosting. Type ``/me in`` to join.")
    assert host.roombot.host == name  # only the room bot's own account is read
    host.handle_chat("+", "Hostess", "$host ftl")
    (why,) = out(host).pms_to("Hostess")
    assert why.startswith(SV) and all(kind == "pm" for kind, _, _ in out(host).sent)
    host.handle_chat("@", SV, f"{name} was added to the hostqueue.")
    assert host.roombot.queue == [name]


def test_a_game_handed_to_a_person_by_subhost_sends_no_win_after_a_restart(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    started_game(host)
    host.handle_chat("@", SV, "**Mars** has subbed in as the host.")  # .subhost: Mars hosts now, our game plays on
    host.store.close()  # the bot restarts mid-game
    again = make_host(tmp_path)
    (stored,) = again.store.unfinished_games()
    again.restore_game(stored)
    play_out(again, random.Random(3))
    again.clock.advance(60)  # type: ignore[attr-defined]  # the hand-back wait, had a .win gone out
    assert not [line for line in out(again).room_lines() if line.startswith((".win", ".done"))]
    assert not [text for _, _, text in out(again).sent if ".dehost" in text]  # Mars's hosting is left alone


# ----- finding 4: split the room's points


def test_finding_4_the_host_gets_the_addbot_line_with_a_button(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    hosted_game(host)
    record = host.store.closed_games(ROOM)[0][2]
    places = record["placements"]
    order = sorted(SEVEN, key=lambda name: (places[name], SEVEN.index(name)))
    line = f".addbot 7, {', '.join(order)}"
    (box,) = [text for kind, who, text in out(host).sent if kind == "pmuhtml" and who == "Hostess"]
    assert html.escape(line) in box
    assert f'value="{html.escape(f"/msgroom {ROOM}, {line}", quote=True)}"' in box
    assert not any(text.startswith("Points:") for text in out(host).room_lines())  # no second leaderboard
    assert host.store.leaderboard(ROOM) == []
    assert all(host.store.games_of(ROOM, to_id(name)) == 1 for name in SEVEN)
    out(host).clear()
    host.handle_chat(" ", "Io", "$points")
    kept = "Points are kept on Sir Vivor's leaderboard (.lb, .points)."
    assert out(host).room_lines() == [f"Games played with me here by Io: 1. {kept}"]


def test_finding_4_without_html_the_line_itself_and_every_online_auth_when_nobody_hosted(tmp_path: Path) -> None:
    host = make_host(tmp_path, html_ok=False)
    host.handle_chat("%", "Driver", "hello")
    host.handle_chat("@", "Mod", "hi")
    hosted_game(host, "cta")
    for name in ("Hostess", "Driver", "Mod"):
        assert not any("<" in text for text in out(host).pms_to(name))
    assert any(text.startswith(f"[{ROOM}] For Sir Vivor's leaderboard (a + sends it): .addbot 7, ")
               for text in out(host).pms_to("Hostess"))  # fmt: skip
    (tmp_path / "2").mkdir()
    again = make_host(tmp_path / "2", html_ok=False)
    again.handle_chat("%", "Driver", "hello")
    again.handle_chat("@", "Mod", "hi")
    again.hosting._send_points_line(".addbot 7, a, b, c, d, e, f, g", None)
    assert len(out(again).pms_to("Driver")) == len(out(again).pms_to("Mod")) == 1


def test_finding_4_the_addbot_line_waits_for_the_first_auth_heard_when_none_is_in_the_room(tmp_path: Path) -> None:
    host = make_host(tmp_path, html_ok=False)
    started_game(host)
    out(host).absent.add("hostess")  # the bot runs the game: its host has left the room
    play_out(host, random.Random(3))
    assert not [text for kind, _, text in out(host).sent if kind == "pm" and ".addbot" in text]
    host.handle_chat("%", "Driver", "gg")  # the first auth heard gets the line: the game's points are not lost
    assert any(".addbot 7, " in text for text in out(host).pms_to("Driver"))


def test_finding_4_the_mirror_keeps_our_points_when_asked(tmp_path: Path) -> None:
    host = make_host(tmp_path, mirror_points=True, points_scale=((5, 10, 3),))
    hosted_game(host, players=SEVEN[:6])
    assert any(text.startswith("Points: ") and "+10" in text for text in out(host).room_lines())
    assert points_for(6, ((5, 10, 3),)) == (10, 3) and points_for(4, ((5, 10, 3),)) == (0, 0)
    assert points_for(7) == (7, 2) and points_for(10) == (9, 4) and points_for(6) == (0, 0)


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_in_win_and_addbot(name: str) -> None:
    line = addbot_line([name, "Mars", "Io"])
    assert line.startswith(".addbot 3, ") and line.count(",") == 3
    assert not any(c in safe_name(name) for c in ",|[]\n")
    assert safe_name("a\nb") == "a b"


def test_the_store_upgrades_to_game_counts(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = database_at(path, 3)
    db.execute(
        "INSERT INTO games (room, theme, mods, options, players, seed, started_at)"
        " VALUES ('r', 'ftl', '[]', '{}', '[]', 's', 1)"
    )
    db.close()
    store = Store(path)
    assert store.schema_version == len(MIGRATIONS) >= 4  # 5: hand-hosting sessions (issue 22)
    assert store.games_of("r", "mars") == 0 and store.unfinished_games()[0].host is None


# ----- finding 5: the room's own rules


def test_finding_5_room_defaults(tmp_path: Path) -> None:
    bot, _ = default_bot(tmp_path)
    assert bot.config.defaults["public_deadline"] == 150
    settings = bot.rooms[ROOM].settings
    assert settings.signups_seconds == 300 and settings.room_bot == RoomBotSettings(SV) and not settings.mirror_points


def test_finding_5_the_signups_line_pings_survgame_and_offers_no_me_out(tmp_path: Path) -> None:
    host = make_host(tmp_path, signups_seconds=300)
    host_us(host)
    host.handle_chat("★", "Room Host", "$host ftl")  # a Room Host may host
    first = next(line for line in out(host).room_lines() if "signups are open" in line)
    assert "survgame" in first and "/me out" not in first and "$out" in first and "5 minutes" in first


def test_finding_5_ampersand_no_longer_hosts(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host_us(host)
    host.handle_chat("&", "Old Leader", "$host ftl")
    assert host.signups is None and out(host).pms_to("Old Leader")


def test_a_sign_up_read_before_a_stalled_server_passes_it_on_counts_at_the_signups_timer(tmp_path: Path) -> None:
    """The signups timer runs out on the bot's clock while the server is stalled: the bot first waits
    for the server to catch up, so a `/me in` it read in time is on the list that starts."""
    host = make_host(tmp_path, signups_seconds=300)
    host_us(host)
    host.handle_chat("+", "Hostess", "$host ftl")
    for name in SEVEN[:2]:
        host.handle_chat(" ", name, "/me in")
    out(host).hold_caught_up = True
    clock = host.clock
    assert isinstance(clock, FakeClock)
    clock.advance(301)
    assert host.signups is not None and host.game is None
    host.handle_chat(" ", SEVEN[2], "/me in")  # the server catches up: the third signed up in time
    out(host).answer_caught_up()
    assert host.game is not None and len(host.game.seats) == 3


def test_finding_5_the_signups_timer_starts_or_closes(tmp_path: Path) -> None:
    host = make_host(tmp_path, signups_seconds=300)
    host_us(host)
    host.handle_chat("+", "Hostess", "$host ftl")
    host.handle_chat(" ", "Mars", "/me in")
    clock = host.clock
    assert isinstance(clock, FakeClock)
    clock.advance(301)
    assert host.signups is None and host.game is None
    assert "Signups closed: 1 signed up, 3 needed." in out(host).room_lines()
    assert out(host).room_lines()[-1] == ".done"
    host_us(host)
    host.handle_chat("+", "Hostess", "$host ftl")
    for name in SEVEN[:3]:
        host.handle_chat(" ", name, "/me in")
    clock.advance(299)
    assert host.game is None
    clock.advance(2)
    assert host.game is not None and [seat.name for seat in host.game.seats] == SEVEN[:3]


def test_finding_5_a_full_list_starts_at_once(tmp_path: Path) -> None:
    host = make_host(tmp_path, signups_seconds=300, defaults={"max_players": 4})
    host_us(host)
    host.handle_chat("+", "Hostess", "$host cta")
    for name in SEVEN[:4]:
        host.handle_chat(" ", name, "/me in")
    assert host.game is not None and len(host.game.seats) == 4


def test_finding_5_rules_link_the_rooms_theme_page(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat(" ", "Io", "$rules")
    assert out(host).room_lines()[-1].endswith("Rules: https://sites.google.com/view/survivor-ps/themes/ftl")
    host_us(host)
    host.handle_chat("+", "Hostess", "$host cta")
    host.handle_chat(" ", "Io", "$rules")
    assert out(host).room_lines()[-1].endswith("Rules: https://sites.google.com/view/survivor-ps/themes/cta")


def test_finding_5_reminders_name_who_is_awaited_and_what(tmp_path: Path) -> None:
    host = make_host(tmp_path, defaults={"leader": "pick", "secret_deadline": 60, "reminder": 30})
    host_us(host)
    host.handle_chat("+", "Hostess", "$host ftl")
    for name in SEVEN[:4]:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", "$start")
    clock = host.clock
    assert isinstance(clock, FakeClock)
    clock.advance(31)
    (reminder,) = [line for line in out(host).room_lines() if line.startswith("Waiting on: ")]
    game = host.game
    assert game is not None
    names = [wait.player for wait in game.awaiting()]
    assert reminder.startswith(f"Waiting on: {names[0]}, ") and reminder.endswith(
        "(follow or rebel, by PM). 30 seconds left."
    )


def test_a_restart_remembers_that_the_room_bot_hosts_us(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    started_game(host)
    settings = host.settings
    again = RoomHost(ROOM, FakeOutbox(name=BOT), FakeClock(), host.store, settings, lambda: "unused")
    (stored,) = host.store.unfinished_games()
    assert stored.room_bot_hosted and stored.host == "Hostess"
    again.restore_game(stored)
    assert again.roombot.we_host() and not again.roombot.flood_rule_applies()
    play_out(again, random.Random(5))
    assert any(line.startswith(".win ") for line in out(again).room_lines())
    assert any(kind == "pmuhtml" or who == "Hostess" for kind, who, _ in out(again).sent)


def test_a_bot_restarted_before_its_signups_learns_it_hosts_from_the_room_bots_already_hosting(tmp_path: Path) -> None:
    """Killed after the room bot hosted it and before any signups were stored, the bot starts knowing no
    host: the `.host BOT` its refusal asks for gets `BOT is already hosting`, which opens the signups."""
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", "$host ftl")
    assert host.signups is None and "type .host SurvivorBot" in out(host).pms_to("Hostess")[0]
    host.handle_chat("@", SV, f"{BOT} is already hosting. Somebody probably sniped you haha~")
    assert host.roombot.we_host() and host.signups is not None and host.signups.host == "Hostess"


def test_finding_2_the_flood_rule_counts_only_while_the_room_bot_is_in_the_room(tmp_path: Path) -> None:
    """Its filter sees only what it hears: away, nothing of ours is held back; back, the budget applies."""
    here: set[str] = set()
    follower = RoomBotFollower(ROOM, RoomBotSettings(SV), me=lambda: to_id(BOT), present=lambda userid: userid in here)
    assert not follower.flood_rule_applies()
    here.add(to_id(SV))
    assert follower.flood_rule_applies()


def test_finding_2_the_room_bot_joining_starts_the_budget_at_once(tmp_path: Path) -> None:
    """Its join is heard before any user list says so: the rule applies from that line on."""
    bot, sent = default_bot(tmp_path)
    room = bot.rooms[ROOM]
    room.handle_leave(to_id(SV))
    assert sent.flood_kept == {ROOM: False}
    room.handle_join(SV)
    assert sent.flood_kept == {ROOM: True}


def test_neither_bot_takes_a_seat(tmp_path: Path) -> None:  # G6
    host = make_host(tmp_path)
    host_us(host)
    host.handle_chat("+", "Hostess", "$host hg")
    for name in SEVEN[:4]:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", "$start")
    for bot in (BOT, SV.lower()):
        host.handle_chat("+", "Hostess", f"$sub Venus, {bot}")
        assert out(host).pms_to("Hostess")[-1] == f"{bot} is a bot and cannot take a seat."
    assert host.game is not None and host.game.seats[0].name == "Venus"


def test_the_modnotes_name_the_mods_played(tmp_path: Path) -> None:  # BG13: a mode is part of the game
    host = make_host(tmp_path)
    host_us(host)
    host.handle_chat("+", "Hostess", "$host hp, hpt")
    host.handle_chat("+", "Hostess", "$start")  # too few players: the signups stay, the modnote was written
    assert (
        "command",
        ROOM,
        f"/modnote HOST: {BOT} hosted Hot Potato (Timer variation) (signups opened by [Hostess]).",
    ) in out(host).sent
    host.handle_chat("@", SV, "The game was forcibly ended.")
    host_us(host)
    host.handle_chat("+", "Hostess", "$host rps, rpsls, sw")
    for name in SEVEN:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", "$start")
    play_out(host, random.Random(3))
    notes = [text for kind, _, text in out(host).sent if kind == "command" and text.startswith("/modnote")]
    assert (
        f"/modnote HOST: {BOT} hosted Rock, Paper, Scissors (Lizard Spock and Second Wind) "
        "(signups opened by [Hostess])." in notes
    )
    assert any(
        text.startswith(
            f"/modnote HOST: {BOT}'s Rock, Paper, Scissors (Lizard Spock and Second Wind) of 7 players won by ["
        )
        for text in notes
    )
