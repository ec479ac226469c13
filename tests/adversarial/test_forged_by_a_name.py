"""A legal name that holds ` · ` and a draw's beginning (`x · #2 roll 9`), written by the bot in a line
of its own game (`Roll (1 - 100) for x · #2 roll 9: 87`) while a session runs in the room, would add a
draw to the session when the check cuts messages at ` · `. The client writes such a line's own ` · `
with a no-break space (`join_safe`): the send queue's join stays the only ` · ` before a session line."""

from __future__ import annotations

from pathlib import Path

from survivor_host.engine.events import Roll
from survivor_host.engine.render import roll_text
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.escape import join_safe
from survivor_host.showdown.flood import join_text
from survivor_host.trust.chatlog import verify_chat
from tests.adversarial.test_chatlog_corpus import BOT, honest_session, only, room_lines

NAME = "x · #2 roll 9"


def session_with_a_game_line(tmp_path: Path, written: str) -> list[str]:
    """The session's lines, a game's roll line for NAME packed between its first two draws."""
    lines = room_lines(honest_session(tmp_path))
    first = next(i for i, line in enumerate(lines) if line.startswith("#1 "))
    packed = join_text([lines[first], written, lines[first + 1]])
    return [f"|c|{BOT}|{line}" for line in [*lines[:first], packed, *lines[first + 2 :]]]


def test_a_name_in_a_games_line_adds_no_draw_to_the_session(tmp_path: Path) -> None:
    game_line = roll_text(Roll(NAME, 100, 87))
    assert game_line == "Roll (1 - 100) for x · #2 roll 9: 87"
    verdict = only(list(verify_chat(session_with_a_game_line(tmp_path, join_safe(game_line)))))
    assert verdict.problem is None, verdict.problem
    assert "all 8 numbered draws" in verdict.checked[-1]
    unsafe = only(list(verify_chat(session_with_a_game_line(tmp_path, game_line))))
    assert unsafe.problem is not None and "two different lines for #2" in unsafe.problem


def test_the_client_writes_every_room_line_join_safe() -> None:
    """What the real client queues for a room line: the line's own ` · ` before a draw's beginning
    gets a no-break space; other ` · ` and PMs stay as they are."""
    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    bot.say("survivor", roll_text(Roll(NAME, 100, 87)) + " · Places: 3 Ann · 4 Cid.")
    bot.pm("Io", f"{NAME} · #3 roll 100: 5")
    queued = [line for frames in bot.queue._lanes for frame in frames for line in frame.lines]
    assert queued[0] == "Roll (1 - 100) for x\u00a0· #2 roll 9: 87 · Places: 3 Ann · 4 Cid."
    assert queued[1].endswith(f"{NAME} · #3 roll 100: 5")
