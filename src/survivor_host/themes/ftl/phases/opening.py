"""The game begins (F2): the player list, and under `leader=pick` the first leader at random."""

from __future__ import annotations

from survivor_host.engine.events import Event, PlayerList
from survivor_host.engine.phase import Phase, Stage
from survivor_host.themes.ftl.facts.course import GameBegins, LeaderChosen
from survivor_host.themes.ftl.facts.kinds import FtlStage, LeaderHow
from survivor_host.themes.ftl.phases.base import FtlPhase, next_round
from survivor_host.themes.ftl.state import FtlState


class Opening(FtlPhase):
    """The game is announced; the leader is voted for next, or picked now."""

    name = Stage.NEW
    waiting = False
    announced = False

    def enter(self, game: FtlState) -> list[Event]:
        mods = tuple(game.spec.mod_title(mod) for mod in game.mods)
        listed = PlayerList(tuple(seat.name for seat in game.alive()), first=True)
        events: list[Event] = [GameBegins(game.title, mods), listed]
        if game.opt_str("leader") == "pick":
            chosen = game.seat(game.dice.pick([seat.name for seat in game.alive()]))
            events.append(LeaderChosen(chosen.name, LeaderHow.PICKED))
            game.leader = chosen.index
        return events

    def done(self, game: FtlState) -> bool:
        return True

    def next(self, game: FtlState) -> Phase[FtlState]:
        return game.phase_named(FtlStage.VOTE) if game.leader is None else next_round(game)
