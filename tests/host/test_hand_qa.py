"""A live hand-hosted session's findings, each a test that failed before its fix."""

from __future__ import annotations

from pathlib import Path

from tests.host.test_hand_hosting import followed_host, room
from tests.host.test_replays import pages
from tests.host.test_room import make_host, outbox


def test_a_handhost_session_for_the_room_bots_host_ends_with_its_win(tmp_path: Path) -> None:
    host = followed_host(tmp_path)
    host.handle_chat("*", "Sir Vivor", "/announce **SURVGAME:** Mars is hosting. Type /me in to join!")
    host.handle_chat("+", "Mars", ".done")  # the room bot still names Mars: a fresh session, by hand
    host.handle_chat("+", "Mars", ".handhost")
    assert room(host)[-1].startswith("Fair dice session h2 in survivor (host Mars)")
    host.handle_chat("*", "Sir Vivor", "/announce **WINNER:** Io")
    assert room(host)[-1].startswith("Session h2 seed: ")
    assert not host.hand.active()


def test_a_pick_or_shuffle_of_too_few_players_still_in_says_so_and_to_name_the_items(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed="a" * 64)
    host.handle_chat("+", "Mars", ".handhost")
    host.handle_chat("+", "Mars", ".close")
    host.handle_chat("+", "Mars", ".shuffle")
    assert outbox(host).pms_to("Mars")[-1] == (
        "A shuffle with no items is of the players still in, and fewer than two are: name the items, shuffle A, B, C"
    )
    host.handle_chat("+", "Mars", ".pick solo")
    assert outbox(host).pms_to("Mars")[-1] == "A pick needs at least two items, separated by commas: pick A, B, C"


def test_the_hosts_page_of_an_empty_list_after_signups_does_not_ask_players_to_join(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed="a" * 64)
    host.handle_chat("+", "Mars", ".handhost")
    host.handle_chat("+", "Mars", ".list")
    assert "nobody yet: players join with /me in" in pages(host)[-1][2]
    host.handle_chat("+", "Mars", ".close")
    host.handle_chat("+", "Mars", ".list")
    assert "nobody on the list" in pages(host)[-1][2] and "/me in" not in pages(host)[-1][2]


def test_the_next_sessions_unnamed_timers_count_from_1_again(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed="a" * 64)
    for session in ("h1", "h2"):
        host.handle_chat("+", "Mars", ".handhost")
        host.handle_chat("+", "Mars", ".timer 30")
        assert room(host)[-1] == "Timer 1 set: 30 s.", session
        host.handle_chat("+", "Mars", ".done")


def test_a_player_who_renames_keeps_their_one_place_on_the_list(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed="a" * 64)
    host.handle_chat("+", "Mars", ".handhost")
    host.handle_chat(" ", "Eve", "/me in")
    host.handle_rename("Eve Two", "eve")
    host.handle_chat(" ", "Eve Two", ".salt pepper5")
    assert outbox(host).pms_to("Eve Two")[-1].startswith("Your salt pepper5 goes into the client seed")
    host.handle_chat(" ", "Eve Two", "/me in")
    assert outbox(host).pms_to("Eve Two")[-1] == "You are already on Mars's list."
    host.handle_chat(" ", "Io", "/me in")
    host.handle_chat("+", "Mars", ".close")
    assert room(host)[-1].endswith(": Mars|Eve,Io;pepper5")  # the client seed keeps the name they joined with
    host.handle_rename("Eve Three", "evetwo")
    host.handle_chat("+", "Mars", ".card Eve Three")
    assert room(host)[-1] == "#1 card 13 for Eve Three: dealt by PM"
    host.handle_chat("+", "Mars", ".list post")
    assert room(host)[-1] == "Mars's list (2 in): Eve Three, Io"


def test_a_card_for_a_player_in_the_room_under_a_new_name_is_not_held_for_their_return(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed="a" * 64)
    host.handle_chat("+", "Mars", ".handhost")
    for name in ("Eve", "Io"):
        host.handle_chat(" ", name, "/me in")
    host.handle_chat("+", "Mars", ".close")
    host.handle_rename("Eve Two", "eve")
    outbox(host).absent.add("eve")  # the server's user list now has Eve Two, not Eve
    host.handle_chat("+", "Mars", ".card Eve Two")
    assert not any("may not reach" in text for text in outbox(host).pms_to("Mars"))
    assert host.hand.session is not None and host.hand.session.held == {}


def test_handhost_names_the_host_as_the_room_spells_them(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True, seed="a" * 64)
    outbox(host).names["evetwo"] = "Eve Two"
    host.handle_chat("+", "Mars", ".handhost eve   TWO")
    assert room(host)[-1].startswith("Fair dice session h1 in survivor (host Eve Two): ")
