"""A substitute not in the room at `sub` gets their seat's briefing (G6) once they come, or PM the bot: the
PMs sent at `sub` may not have reached them; a substitute already here is not told twice."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.room import RoomHost
from tests.host.test_persistence import reopen
from tests.host.test_room import PLAYERS, make_host, open_game, outbox

SEAT = "[survivor] You now play in this seat of Follow the Leader."


def subbed_in_absent(tmp_path: Path) -> RoomHost:
    host = make_host(tmp_path, leader="pick", secret_deadline=600)
    outbox(host).absent.add("zed")
    open_game(host, "ftl", PLAYERS[:5])
    host.handle_chat("+", "Hostess", ".sub Venus, Zed")
    outbox(host).clear()
    outbox(host).absent.discard("zed")
    return host


def test_an_absent_substitute_is_told_their_seat_as_they_join(tmp_path: Path) -> None:
    host = subbed_in_absent(tmp_path)
    host.handle_join("Zed")
    told = outbox(host).pms_to("Zed")
    assert told[0] == SEAT and len([line for line in told if line == SEAT]) == 1
    host.handle_join("Zed")  # told once: back again later, only what is owed
    assert SEAT not in outbox(host).pms_to("Zed")[len(told) :]


def test_an_absent_substitute_who_pms_first_is_told_their_seat_first(tmp_path: Path) -> None:
    host = subbed_in_absent(tmp_path)
    host.handle_pm("Zed", "pl")
    assert outbox(host).pms_to("Zed")[0] == SEAT


def test_a_substitute_whose_pm_was_delivered_is_not_told_again(tmp_path: Path) -> None:
    host = subbed_in_absent(tmp_path)
    host.reachable("zed")  # the server echoed a PM to Zed: the seat's PMs reached them
    host.handle_join("Zed")
    assert SEAT not in outbox(host).pms_to("Zed")


def test_an_absent_substitute_is_still_told_their_seat_after_a_restart(tmp_path: Path) -> None:
    host = subbed_in_absent(tmp_path)
    again = reopen(tmp_path, host)
    outbox(again).clear()
    again.handle_join("Zed")
    assert outbox(again).pms_to("Zed")[0] == SEAT


def test_a_substitute_told_before_a_restart_is_not_told_again_after_it(tmp_path: Path) -> None:
    host = subbed_in_absent(tmp_path)
    host.handle_join("Zed")
    again = reopen(tmp_path, host)
    again.handle_join("Zed")
    assert SEAT not in outbox(again).pms_to("Zed")


def test_a_substitute_never_seen_is_written_plain_from_the_first_line_naming_them(tmp_path: Path) -> None:
    """`Zed**` has not been in the room: the client cannot know the name, the bot tells it before the line."""
    host = make_host(tmp_path, leader="pick", secret_deadline=600)
    outbox(host).absent.add("zed")
    open_game(host, "ftl", PLAYERS[:5])
    host.handle_chat("+", "Hostess", ".sub Venus, Zed**")
    sent = outbox(host).sent
    first = next(index for index, (_, _, text) in enumerate(sent) if "Zed**" in text)
    assert any(name == "Zed**" and before <= first for before, name in outbox(host).noted)
