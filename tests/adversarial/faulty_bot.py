"""`survivor-host` with faults on cue, as its own process: `python tests/adversarial/faulty_bot.py serve --config F`.

Cue files beside the config (the bot's folder): while `FULL` exists every write to the database
raises SQLite's `database or disk is full`; while `KILL_AT_CARD_PM` exists the process kills itself
(SIGKILL, as `kill -9`) just before it would send a card's PM, after the draw's room line went out.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout, for `tests.adversarial`

from survivor_host.showdown.client import ShowdownClient
from survivor_host.store.db import Store
from tests.adversarial.store_faults import FULL, WRITE, WrappedConnection

FOLDER = Path(sys.argv[sys.argv.index("--config") + 1]).resolve().parent


class CuedConnection(WrappedConnection):
    """The store's connection; its writes fail while the cue file `FULL` exists."""

    def execute(self, sql: str, args: Any = ()) -> sqlite3.Cursor:
        if WRITE.match(sql) and (FOLDER / "FULL").exists():
            raise sqlite3.OperationalError(FULL)
        return self.real.execute(sql, args)


opened = Store.__init__


def cued_store(self: Store, path: str | Path) -> None:
    opened(self, path)
    self.db = CuedConnection(self.db)  # type: ignore[assignment]


sent = ShowdownClient._send_frame


async def send_frame(self: ShowdownClient, text: str) -> None:
    if "your card in" in text and (FOLDER / "KILL_AT_CARD_PM").exists():
        os.kill(os.getpid(), signal.SIGKILL)
    await sent(self, text)


Store.__init__ = cued_store  # type: ignore[method-assign]
ShowdownClient._send_frame = send_frame  # type: ignore[method-assign]

from survivor_host.cli import main  # noqa: E402

sys.exit(main())
