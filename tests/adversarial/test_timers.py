"""A hand-hosted session runs at most a few timers at once, and `help` says so (issue 27 finding 10)."""

from __future__ import annotations

from pathlib import Path

from survivor_host.bot.guide import help_text
from tests.host.test_hand_hosting import session_host
from tests.host.test_room import clock, outbox


def test_one_host_cannot_start_hundreds_of_timers(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    outbox(host).clear()
    for _ in range(50):
        host.handle_chat("+", "Stagehand", ".timer 10")
    set_lines = [line for line in outbox(host).room_lines() if line.startswith("Timer ")]
    cap = len(set_lines)
    assert 1 <= cap <= 5
    assert f"At most {cap} timers run at once" in outbox(host).pms_to("Stagehand")[-1]
    clock(host).advance(11)
    rung = [line for line in outbox(host).room_lines() if line.startswith("Time is up")]
    assert len(rung) == cap
    host.handle_chat("+", "Stagehand", ".timer 10 // again")  # the ones that rang make room
    assert outbox(host).room_lines()[-1] == "Timer again set: 10 s."


def test_help_names_the_cap(tmp_path: Path) -> None:
    host = session_host(tmp_path)
    for _ in range(9):
        host.handle_chat("+", "Stagehand", ".timer 60")
    cap = sum(line.startswith("Timer ") for line in outbox(host).room_lines())
    assert f"timer SECONDS ({cap} at once)" in help_text(".")
