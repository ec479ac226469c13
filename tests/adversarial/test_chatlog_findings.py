"""Issue 27's forgeries of `verify --chat` that need no server: a user's line read as the bot's
(finding 2), a user's commitment line taking over the bot's session (finding 3), a crafted line
that made the check quadratic (finding 5). Findings 1 and 4 need the bot: test_forged_by_the_bot.py."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.trust.chatlog import verify_chat
from tests.adversarial.test_chatlog_corpus import BOT, honest_session, only, room_lines


def test_finding_2_a_users_message_is_never_read_as_the_bot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Five lines a one-word name types (`|c|*Bot|…` inside the message) were a whole session of the
    bot's that verified; the author is the line's identity field, so they are Mallory's."""
    host = honest_session(tmp_path)
    forged = [f"Mallory: |c|{BOT}|{line}" for line in room_lines(host)]
    forged += [f"Mallory: |pm|{BOT}| {who}|{text}" for kind, who, text in host.out.sent if kind == "pm"]  # type: ignore[attr-defined]
    forged += [f"[20:15] +Mallory: |c|{BOT}|{line}" for line in room_lines(host)]
    assert list(verify_chat(forged)) == []  # Mallory said text that begins `|c|`: no session line
    log = tmp_path / "forged.log"
    log.write_text("\n".join(forged), encoding="utf-8")
    assert main(["verify", "--chat", str(log)]) == 2
    assert "shows no session's commitment line" in capsys.readouterr().err


def test_finding_3_a_users_commitment_line_does_not_replace_the_bots_session(tmp_path: Path) -> None:
    host = honest_session(tmp_path)
    lines = [f"|c|{BOT}|{line}" for line in room_lines(host)]
    fake = f"|c| Mallory|Fair dice session h1 (host Mars): commitment sha256 {'0' * 64}. Join with /me in."
    log = [lines[0], fake, *lines[1:]]
    verdict = only(list(verify_chat(log)))
    assert verdict.problem is None, verdict.problem
    assert "all 8 numbered draws" in verdict.checked[-1]
    mallory = only(list(verify_chat(log)), "mallory")
    assert mallory.problem is not None and "posted by  Mallory" in mallory.problem


CRAFTED = {
    "signatures": "|c|*SurvivorBot|/raw " + '<div class="gray">' * 16_000,
    "open tags": "|c|*SurvivorBot|/raw " + "<" * 288_000,
    "joins": "|c|*SurvivorBot|" + "#1 card 13 for x · " * 15_000,
    "a long draw": "|c|*SurvivorBot|#1 roll 100 for " + "a " * 144_000,
    "a long card list": "|c|*SurvivorBot|Session h1 cards: " + "#1 a A, " * 36_000,
}


@pytest.mark.parametrize("craft", CRAFTED)
def test_finding_5_a_crafted_line_of_288_kb_is_read_in_linear_time(craft: str) -> None:
    """The old check rescanned a box for its signature at every `<div class="gray"`: 288 KB took
    50 s and more. Every step is linear now: a few hundredths of a second."""
    opened = f"|c|*SurvivorBot|Fair dice session h1 (host Mars): commitment sha256 {'0' * 64}"
    line = CRAFTED[craft]
    assert len(line) >= 280_000
    start = time.perf_counter()
    list(verify_chat([opened, line]))
    assert time.perf_counter() - start < 1.5


def test_a_card_the_end_shows_needs_its_card_draw_in_the_log(tmp_path: Path) -> None:
    """The end's cards line names each card with its draw number: a card whose draw line is not in the
    log, or that the line gives to someone else, is not backed by the dice."""
    host = honest_session(tmp_path)
    lines = [f"|c|{BOT}|{line}" for line in room_lines(host)]
    card_draw = [line for line in lines if " card " in line and "dealt by PM" in line][-1]
    assert only(list(verify_chat(lines))).problem is None
    number = card_draw.split("|")[-1].split(" ")[0]  # `#5`
    unbacked = only(list(verify_chat([line for line in lines if line != card_draw])))
    assert unbacked.problem is not None
    assert f"the log has no card draw {number}" in unbacked.problem or f"draw {number} is missing" in unbacked.problem
    ends = next(line for line in lines if " cards: " in line)
    extra = only(list(verify_chat([line + ", #99 Io K" if line == ends else line for line in lines])))
    assert extra.problem is not None and "the card #99 K is shown, but the log has no card draw #99" in extra.problem
    holder = ends.split(f"{number} ")[1].split(" ")[0]
    renamed = [line.replace(f"{number} {holder} ", f"{number} Mallory ") if line == ends else line for line in lines]
    given = only(list(verify_chat(renamed)))
    assert given.problem is not None and "shown as Mallory's" in given.problem
