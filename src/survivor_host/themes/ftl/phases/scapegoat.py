"""F7: a suspect who would be eliminated may name in chat a scapegoat to battle, 70 against 100."""

from __future__ import annotations

from survivor_host.engine.battle import battle
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Asked, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.themes.ftl.facts.choices import NoScapegoat, ScapegoatAsked, ScapegoatResolved
from survivor_host.themes.ftl.facts.kinds import FtlCause, FtlStage
from survivor_host.themes.ftl.facts.rolls import ScapegoatLost
from survivor_host.themes.ftl.phases.base import ROUND_END
from survivor_host.themes.ftl.phases.naming import Naming
from survivor_host.themes.ftl.rules import SCAPEGOAT_SUSPECT_DIE, SCAPEGOAT_TARGET_DIE
from survivor_host.themes.ftl.state import FtlState

SCAPEGOAT_ACTIONS = ("scapegoat", "noscapegoat")
NOT_YOURS = "There is no scapegoat for you to decline."


class Scapegoat(Naming):
    """Done once the suspect has named someone or declined, or the deadline passed (no modkill)."""

    name = FtlStage.SCAPEGOAT
    actions = SCAPEGOAT_ACTIONS

    def act(self, game: FtlState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action == "noscapegoat":
            if seat.index != game.suspect:
                raise IllegalAction(NOT_YOURS)
            game.answered = True
            return [NoScapegoat(seat.name, in_time=True)]
        if inp.action != "scapegoat":
            return None
        if seat.index != game.suspect:
            raise IllegalAction("Only the suspect can name a scapegoat.")
        target = game.alive_target(inp.target, "name as scapegoat")
        if target is seat:
            raise IllegalAction("You cannot be your own scapegoat.")
        if target.index == game.leader:
            raise IllegalAction("The leader cannot be a scapegoat.")
        if target.index in game.immune_now or target.index in game.immune_next:
            raise IllegalAction(f"{target.name} is immune and cannot be a scapegoat.")
        if target.index in game.doomed:
            raise IllegalAction(f"{target.name} is already going out this round.")
        game.answered = True
        return [fight(game, seat, target)]

    def timeout(self, game: FtlState) -> list[Event]:
        game.answered = True
        return [NoScapegoat(game.name(game.suspect) or "", in_time=False)]

    def stop(self, game: FtlState) -> list[Event]:
        # G4 stops the round with its judgement already made: the judged go out, no scapegoat battle.
        judged = [seat for seat in game.alive() if seat.index in game.doomed]
        causes = [game.why_out[seat.index] for seat in judged]
        return [game.eliminate(judged, FtlCause.JUDGED, causes)] if judged else []

    def on_removal(self, game: FtlState, removed: list[Seat]) -> list[Event]:
        if game.suspect in [seat.index for seat in removed] or not game.scapegoat_candidates():
            game.answered = True
        return []

    def asker(self, game: FtlState) -> int | None:
        return game.suspect

    def asked(self, game: FtlState) -> Asked:
        return asked(game)

    def next(self, game: FtlState) -> Phase[FtlState]:
        return game.phase_named(ROUND_END)


def asked(game: FtlState) -> ScapegoatAsked:
    """F7: the suspect may name one of the candidates, or decline."""
    targets = tuple(game.names(game.scapegoat_candidates()))
    return ScapegoatAsked(game.name(game.suspect) or "", SCAPEGOAT_ACTIONS, targets, False)


def fight(game: FtlState, seat: Seat, target: Seat) -> ScapegoatResolved:
    """F7: the suspect (70) battles the scapegoat (100); the loser goes out in the suspect's place."""
    dice = [(seat.name, SCAPEGOAT_SUSPECT_DIE), (target.name, SCAPEGOAT_TARGET_DIE)]
    result = battle(game.dice, dice, purpose="scapegoat")
    loser = game.seat(result.losers[0])
    winner = target if loser is seat else seat
    game.doomed = [i for i in game.doomed if i != seat.index] + [loser.index]
    game.why_out.pop(seat.index, None)
    game.why_out[loser.index] = ScapegoatLost(
        loser.name, winner.name, loser is seat, result.last_roll(loser.name), result.last_roll(winner.name)
    )
    return ScapegoatResolved(seat.name, target.name, tuple(result.events), loser.name)
