"""The bot's own room host replayed in-process: what the room and each player should have received.

Both the game tests and the persistence tests compare live transcripts with this, so the expected
output comes from the same code path as the bot's (`RoomHost`), not from a copy of its rules.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from html import escape as html_escape
from typing import Any

from survivor_host.bot.config_schema import DEFAULT_PREFIX
from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.showdown.serverhtml import Buttons
from survivor_host.store.db import Store

from .bot import BOT_NAME
from .env import HOST_NAME
from .table import buttons_in

BOX = re.compile(r'<div class="infobox">(.*?)<br />')


def pm_box(text: str, commands: list[str]) -> tuple[str, str, tuple[str, ...]]:
    """A prompt box as tests compare it: ("box", prompt text, button commands)."""
    return ("box", text, tuple(commands))


def parse_pm(text: str) -> Any:
    """A PM as received: `/uhtml NAME, HTML` boxes become `pm_box` tuples, other text stays."""
    if text.startswith("/uhtml "):
        body = text.split(",", 1)[1]
        match = BOX.search(body)
        return pm_box(html.unescape(match.group(1)) if match else "", buttons_in(body))
    return text


@dataclass
class RecordingOutbox:
    """An outbox that keeps what the room and each player (by user id) are sent; sends nothing."""

    html_ok: bool = False
    name: str = BOT_NAME
    room: list[str] = field(default_factory=list)
    pms: dict[str, list[Any]] = field(default_factory=lambda: defaultdict(list))

    def say(self, room: str, text: str) -> None:
        self.room.append(text)

    def pm(self, user: str, text: str) -> None:
        self.pms[to_id(user)].append(text)

    def can_use_html(self, room: str) -> bool:
        return self.html_ok

    def keep_under_flood_rule(self, room: str, on: bool) -> None:
        """The replay's outbox sends nothing, so it keeps no budget."""

    def keep_lines_attributed(self, room: str, on: bool) -> None:
        """The replay's outbox sends nothing, so it makes no boxes."""

    def add_uhtml(self, room: str, name: str, html: str) -> None:
        pass

    def change_uhtml(self, room: str, name: str, html: str) -> None:
        pass

    def pm_uhtml(self, room: str, user: str, name: str, html: str, fallback: str = "") -> None:
        self.pms[to_id(user)].append(parse_pm(f"/uhtml {name},{html}"))

    def change_pm_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        """A prompt box changed in place to show a choice: not part of the PMs compared (hosting_kit.bot_pms)."""

    def buttons(self, room: str) -> Buttons:
        return Buttons(bot=self.name, room=room, quiet=self.html_ok)

    def send_command(self, room: str, command: str) -> None:
        """A server command (a modnote): no chat line in the room."""

    def add_html_box(self, room: str, html: str, fallback: Sequence[str] = ()) -> None:
        """As the room shows it: the bot's `/raw` chat line, the box in PS's infobox, signed with the bot's name
        (PS 0.11.11 `addhtmlbox` signs every box whose poster's global group is not `*`; a room bot's is not)."""
        signature = (
            f'<div class="gray" style="float:right;font-size:8pt">[{html_escape(self.name)}]</div>'
            '<div style="clear:both"></div>'
        )
        self.room.append(f'/raw <div class="infobox">{html}{signature}</div>')

    def send_html_page(self, room: str, user: str, page: str, html: str, fallback: str = "") -> None:
        pass

    def rank_of(self, room: str, userid: str) -> str | None:
        return " "

    def name_in(self, room: str, userid: str) -> str | None:
        return None

    def note_names(self, names: Iterable[str]) -> None:
        pass

    def when_sent(self, callback: Callable[[], None]) -> None:
        callback()

    def caught_up(self, callback: Callable[[], None]) -> None:
        callback()

    @contextlib.contextmanager
    def lane(self, lane: str, user: str | None = None) -> Iterator[None]:
        yield


class _Timer:
    def cancel(self) -> None:
        pass


class StillClock:
    """Time stands still: no deadline passes during the replay."""

    def now(self) -> float:
        return 0.0

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Timer:
        return _Timer()


@dataclass
class Replayed:
    """Everything said from `.start` on (room lines; PMs by user id), and the finished game."""

    room: list[str]
    pms: dict[str, list[Any]]
    game: Game


def replay_through_host(record: dict[str, Any], room: str, html_ok: bool = False, mirror: bool = False) -> Replayed:
    """Open signups, start, and feed the record's stored inputs to a real `RoomHost` (`mirror`: our own
    points table on, as the served bot has it only when asked in a room the room bot keeps)."""
    out = RecordingOutbox(html_ok)
    store = Store(":memory:")
    try:
        settings = HostSettings(prefix=DEFAULT_PREFIX, defaults=dict(record["options"]), mirror_points=mirror)
        host = RoomHost(room, out, StillClock(), store, settings, lambda: record["seed"])
        p = DEFAULT_PREFIX
        host.handle_chat("+", HOST_NAME, f"{p}host {record['theme']} {' '.join(record['mods'])}".strip())
        for name in record["players"]:
            host.handle_chat(" ", name, "/me in")
        out.room.clear()
        out.pms.clear()
        host.handle_chat("+", HOST_NAME, f"{p}start")
        game = host.game
        assert game is not None
        for inp in record["inputs"]:
            host.apply(Input.from_dict(inp), reply_to=None)
    finally:
        store.close()
    return Replayed(out.room, dict(out.pms), game)
