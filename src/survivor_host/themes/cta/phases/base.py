"""What every phase of Chase the Ace shares."""

from __future__ import annotations

from survivor_host.engine.phase import Phase
from survivor_host.themes.cta.facts.kinds import CtaStage
from survivor_host.themes.cta.state import CtaState


class CtaPhase(Phase[CtaState]):
    """A phase of Chase the Ace."""


def after_step(game: CtaState, then: str) -> Phase[CtaState]:
    """After an elimination step: the finals when two players are left (C9), else the phase `then`."""
    return game.phase_named(CtaStage.FINALS if len(game.alive()) <= 2 else then)
