"""Whether the server lets the bot talk: its own identity (`‽` locked, `!` muted) and the refusals that
say it is locked. The main server locks untrusted users on datacenter addresses (punishments.ts
'#hostfilter'), where rented servers are; the log then says why and what fixes it, once."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from survivor_host.showdown.messages import Message

logger = logging.getLogger(__name__)

LOCKED = "‽"
MUTED = "!"
RESTRICTED_RANKS = {LOCKED: "locked", MUTED: "muted"}
"""The bot's own identity in `|updateuser|` (users.ts `getIdentity`): `‽` locked or namelocked, `!` muted."""
HOSTFILTER = "locked for connecting from a datacenter or VPN address (#hostfilter)"
LOCK_TEXTS = ("You are locked", "You are namelocked", "locked due to your proxy / VPN")
"""The server's refusals (chat.ts) that say the bot itself is locked."""
RESTRICTED_HELP = (
    "The server says %s is %s: it cannot talk in rooms or PM players, so its games stay paused (none is lost). "
    "The main server locks untrusted users who connect from a datacenter or VPN address ('#hostfilter'), "
    "where rented servers are. The fix: have a room owner promote the bot (/roompromote NAME, *) in a "
    "public room while it is logged in from a home connection (a locked user cannot be promoted), then "
    "restart it on the server: trust starts at the next login. See docs/NETWORK.md."
)


@dataclass(frozen=True, kw_only=True)
class Locked(Message):
    """Synthetic: the server will not let the bot talk (`‽` locked or `!` muted in its own identity, or
    a refusal saying so); `reason` says why."""

    reason: str


@dataclass(frozen=True, kw_only=True)
class Unlocked(Message):
    """Synthetic: the bot's identity shows no lock any more."""


@dataclass
class Standing:
    """The bot's standing on the server; each method returns the message to pass on when it changed."""

    username: str
    restriction: str | None = None
    """Why the server will not let the bot talk (locked, muted), or None."""

    def identity(self, rank: str) -> Message | None:
        """The bot's own `|updateuser|`: a `‽` or `!` before its name restricts it (a reason already known
        from a refusal, such as the host filter, is kept); none lifts the restriction."""
        reason = RESTRICTED_RANKS.get(rank)
        if reason is None or self.restriction is None:
            return self._change(reason)
        return None

    def room_identity(self, rank: str) -> Message | None:
        """The bot's identity in a room changed (`|N|`): a lock during the session shows only there, as
        `‽` (no `|updateuser|` is sent); a room's `!` is a mute in that room alone. Its end likewise."""
        if rank == LOCKED:
            return self.identity(rank)
        if self.restriction is not None and self.restriction != RESTRICTED_RANKS[MUTED]:
            return self._change(None)
        return None

    def refusal(self, text: str) -> Message | None:
        """A refusal of one of the bot's lines that may say the bot is locked."""
        if any(part in text for part in LOCK_TEXTS):
            return self._change(HOSTFILTER if "proxy / VPN" in text else "locked")
        return None

    def _change(self, reason: str | None) -> Message | None:
        if reason == self.restriction:
            return None
        was, self.restriction = self.restriction, reason
        if reason is not None:
            logger.error(RESTRICTED_HELP, self.username, reason)
            return Locked(reason=reason)
        if was is not None:
            logger.warning("The server no longer restricts %s: hosting goes on", self.username)
            return Unlocked()
        return None
