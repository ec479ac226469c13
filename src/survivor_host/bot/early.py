"""An action that arrives before its prompt was sent is refused: a player the game waits for again right
after their own action (their next turn drawn at once) who sends an action within moments of that, before
the bot's prompt for it has gone out, cannot have read it (an impatient second send of their last one)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from survivor_host.bot.ports import Clock, Outbox
from survivor_host.engine.ids import to_id

TOO_EARLY = (
    "Not taken: it came before I asked you for it (my prompt had not gone out yet). "
    "Send it again once you see the prompt."
)


class TooEarly(Exception):
    """An action sent before its prompt went out: nothing of it counts; the message tells its sender."""


@dataclass
class EarlyActions:
    """Who the game waits for whose prompt has not gone out yet: userid -> (when their wait began, step)."""

    unprompted: dict[str, tuple[float, int]] = field(default_factory=dict)
    step: int = 0

    def waits_began(
        self, out: Outbox, clock: Clock, awaited: Iterable[str], anew: Iterable[str], seconds: float
    ) -> None:
        """After a step (its lines queued): `anew` (userids) wait from now until what was queued went out;
        anyone no longer `awaited` is dropped. Nothing is noted when no action is refused (`seconds` 0)."""
        if seconds <= 0:
            self.unprompted.clear()
            return
        self.step += 1
        step, now, awaited = self.step, clock.now(), set(awaited)
        self.unprompted = {uid: began for uid, began in self.unprompted.items() if uid in awaited}
        for userid in anew:
            if userid in awaited:
                self.unprompted[userid] = (now, step)

        def sent() -> None:
            self.unprompted = {uid: began for uid, began in self.unprompted.items() if began[1] > step}

        out.when_sent(sent)

    def check(self, name: str, now: float, seconds: float) -> None:
        """Raises TooEarly when `name`'s wait began under `seconds` ago and its prompt is not out."""
        began = self.unprompted.get(to_id(name))
        if began is not None and now - began[0] < seconds:
            raise TooEarly(TOO_EARLY)
