"""The PM `help` answer is one PM: it fits the server's message length with the longest user id, names the
bot's rooms when it hosts in several, and says that hosts use their commands in the room."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.bot.guide import help_text
from survivor_host.catalogue import DEFAULT_PREFIX
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.showdown.text import MAX_MESSAGE_LENGTH, split_text
from tests.host.test_bot_routing import make_bot

ROOMS = [
    ("survivor",),
    ("survivor", "survivortwo"),
    ("survivor", "survivortwo", "survivorthree"),
    tuple("abcdefghijkl"),
]


@pytest.mark.parametrize("rooms", ROOMS, ids=len)
def test_the_help_answer_is_one_pm_to_the_longest_name(rooms: tuple[str, ...]) -> None:
    command = f"/msg {'x' * MAX_NAME_LENGTH}, "  # how the client sends a PM, and splits what is longer
    text = help_text(DEFAULT_PREFIX, rooms)
    assert split_text(text, MAX_MESSAGE_LENGTH - len(command) - 1) == [text]


def test_with_one_room_it_names_no_rooms_and_says_where_hosts_use_their_commands() -> None:
    text = help_text(DEFAULT_PREFIX, ("survivor",))
    assert "I host in" not in text and "Hosts (+ and up, in the room): " in text


def test_with_two_rooms_the_help_is_one_pm_that_names_them(tmp_path: Path) -> None:
    bot, out = make_bot(tmp_path)
    bot._route_pm("Outsider", "help")
    (reply,) = out.pms_to("Outsider")
    assert reply.startswith("Join with /me in")
    assert "I host in one, two; put the room first in a PM: one follow. " in reply
    assert "Hosts (+ and up, in the room): " in reply
