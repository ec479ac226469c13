"""The end-to-end typing player reads the bot's plain PM prompts (`words/prompts.py`) as the bot sends them:
whole, or split into a first PM and `Targets (k of N)` parts; no server needed."""

from __future__ import annotations

import sys
from pathlib import Path

from survivor_host.words.prompts import plain_prompt

sys.path.insert(0, str(Path(__file__).resolve().parent / "e2e"))  # the kit of the end-to-end tests
from text_prompts import read_prompt

NAMES = [f"Player Number {n:02d} Longname" for n in range(40)]


def test_a_whole_prompt_is_read_from_its_one_pm() -> None:
    pms = plain_prompt("[Survivor] ", "Round 1: attack someone.", ["attack"], ["Ann", "Bob"])
    assert len(pms) == 1 and read_prompt(pms) == (["attack"], ["Ann", "Bob"])


def test_a_split_prompt_is_read_once_its_last_part_is_in() -> None:
    pms = plain_prompt("[Survivor] ", "Round 1: attack someone.", ["attack"], NAMES)
    assert len(pms) > 2 and pms[1].startswith(f"Targets (1 of {len(pms) - 1}): ")
    assert [read_prompt(pms[: k + 1]) for k in range(len(pms) - 1)] == [None] * (len(pms) - 1)
    assert read_prompt(pms) == (["attack"], NAMES)
    assert read_prompt(["You attack **Ann**. It is final for this round.", *pms]) == (["attack"], NAMES)


def test_parts_without_their_first_pm_or_out_of_order_are_not_a_prompt() -> None:
    pms = plain_prompt("[Survivor] ", "Your turn.", ["stick", "swap"], NAMES)
    assert read_prompt(pms[1:]) is None
    assert read_prompt([pms[0], *reversed(pms[1:])]) is None
    assert read_prompt([pms[0], *pms[2:]]) is None
