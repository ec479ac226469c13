"""What the practice room shows and keeps without a server: bot pages (a replay, the host's list) with
their buttons, a chat log `verify --chat` reads, `--seed WORD`'s own seed for each game and session, and
the replay pages' worker started before stdin is read."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

import survivor_host.devserver.practice as practice_module
from survivor_host.devserver.practice import PracticeSetup, run_practice
from survivor_host.devserver.practice_world import Practice, Typist, click_labels, page_text, practice_seeds
from survivor_host.devserver.story import Story
from survivor_host.showdown.protocol import parse_frame
from survivor_host.trust.chatgrammar import SEED
from survivor_host.trust.chatlog import verify_chat
from tests.devserver.test_practice_parts import Sent
from tests.trust.test_session import vector_chat

BUTTON = (
    '<button class="button" name="send" value="/msgroom survivor, /botmsg Survivor Host, survivor list {} {}">'
    "{}</button>"
)
PAGE = (
    ">view-bot-survivorhost-survivorhandsurvivor\n|init|html\n"
    "|title|[Survivor Host] survivorhost-survivorhandsurvivor\n"
    '|pagehtml|<div class="pad"><h1>Session h1: Room Auth\'s list</h1><table><tr><td>Io | A</td><td>'
    + BUTTON.format("out", "Io", "Eliminate")
    + "</td></tr><tr><td>Mars</td><td>"
    + BUTTON.format("out", "Mars", "Eliminate")
    + '</td></tr></table><a href="/view-bot-survivorhost-survivorrecord1">its record</a> '
    + '<a href="/view-bot-survivorhost-survivorrecord1">its record</a></div>'
)


def practice(tmp_path: Path, log: io.StringIO | None = None) -> tuple[Practice, io.StringIO]:
    out = io.StringIO()
    return Practice(PracticeSetup(), tmp_path, Story(out, "survivor", "Survivor Host"), log=log), out


def test_a_bot_page_is_shown_with_its_buttons_and_links(tmp_path: Path) -> None:
    world, out = practice(tmp_path)
    auth = Typist("Room Auth")
    for message in parse_frame(PAGE):
        world._heard(auth, message, printer=True)
    shown = out.getvalue()
    assert "┃ Room Auth (bot page survivorhost-survivorhandsurvivor)" in shown
    assert "Session h1: Room Auth's list" in shown and "Io | A | [Eliminate]" in shown
    assert "/click 1 = Eliminate (list out Io)  /click 2 = Eliminate (list out Mars)" in shown
    assert auth.buttons[1] == ("Eliminate", "/msgroom survivor, /botmsg Survivor Host, survivor list out Mars")
    assert shown.count("links: its record = /join view-bot-survivorhost-survivorrecord1\n") == 1


def test_a_page_is_shown_whole_with_each_fact_on_its_line() -> None:
    """A replay's round facts (`<dt>`/`<dd>`) read `term: definition`, and a long page is not cut."""
    facts = "".join(f"<dt>Fact {n}</dt><dd>value <b>{n}</b></dd>" for n in range(40))
    lines = page_text(f'<section class="step"><h2>Round 1</h2><dl>{facts}</dl></section><h3>Dice drawn</h3>')
    assert lines == ["Round 1", *(f"Fact {n}: value {n}" for n in range(40)), "Dice drawn"]
    assert click_labels([("Join", "/me in"), ("Leave", "$out")]) == ["Join", "Leave"]


def test_the_log_is_a_chat_copy_verify_reads(tmp_path: Path) -> None:
    log = io.StringIO()
    world, _ = practice(tmp_path, log)
    auth, io_ = Typist("Room Auth"), Typist("Io")
    for line in [*vector_chat(), "|pm|*Bot|Io|#5 your card in survivor: 10", "|pm|Io|*Bot|card"]:
        for message in parse_frame(line if line.startswith("|pm|") else f">survivor\n{line}"):
            world._heard(io_ if line.startswith("|pm|") else auth, message, printer=True)
    kept = log.getvalue().splitlines()
    assert kept[:2] == [">survivor", vector_chat()[0]] and kept[-1] == "|pm|*Bot|Io|#5 your card in survivor: 10"
    (verdict,) = verify_chat(kept)
    assert verdict.problem is None, verdict


