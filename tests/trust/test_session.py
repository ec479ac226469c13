"""Issue 22: a hand-hosted session's dice as docs/FAIRNESS.md defines them; `verify` of its record,
`verify --chat` of the room's lines, and the self-checking page (in Chromium), each tampering caught."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import re
from pathlib import Path
from typing import Any

import pytest

from survivor_host.cli import main
from survivor_host.fair.stream import HmacStream, commitment
from survivor_host.trust.chatlog import said, verify_chat
from survivor_host.trust.session import (
    KIND,
    draw_line,
    make_draw,
    parse_roll,
    session_client_seed,
    verify_session,
)
from survivor_host.trust.session_page import session_page

from .browser import Browser
from .test_fairness_doc import DOC, FromThePage


def session_vectors() -> dict[str, Any]:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    found = [json.loads(block) for block in blocks if '"session_vectors"' in block]
    assert len(found) == 1, "FAIRNESS.md has no session test vectors"
    data: dict[str, Any] = found[0]
    return data


def vector_record() -> dict[str, Any]:
    v = session_vectors()
    draws = [{k: val for k, val in d.items() if k != "line"} for d in v["draws"]]
    return {
        "kind": KIND, "format": 1, "dice": "hmac-sha256-v1", "id": 3, "room": "survivor", "host": v["host"],
        "seed": v["server_seed"], "commitment": commitment(v["server_seed"]), "client_seed": v["client_seed"],
        "players": v["players"], "salts": v["salts"], "draws": draws, "list": [], "out": [], "ended": "test",
    }  # fmt: skip


def test_the_session_vectors_hold_for_the_code() -> None:
    v = session_vectors()
    assert session_client_seed(v["host"], v["players"], v["salts"]) == v["client_seed"]
    stream = HmacStream(v["server_seed"], v["client_seed"])
    for spec in v["draws"]:
        made = make_draw(stream, {k: val for k, val in spec.items() if k not in ("value", "rolls", "line")})
        made["number"] = spec["number"]
        assert made["value"] == spec["value"] and made.get("rolls") == spec.get("rolls")
        assert draw_line(made) == spec["line"]
    assert stream.words_used == v["words_used"]


def test_the_session_vectors_hold_for_an_implementation_from_the_page_alone() -> None:
    v = session_vectors()
    client = v["host"] + "|" + ",".join(v["players"]) + "".join(";" + s for s in v["salts"])
    page = FromThePage(v["server_seed"], client)
    for spec in v["draws"]:
        if spec["kind"] == "dice":
            rolls = [1 + page.below(spec["sides"]) for _ in range(spec["count"])]
            assert rolls == spec["rolls"] and sum(rolls) + spec["plus"] == spec["value"]
        elif spec["kind"] == "card":
            assert 1 + page.below(spec["ranks"]) == spec["value"]
        else:
            assert page.draw({"draw": spec["kind"], **spec}) == spec["value"]
    assert page.used == v["words_used"]
    first = hmac.new(v["server_seed"].encode(), f"{client}:0".encode(), hashlib.sha256).digest()
    assert int.from_bytes(first[:4], "big") % 100 + 1 == v["draws"][0]["value"]  # no word of block 0 rejected


def test_the_room_bot_roll_syntax_reads_as_documented() -> None:
    assert parse_roll("") == parse_roll("100") == parse_roll("1d100") == parse_roll("d100")
    assert parse_roll("3d6+2").text() == "3d6+2"
    assert parse_roll("2d10 + 5 - 1").plus == 4
    assert parse_roll("100+20").text() == "100+20"
    for bad in ("0", "1d10000000", "41d6", "d", "1d6++2", "abc", "1d6*2"):
        with pytest.raises(ValueError):
            parse_roll(bad)


TAMPERING = {
    "seed": (
        lambda r: r.update(seed="1" * 64),
        r"^commitment: recorded",
    ),
    "commitment": (
        lambda r: r.update(commitment="0" * 64),
        r"^commitment: recorded '0{64}'",
    ),
    "client seed": (
        lambda r: r.update(client_seed="Mars|Mallory"),
        r"^client seed: recorded 'Mars\|Mallory'",
    ),
    "host": (
        lambda r: r.update(host="Mallory"),
        r"^client seed: recorded 'Mars\|",
    ),
    "salt": (
        lambda r: r.update(salts=["other"]),
        r"^client seed: ",
    ),
    "player order": (
        lambda r: r["players"].reverse(),
        r"^client seed: ",
    ),
    "roll value": (
        lambda r: r["draws"][0].update(value=r["draws"][0]["value"] % 100 + 1),
        r"^#1 \(roll 100 for Venus\) value",
    ),
    "dice rolls": (
        lambda r: r["draws"][1]["rolls"].reverse(),
        r"^#2 \(roll 3d6\+2 for damage\) rolls",
    ),
    "pick": (
        lambda r: r["draws"][2].update(value="Venus"),
        r"^#3 \(pick \[Venus, Io, Ceres\]\) value: recorded 'Venus'",
    ),
    "shuffle": (
        lambda r: r["draws"][3]["value"].sort(),
        r"^#4 \(shuffle .*\) value",
    ),
    "card": (
        lambda r: r["draws"][4].update(value=13),
        r"^#5 \(card 13 for Io\) value: recorded 13, replayed 10",
    ),
    "a draw left out": (
        lambda r: r["draws"].pop(1),
        r"^#2 \(pick \[Venus, Io, Ceres\]\) number: recorded 3, replayed 2",
    ),
    "a draw redone": (
        lambda r: r["draws"].insert(1, {**r["draws"][0], "number": 2}),
        r"^#2 \(roll 100 for Venus\) value",
    ),
    "a pick's list": (
        lambda r: r["draws"][2].update(names=["Venus", "Ceres", "Io"]),
        r"^#3 \(pick \[Venus, Ceres, Io\]\) value",
    ),
}


def test_an_honest_session_record_verifies() -> None:
    verdict = verify_session(vector_record())
    assert verdict.ok, verdict.difference
    assert "6 draws are the dice stream" in verdict.checked[-1]


@pytest.mark.parametrize("change", list(TAMPERING))
def test_each_kind_of_tampering_with_a_session_record_is_named(change: str) -> None:
    record = vector_record()
    tamper, message = TAMPERING[change]
    tamper(record)
    verdict = verify_session(record)
    assert verdict.difference is not None
    assert re.search(message, str(verdict.difference)), str(verdict.difference)


def test_verify_and_export_read_a_session_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(vector_record()), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last.startswith("verified: every draw the record holds is the dice of its committed seed and client seed")
    assert last.endswith("the room's chat shows: verify --chat).")  # what the record alone cannot show
    bad = vector_record()
    bad["draws"][0]["value"] = 1
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    assert "NOT verified: first difference at #1 (roll 100 for Venus) value: recorded 1, replayed 10" in (
        capsys.readouterr().out
    )
    assert main(["export", str(path), "--html", str(tmp_path / "s.html")]) == 1  # no page of a bad record
    assert not (tmp_path / "s.html").exists()
    assert main(["export", str(path), "--html", str(tmp_path / "s.html"), "--force"]) == 0
    assert "Session h3, hosted by Mars" in (tmp_path / "s.html").read_text(encoding="utf-8")


def vector_chat() -> list[str]:
    """The vectors' session as the room showed it, in the room log's format."""
    v = session_vectors()
    return [
        f"|c|*Bot|Fair dice session h3 (host Mars): commitment sha256 {commitment(v['server_seed'])}. Join…",
        "|c|+Venus|/me in",
        f"|c|*Bot|Session h3 client seed (the host, the players in join order, the salts): {v['client_seed']}",
        *(f"|c:|17000000{i}|*Bot|{d['line']}" for i, d in enumerate(v["draws"])),
        "|c|*Bot|Session h3 cards: #5 Io 10, #6 Pluto 3",
        f"|c|*Bot|Session h3 seed: {v['server_seed']} (its sha256 is the commitment; ended by Mars).",
    ]


def test_verify_chat_reads_the_room_log_and_a_client_copy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = vector_chat()
    (verdict,) = verify_chat(lines)
    assert verdict.problem is None and "all 6 numbered draws" in verdict.checked[-1]
    copied = [
        f"[20:1{i % 10}] {author}: {text}"
        for i, (author, text) in enumerate((s.author, s.text) for s in filter(None, map(said, lines)))
    ]
    (verdict,) = verify_chat(copied)
    assert verdict.problem is None, verdict.problem
    log = tmp_path / "log.txt"
    log.write_text("\n".join(copied), encoding="utf-8")
    assert main(["verify", "--chat", str(log)]) == 0
    assert "verified: session h3, posted by *Bot." in capsys.readouterr().out
    log.write_text("\n".join(line.replace("Io 10", "Io K") for line in copied), encoding="utf-8")
    assert main(["verify", "--chat", str(log)]) == 1
    assert "first mismatch at #5: the card shown is K, the dice give #5 Io 10" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("#1 roll 100 for Venus: 11", "first mismatch at #1: the log shows '#1 roll 100 for Venus: 11'"),
        ("#2 roll 3d6+2 for damage: 2, 1, 6 = 11", "first mismatch at #2"),
        ("#3 pick [Venus, Io, Ceres]: Ceres", "first mismatch at #3"),
        ("#4 shuffle [Venus, Io, Ceres, Pluto] for seats: Io, Pluto, Ceres, Venus", "first mismatch at #4"),
    ],
)
def test_verify_chat_names_the_first_draw_that_does_not_match(line: str, problem: str) -> None:
    number = line.split(" ", 1)[0]
    lines = [f"|c|*Bot|{line}" if re.match(rf"\|c:\|\d+\|\*Bot\|{number} ", old) else old for old in vector_chat()]
    (verdict,) = verify_chat(lines)
    assert verdict.problem is not None and problem in verdict.problem, verdict.problem


def test_verify_chat_catches_a_seed_that_is_not_the_commitment() -> None:
    lines = [line.replace("seed: 6b1e", "seed: 7b1e") for line in vector_chat()]
    (verdict,) = verify_chat(lines)
    assert verdict.problem is not None and "not the commitment posted" in verdict.problem


def test_the_session_page_verifies_in_the_browser_and_escapes_names(browser: Browser, tmp_path: Path) -> None:
    record = vector_record()
    record["list"] = [{"step": 2, "event": "out", "name": "<img src=x onerror=alert(1)>"}]
    page = tmp_path / "session.html"
    page.write_text(session_page(record), encoding="utf-8")
    opened = browser.open(page)
    assert opened.verdict == "verified", opened.text
    assert "verified: all 6 draws are the dice" in opened.text
    assert opened.errors == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("roll value", r"not verified: draw #1 \(roll for Venus\) is \d+ in the record, but the dice give 10"),
        ("dice rolls", r"not verified: draw #2 \(dice for damage\) rolled \[6,2,1\] in the record"),
        ("card", r"not verified: draw #5 \(card\) is 13 in the record, but the dice give 10"),
        ("host", r"not verified: the client seed \"Mars\|.*\" is not the players and salts \(\"Mallory\|"),
        ("commitment", r"not verified: the commitment \"0{64}\" is not the SHA-256 of the seed"),
        ("a draw left out", r"not verified: draw #2 \(pick\) is numbered 3 in the record"),
        ("shuffle", r"not verified: draw #4 \(shuffle for seats\) is "),
    ],
)
def test_each_tampering_is_caught_in_the_browser(browser: Browser, tmp_path: Path, change: str, message: str) -> None:
    record = copy.deepcopy(vector_record())
    TAMPERING[change][0](record)
    page = tmp_path / f"{change.replace(' ', '-')}.html"
    page.write_text(session_page(record), encoding="utf-8")
    opened = browser.open(page)
    assert opened.verdict == "not-verified"
    assert re.search(message, opened.text), opened.text
    assert opened.errors == []


def test_verify_chat_reads_names_with_spaces_in_the_client_seed() -> None:
    seed, client = "d" * 64, session_client_seed("Mars Host", ["Big Io", "Zoë Q"], ["salt1"])
    stream = HmacStream(seed, client)
    made = {**make_draw(stream, {"kind": "pick", "names": ["Big Io", "Zoë Q"], "label": "first"}), "number": 1}
    lines = [
        f"[1:00] *Survivor Bot: Fair dice session h9 (host Mars Host): commitment sha256 {commitment(seed)}. Join…",
        f"[1:01] *Survivor Bot: Session h9 client seed (the host, the players in join order, the salts): {client}",
        f"[1:02] *Survivor Bot: {draw_line(made)}",
        f"[1:03] *Survivor Bot: Session h9 seed: {seed} (its sha256 is the commitment; ended by Mars Host).",
    ]
    (verdict,) = verify_chat(lines)
    assert verdict.problem is None, verdict.problem
    assert "the 1 numbered draw is the dice" in verdict.checked[-1]


def test_verify_chat_reads_lines_a_busy_room_put_in_one_box_or_joined() -> None:
    """The send queue keeps a room under its room bot's flood rule by boxing or joining waiting lines;
    the chat check cuts a box at its `<br />` and a joined line at every ` · ` (session lines hold none)."""
    from survivor_host.trust.chatlog import lines_of

    box = (
        '/raw <div class="infobox">Session h1 cards: #6 Ann Q, #7 Bob 4<br />Session h1 seed: '
        + "ab" * 32
        + ' (its sha256 is the commitment).<div class="gray" style="float:right">[Bot]</div></div>'
    )
    assert lines_of(box) == [
        "Session h1 cards: #6 Ann Q, #7 Bob 4",
        f"Session h1 seed: {'ab' * 32} (its sha256 is the commitment).",
    ]
    joined = "#1 roll 100 for Ann: 63 · #2 pick [A, B] for x: B"
    assert lines_of(joined) == ["#1 roll 100 for Ann: 63", "#2 pick [A, B] for x: B"]
    assert lines_of("Timer a set: 10 s.") == ["Timer a set: 10 s."]


def never_closed_record() -> dict[str, Any]:
    """An honest session whose signups were never closed (the host left, or the bot ended it): no client seed."""
    record = vector_record()
    record.update(client_seed=None, draws=[], ended="the host was away")
    return record


def test_a_session_never_closed_verifies_with_nothing_drawn() -> None:
    verdict = verify_session(never_closed_record())
    assert verdict.ok, verdict.difference
    assert any("signups were never closed" in line for line in verdict.checked)
    assert "client seed: not fixed: signups were never closed" in session_page(never_closed_record())


NO_CLIENT_SEED_TAMPERING = {
    "client seed removed, draws kept": lambda r: r.update(client_seed=None),
    "a draw added to a session never closed": lambda r: r.update(client_seed=None, draws=r["draws"][:1]),
    "client seed emptied": lambda r: r.update(client_seed=""),
}


@pytest.mark.parametrize("change", list(NO_CLIENT_SEED_TAMPERING))
def test_a_session_without_client_seed_that_holds_draws_is_not_verified(change: str) -> None:
    record = vector_record()
    NO_CLIENT_SEED_TAMPERING[change](record)
    assert verify_session(record).difference is not None


def test_a_session_never_closed_verifies_in_the_browser_and_a_draw_in_it_does_not(
    browser: Browser, tmp_path: Path
) -> None:
    page = tmp_path / "never-closed.html"
    page.write_text(session_page(never_closed_record()), encoding="utf-8")
    opened = browser.open(page)
    assert opened.verdict == "verified", opened.text
    assert "signups were never closed" in opened.text
    record = vector_record()
    NO_CLIENT_SEED_TAMPERING["a draw added to a session never closed"](record)
    page.write_text(session_page(record), encoding="utf-8")
    opened = browser.open(page)
    assert opened.verdict == "not-verified", opened.text
    assert "1 draws but no client seed" in opened.text
