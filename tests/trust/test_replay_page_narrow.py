"""The replay page on a 400-px phone: long hex (the commitment, the seed, the client seed) and long
names wrap; nothing scrolls sideways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from survivor_host.trust.export import replay_page

from .browser import Browser
from .records import played_record

LONG = ("Wwwwwwwwwwwwwwwwww", "MMMMMMMMMMMMMMMMMM", "Mmmmmmmmmmmmmmmmm2", "WWWWWWWWWWWWWWWWW3", "Io")


@pytest.mark.parametrize("theme", ["ftl", "cta"])
@pytest.mark.parametrize("width", [400, 1024])
def test_nothing_scrolls_sideways(browser: Browser, tmp_path: Path, theme: str, width: int) -> None:
    record: dict[str, Any] = played_record(theme, players=LONG, salts=("pepperpepperpepperpepper",))
    page = tmp_path / f"{theme}.html"
    page.write_text(replay_page(record), encoding="utf-8")
    opened = browser.open(page)
    assert opened.verdict == "verified", opened.text
    session = str(next(e["sessionId"] for e in reversed(browser.events) if "sessionId" in e))
    browser.send("Emulation.setDeviceMetricsOverride", session, width=width, height=900, deviceScaleFactor=1,
                 mobile=False)  # fmt: skip
    browser.click(session, "#all")
    wide = browser.evaluate(session, "document.documentElement.scrollWidth")
    seen = browser.evaluate(session, "document.documentElement.clientWidth")
    assert browser.evaluate(session, "window.innerWidth") == str(width)
    assert int(wide) <= int(seen), f"{wide} px wide in a {seen}-px page ({width}-px window)"
