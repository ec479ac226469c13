"""Each user's allowance of commands that cost the bot work (information, signups, replay pages),
checked before the work is done: a burst, then one every few seconds (a token bucket). The bot keeps
one for all its rooms."""

from __future__ import annotations

from dataclasses import dataclass, field

BURST = 8
"""Commands a user may send at once."""
EVERY = 1.0
"""Seconds after which one more is allowed (up to BURST)."""
ALLOWANCE_NOTE = f"{BURST} such commands from you at once in all my rooms, then one a second"
"""How the allowance reads to a user whose command was not done."""
USERS_KEPT = 2000
"""Users remembered; beyond it, those whose allowance is full again are forgotten."""


@dataclass
class Allowance:
    """Per user id: how many commands are left and when that was counted."""

    burst: int = BURST
    every: float = EVERY
    left: dict[str, tuple[float, float]] = field(default_factory=dict)

    def allow(self, userid: str, now: float) -> bool:
        """True (and one command counted) when `userid` may have one more command answered now."""
        tokens, at = self.left.get(userid, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + max(0.0, now - at) / self.every)
        if tokens < 1.0:
            self.left[userid] = (tokens, now)
            return False
        self.left[userid] = (tokens - 1.0, now)
        if len(self.left) > USERS_KEPT:
            full = now - self.burst * self.every
            self.left = {user: kept for user, kept in self.left.items() if kept[1] > full}
        return True
