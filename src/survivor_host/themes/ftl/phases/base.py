"""What every phase of Follow the Leader shares."""

from __future__ import annotations

from survivor_host.engine.events import Event
from survivor_host.engine.phase import Phase
from survivor_host.themes.ftl.facts.kinds import FtlStage
from survivor_host.themes.ftl.state import FtlState

ROUND_END = "round-end"
"""The name of the silent stage that settles a round (F8, F9) before the next begins."""
OPENING = "new"


class FtlPhase(Phase[FtlState]):
    """A phase of Follow the Leader."""

    before_rolls = False
    """True while choices can still be dropped: a removed player's choice then no longer counts."""

    def stop(self, game: FtlState) -> list[Event]:
        """Modkills left two or fewer players (G4): what this phase settles before the finals."""
        return []


def next_round(game: FtlState) -> Phase[FtlState]:
    """A new round, or the finals once two or fewer players are left (F10)."""
    return game.phase_named(FtlStage.FINALS if len(game.alive()) <= 2 else FtlStage.CHOICES)