def test_seed_word_gives_each_game_its_own_hex_seed() -> None:
    first, again = practice_seeds("word"), practice_seeds("word")
    seeds = [first() for _ in range(3)]
    assert len(set(seeds)) == 3 and seeds[0] == again()
    assert SEED.fullmatch(f"Session h1 seed: {seeds[0]} (its sha256 is the commitment)")


class Shelf:
    """The replay pages' worker, as far as `run_practice` sees it: whether it was started."""

    started = False

    def start(self) -> None:
        self.started = True


def quiet_run(monkeypatch: pytest.MonkeyPatch, setup: PracticeSetup) -> tuple[int, str, list[bool]]:
    """`run_practice` without a server: what it returned and printed, and whether the pages' worker
    was running when the room opened."""
    shelf, seen = Shelf(), []

    async def main(*args: object) -> int:
        seen.append(shelf.started)
        return 0

    monkeypatch.setattr(practice_module, "is_installed", lambda cache: True)
    monkeypatch.setattr(practice_module, "ensure_ps_installed", lambda cache: None)
    monkeypatch.setattr(practice_module, "SHELF", shelf)
    monkeypatch.setattr(practice_module, "_main", main)
    out = io.StringIO()
    return run_practice(setup, stdin=io.StringIO(""), out=out), out.getvalue(), seen


def test_the_pages_worker_starts_before_stdin_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forked once a thread blocks reading stdin, the worker would wait forever on stdin's lock: no
    `$replay` page would come, and `/quit` would hang."""
    assert quiet_run(monkeypatch, PracticeSetup())[::2] == (0, [True])


def test_a_log_that_cannot_be_written_is_refused_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    status, said, seen = quiet_run(monkeypatch, PracticeSetup(log=str(tmp_path / "nowhere" / "chat.log")))
    assert status == 2 and not seen
    assert "chat.log: cannot write it (No such file or directory); name a file in a folder you can write" in said


def test_the_log_is_written_anew_each_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each run's sessions start at h1 again: a log kept from the last run would give `verify --chat` two
    different commitments for one h1, and it would read neither."""
    log = tmp_path / "chat.log"
    log.write_text(">survivor\n|c|*Survivor Host|Fair dice session h1 (host A): commitment sha256 " + "0" * 64 + "\n")
    assert quiet_run(monkeypatch, PracticeSetup(log=str(log)))[0] == 0
    assert log.read_text() == ""


def test_the_servers_refusal_of_a_typed_command_is_shown_to_its_typist(tmp_path: Path) -> None:
    """A `/command` typed as a user goes to the server as typed (ROOM.md); what the server answers that user
    alone (an error, a popup) is shown beside the room, so a refused `/wall` does not read as sent."""
    world, out = practice(tmp_path)
    auth, mallory = Typist("Room Auth"), Typist("Mallory")
    for message in parse_frame(">survivor\n|error|/wall - Access denied."):
        world._heard(mallory, message, printer=False)
    for message in parse_frame("|popup|You are muted.||For 7 minutes."):
        world._heard(auth, message, printer=True)
    shown = out.getvalue().splitlines()
    assert [line[line.index("┃") :] for line in shown] == [
        "┃ Mallory (from the server) /wall - Access denied.",
        "┃ Room Auth (from the server) You are muted. For 7 minutes.",
    ]


@pytest.mark.parametrize(("hosted", "joins"), [("survivorhost", False), ("Survivor Host", False), ("Room Auth", True)])
def test_the_ai_players_join_a_persons_game_not_the_bots_however_it_is_spelled(
    tmp_path: Path, hosted: str, joins: bool
) -> None:
    """Sir Vivor walls the name as typed (`.host survivorhost`); the bot's own signups follow, so the AI
    players join a person's game only, or they say `/me in` to a room with no signups open."""
    world, _ = practice(tmp_path)
    (player, *_) = world._ai_players()
    sent = Sent()
    player.client, player.think = sent, 0.0  # type: ignore[assignment]
    wall = f">survivor\n|c:|1|@Sir Vivor|/announce **SURVGAME:** {hosted} is hosting. Type ``/me in`` to join."
    for message in parse_frame(wall):
        asyncio.run(world._joiner(player)(message))
    assert (("command", "survivor", "/me in") in sent.sent) is joins
