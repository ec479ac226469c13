"""Friction room auth and players met: each refusal says what to type next, and each answer is right."""

from __future__ import annotations

import random
from pathlib import Path

from tests.host.test_room import ROOM, make_host, open_game, outbox, play_out
from tests.host.test_room_bot import BOT, SV, wall
from tests.host.test_room_bot import make_host as beside_sir_vivor
from tests.host.test_room_bot import out as sv_out


def test_host_by_pm_counts_the_senders_room_rank(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    out = outbox(host)
    out.rank_of = lambda room, userid: "@" if (room, userid) == (ROOM, "modmars") else " "  # type: ignore[method-assign]
    host.handle_pm("Mod Mars", "host ftl")
    assert host.signups is not None
    assert not any("Only room auth" in pm for pm in out.pms_to("Mod Mars"))


def test_host_with_a_misspelled_mod_is_refused_when_typed_while_a_person_hosts(tmp_path: Path) -> None:
    host = beside_sir_vivor(tmp_path)
    wall(host, "**SURVGAME:** Mars is hosting. Type ``/me in`` to join.")
    host.handle_chat("+", "Hostess", "$host ftl, tugg")
    (why,) = sv_out(host).pms_to("Hostess")
    assert "tugg" in why and "To play" not in why and host.hosting.pending is None


def test_host_while_queued_says_so_instead_of_asking_to_queue(tmp_path: Path) -> None:
    host = beside_sir_vivor(tmp_path)
    wall(host, "**SURVGAME:** Mars is hosting. Type ``/me in`` to join.")
    host.handle_chat("@", SV, f"{BOT} was added to the hostqueue.")
    host.handle_chat("+", "Hostess", "$host ftl")
    (why,) = sv_out(host).pms_to("Hostess")
    assert "queue me" not in why and "in its queue" in why and host.hosting.pending is not None


def test_host_naming_a_person_while_sir_vivor_does_not_host_us_points_to_its_host(tmp_path: Path) -> None:
    host = beside_sir_vivor(tmp_path)
    host.handle_chat("+", "Hostess", "$host Mars, hg")
    (why,) = sv_out(host).pms_to("Hostess")
    assert "To host a person, use Sir Vivor's .host NAME." in why


def test_replay_asked_while_the_last_lines_go_out_is_answered_once_the_record_is_stored(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "ftl", ["Venus", "Mars", "Jupiter", "Saturn"])
    out = outbox(host)
    out.hold_sent = True  # the game's last lines are still being sent when it ends
    play_out(host, random.Random(4))
    out.clear()
    host.handle_chat(" ", "Io", ".replay")
    assert not any("has finished" in pm for pm in out.pms_to("Io"))
    out.flush_sent()
    assert [kind for kind, who, _ in out.sent if who == ROOM and kind == "htmlpage"]
    assert not any("has finished" in pm for pm in out.pms_to("Io"))


def test_set_alone_lists_the_options_and_the_form(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host ftl")
    host.handle_chat("+", "Hostess", ".set")
    (why,) = outbox(host).pms_to("Hostess")
    assert "Unknown option" not in why and ".set OPTION VALUE" in why and "public_deadline" in why


def test_sub_without_its_comma_shows_the_form(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", ["AI Mars", "Venus", "Io", "Ceres"])
    host.handle_chat("+", "Hostess", ".sub AI Mars Bob")
    (why,) = outbox(host).pms_to("Hostess")
    assert ".sub OLD, NEW" in why


def test_modkill_of_a_misspelled_player_names_the_close_match(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", ["AI Mars", "Venus", "Io", "Ceres"])
    host.handle_chat("+", "Hostess", ".modkill AI Mras")
    (why,) = outbox(host).pms_to("Hostess")
    assert "AI Mars" in why and why.startswith('"AI Mras" is not in this game.')


def test_refusals_of_host_and_start_say_the_next_step(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".modkill Io")
    host.handle_chat("+", "Hostess", ".host ftl")
    host.handle_chat("+", "Hostess", ".host ftl")
    running, already = outbox(host).pms_to("Hostess")
    assert running.startswith("No game is running") and ".host THEME" in running
    assert already.startswith("Signups are already open") and ".start" in already


def test_start_while_a_game_runs_says_a_game_is_running_not_to_open_signups(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", ["Venus", "Mars", "Jupiter", "Saturn"])
    outbox(host).clear()
    host.handle_chat("+", "Hostess", ".start")
    (why,) = outbox(host).pms_to("Hostess")
    assert why == f"A game is already running in {ROOM}; .end ends it."
    assert host.game is not None and not host.game.finished


def test_end_during_a_hand_hosted_session_points_to_done(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    host.handle_chat("+", "Mars", ".end")
    assert any(".done" in pm for pm in outbox(host).pms_to("Mars"))


def test_elim_above_half_the_players_is_announced_as_the_capped_count(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "cta", ["Venus", "Mars", "Jupiter", "Saturn", "Ceres", "Pluto"])
    host.handle_chat("+", "Hostess", ".elim 9")
    said = next(line for line in outbox(host).room_lines() if line.startswith("From the next deal"))
    assert "9 lowest" not in said and "3 lowest cards" in said and "not 9" in said


def test_in_by_pm_gets_one_pm(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host ftl")
    host.handle_pm("Venus", "in")
    assert len(outbox(host).pms_to("Venus")) == 1
    host.handle_pm("Venus", "out")
    assert outbox(host).pms_to("Venus")[-1] == f"You left the signups in {ROOM}."


def test_a_name_with_a_right_to_left_override_is_refused_at_signups_by_pm(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("+", "Hostess", ".host ftl")
    for name in ("Venus", "Mars", "Io", "Ev\u202eil"):
        host.handle_chat(" ", name, "/me in")
    assert host.signups is not None and "Ev\u202eil" not in host.signups.players
    (why,) = outbox(host).pms_to("Ev\u202eil")
    assert "U+202E" in why and "\u202e" not in why
    host.handle_chat("+", "Hostess", ".start")
    assert host.game is not None


def test_sub_takes_the_newcomers_name_as_the_room_shows_it(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    open_game(host, "ftl", ["Mars", "Venus", "Io", "Ceres"])
    outbox(host).names["pluto"] = "Pluto"
    host.handle_chat("+", "Hostess", ".sub mars,pluto")
    assert host.game is not None and "Pluto" in [seat.name for seat in host.game.seats]
    assert not any("pluto" in line for line in outbox(host).room_lines())
