"""`games NAME` reads the summaries kept beside each finished record (never the records themselves,
with a LIMIT); pages of finished games are built once and kept (issue 27 finding 8)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from survivor_host.bot import replays
from survivor_host.store.db import Store
from survivor_host.store.migrations import MIGRATIONS
from tests.host.test_replays import finished
from tests.host.test_room import outbox

ROOM = "survivor"


def _finish(store: Store, players: list[str], winner: str, at: float) -> int:
    game_id = store.begin_game(ROOM, "ftl", [], {}, players, "s" * 64, at)
    store.finish_game(game_id, {"theme": "ftl", "mods": [], "players": players, "winner": winner}, at + 60)
    return game_id


def test_games_name_never_opens_a_record(tmp_path: Path) -> None:
    host = finished(tmp_path, ["Venus", "Mars", "Io"])
    store = host.store
    for number in range(30):
        _finish(store, [f"P{number}", "Ceres", "Pluto"], "Ceres", 1_700_000_000 + number)
    # Every record made unreadable: the listing comes from the summaries alone.
    store.db.execute("UPDATE games SET record = '{not json'")
    host.handle_pm("Asker", "games Mars")
    host.handle_pm("Asker", "games Ceres")
    host.handle_pm("Asker", "games")
    mars, ceres, everyone = outbox(host).pms_to("Asker")[-3:]
    assert mars.startswith("Recent games in survivor with Mars: #1 ") and ", 3 players, winner " in mars
    assert ceres.count("#") == replays.LISTED and "#31 2023-11-14 Follow the Leader, 3 players, winner Ceres" in ceres
    assert "#1 " not in ceres and everyone.count("#") == replays.LISTED
    assert "Something went wrong" not in " ".join(outbox(host).pms_to("Asker"))


def test_the_summaries_of_games_finished_before_are_filled_by_the_migration(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path, isolation_level=None)
    for script in MIGRATIONS[:5]:
        for statement in script.split(";"):
            if statement.strip():
                db.execute(statement)
    db.execute("PRAGMA user_version=5")
    for number, players in enumerate((["Zoë", "Io"], ["Mars", "Io", "Ceres"])):
        record = {"theme": "cta", "mods": [], "players": players, "winner": players[-1]}
        db.execute(
            "INSERT INTO games (room, theme, mods, options, players, seed, status, started_at, finished_at, record)"
            " VALUES (?, 'cta', '[]', '{}', ?, 's', 'finished', ?, ?, ?)",
            (ROOM, json.dumps(players), number, 1_700_000_000 + number, json.dumps(record)),
        )
    session = {"host": "Pluto", "players": ["Zoë"], "draws": [{}, {}]}
    db.execute(
        "INSERT INTO hand_sessions (room, host, status, started_at, finished_at, record)"
        " VALUES (?, 'Pluto', 'ended', 0, 1700000100, ?)",
        (ROOM, json.dumps(session)),
    )
    db.close()
    store = Store(path)
    text = replays.games_text(store, ROOM, "Zoë")
    assert text.startswith("Recent games in survivor with Zoë: #1 2023-11-14 Chase the Ace, 2 players, winner Io.")
    assert text.endswith(" Hand-hosted: h1 2023-11-14 by Pluto, 2 draws.")
    assert "#2" not in text
    assert "h1" in replays.games_text(store, ROOM, "Pluto")


def test_a_replay_page_is_built_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from survivor_host.bot.replay_pages import PageShelf

    host = finished(tmp_path, ["Venus", "Mars", "Io"], html=True)
    built: list[int] = []
    real = replays.game_pages

    def counted(text: str, game_id: int, bot: str) -> list[str]:
        built.append(game_id)
        return real(text, game_id, bot)

    monkeypatch.setattr(replays, "game_pages", counted)
    monkeypatch.setattr(replays, "SHELF", PageShelf())
    for asker in ("Ceres", "Pluto", "Eris"):
        host.handle_pm(asker, "replay 1")
        assert replays.resend_page("survivorreplay1", asker, [ROOM], host.out, host.store)
    pages = [text for kind, _, text in outbox(host).sent if kind == "htmlpage"]
    assert len(pages) == 6 and len({page.split("|", 2)[2] for page in pages}) == 1
    assert built == [1]
