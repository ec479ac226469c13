"""Hunger Games Anon in the room: a substitute, or a rename, onto the seat's own nickname is refused (the
newcomer would be PMed "Your nickname is **Shadow**" while the room reads their name), as one onto
another player's nickname is, in the same words."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.room import RoomHost
from survivor_host.engine.game import Game
from tests.host.test_room import PLAYERS, make_host, open_game, outbox

REFUSED = (
    "The name Shadow is a nickname in this game: a player of that name would tell everyone whose it is; "
    "name someone else."
)


def nicknamed(tmp_path: Path) -> tuple[RoomHost, Game]:
    host = make_host(tmp_path)
    open_game(host, "hga", PLAYERS[:4])
    game = host.game
    assert game is not None
    host.handle_pm("Mars", "nick Shadow")
    assert game.nicks.get(1) == "Shadow"  # type: ignore[attr-defined]
    outbox(host).clear()
    return host, game


def test_a_sub_named_as_the_seats_own_nickname_is_refused_to_the_host(tmp_path: Path) -> None:
    host, game = nicknamed(tmp_path)
    host.handle_chat("+", "Hostess", ".sub Mars, Shadow")
    assert outbox(host).pms_to("Hostess") == [REFUSED]
    assert outbox(host).pms_to("Shadow") == []
    assert not any("Shadow" in line for line in outbox(host).room_lines())
    assert game.seats[1].name == "Mars"
    host.handle_chat("+", "Hostess", ".sub Mars, Ares")
    assert game.seats[1].name == "Ares"
    assert any("Shadow" in text for text in outbox(host).pms_to("Ares"))  # the seat's nickname, by PM only


def test_a_rename_onto_the_seats_own_nickname_keeps_the_seats_name(tmp_path: Path) -> None:
    host, game = nicknamed(tmp_path)
    host.handle_rename("Shadow", "mars")
    assert game.seats[1].name == "Mars"
    assert outbox(host).pms_to("Shadow") == ["The name Shadow is already in this game: rename back to Mars to play."]
    assert not any("Shadow" in line for line in outbox(host).room_lines())
    host.handle_rename("Mars", "shadow")
    assert game.seats[1].name == "Mars" and game.seats[1].alive
