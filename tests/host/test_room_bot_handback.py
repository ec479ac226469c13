"""The room bot's host slot handed back: `.win`/`.done` answered, or the auth asked to `.dehost`."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.bot.config import load_config
from survivor_host.bot.room import RoomHost
from survivor_host.bot.roombot import RoomBotSettings
from tests.host.fakes import FakeClock
from tests.host.test_room_bot import BOT, ROOM, SV, hosted_game, make_host, out, wall


def clock(host: RoomHost) -> FakeClock:
    assert isinstance(host.state.clock, FakeClock)
    return host.state.clock


def dehost_asks(host: RoomHost, name: str) -> list[str]:
    return [text for text in out(host).pms_to(name) if ".dehost" in text]


def test_an_unanswered_win_asks_who_hosted_us_to_dehost(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    host = make_host(tmp_path, room_bot=RoomBotSettings(SV, handback_seconds=15))
    host.handle_chat("@", "Auth", f".host {BOT}")
    hosted_game(host)
    assert out(host).room_lines()[-1].startswith(".win ")
    clock(host).advance(14)
    assert dehost_asks(host, "Auth") == []
    clock(host).advance(2)
    (ask,) = dehost_asks(host, "Auth")
    assert "did not answer my .win within 15 s" in ask and "/msgroom survivor, .dehost" in ask
    assert dehost_asks(host, "Hostess") == []  # the one who typed `.host` is asked, once
    assert any(kind == "command" and text.startswith(f"/modnote HOST: {SV} did not take") for kind, _, text in
               out(host).sent)  # fmt: skip
    assert "did not take '.win " in caplog.text


def test_the_winner_wall_in_time_asks_nobody(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    host.handle_chat("@", "Auth", f".host {BOT}")
    hosted_game(host)
    winner = out(host).room_lines()[-1].removeprefix(".win ")
    wall(host, f"**WINNER:** {winner}")
    clock(host).advance(60)
    assert dehost_asks(host, "Auth") == dehost_asks(host, "Hostess") == []


def test_the_winner_wall_read_before_a_stalled_server_passes_it_on_asks_nobody(tmp_path: Path) -> None:
    """The wait runs out on the bot's clock while the server is stalled: the bot first waits for the
    server to catch up, so the room bot's answer it read in time counts (no auth frees the next host)."""
    host = make_host(tmp_path)
    host.handle_chat("@", "Auth", f".host {BOT}")
    hosted_game(host)
    winner = out(host).room_lines()[-1].removeprefix(".win ")
    out(host).hold_caught_up = True
    clock(host).advance(60)
    wall(host, f"**WINNER:** {winner}")  # the server catches up: the room bot took the .win in time
    out(host).answer_caught_up()
    assert dehost_asks(host, "Auth") == []


def test_a_new_host_named_in_time_asks_nobody(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    hosted_game(host)
    wall(host, "**SURVGAME:** Someone is hosting. Type ``/me in`` to join.")
    clock(host).advance(60)
    assert dehost_asks(host, "Hostess") == []


def test_unanswered_done_of_cancelled_signups_asks_the_game_host_without_html(tmp_path: Path) -> None:
    host = make_host(tmp_path, html_ok=False)
    wall(host, f"**SURVGAME:** {BOT} is hosting. Type ``/me in`` to join.")
    host.handle_chat("+", "Hostess", "$host ftl")
    host.handle_chat("+", "Hostess", "$end")
    assert out(host).room_lines()[-1] == ".done"
    clock(host).advance(16)
    (ask,) = dehost_asks(host, "Hostess")
    assert ask == f"[{ROOM}] {SV} did not answer my .done within 15 s and still names me its host. " \
                  f"Free its host slot: type .dehost in {ROOM}."  # fmt: skip


def test_the_wait_is_configured(tmp_path: Path) -> None:
    path = tmp_path / "bot.toml"
    path.write_text('[bot]\nusername = "B"\nrooms = ["survivor"]\n[room_bot]\nhandback_seconds = 2\n')
    assert load_config(path, {"SURVIVOR_HOST_PASSWORD": "x"}).room_bot_handback_seconds == 2
    path.write_text('[bot]\nusername = "B"\nrooms = ["survivor"]\n[room_bot]\nhandback_seconds = 0\n')
    with pytest.raises(ValueError, match="handback_seconds = 0: must be a number of seconds above 0"):
        load_config(path, {"SURVIVOR_HOST_PASSWORD": "x"})
