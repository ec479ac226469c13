"""The exported replay page in a real browser (Debian's chromium, headless): issue 10 items 3 and 5."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from survivor_host.cli import main
from survivor_host.fair.stream import client_seed, commitment
from survivor_host.trust.export import embedded_json, replay_page

from .browser import Browser, Opened
from .records import old_mt_record, played_record
from .test_fairness_doc import vectors

HOSTILE = ("<img src=x onerror=alert(1)>", "</script><b>x", 'Bob & "Al"', "Zoë 'z'", "Mars")


@pytest.fixture(scope="module")
def ftl() -> dict[str, Any]:
    return played_record("ftl", players=HOSTILE, mods=("no-mercy",), salts=("pepper", "<i>salt</i>"))


@pytest.fixture(scope="module")
def cta() -> dict[str, Any]:
    return played_record("cta", players=HOSTILE + ("Io",), mods=("jesters-duel", "adhesive"), choices=4)


def show(browser: Browser, record: dict[str, Any], tmp_path: Path, name: str = "page") -> Opened:
    page = tmp_path / f"{name}.html"
    page.write_text(replay_page(record), encoding="utf-8")
    return browser.open(page)


def test_an_honest_game_shows_everyone_the_winner_and_verified(
    browser: Browser, ftl: dict[str, Any], cta: dict[str, Any], tmp_path: Path
) -> None:
    for name, record in (("ftl", ftl), ("cta", cta)):
        opened = show(browser, record, tmp_path, name)
        assert opened.verdict == "verified", opened.text
        assert opened.errors == []
        assert re.search(r"^verified: all \d+ draws are the dice", opened.text, re.M)
        (tmp_path / f"{name}.png").write_bytes(opened.screenshot)
        assert opened.screenshot.startswith(b"\x89PNG") and len(opened.screenshot) > 10_000


def test_the_step_control_goes_round_by_round_and_shows_all(
    browser: Browser, ftl: dict[str, Any], tmp_path: Path
) -> None:
    opened = show(browser, ftl, tmp_path)
    rounds = len(ftl["rounds"])
    assert f"1 / {rounds + 2}: The players" in opened.text
    assert "Round 1" not in opened.text.replace("1 / ", "")  # one step at a time
    session = _session(browser)
    browser.click(session, "#next")
    assert f"2 / {rounds + 2}: Round 1" in browser.evaluate(session, "document.body.innerText")
    browser.click(session, "#all")
    everything = browser.evaluate(session, "document.body.innerText")
    for player in ftl["players"]:
        assert player in everything
    assert f"The winner: {ftl['winner']}" in everything
    for place, who in sorted((p, n) for n, p in ftl["placements"].items()):
        assert re.search(rf"^{place}\t{re.escape(who)}$", everything, re.M)
    assert browser.evaluate(session, "document.querySelectorAll('img, b, i').length") == "0"


def _session(browser: Browser) -> str:
    """The session of the page opened last."""
    return str(next(e["sessionId"] for e in reversed(browser.events) if "sessionId" in e))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("roll", r"not verified: round 1 shows .+ rolling \d+, which was not drawn"),
        ("swap", r"not verified: round 1 shows .+ rolling \d+, which was not drawn"),
        ("draw", r"not verified: draw #\d+ \(round \d+, roll for .+\) is \d+ in the record, but the dice give \d+"),
        ("seed", r"not verified: the commitment \"[0-9a-f]{64}\" is not the SHA-256 of the seed"),
        ("commitment", r"not verified: the commitment \"0{64}\" is not the SHA-256 of the seed"),
        ("client_seed", r"not verified: the client seed \".*\" is not the players and salts"),
        ("client_seed_and_salt", r"not verified: draw #1 \(round "),
    ],
)
def test_a_tampered_record_is_not_verified(
    browser: Browser, ftl: dict[str, Any], tmp_path: Path, change: str, message: str
) -> None:
    record = copy.deepcopy(ftl)
    first = record["rounds"][0]
    if change == "roll":
        name = next(iter(first["rolls"]))
        first["rolls"][name] = first["rolls"][name] % 150 + 1
    elif change == "swap":  # two players' rolls exchanged: every value was drawn, but not by them
        (a, x), (b, y) = [item for item in first["rolls"].items()][:2]
        assert x != y
        first["rolls"][a], first["rolls"][b] = y, x
    elif change == "draw":
        draw = next(d for d in record["draws"] if d["kind"] == "roll" and d["label"].startswith("roll for"))
        draw["value"] = draw["value"] % draw["sides"] + 1
    elif change == "seed":
        record["seed"] = "1" * 64
    elif change == "commitment":
        record["commitment"] = "0" * 64
    elif change == "client_seed":
        record["client_seed"] = "Mallory"
    else:
        record["salts"] = ["other"]
        record["client_seed"] = client_seed(record["players"], ["other"])
    opened = show(browser, record, tmp_path, change)
    assert opened.verdict == "not-verified"
    assert re.search(message, opened.text), opened.text
    assert opened.errors == []


def test_the_page_agrees_with_the_fairness_vectors(browser: Browser, tmp_path: Path) -> None:
    v = vectors()
    draws = [
        {"round": 0, "kind": spec["draw"], **{k: spec[k] for k in ("sides", "plus", "names", "value") if k in spec}}
        for spec in v["draws"]
    ]
    for draw in draws:
        draw.setdefault("label", "test vector")
    record = {
        "format": 2, "theme": "ftl", "mods": [], "players": ["Venus", "Mars", "Io"], "rounds": [], "inputs": [],
        "dice": "hmac-sha256-v1", "seed": v["server_seed"], "commitment": v["commitment"],
        "client_seed": v["client_seed"], "salts": ["pepper5"], "draws": draws, "winner": None,
    }  # fmt: skip
    assert commitment(v["server_seed"]) == v["commitment"]
    opened = show(browser, record, tmp_path)
    assert opened.verdict == "verified", opened.text
    draws[-1]["value"] = draws[-1]["value"] % 6 + 1
    assert show(browser, record, tmp_path, "bad").verdict == "not-verified"


def test_old_and_scripted_records_say_they_cannot_be_checked_here(browser: Browser, tmp_path: Path) -> None:
    opened = show(browser, old_mt_record(), tmp_path)
    assert opened.verdict == "not-verified"
    assert "mt19937-python-random (a format 1 record) cannot be re-checked in a browser" in opened.text
    assert opened.errors == []


def test_the_page_is_self_contained_and_names_are_escaped(ftl: dict[str, Any]) -> None:
    page = replay_page(ftl)
    assert not re.search(r"\b(src|href)\s*=", page.replace("src=x onerror", ""))
    assert "http://" not in page and "https://" not in page
    assert "<img" not in page and "</script><b>" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    script = page.split('<script type="application/json" id="record">')[1].split("</script>")[0]
    assert json.loads(script) == ftl and script == embedded_json(ftl)
    assert "default-src 'none'" in page


def test_export_command_writes_the_page(tmp_path: Path) -> None:
    record = played_record("ftl", mods=("no-mercy",))
    source = tmp_path / "game.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    assert main(["export", str(source), "--html", str(tmp_path / "game.html")]) == 0
    assert (tmp_path / "game.html").read_text(encoding="utf-8") == replay_page(record)
    assert main(["export", str(tmp_path / "missing.json"), "--html", str(tmp_path / "x.html")]) == 2


MOD_SETS = [
    ("ftl", ()), ("ftl", ("tug-of-war",)), ("ftl", ("no-mercy",)), ("ftl", ("tug-of-war", "no-mercy")),
    ("cta", ()), ("cta", ("jesters-duel", "adhesive", "no-backsies")), ("cta", ("the-joker",)),
    ("cta", ("all-at-once", "the-joker")), ("cta", ("all-at-once", "adhesive")),
]  # fmt: skip


@pytest.mark.parametrize(("theme", "mods"), MOD_SETS)
def test_honest_games_of_every_mod_verify_in_the_browser(
    browser: Browser, tmp_path: Path, theme: str, mods: tuple[str, ...]
) -> None:
    """Every roll a round shows (rolls, leader's roll, depositions, cards) is found among its draws."""
    for game in range(3):
        players = tuple(f"P{i}" for i in range(5 + 2 * game))
        record = played_record(theme, players=players, mods=mods, choices=game, seed=f"seed-{game}")
        opened = show(browser, record, tmp_path, f"{theme}-{game}")
        assert opened.verdict == "verified", opened.text
        assert opened.errors == []
