"""`verify --chat` against a corpus of chat logs: honest sessions (written by the bot's own code, with
odd legal names, in every log format, packed as a busy room packs them) are accepted; forgeries a user
can make (a line that only looks like the bot's, a PM that only looks like a card, a session of their
own, text that reads as a session line) are refused or named as the user's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from survivor_host.bot.room import RoomHost
from survivor_host.cli import main
from survivor_host.showdown.flood import box_of, join_text
from survivor_host.trust.chatlog import ChatVerdict, verify_chat
from tests.host.test_room import make_host, outbox

SEED = "c" * 64
BOT = "*SurvivorBot"
ODD_PLAYERS = ["Zoë Q", "O'Brien", "#1 Fan", "Mr. X", "A-B = 7%", "ab #12 roll 99", "Ünal 3", "Łódź!", "李小龙"]
"""Legal names a session can write (`plain_name`): unicode letters, `#`, spaces, punctuation."""
ODD_CHATTERS = ["ab · #12 roll 99", "★Star★", "a (b) c", "x/y\\z", "~ ^ $ _", '"q"', "·"]
"""Legal Showdown names a session cannot write: they chat in the room, the bot names them by id."""


def honest_session(tmp_path: Path, players: Sequence[str] = ODD_PLAYERS, ender: str = "Mars") -> RoomHost:
    """A whole session run by the bot's own code: every kind of draw, cards, the end."""
    host = make_host(tmp_path, seed=SEED)
    host.handle_chat("+", "Stagehand", ".handhost Mars")
    for name in players:
        host.handle_chat(" ", name, "/me in")
    host.handle_chat(" ", players[0], ".salt pepper5")
    host.handle_chat(" ", "Mars", ".close")
    for command in (".roll 100 // for Zoë Q", ".roll 3d6+2 // damage", ".pick", ".shuffle", ".pick Red, Blue # 2"):
        host.handle_chat(" ", "Mars", command)
    host.handle_chat(" ", "Mars", f".card {players[5]}")
    host.handle_chat(" ", "Mars", f".card 14 {players[1]}")
    host.handle_chat(" ", "Mars", ".roll 2d10-3")
    host.handle_chat("+" if ender != "Mars" else " ", ender, ".done")
    return host


def room_lines(host: RoomHost) -> list[str]:
    return outbox(host).room_lines()


def card_pms(host: RoomHost) -> list[tuple[str, str]]:
    return [(who, text) for kind, who, text in outbox(host).sent if kind == "pm" and "your card" in text]


def room_log(lines: Sequence[str], chatter: Sequence[str] = ODD_CHATTERS) -> list[str]:
    """The room's log (`|c|`, `|c:|` and a log file's `HH:MM:SS |c|`), users chatting between the bot's lines."""
    out: list[str] = []
    for i, line in enumerate(lines):
        who = chatter[i % len(chatter)]
        out.append(f"|c| {who}|{line}" if i % 3 else f"12:00:{i % 60:02d} |c| {who}|hi {i} · #2 roll 100: 7")
        out.append(
            (f"|c|{BOT}|{line}", f"|c:|{1700000000 + i}|{BOT}|{line}", f"12:01:{i % 60:02d} |c|{BOT}|{line}")[i % 3]
        )
    return out


def copied(lines: Sequence[str]) -> list[str]:
    """As a player's client copies the room (`[20:15] *Bot: …`, with seconds, or without a time)."""
    forms = ("[20:15] {}: {}", "[20:15:07] {}: {}", "{}: {}")
    return [forms[i % 3].format(BOT, line) for i, line in enumerate(lines)]


def packed(lines: Sequence[str], boxes: bool, signed: bool) -> list[str]:
    """As a busy room's send queue sends them: runs of lines joined with ` · `, or boxes."""
    out = []
    for start in range(0, len(lines), 4):
        run = lines[start : start + 4]
        if boxes:
            box = box_of(run)
            assert box is not None
            signature = '<div class="gray" style="float:right;font-size:8pt">[SurvivorBot]</div>' if signed else ""
            out.append(f'|c|{BOT}|/raw <div class="infobox">{box.removeprefix("/addhtmlbox ")}{signature}</div>')
        else:
            out.append(f"|c|{BOT}|{join_text(run)}")
    return out


def only(verdicts: Sequence[ChatVerdict], author: str = "survivorbot") -> ChatVerdict:
    (verdict,) = [v for v in verdicts if v.session.bot.strip("*+ ").lower().replace(" ", "") == author]
    return verdict


HONEST: dict[str, Callable[[RoomHost], list[str]]] = {
    "room log with chatter": lambda h: room_log(room_lines(h)) + [f"|pm|{BOT}| {w}|{t}" for w, t in card_pms(h)],
    "client copy": lambda h: copied(room_lines(h)) + copied([t for _, t in card_pms(h)]),
    "joined": lambda h: packed(room_lines(h), boxes=False, signed=False),
    "boxed by a * bot": lambda h: packed(room_lines(h), boxes=True, signed=False),
    "boxed with the server's signature": lambda h: packed(room_lines(h), boxes=True, signed=True),
}


