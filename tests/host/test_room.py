"""The room host in-process: commands to inputs, events to chat, deadlines, restores, points."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.engine.ids import to_id
from survivor_host.store.db import Store
from survivor_host.themes.ftl.game import FollowTheLeader
from tests.host.fakes import FakeClock, FakeOutbox

ROOM = "survivor"


def make_host(tmp_path: Path, html: bool = False, seed: str = "seed-1", **defaults: object) -> RoomHost:
    out = FakeOutbox(html_rooms=(ROOM,) if html else ())
    store = Store(tmp_path / "bot.db")
    return RoomHost(ROOM, out, FakeClock(), store, HostSettings(defaults=dict(defaults)), lambda: seed)


def outbox(host: RoomHost) -> FakeOutbox:
    assert isinstance(host.out, FakeOutbox)
    return host.out


def clock(host: RoomHost) -> FakeClock:
    assert isinstance(host.clock, FakeClock)
    return host.clock


def open_game(host: RoomHost, theme: str, players: list[str], mods: str = "") -> None:
    host.handle_chat("+", "Hostess", f".host {theme} {mods}".strip())
    for name in players:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", ".start")


def play_out(host: RoomHost, rng: random.Random, limit: int = 500) -> None:
    """Answer every wait with a random legal input, the way a player would send it."""
    for _ in range(limit):
        game = host.game
        if game is None:
            return
        waits = game.awaiting()
        assert waits, f"nobody awaited in phase {game.phase}"
        wait = waits[0]
        choice = rng.choice(game.legal_inputs(wait.player))
        text = f"{choice.action} {choice.target or ''}".strip()
        if wait.secret:
            host.handle_pm(wait.player, text)
        else:
            host.handle_chat(" ", wait.player, host.settings.prefix + text)
    raise AssertionError("game did not finish")


PLAYERS = ["Venus", "Mars", "Jupiter", "Saturn", "Ceres", "Pluto", "Io"]


def test_only_auth_can_host(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat(" ", "Nobody", ".host ftl")
    assert host.signups is None
    assert outbox(host).pms_to("Nobody") == ["Only room auth (+ and up) can use .host."]


def test_signups_with_me_in_and_out(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("%", "Hostess", ".host ftl tug-of-war")
    host.handle_chat(" ", "Venus", "/me in")
    host.handle_chat(" ", "Mars", "/me in")
    host.handle_chat(" ", "Mars", "/me out")
    host.handle_chat(" ", "Io", ".in")
    assert host.signups is not None
    assert host.signups.players == ["Venus", "Io"]
    assert host.signups.mods == ["tug-of-war"]


def test_signups_box_buttons_escape_names(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    host.handle_chat("+", "Hostess", ".host cta")
    host.handle_chat(" ", "<b>Evil</b>", "/me in")
    boxes = [text for kind, _, text in outbox(host).sent if kind in ("uhtml", "uhtmlchange")]
    assert "&lt;b&gt;Evil&lt;/b&gt;" in boxes[-1]
    assert "<b>Evil</b>" not in boxes[-1]
    assert 'value="/me in"' in boxes[0]


def test_full_ftl_game_through_commands_awards_points(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", PLAYERS)
    play_out(host, random.Random(1))
    lines = outbox(host).room_lines()
    assert any("wins the game!" in line for line in lines)
    assert any(line.startswith("Points:") for line in lines)
    assert host.store.leaderboard(ROOM)[0][1] == 7


def test_full_cta_game_with_all_at_once(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "cta", PLAYERS[:5], "all-at-once, adhesive")
    play_out(host, random.Random(2))
    assert any("wins the game!" in line for line in outbox(host).room_lines())
    assert host.store.leaderboard(ROOM) == []  # fewer than 7 players: no points


def test_secret_action_typed_in_room_is_not_taken(tmp_path: Path) -> None:  # G3
    host = make_host(tmp_path)
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    host.handle_chat(" ", "Venus", ".vote Mars")
    host.handle_chat(" ", "Mars", ".vote Venus")
    host.handle_chat(" ", "Jupiter", ".vote Venus")
    host.handle_chat(" ", "Saturn", ".vote Venus")
    assert game.phase == "choices"
    follower = next(wait.player for wait in game.awaiting())
    host.handle_chat(" ", follower, ".follow")
    assert isinstance(game, FollowTheLeader) and game.choices == {}
    assert "by PM" in outbox(host).pms_to(follower)[-1]


def test_nobody_acts_for_another_player(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", PLAYERS[:4])
    host.handle_chat(" ", "Stranger", ".vote Mars")
    assert outbox(host).pms_to("Stranger") == ["You are not in this game."]


def test_idle_player_is_modkilled_after_reminder(tmp_path: Path) -> None:  # G4
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None and game.phase == "choices"
    missing = [wait.player for wait in game.awaiting()]
    for name in missing[1:]:
        host.handle_pm(name, "follow")
    clock(host).advance(91)
    assert any(line.startswith(f"Waiting on: {missing[0]}") for line in outbox(host).room_lines())
    clock(host).advance(30)
    assert not game.seat(missing[0]).alive


def test_extend_moves_the_deadline(tmp_path: Path) -> None:  # G6
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None
    host.handle_chat("@", "Hostess", ".extend 60")
    clock(host).advance(125)
    assert all(seat.alive for seat in game.seats)
    clock(host).advance(60)
    assert len(game.alive()) < 5


def test_leaving_player_is_modkilled_after_grace(tmp_path: Path) -> None:  # G5
    host = make_host(tmp_path, leader="pick", secret_deadline=600)
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None
    host.handle_leave("venus")
    host.handle_leave("mars")
    clock(host).advance(30)
    host.handle_join("Mars")
    clock(host).advance(61)
    assert not game.seat("Venus").alive
    assert game.seat("Mars").alive


def test_rename_keeps_the_seat(tmp_path: Path) -> None:  # G5
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    host.handle_rename("Venusaur", "venus")
    assert game.seats[0].name == "Venusaur"
    if any(to_id(w.player) == "venusaur" for w in game.awaiting()):
        host.handle_pm("Venusaur", "rebel")
        assert isinstance(game, FollowTheLeader) and game.choices.get(0) == "rebel"


def test_choices_never_reach_the_room_before_the_rolls(tmp_path: Path) -> None:  # G3
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS[:6])
    game = host.game
    assert game is not None
    for wait in game.awaiting():
        host.handle_pm(wait.player, "rebel")
    assert game.phase == "suspect"
    host.handle_chat(" ", game.awaiting()[0].player, ".nosuspect")
    lines = outbox(host).room_lines()
    first_roll = next(i for i, line in enumerate(lines) if "Roll (1 - 109)+20" in line)
    assert not any("rebel" in line.lower() and "PM me" not in line for line in lines[:first_roll])


def test_buttons_in_pm_prompts_where_html_is_allowed(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, leader="pick")
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    name = game.awaiting()[0].player
    box = [text for kind, who, text in outbox(host).sent if kind == "pmuhtml" and who == name][-1]
    tag = f"[w{host.game_id}.{game.wait_id}]"  # the wait the buttons answer
    assert f'value="/msgroom survivor, /botmsg SurvivorBot, survivor follow {tag}"' in box  # quiet: the bot is `*`
    assert f'value="/msgroom survivor, /botmsg SurvivorBot, survivor rebel {tag}"' in box


def test_restart_restores_the_game_and_keeps_inputs(tmp_path: Path) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game = host.game
    assert game is not None and host.game_id is not None
    answered = [wait.player for wait in game.awaiting()][:3]
    for name in answered:
        host.handle_pm(name, "follow")
    before = game.record()
    host.store.close()
    store = Store(tmp_path / "bot.db")
    (stored,) = store.unfinished_games()
    out = FakeOutbox()
    again = RoomHost(ROOM, out, FakeClock(), store, HostSettings(), lambda: "unused")
    again.restore_game(stored)
    assert again.game is not None
    assert again.game.record() == before
    assert "continues" in out.room_lines()[0]
    # The restored game goes on to the end.
    play_out(again, random.Random(3))
    assert any("wins the game!" in line for line in out.room_lines())


def test_restart_during_signups(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host cta jester")
    host.handle_chat(" ", "Venus", "/me in")
    host.store.close()
    store = Store(tmp_path / "bot.db")
    again = RoomHost(ROOM, FakeOutbox(), FakeClock(), store, HostSettings(), lambda: "s")
    again.restore_signups(store.all_signups()[ROOM])
    assert again.signups is not None and again.signups.players == ["Venus"]


def test_set_option_before_start(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host cta")
    host.handle_chat("+", "Hostess", ".set ties all")
    host.handle_chat("+", "Hostess", ".set nonsense 1")
    assert host.signups is not None and host.signups.options["ties"] == "all"
    assert "Unknown option" in outbox(host).pms_to("Hostess")[-1]


def test_max_players_is_not_set_below_the_players_signed_up(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in PLAYERS[:4]:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Hostess", ".set max_players 3")
    assert outbox(host).pms_to("Hostess")[-1] == "4 players are signed up: max_players can be 4 or more, not 3."
    host.handle_chat("+", "Hostess", ".set max_players 4")
    assert host.signups is not None and host.signups.options["max_players"] == 4
    host.handle_chat("+", "Hostess", ".start")
    assert host.game is not None and len(host.game.seats) == 4


def test_a_game_host_action_during_signups_says_the_game_has_not_started(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host ftl")
    host.handle_chat(" ", PLAYERS[0], "/me in")
    host.handle_chat("+", "Hostess", f".modkill {PLAYERS[0]}")
    assert outbox(host).pms_to("Hostess")[-1] == "Signups are open: the game has not started (.start begins it)."


def test_a_host_action_of_another_theme_says_this_game_has_none(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", PLAYERS[:4])
    host.handle_chat("+", "Hostess", ".elim 2")
    assert outbox(host).pms_to("Hostess")[-1] == "Follow the Leader has no .elim."


def test_points_and_leaderboard_commands(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.store.add_points(ROOM, {"venus": ("Venus", 9), "mars": ("Mars", 4)})
    host.handle_chat(" ", "Io", ".lb")
    host.handle_chat(" ", "Io", ".points Venus")
    lines = outbox(host).room_lines()
    assert lines[0] == "Leaderboard: 1. Venus (9), 2. Mars (4)"
    assert lines[1] == "Points this cycle for venus: 9."
    host.handle_chat(" ", "Io", ".resetpoints")
    assert outbox(host).pms_to("Io")[-1] == "Only room owners (# and up) can use .resetpoints."
    host.handle_chat("#", "Owner", ".resetpoints")
    assert host.store.leaderboard(ROOM) == []


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_seed_is_committed_at_signups_then_revealed(tmp_path: Path, theme: str) -> None:
    host = make_host(tmp_path, seed="abc123")
    open_game(host, theme, PLAYERS[:4])
    play_out(host, random.Random(4))
    lines = outbox(host).room_lines()
    import hashlib

    digest = hashlib.sha256(b"abc123").hexdigest()
    assert "signups are open" in lines[0] and lines[1].startswith(f"Dice commitment: sha256 {digest} ")
    client = next(line for line in lines if line.startswith("Dice client seed"))
    assert client.endswith(": " + ",".join(PLAYERS[:4]))
    reveal = next(line for line in lines if line.startswith("Dice seed: abc123"))
    assert digest[:16] in reveal


def test_player_absent_at_the_start_gets_the_leave_grace(tmp_path: Path) -> None:  # G5
    host = make_host(tmp_path, leader="pick", secret_deadline=600)
    outbox(host).absent.add("venus")
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None
    clock(host).advance(91)
    assert not game.seat("Venus").alive
    assert all(seat.alive for seat in game.seats if seat.name != "Venus")


def test_a_substitute_not_in_the_room_gets_the_leave_grace(tmp_path: Path) -> None:  # G5, G6
    host = make_host(tmp_path, leader="pick", secret_deadline=600)
    outbox(host).absent.add("zed")
    open_game(host, "ftl", PLAYERS[:5])
    game = host.game
    assert game is not None
    host.handle_chat("+", "Hostess", ".sub Venus, Zed")
    assert game.seats[0].name == "Zed" and game.seats[0].alive
    told = "**Zed** is not in this room: they have 90 seconds to join it, or they are out."
    assert told in outbox(host).room_lines()  # the host and the room know why Zed may go out
    host.handle_chat("+", "Hostess", ".sub Mars, Venus")  # Venus is here: nothing to say
    assert not any(line.startswith("**Venus** is not in this room") for line in outbox(host).room_lines())
    clock(host).advance(91)
    assert not game.seat("Zed").alive
    assert all(seat.alive for seat in game.seats if seat.name != "Zed")


def test_an_engine_bug_ends_the_game_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None

    def broken(inp: object) -> list[object]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(game, "apply", broken)
    host.handle_pm(game.awaiting()[0].player, "follow")
    assert host.game is None
    assert "internal error" in outbox(host).room_lines()[-1]
    assert host.store.unfinished_games() == []
    host.handle_chat("+", "Hostess", ".host cta")
    assert host.signups is not None


def test_vote_box_has_a_button_per_player(tmp_path: Path) -> None:  # F2
    host = make_host(tmp_path, html=True)
    open_game(host, "ftl", ["Venus", "<i>Mars</i>", "Io"])
    box = next(text for kind, _, text in outbox(host).sent if kind == "uhtml" and "Vote for the first leader" in text)
    game = host.game
    assert game is not None
    tag = f"[w{host.game_id}.{game.wait_id}]"  # quiet: a click reaches the bot alone, not the room
    assert f'value="/msgroom survivor, /botmsg SurvivorBot, survivor vote Venus {tag}"' in box
    assert f'value="/msgroom survivor, /botmsg SurvivorBot, survivor vote &lt;i&gt;Mars&lt;/i&gt; {tag}"' in box


def test_rolls_in_a_row_share_lines_under_the_limit() -> None:
    from survivor_host.words.lines import pack_rolls

    rolls = [f"Roll (1 - 150) for Player{i}: {i}" for i in range(60)]
    lines = pack_rolls(rolls, limit=300)
    assert all(len(line) <= 300 for line in lines)
    assert " · ".join(lines) == " · ".join(rolls)
    assert pack_rolls([]) == []


def test_rename_onto_a_name_in_the_game_keeps_the_seat_and_says_why(tmp_path: Path) -> None:  # G5
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS[:4])
    game = host.game
    assert game is not None
    host.handle_rename("Mars", "venus")
    assert game.seats[0].name == "Venus"
    assert "rename back to Venus" in outbox(host).pms_to("Mars")[-1]


@pytest.mark.parametrize("theme", ["ftl", "cta", "hga"])
def test_every_game_pm_starts_with_its_room_under_hostile_names(tmp_path: Path, theme: str) -> None:
    """Players named like commands and markup: every PM about the game starts with `[room` (never with a
    name, so it is never read as `/wall`, `!dt` or `>>`), and no room line starts with one either."""
    hostile = ["/wall hi", "!dt pikachu", ">>1+1", "<b>x</b>", "**bold**"]
    host = make_host(tmp_path, html=False)
    open_game(host, theme, hostile)
    outbox(host).clear()  # the signups' reach check is not about a game
    play_out(host, random.Random(5))
    pms = [(who, text) for kind, who, text in outbox(host).sent if kind == "pm"]
    game_pms = [(who, text) for who, text in pms if who in hostile]
    assert game_pms and all(text.startswith(f"[{ROOM}") for _, text in game_pms), game_pms
    assert not any(line.lstrip().startswith(("/", "!", ">>")) for line in outbox(host).room_lines())
