"""The hooks Follow the Leader calls on every active mod. A mod overrides the ones it changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from survivor_host.engine.events import Event

if TYPE_CHECKING:
    from survivor_host.themes.ftl.game import FollowTheLeader


class FtlMod:
    """A mod of Follow the Leader; one instance per game."""

    id: ClassVar[str] = ""

    def allows_suspects(self) -> bool:
        """False when the mod has no suspecting (F4: Tug of War and No Mercy)."""
        return True

    def die_for(self, game: FollowTheLeader, index: int, running: int) -> tuple[int, int] | None:
        """The die seat `index` rolls and the running die after it, when the mod decides it (F12)."""
        return None

    def roll_and_judge(self, game: FollowTheLeader, order: list[int]) -> list[Event] | None:
        """The players' rolls and their judgement, when the mod judges each roll itself (F13)."""
        return None
