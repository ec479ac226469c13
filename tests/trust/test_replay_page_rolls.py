"""The replay page's check that every roll the rounds show was drawn, in a real browser (Debian's chromium,
headless): an honest game of every theme and mod verifies, whatever shape its rounds give their rolls
(Hot Potato's pairs, Russian Roulette's pulls); a changed roll is named; a roll that is not a whole
number (text, a fraction, true, null, or 125.0) is never taken for one."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from survivor_host.themes import THEMES
from survivor_host.trust.export import replay_page

from .browser import Browser, Opened
from .hg_records import hg_record
from .records import played_record

SETS = [(theme, ()) for theme in THEMES] + [(theme, (mod.id,)) for theme, spec in THEMES.items() for mod in spec.mods]


def show(browser: Browser, record: dict[str, Any], tmp_path: Path, name: str = "page") -> Opened:
    page = tmp_path / f"{name}.html"
    page.write_text(replay_page(record), encoding="utf-8")
    return browser.open(page)


def test_every_theme_and_mod_is_listed() -> None:
    assert {"ftl", "cta", "hg", "hgs", "hga", "exclusions", "hp", "rr", "rps"} <= set(THEMES)
    assert ("hp", ("hpt",)) in SETS


@pytest.mark.parametrize(("theme", "mods"), SETS, ids=["+".join((theme, *mods)) for theme, mods in SETS])
def test_an_honest_game_of_every_theme_and_mod_verifies(
    browser: Browser, tmp_path: Path, theme: str, mods: tuple[str, ...]
) -> None:
    """A game of 7 players; without mods also one where the last three go out together (a last battle)."""
    records = [played_record(theme, players=tuple(f"P{i}" for i in range(7)), mods=mods, seed=f"{theme}-1")]
    if not mods:
        records.append(hg_record(theme, mods, silent_at_three=True, seed=f"{theme}-last"))
    for index, record in enumerate(records):
        opened = show(browser, record, tmp_path, f"{theme}-{index}")
        assert opened.verdict == "verified", opened.text
        assert opened.errors == []


def first_toss(record: dict[str, Any]) -> dict[str, Any]:
    toss: dict[str, Any] = next(t for rnd in record["rounds"] for t in rnd.get("tosses", []))
    return toss


def round_of(record: dict[str, Any], part: dict[str, Any]) -> int:
    number: int = next(rnd["number"] for rnd in record["rounds"] if part in rnd.get("tosses", rnd.get("turns", [])))
    return number


@pytest.mark.parametrize("mods", [(), ("hpt",)])
def test_hot_potato_pairs_are_read_passer_first(browser: Browser, tmp_path: Path, mods: tuple[str, ...]) -> None:
    record = played_record("hp", mods=mods)
    for who, position in (("passer", 0), ("receiver", 1)):
        changed = copy.deepcopy(record)
        toss = first_toss(changed)
        pair = toss["rolls"][0]
        pair[position] = pair[position] % 100 + 1
        opened = show(browser, changed, tmp_path, who)
        assert opened.verdict == "not-verified"
        shown = rf"round {round_of(changed, toss)} shows {toss[who]} rolling {pair[position]}, which was not drawn"
        assert re.search(shown, opened.text), opened.text
    swapped = copy.deepcopy(record)
    toss = next(t for rnd in swapped["rounds"] for t in rnd["tosses"] if t["rolls"][0][0] != t["rolls"][0][1])
    toss["rolls"][0].reverse()  # both values were drawn, but not by those two
    assert show(browser, swapped, tmp_path, "swapped").verdict == "not-verified"


def test_a_changed_pull_in_russian_roulette_is_named(browser: Browser, tmp_path: Path) -> None:
    record = played_record("rr", choices=0)
    turn = next(t for rnd in record["rounds"] for t in rnd["turns"] if "roll" in t)
    turn["roll"] = turn["roll"] % 6 + 1
    opened = show(browser, record, tmp_path)
    assert opened.verdict == "not-verified"
    shown = rf"round {round_of(record, turn)} shows {turn['player']} rolling {turn['roll']}, which was not drawn"
    assert re.search(shown, opened.text), opened.text


@pytest.fixture(scope="module")
def ftl() -> dict[str, Any]:
    return played_record("ftl")


@pytest.mark.parametrize(
    ("value", "written"),
    [("149", '"149"'), (125.5, "125.5"), (True, "true"), (None, "null"), ("float", r"\d+\.0")],
)
@pytest.mark.parametrize("field", ["rolls", "leader_roll", "pair"])
def test_a_roll_that_is_not_a_whole_number_is_not_verified(
    browser: Browser, ftl: dict[str, Any], tmp_path: Path, field: str, value: object, written: str
) -> None:
    """`float`: the roll as drawn, written 125.0 (JSON.parse reads it as 125; the page keeps its text)."""
    record = copy.deepcopy(ftl if field != "pair" else played_record("hp"))
    first = record["rounds"][0]
    if field == "rolls":
        holder, key = first["rolls"], next(iter(first["rolls"]))
        name = key
    elif field == "leader_roll":
        holder, key, name = first, "leader_roll", first["leader"]
    else:
        toss = first_toss(record)
        holder, key, name = toss["rolls"][0], 0, toss["passer"]
    holder[key] = float(holder[key]) if value == "float" else value
    opened = show(browser, record, tmp_path, f"{field}-{type(value).__name__}")
    assert opened.verdict == "not-verified", opened.text
    assert re.search(rf"not verified: round 1 shows {name} rolling {written}, which is not a whole number", opened.text)
    assert opened.errors == []


def test_a_draw_written_as_a_fraction_is_not_verified(browser: Browser, ftl: dict[str, Any], tmp_path: Path) -> None:
    record = copy.deepcopy(ftl)
    draw = next(d for d in record["draws"] if d["kind"] == "roll")
    draw["value"] = float(draw["value"])
    opened = show(browser, record, tmp_path)
    assert opened.verdict == "not-verified"
    assert re.search(
        r"not verified: draw #\d+ \(round \d+, .+\) has value \d+\.0, which is not a whole number", opened.text
    )


def test_a_leader_roll_may_be_null_only_in_a_round_nobody_rolled_in(
    browser: Browser, ftl: dict[str, Any], tmp_path: Path
) -> None:
    """A round stopped before anyone rolled is recorded with no leader's roll."""
    record = copy.deepcopy(ftl)
    first = record["rounds"][0]
    first["leader_roll"], first["rolls"] = None, {}
    assert show(browser, record, tmp_path, "nobody").verdict == "verified"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("rolls text", r'round 1 shows rolls as "7", which the page cannot read'),
        ("rolls item", r"round 1 shows rolls as 7, which the page cannot read"),
        ("pair of three", r"round 1 shows rolls as \[\d+,\d+,1\], which the page cannot read"),
        ("no passer", r"round 1 shows a roll of \d+ by undefined, not a player's name"),
    ],
)
def test_rolls_the_page_cannot_read_are_not_verified(
    browser: Browser, tmp_path: Path, change: str, message: str
) -> None:
    record = played_record("hp")
    first = record["rounds"][0]
    toss = first["tosses"][0]
    if change == "rolls text":
        toss["rolls"] = "7"
    elif change == "rolls item":
        toss["rolls"].append(7)
    elif change == "pair of three":
        toss["rolls"][0].append(1)
    else:
        del toss["passer"]
    opened = show(browser, record, tmp_path, change.replace(" ", "-"))
    assert opened.verdict == "not-verified"
    assert re.search("not verified: " + message, opened.text), opened.text
