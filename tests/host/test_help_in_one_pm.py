"""The PM `help` answer is one PM: it fits the server's message length with the longest user id."""

from __future__ import annotations

from survivor_host.bot.guide import help_text
from survivor_host.catalogue import DEFAULT_PREFIX
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.showdown.text import MAX_MESSAGE_LENGTH, split_text


def test_the_help_answer_is_one_pm_to_the_longest_name() -> None:
    command = f"/msg {'x' * MAX_NAME_LENGTH}, "  # how the client sends a PM, and splits what is longer
    text = help_text(DEFAULT_PREFIX, "survivor")
    assert split_text(text, MAX_MESSAGE_LENGTH - len(command) - 1) == [text]
