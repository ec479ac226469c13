"""The Hunger Games themes' replay pages in a real browser (Debian's chromium, headless): honest games of
every mode re-check their dice, the rounds read in words (none as raw data), a changed duel roll is caught,
and a shared second place shows."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from survivor_host.trust.export import replay_page

from .browser import Browser, Opened
from .hg_records import hg_record

MOD_SETS = [
    ("hg", ()), ("hg", ("roll-switch", "second-wind")), ("hgs", ("golf",)), ("hgs", ("roll-switch", "second-wind")),
    ("hga", ()), ("hga", ("golf", "second-wind")), ("hga", ("roll-switch",)),
]  # fmt: skip


def show(browser: Browser, record: dict[str, Any], tmp_path: Path, name: str) -> Opened:
    page = tmp_path / f"{name}.html"
    page.write_text(replay_page(record), encoding="utf-8")
    return browser.open(page)


def everything(browser: Browser) -> str:
    """The text of the page opened last with every step shown."""
    session = str(next(e["sessionId"] for e in reversed(browser.events) if "sessionId" in e))
    browser.click(session, "#all")
    return browser.evaluate(session, "document.body.innerText")


@pytest.mark.parametrize(("theme", "mods"), MOD_SETS)
def test_honest_games_verify_and_read_in_words(
    browser: Browser, tmp_path: Path, theme: str, mods: tuple[str, ...]
) -> None:
    """Every duel roll and last-battle roll a round shows is found among its draws."""
    for choices in range(2):
        record = hg_record(theme, mods, choices, silent_at_three=choices == 0, seed=f"{theme}-{choices}")
        opened = show(browser, record, tmp_path, f"{theme}-{choices}")
        assert opened.verdict == "verified", opened.text
        assert opened.errors == []
        text = everything(browser)
        assert any(words in text for words in ("Duels, in the order fought", "The final duel", "Last battle"))
        assert "Out, in the order they went out" in text
        assert '"attacker"' not in text and "lives_left" not in text  # no round shown as raw data


def test_a_changed_duel_roll_is_not_verified(browser: Browser, tmp_path: Path) -> None:
    record = copy.deepcopy(hg_record("hg", ("roll-switch",)))
    pair = record["rounds"][0]["duels"][0]["rolls"][0]
    name = next(iter(pair))
    pair[name] = pair[name] % 100 + 1
    opened = show(browser, record, tmp_path, "changed")
    assert opened.verdict == "not-verified"
    assert re.search(rf"not verified: round 1 shows {re.escape(name)} rolling \d+, which was not drawn", opened.text)


def test_a_shared_second_place_shows_on_the_page(browser: Browser, tmp_path: Path) -> None:
    record = hg_record("hg", choices=0, silent_at_three=True)
    seconds = [name for name, place in record["placements"].items() if place == 2]
    assert record["second"] is None and len(seconds) == 2
    opened = show(browser, record, tmp_path, "shared")
    assert opened.verdict == "verified", opened.text
    assert "Last battle (everyone left went out together)" not in opened.text  # one step at a time
    text = everything(browser)
    assert "Last battle (everyone left went out together)" in text
    assert f"Second (shared): {', '.join(seconds)}" in text
    for name in seconds:
        assert re.search(rf"^2\t{name}$", text, re.M)
