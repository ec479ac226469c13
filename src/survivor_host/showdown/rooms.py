"""What the client knows of a joined room, the ranks that matter to it, and the pace they decide."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from survivor_host.showdown.messages import UserRef
from survivor_host.showdown.sendqueue import PACE_PUBLIC_BOT, PACE_REGULAR, PACE_TRUSTED

HTML_RANKS = frozenset("*#~")
"""Room ranks with the `addhtml` permission (config-example.js groups)."""
STAFF_RANKS = frozenset("~#★@%*")
"""Ranks that count as staff (user-groups.ts `isStaff`: at least `*` or `%`)."""
NON_AUTH_RANKS = frozenset(" ‽!✖")
"""Global "ranks" that are not auth: regular users, locked, muted, namelocked."""
BOTMSG_RANKS = frozenset("*#")
"""Room ranks `/botmsg` delivers to (admin.ts `botmsg`): the quiet button form needs one."""


@dataclass
class RoomState:
    """What the client knows about a joined room."""

    roomid: str
    title: str = ""
    users: dict[str, UserRef] = field(default_factory=dict)
    public: bool | None = None
    """From `/cmd roominfo`: visibility is public (None until known)."""
    direct_rank: str | None = None
    """The bot's own room auth from `/cmd roominfo` (None when it has none or it is unknown)."""
    visibility: str = ""
    """From `/cmd roominfo`: "public", "hidden" or "secret" ("" until known)."""


def decide_pace(global_rank: str, public_room_ranks: Iterable[str]) -> float:
    """The server's throttle delay (users.ts) for the bot, from its global rank and its room auth in
    persistent public rooms, as decided at login."""
    ranks = set(public_room_ranks)
    if global_rank == "*" or "*" in ranks:
        return PACE_PUBLIC_BOT
    if global_rank.strip() and global_rank not in NON_AUTH_RANKS:
        return PACE_TRUSTED
    if ranks & STAFF_RANKS:
        return PACE_TRUSTED
    return PACE_REGULAR
