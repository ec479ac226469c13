"""A client's copy of the bot's boxes, and card PMs of another room's session (the hand-hosting
tester's findings 1 and 2): `verify --chat` says why it cannot read copied boxes, and counts a card
PM only for a session of the room it names."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.trust.chatlog import verify_chat
from tests.adversarial.test_chatlog_corpus import BOT, card_pms, honest_session, only, packed, room_lines


def client_copy(raw: list[str]) -> list[str]:
    """What the PS client shows of room lines (`case 'raw'`: the box's HTML, no time, no author)."""
    out = []
    for line in raw:
        text = line.split("|", 3)[3]
        if not text.startswith("/raw "):
            out.append(f"[20:15] {BOT}: {text}")
            continue
        body = re.sub(r'<div class="gray"[^>]*>\[([^\]]*)\]</div>', r"[\1]", text.removeprefix("/raw "))
        out += html.unescape(re.sub(r"<[^>]+>", "", body.replace("<br />", "\n"))).split("\n")
    return out


def test_a_copy_of_the_bots_boxes_is_not_read_and_the_verdict_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The copy shows a box's rows with no author (the last ends `[SurvivorBot]`): a room owner's box,
    a voice's `!code`, an announcement show the same text, so they prove nothing. Before, the verdict
    said only that a draw or the seed was missing."""
    lines = room_lines(honest_session(tmp_path))
    raw = [f"|c|{BOT}|{lines[0]}", *packed(lines[1:], boxes=True, signed=True)]
    assert only(list(verify_chat(raw))).problem is None
    copy = client_copy(raw)
    assert any(line.endswith("[SurvivorBot]") for line in copy)
    verdict = only(list(verify_chat(copy)))
    assert verdict.problem is not None
    assert "session lines with no author" in verdict.problem and "raw log" in verdict.problem
    log = tmp_path / "copy.txt"
    log.write_text("\n".join(copy), encoding="utf-8")
    assert main(["verify", "--chat", str(log), "--bot", "SurvivorBot"]) == 1
    assert "Which logs verify" in capsys.readouterr().out


def test_an_owners_box_signed_with_the_bots_name_is_not_read_as_the_bot(tmp_path: Path) -> None:
    """An owner's `/addhtmlbox` whose text ends `[SurvivorBot]` copies as the bot's box would: no
    copied box row counts, so the owner's draw line cannot stand in for one left out."""
    lines = room_lines(honest_session(tmp_path))
    first = min(i for i, line in enumerate(lines) if line.startswith("#"))
    forged = [f"[20:15] {BOT}: {line}" for i, line in enumerate(lines) if i != first]
    forged.insert(first, f"{lines[first]}[SurvivorBot]")
    verdict = only(list(verify_chat(forged)))
    assert verdict.problem is not None and "is missing" in verdict.problem and "no author" in verdict.problem


def io_card(tmp_path: Path) -> tuple[list[str], str, str]:
    """The honest session's room log (room survivor), and the card PM it sent to player #1."""
    host = honest_session(tmp_path)
    lines = [f"|c|{BOT}|{line}" for line in room_lines(host)]
    ((who, pm),) = [(who, text) for who, text in card_pms(host) if "O'Brien" in who]
    assert " in survivor: " in pm
    return lines, who, pm


def another_rooms_card(pm: str) -> str:
    """The same draw number's card PM from a session of room survivortwo, with another value."""
    number, value = pm.split(" your card in survivor: ")
    return f"{number} your card in survivortwo: {'2' if value != '2' else '3'}"


def test_a_card_pm_of_another_rooms_session_is_not_this_sessions(tmp_path: Path) -> None:
    """Io's log had `#2 your card in survivor: 8` and `#2 … in survivortwo: 2`: both were pinned to
    the newest session, which was refused for two cards at #2. A room log does not say the session's
    room, so PMs naming two rooms are left out, and the verdict says so."""
    lines, who, pm = io_card(tmp_path)
    pms = [f"|pm|{BOT}|{who}|{pm}", f"|pm|{BOT}|{who}|{another_rooms_card(pm)}"]
    older = [line.replace(" in survivor (host", " (host") for line in lines]  # a line naming no room
    verdict = only(list(verify_chat(older + pms)))
    assert verdict.problem is None, verdict.problem
    assert any("name the rooms survivor, survivortwo" in line for line in verdict.checked)
    verdict = only(list(verify_chat(lines + pms)))  # the commitment line names its room: its PMs are known
    assert verdict.problem is None, verdict.problem
    assert not any("not used" in line for line in verdict.checked)


def test_a_raw_protocol_log_says_the_room_and_its_card_pms_are_checked(tmp_path: Path) -> None:
    """With the protocol's `>survivor` line, the room's own PM counts and the other room's does not:
    a wrong card in the session's own room is still caught."""
    lines, who, pm = io_card(tmp_path)
    other = f"|pm|{BOT}|{who}|{another_rooms_card(pm)}"
    verdict = only(list(verify_chat([">survivor", *lines, other, f"|pm|{BOT}|{who}|{pm}"])))
    assert verdict.problem is None, verdict.problem
    assert not any("not used" in line for line in verdict.checked)
    wrong = f"|pm|{BOT}|{who}|{another_rooms_card(pm).replace('survivortwo', 'survivor')}"
    verdict = only(list(verify_chat([">survivor", *lines, wrong])))
    assert verdict.problem is not None and "two different cards" in verdict.problem


def test_a_card_pm_naming_one_room_is_still_checked_where_the_log_has_no_room(tmp_path: Path) -> None:
    lines, who, pm = io_card(tmp_path)
    wrong = another_rooms_card(pm).replace("survivortwo", "survivor")
    verdict = only(list(verify_chat([*lines, f"|pm|{BOT}|{who}|{wrong}"])))
    assert verdict.problem is not None and "two different cards" in verdict.problem
