"""No value from a record can reorder the text around it on the replay page: a control or formatting
character (a right-to-left override) shows as `[U+202E]`, and a right-to-left name is isolated in
<bdi>, in what Python writes and in the verdict the script writes (Debian's chromium, headless)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from survivor_host.engine.story import e
from survivor_host.trust.export import embedded_json, plain_title, replay_page

from .browser import Browser, Opened
from .records import played_record

RTL = ("Venus", "Dana עמית", "Omar عمر", "Io", "Ceres")  # Showdown names need a letter a-z or a digit

MISPLACED = """JSON.stringify((() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const where = node.parentElement;
    if (where.closest("script, style")) continue;
    const control = /[\\p{Cf}\\p{Zl}\\p{Zp}\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]/u;
    if (control.test(node.data)) found.push(["control", node.data]);
    const open = /[\\p{Script=Hebrew}\\p{Script=Arabic}]/u.test(node.data) && !where.closest("bdi");
    if (open) found.push(["open", node.data]);
  }
  return found;
})())"""
"""Text on the page that holds a control or formatting character, or a right-to-left letter not isolated."""


def open_all(browser: Browser, record: dict[str, Any], tmp_path: Path, name: str) -> tuple[Opened, str]:
    """The page opened with every step shown; and its session."""
    page = tmp_path / f"{name}.html"
    page.write_text(replay_page(record), encoding="utf-8")
    opened = browser.open(page)
    session = str(next(event["sessionId"] for event in reversed(browser.events) if "sessionId" in event))
    browser.click(session, "#all")
    return opened, session


def misplaced(browser: Browser, session: str) -> list[list[str]]:
    found: list[list[str]] = json.loads(browser.evaluate(session, MISPLACED))
    return found


def test_a_value_shows_its_controls_and_a_right_to_left_one_is_isolated() -> None:
    assert e("Venus") == "Venus" and e(42) == "42" and e("<b>") == "&lt;b&gt;"
    assert e("Mars\u202e 12") == "Mars[U+202E] 12"
    assert e("a\x1b[31m\nb\u2066") == "a[U+001B][31m[U+000A]b[U+2066]"
    assert e("עמית") == "<bdi>עמית</bdi>" and e("عمر\u202e<") == "<bdi>عمر[U+202E]&lt;</bdi>"
    assert plain_title("\u202eעמית") == "\u2068[U+202E]עמית\u2069" and plain_title("Io <3") == "Io &lt;3"


def test_the_embedded_record_holds_no_control_character() -> None:
    record = {"players": ["Mars\u202e", "\ud800", "\U000e0001", "Zoë\u2028"], "n": [1, 2.0]}
    text = embedded_json(record)
    assert json.loads(text) == record
    assert text.isascii() is False and all(char not in text for char in "\u202e\u2028\U000e0001")
    assert "\\u202e" in text and "\\udb40\\udc01" in text and "Zoë" in text


def test_right_to_left_names_are_isolated_on_the_page_and_in_the_verdict(browser: Browser, tmp_path: Path) -> None:
    record = played_record("ftl", players=RTL)
    opened, session = open_all(browser, record, tmp_path, "honest")
    assert opened.verdict == "verified", opened.text
    assert misplaced(browser, session) == []
    assert int(browser.evaluate(session, "document.querySelectorAll('section bdi').length")) > 5
    first = record["rounds"][0]
    name = next(n for n in first["rolls"] if n in RTL[1:3])
    first["rolls"][name] = first["rolls"][name] % 100 + 1
    opened, session = open_all(browser, record, tmp_path, "changed")
    assert opened.verdict == "not-verified"
    assert f"not verified: round 1 shows {name} rolling {first['rolls'][name]}, which was not drawn" in opened.text
    isolated = "JSON.stringify(Array.from(document.querySelectorAll('#verdict bdi'), (b) => b.textContent))"
    assert json.loads(browser.evaluate(session, isolated)) == ["1", name, str(first["rolls"][name])]
    assert misplaced(browser, session) == []


def test_a_right_to_left_override_in_a_name_shows_and_reverses_nothing(browser: Browser, tmp_path: Path) -> None:
    """Every Venus renamed `Venus` + U+202E but the client seed: the page names the difference."""
    honest = played_record("ftl", players=RTL)
    text = json.dumps(honest).replace("Venus", "Venus\\u202e")
    record = json.loads(text)
    record["client_seed"] = honest["client_seed"]
    opened, session = open_all(browser, record, tmp_path, "override")
    assert opened.verdict == "not-verified"
    assert "not verified: the client seed" in opened.text
    assert '("Venus[U+202E],Dana עמית,Omar عمر,Io,Ceres;' in opened.text
    assert "Venus[U+202E]" in browser.evaluate(session, "document.querySelector('section').innerText")
    assert misplaced(browser, session) == []
    assert opened.errors == []
