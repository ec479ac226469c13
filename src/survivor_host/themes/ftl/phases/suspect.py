"""F4: the leader names in chat one player who is neither the leader nor immune, or nobody."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Asked, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.themes.ftl.facts.choices import SuspectAsked, Suspected
from survivor_host.themes.ftl.facts.kinds import FtlStage, NoSuspectWhy
from survivor_host.themes.ftl.phases.naming import Naming
from survivor_host.themes.ftl.state import FtlState

SUSPECT_ACTIONS = ("suspect", "nosuspect")


class Suspect(Naming):
    """Done once the leader has named someone or nobody, or the deadline passed (no modkill, F4)."""

    name = FtlStage.SUSPECT
    actions = SUSPECT_ACTIONS
    before_rolls = True

    def act(self, game: FtlState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action not in SUSPECT_ACTIONS:
            return None
        check_leader(game, seat)
        if inp.action == "nosuspect":
            game.answered = True
            return [Suspected(seat.name, None)]
        target = game.alive_target(inp.target, "suspect")
        if target is seat:
            raise IllegalAction("You cannot suspect yourself.")
        if target.index in game.immune_now:
            raise IllegalAction(f"{target.name} is immune and cannot be suspected.")
        game.suspect = target.index
        game.answered = True
        return [Suspected(seat.name, target.name)]

    def timeout(self, game: FtlState) -> list[Event]:
        game.answered = True
        return [Suspected(game.name(game.leader) or "", None, NoSuspectWhy.TIME)]

    def on_removal(self, game: FtlState, removed: list[Seat]) -> list[Event]:
        if game.suspect_candidates():
            return []
        game.answered = True
        return [Suspected(game.name(game.leader) or "", None, NoSuspectWhy.NOBODY_LEFT)]

    def asker(self, game: FtlState) -> int | None:
        return game.leader

    def asked(self, game: FtlState) -> Asked:
        return asked(game)

    def next(self, game: FtlState) -> Phase[FtlState]:
        return game.phase_named(FtlStage.ROLLS)


def asked(game: FtlState) -> SuspectAsked:
    """F4: the leader may suspect one of the candidates, or nobody."""
    targets = tuple(game.names(game.suspect_candidates()))
    return SuspectAsked(game.name(game.leader) or "", SUSPECT_ACTIONS, targets, False)


def check_leader(game: FtlState, seat: Seat) -> None:
    """F4: only the leader suspects."""
    if seat.index != game.leader:
        raise IllegalAction("Only the leader can suspect.")
