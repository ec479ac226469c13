"""What the room host needs from the world: a clock with timers, an outbox, and shared settings."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Protocol

from survivor_host.bot.roombot import RoomBotSettings
from survivor_host.showdown.serverhtml import Buttons
from survivor_host.store.points import POINTS_SCALE


class Cancellable(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """Wall time and timers (asyncio's loop in the bot, a fake one in tests)."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable: ...


class Outbox(Protocol):
    """What the room host sends; ShowdownClient provides all of it."""

    @property
    def name(self) -> str: ...

    def say(self, room: str, text: str) -> None: ...

    def pm(self, user: str, text: str) -> None: ...

    def can_use_html(self, room: str) -> bool: ...

    def keep_under_flood_rule(self, room: str, on: bool) -> None:
        """While `on`, the room's chat lines stay within the room bot's flood rule."""
        ...

    def keep_lines_attributed(self, room: str, on: bool) -> None:
        """While `on`, the room's lines never share an HTML box (a reader's copy keeps their author)."""
        ...

    def add_uhtml(self, room: str, name: str, html: str) -> None: ...

    def change_uhtml(self, room: str, name: str, html: str) -> None: ...

    def pm_uhtml(self, room: str, user: str, name: str, html: str, fallback: str = "") -> None:
        """PM HTML to a user in the room; `fallback` goes by plain PM if the server refuses the HTML."""
        ...

    def change_pm_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        """Change in place the HTML `pm_uhtml` sent the user under `name`."""
        ...

    def add_html_box(self, room: str, html: str, fallback: Sequence[str] = ()) -> None:
        """An HTML box in the room; `fallback` (chat lines) is said if the server refuses it."""
        ...

    def buttons(self, room: str) -> Buttons:
        """How buttons in the room's HTML reach the bot (quietly where its rank allows)."""
        ...

    def send_command(self, room: str, command: str) -> None:
        """A server command said in the room as-is (`/modnote ...`): never with user text at its start."""
        ...

    def send_html_page(self, room: str, user: str, page: str, html: str, fallback: str = "") -> None:
        """Open (or refresh) a bot page for `user` (`/sendhtmlpage`, sent in the room for its `*` rank);
        `fallback` goes by plain PM if the server refuses it."""
        ...

    def rank_of(self, room: str, userid: str) -> str | None:
        """The user's rank in the room (" " for none), or None when they are not in it."""
        ...

    def name_in(self, room: str, userid: str) -> str | None:
        """The user's name as the room's user list shows it, or None when they are not in the room."""
        ...

    def note_names(self, names: Iterable[str]) -> None:
        """Names the bot writes though it may not have seen them (a substitute not yet come): written plain
        as seen ones are (no chat formatting of theirs applies)."""
        ...

    def when_sent(self, callback: Callable[[], None]) -> None:
        """Run `callback` once everything handed over so far has really gone out (not merely queued)."""
        ...

    def caught_up(self, callback: Callable[[], None]) -> None:
        """Run `callback` once the server has answered a query sent now: everything it received before
        (the players' inputs) has then been handled. A connection lost first asks again once the bot is
        back in its rooms, so `callback` runs once, then: it checks that what it guards is still current."""
        ...

    def lane(self, lane: str, user: str | None = None) -> AbstractContextManager[None]:
        """Send what is sent inside as "game" (default), "confirm" (answers to a player's own action,
        after the game's lines), "info" (replies to `user`'s information commands: last, rate-limited
        per user, by PM or not at all when many wait) or "error" (refusals to `user`: last, not
        rate-limited)."""
        ...


AUTH_RANKS = "+%@★*#~"
"""Room ranks that may host (`★` is Room Host, above `@`; `*` is a bot)."""
OWNER_RANKS = "#~"


class FloodRule(Protocol):
    """Told whenever the room bot's flood filter starts or stops counting our bot's chat lines."""

    def set_flood_rule(self, room: str, applies: bool) -> None: ...


@dataclass
class HostSettings:
    """Per-bot settings every room host shares (in-process defaults; the bot passes its config's)."""

    prefix: str = "."
    owners: tuple[str, ...] = ()
    defaults: dict[str, object] = field(default_factory=dict)
    rules_links: dict[str, str] = field(default_factory=dict)
    room_bot: RoomBotSettings | None = None
    """The room bot to heed (None: the bot hosts on its own)."""
    signups_seconds: float = 0.0
    """Signups close this long after they open (0: only `.start` closes them)."""
    points_scale: tuple[tuple[int, int, int], ...] = POINTS_SCALE
    mirror_points: bool = True
    """Keep our own points table (`.lb`, `.points`) as well as the room bot's `.addbot` line."""
    hand_follow: bool = True
    """Each host the room bot names gets a hand-hosting session (docs/FAIRNESS.md "Hosting sessions")."""
    hand_grace: float = 300.0
    """Seconds a hand-hosting session's host may be out of the room before the session ends."""
    rooms: tuple[str, ...] = ()
    """Every room the bot hosts in (the `help` answer names them when there are several)."""
    early_seconds: float = 0.0
    """A player's action within this long of their wait beginning, before its prompt went out, is refused
    (0: never; the bot's config sets it, `[play] early_seconds`)."""
