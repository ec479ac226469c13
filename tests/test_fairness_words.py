"""docs/FAIRNESS.md says what the code does: the salts' syntax in the client seed (games and sessions)
and the seeds' lengths (the bot's, the demo's)."""

from __future__ import annotations

import io
import re
from pathlib import Path

from survivor_host.bot.fairness import new_server_seed
from survivor_host.devserver.demo_run import Demo
from survivor_host.devserver.demo_setup import DemoSetup
from survivor_host.devserver.story import Story
from survivor_host.fair.stream import client_seed

FAIRNESS = (Path(__file__).parents[1] / "docs" / "FAIRNESS.md").read_text(encoding="utf-8")


def test_every_client_seed_example_is_the_codes() -> None:
    examples = re.findall(r"Example: `([^`]+)`", FAIRNESS)
    assert len(examples) >= 2
    for example in examples:
        host, _, game = example.rpartition("|")
        names, *salts = game.split(";")
        assert client_seed(names.split(","), salts) == game, example
        assert not host or "," not in host


def test_the_salts_are_spelled_as_the_code_joins_them() -> None:
    assert "`$WORD`" not in FAIRNESS and FAIRNESS.count("`;WORD`") >= 2


def test_the_seed_lengths_are_the_codes() -> None:
    bot = new_server_seed()
    demo = Demo(DemoSetup(), Path("."), Story(io.StringIO(), "survivor", "bot")).seed
    assert f"written as {len(bot)}\nlowercase hex digits" in FAIRNESS or f"written as {len(bot)} lowercase" in FAIRNESS
    assert f"({len(demo)} hex" in FAIRNESS
    assert "64-character text" not in FAIRNESS
