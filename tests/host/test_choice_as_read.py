"""A player's prompt box: once they chose, the choice as the game read it (a name in any case, a weapon's
short form, a final's `attack WEAPON`); buttons of now after a substitution or a modkill; none once over."""

from __future__ import annotations

import html
import random
from pathlib import Path

import pytest

from survivor_host.bot.room import RoomHost
from tests.host.test_room import PLAYERS, clock, make_host, open_game, outbox, play_out


def last_box(host: RoomHost, name: str) -> str:
    """The prompt box `name` was last shown, changed in place after their choice."""
    sent = outbox(host).sent
    return html.unescape([text for kind, who, text in sent if kind == "pmuhtmlchange" and who == name][-1])


@pytest.mark.parametrize(
    ("theme", "players", "typed", "shown"),
    [
        ("rps", 3, "attack  mars ,S", "Mars, scissors"),  # a weapon typed short shows in full
        ("rps", 2, "destroy P", "Throw paper"),  # a final's attack is the throw it is
        ("hg", 3, "attack MARS", "Attack Mars"),  # a name in another case shows as the player's
        ("hga", 3, "nick Sneaky", "the nickname Sneaky"),  # not its button's words ("Be Sneaky")
        ("exclusions", 3, "nick Sneaky", "the nickname Sneaky"),
    ],
)
def test_the_box_shows_the_choice_as_the_game_read_it(
    tmp_path: Path, theme: str, players: int, typed: str, shown: str
) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, theme, PLAYERS[:players])
    host.handle_pm("Venus", typed)
    assert f"You chose <b>{shown}</b>." in last_box(host, "Venus")


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


def test_after_a_substitution_a_chosen_box_names_the_newcomer_in_the_choice(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "hg", PLAYERS[:4])
    host.handle_pm("Venus", "attack Mars")
    host.handle_chat("+", "Hostess", ".sub Mars, Pluto")
    assert "You chose <b>Attack Pluto</b>." in last_box(host, "Venus")


def test_after_a_substitution_a_chosen_box_offers_its_changes_as_they_read_now(tmp_path: Path) -> None:
    host = make_host(tmp_path, html=True)
    open_game(host, "cta", PLAYERS[:4], "all-at-once")
    host.handle_pm("Venus", "swap Mars")
    host.handle_pm("Jupiter", "stick")
    host.handle_chat("+", "Hostess", ".sub Mars, Pluto")
    venus, jupiter = last_box(host, "Venus"), last_box(host, "Jupiter")
    assert "You chose <b>Swap with Pluto</b>." in venus and "Change to Swap with Jupiter" in venus
    assert "You chose <b>Stick</b>." in jupiter and "Change to Swap with Pluto" in jupiter
    assert "Mars" not in venus + jupiter


@pytest.mark.parametrize(("theme", "mods"), [("ftl", ""), ("cta", "all-at-once"), ("rps", "")])
def test_no_box_keeps_buttons_once_the_game_is_over(tmp_path: Path, theme: str, mods: str) -> None:
    for seed in range(4):
        (tmp_path / str(seed)).mkdir()
        host = make_host(tmp_path / str(seed), html=True, seed=f"s{seed}", leader="pick")
        open_game(host, theme, PLAYERS[:5], mods)
        play_out(host, random.Random(seed))
        last: dict[str, str] = {}
        for kind, who, text in outbox(host).sent:
            if kind in ("pmuhtml", "pmuhtmlchange"):
                last[who] = text
        assert not [who for who, text in last.items() if "<button" in text], seed


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
