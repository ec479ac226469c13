"""A page written with `survivor-host verify`'s difference (`flag`) says so first, escaped, and its browser
check never turns that into "verified" (Debian's chromium, headless)."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from survivor_host.trust.export import replay_page
from survivor_host.trust.session_page import session_page

from .browser import Browser, Opened
from .records import played_record
from .test_session import vector_record

FLAG = "round 2, rolls.Mars: recorded 140, replayed 57"


@pytest.fixture(scope="module")
def ftl() -> dict[str, Any]:
    return played_record("ftl")


def show(browser: Browser, page: str, tmp_path: Path, name: str = "page") -> Opened:
    path = tmp_path / f"{name}.html"
    path.write_text(page, encoding="utf-8")
    return browser.open(path)


def test_the_flag_is_on_the_page_before_any_script_runs(ftl: dict[str, Any]) -> None:
    page = replay_page(ftl, flag=FLAG)
    flag = f'<p id="flag">NOT verified by survivor-host verify: {FLAG}</p>'
    assert flag in page and page.index(flag) < page.index('id="verdict"') < page.index("<section")
    assert 'id="flag"' not in replay_page(ftl) and replay_page(ftl) == replay_page(ftl, None)


def test_a_flagged_page_of_honest_dice_is_still_not_verified(
    browser: Browser, ftl: dict[str, Any], tmp_path: Path
) -> None:
    opened = show(browser, replay_page(ftl, flag=FLAG), tmp_path)
    assert opened.verdict == "not-verified"
    assert opened.errors == []
    assert not re.search(r"^verified", opened.text, re.M)
    flag = opened.text.index(f"NOT verified by survivor-host verify: {FLAG}")
    own = opened.text.index(
        "not verified: survivor-host verify found the difference above; this page's own check, of the dice only, "
        f"found none: all {len(ftl['draws'])} draws are the dice"
    )
    assert flag < own


def test_a_flagged_page_shows_the_browser_difference_too(browser: Browser, ftl: dict[str, Any], tmp_path: Path) -> None:
    record = copy.deepcopy(ftl)
    record["commitment"] = "0" * 64
    opened = show(browser, replay_page(record, flag=FLAG), tmp_path)
    assert opened.verdict == "not-verified"
    assert f"NOT verified by survivor-host verify: {FLAG}" in opened.text
    assert re.search(r"^not verified: the commitment \"0{64}\" is not the SHA-256 of the seed", opened.text, re.M)


def test_the_flag_is_escaped(browser: Browser, ftl: dict[str, Any], tmp_path: Path) -> None:
    flag = "placements.<img src=x onerror=alert(1)>: recorded 1\u202e, replayed 2 </p><b>x"
    opened = show(browser, replay_page(ftl, flag=flag), tmp_path)
    assert opened.verdict == "not-verified"
    assert opened.errors == []
    shown = "NOT verified by survivor-host verify: placements.<img src=x onerror=alert(1)>: recorded 1[U+202E], "
    assert shown + "replayed 2 </p><b>x" in opened.text
    session = str(next(e["sessionId"] for e in reversed(browser.events) if "sessionId" in e))
    assert browser.evaluate(session, "document.querySelectorAll('img, b').length") == "0"


def test_a_flagged_session_page_is_not_verified(browser: Browser, tmp_path: Path) -> None:
    record = vector_record()
    assert show(browser, session_page(record), tmp_path, "plain").verdict == "verified"
    opened = show(browser, session_page(record, flag="draw #2: recorded 11, replayed 12"), tmp_path)
    assert opened.verdict == "not-verified"
    assert "NOT verified by survivor-host verify: draw #2: recorded 11, replayed 12" in opened.text
    assert "this page's own check, of the dice only, found none: all 6 draws" in opened.text
