"""A player's prompt box: once they chose, the choice as the game read it (a name in any case, a weapon's
short form, a final's `attack WEAPON`); buttons of now after a substitution or a modkill; none once over."""

from __future__ import annotations

import html
from pathlib import Path

from survivor_host.bot.room import RoomHost
from tests.host.test_room import PLAYERS, clock, make_host, open_game, outbox


def last_box(host: RoomHost, name: str) -> str:
    """The prompt box `name` was last shown, changed in place after their choice."""
    sent = outbox(host).sent
    return html.unescape([text for kind, who, text in sent if kind == "pmuhtmlchange" and who == name][-1])


def test_an_rps_attack_typed_short_shows_the_weapon_in_full(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "rps", PLAYERS[:3])
    host.handle_pm("Venus", "attack  mars ,S")
    assert "You chose <b>Mars, scissors</b>." in last_box(host, "Venus")


def test_an_rps_final_attack_is_shown_as_the_throw_it_is(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "rps", PLAYERS[:2])
    host.handle_pm("Venus", "destroy P")
    assert "You chose <b>Throw paper</b>." in last_box(host, "Venus")


def test_a_name_typed_in_another_case_shows_as_the_player_s(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hg", PLAYERS[:3])
    host.handle_pm("Venus", "attack MARS")
    assert "You chose <b>Attack Mars</b>." in last_box(host, "Venus")


def test_the_choice_typed_in_another_case_is_not_offered_as_a_change_to_itself(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "cta", PLAYERS[:4], "all-at-once")
    host.handle_pm("Venus", "swap  mArS")
    box = last_box(host, "Venus")
    assert "You chose <b>Swap with Mars</b>." in box
    assert "Change to Swap with Mars" not in box and "Change to Swap with Jupiter" in box


def test_after_a_substitution_an_unanswered_box_offers_the_newcomer_not_the_name_gone(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hg", PLAYERS[:4])
    host.handle_pm("Venus", "attack Jupiter")
    outbox(host).clear()
    host.handle_chat("+", "Hostess", ".sub Mars, Pluto")
    boxes = {who: html.unescape(text) for kind, who, text in outbox(host).sent if kind == "pmuhtml"}
    assert "Attack Pluto" in boxes["Jupiter"] and "Attack Mars" not in boxes["Jupiter"]
    assert "Venus" not in boxes  # her box shows her choice, not new buttons
    host.handle_pm("Jupiter", "attack pluto")
    assert "You chose <b>Attack Pluto</b>." in last_box(host, "Jupiter")


def test_after_a_modkill_an_unanswered_box_no_longer_offers_the_player_out(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hg", PLAYERS[:4])
    outbox(host).clear()
    host.handle_chat("+", "Hostess", ".modkill Saturn")
    box = html.unescape([text for kind, who, text in outbox(host).sent if kind == "pmuhtml" and who == "Venus"][-1])
    assert "Attack Mars" in box and "Attack Saturn" not in box


def test_the_boxes_of_players_out_at_the_deadline_lose_their_buttons(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hg", PLAYERS[:3])
    host.handle_pm("Venus", "attack Mars")
    host.handle_pm("Mars", "attack Venus")
    clock(host).advance(200)  # Jupiter is idle: out at the deadline
    host.tick()
    box = last_box(host, "Jupiter")
    assert "This question is over." in box and "<button" not in box


def test_the_box_of_a_player_modkilled_or_replaced_loses_its_buttons(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hg", PLAYERS[:4])
    host.handle_chat("+", "Hostess", ".modkill Saturn")
    host.handle_chat("+", "Hostess", ".sub Mars, Pluto")
    for gone in ("Saturn", "Mars"):
        box = last_box(host, gone)
        assert "This question is over." in box and "<button" not in box
