"""The hooks Follow the Leader calls on every active mod. A mod overrides the ones it changes, or
replaces a phase by name (`replaces`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from survivor_host.themes.ftl.phases.base import FtlPhase
from survivor_host.themes.ftl.state import FtlState


class FtlMod:
    """A mod of Follow the Leader; one instance per game."""

    id: ClassVar[str] = ""
    replaces: ClassVar[Mapping[str, FtlPhase]] = {}
    """Phases the mod plays instead of the theme's, by name (No Mercy's `rolls`)."""

    def allows_suspects(self) -> bool:
        """False when the mod has no suspecting (F4: Tug of War and No Mercy)."""
        return True

    def die_for(self, game: FtlState, index: int, running: int) -> tuple[int, int] | None:
        """The die seat `index` rolls and the running die after it, when the mod decides it (F12)."""
        return None