@pytest.mark.parametrize("form", HONEST)
def test_an_honest_session_with_odd_names_verifies_in_every_form(tmp_path: Path, form: str) -> None:
    host = honest_session(tmp_path)
    lines = room_lines(host)
    assert any(line.startswith("Session h1 client seed") and "ab #12 roll 99" in line for line in lines)
    verdict = only(list(verify_chat(HONEST[form](host))))
    assert verdict.problem is None, verdict.problem
    assert "all 8 numbered draws" in verdict.checked[-1]


def test_a_session_ended_by_auth_with_an_odd_name_names_them_by_id_and_verifies(tmp_path: Path) -> None:
    host = honest_session(tmp_path, ender="ab · #12 roll 99")
    seed_line = room_lines(host)[-1]
    assert "ended by ab12roll99" in seed_line and " · " not in seed_line
    verdict = only(list(verify_chat(packed(room_lines(host), boxes=False, signed=False))))
    assert verdict.problem is None, verdict.problem


FORGED: dict[str, Callable[[list[str]], list[str]]] = {
    "a copied line that holds a room log line": lambda log: [
        *log[:-1],
        "Mallory: |c|*SurvivorBot|#9 roll 100: 1",
        log[-1],
    ],
    "a timed copy that holds a room log line": lambda log: [
        *log[:-1],
        "[20:15] +Mallory: |c|*SurvivorBot|#9 roll 100: 1",
        log[-1],
    ],
    "a room log line inside a message": lambda log: [
        *log[:-1],
        "|c|+Mallory|x |c|*SurvivorBot|#9 roll 100: 1",
        log[-1],
    ],
    "a log file line inside a message": lambda log: [
        *log[:-1],
        "12:00:00 |c|+Mallory|12:00:00 |c|*SurvivorBot|#9 roll 100: 1",
        log[-1],
    ],
    "a name that looks like the bot's": lambda log: [*log[:-1], "|c| Survivor Bot2|#9 roll 100: 1", log[-1]],
    "a draw joined in a user's line": lambda log: [*log[:-1], "|c| Mallory|hello · #9 roll 100: 1", log[-1]],
    "a card PM inside a copied line": lambda log: [*log, "Mallory: |pm|*SurvivorBot| Io|#5 your card in survivor: K"],
    "a card PM from a user": lambda log: [*log, "|pm| Mallory| Io|#5 your card in survivor: K"],
}


@pytest.mark.parametrize("forgery", FORGED)
def test_a_line_that_only_looks_like_the_bots_is_the_users(tmp_path: Path, forgery: str) -> None:
    """Each forgery would add a draw #9 or change a card: the bot's session is read exactly as it was."""
    host = honest_session(tmp_path)
    honest = room_log(room_lines(host))
    log = FORGED[forgery](honest)
    verdict = only(list(verify_chat(log)))
    assert verdict.problem is None, verdict.problem
    assert verdict.session.draws.keys() == set(range(1, 9))
    assert "(2 cards, 2 of them shown)" in verdict.checked[-1]


def test_a_users_own_session_is_named_as_theirs_and_left_out_with_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user who types a whole session of their own makes a session of theirs, never the bot's."""
    host = honest_session(tmp_path)
    mallory = [f"|c|+Mallory|{line}" for line in room_lines(host)]
    log = tmp_path / "room.log"
    log.write_text("\n".join(mallory), encoding="utf-8")
    assert main(["verify", "--chat", str(log)]) == 0
    assert "verified: session h1, posted by +Mallory." in capsys.readouterr().out
    assert main(["verify", "--chat", str(log), "--bot", "SurvivorBot"]) == 2
    log.write_text("\n".join(mallory + room_log(room_lines(host))), encoding="utf-8")
    assert main(["verify", "--chat", str(log), "--bot", "SurvivorBot"]) == 0
    out = capsys.readouterr().out
    assert "verified: session h1, posted by *SurvivorBot." in out and "Mallory" not in out


def test_two_different_lines_for_one_draw_are_refused(tmp_path: Path) -> None:
    host = honest_session(tmp_path)
    lines = room_lines(host)
    at = next(i for i, line in enumerate(lines) if line.startswith("#3 "))
    log = room_log([*lines[: at + 1], "#3 pick [Red, Blue]: Red", *lines[at + 1 :]])
    verdict = only(list(verify_chat(log)))
    assert verdict.problem is not None and "two different lines for #3" in verdict.problem


def test_card_pms_copied_after_the_room_count_for_the_bots_newest_session(tmp_path: Path) -> None:
    """A player pastes the bot's PMs after the room's lines: they count (the end's cards line left out)."""
    host = honest_session(tmp_path)
    lines = [line for line in room_lines(host) if " cards: " not in line]
    pms = [f"|pm|{BOT}| {who}|{text}" for who, text in card_pms(host)]
    verdict = only(list(verify_chat([f"|c|{BOT}|{line}" for line in lines] + pms)))
    assert verdict.problem is None and "(2 cards, 2 of them shown)" in verdict.checked[-1], verdict
    value = pms[0].rsplit(": ", 1)[1]
    wrong = pms[0].removesuffix(value) + ("K" if value != "K" else "Q")
    verdict = only(list(verify_chat([f"|c|{BOT}|{line}" for line in lines] + [wrong, *pms[1:]])))
    assert verdict.problem is not None and "the card shown is" in verdict.problem
