"""Follow the Leader (`ftl`): the theme text plus RULINGS F1-F13 and G1-G7.

A game is a chain of phases (`phases/`): the opening, the vote for a leader, and each round's
choices, suspect, rolls, scapegoat and end, until the finals. This class wires the phases and mods
together and handles what crosses phases: removals (F11, G4-G6), substitutes and the record.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import ClassVar

from survivor_host.engine.dice import Dice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Stage
from survivor_host.themes.ftl.facts.course import RoundVoided, SeatBriefing, VoteVoided
from survivor_host.themes.ftl.facts.kinds import FtlStage, Outcome
from survivor_host.themes.ftl.facts.rolls import RoundJudged
from survivor_host.themes.ftl.no_mercy import NoMercy
from survivor_host.themes.ftl.phases.base import FtlPhase
from survivor_host.themes.ftl.phases.choices import LOCKED_IN, Choices, check_chooser
from survivor_host.themes.ftl.phases.finals import Finals
from survivor_host.themes.ftl.phases.opening import Opening
from survivor_host.themes.ftl.phases.rolls import Rolls
from survivor_host.themes.ftl.phases.round_end import RoundEnd
from survivor_host.themes.ftl.phases.scapegoat import NOT_YOURS, Scapegoat
from survivor_host.themes.ftl.phases.suspect import SUSPECT_ACTIONS, Suspect, check_leader
from survivor_host.themes.ftl.phases.vote import Vote
from survivor_host.themes.ftl.record import FtlRound
from survivor_host.themes.ftl.rules import CHOICES
from survivor_host.themes.ftl.spec import SPEC
from survivor_host.themes.ftl.state import FtlMod, FtlState
from survivor_host.themes.ftl.tug_of_war import TugOfWar
from survivor_host.themes.ftl.view import FtlView, view_of

MOD_CLASSES: dict[str, type[FtlMod]] = {cls.id: cls for cls in (TugOfWar, NoMercy)}
PHASES: tuple[FtlPhase, ...] = (Opening(), Vote(), Choices(), Suspect(), Rolls(), Scapegoat(), RoundEnd(), Finals())
REFUSALS = {
    "vote": "Voting for the first leader is over.",
    "scapegoat": "There is no scapegoat to name now.",
    "noscapegoat": NOT_YOURS,
}
"""Why an action is refused when the current phase does not take it (see `FollowTheLeader.refusal`)."""
NO_VOTE = "There is no vote for the first leader in this game: it was picked at random (leader=pick)."
"""F2: under `leader=pick` nobody votes, so a `vote` is refused as such rather than as late."""


class FollowTheLeader(FtlState):
    """Follow the Leader: follow (roll lower) or rebel (roll higher) than the leader's roll."""

    spec = SPEC
    PLAYER_ACTIONS = ("vote", "follow", "rebel", "suspect", "nosuspect", "scapegoat", "noscapegoat")
    PHASE_ACTIONS = PLAYER_ACTIONS
    THEME_HOST_ACTIONS = SPEC.host_actions
    ACTION_ALIASES: ClassVar[dict[str, str]] = {"revolt": "rebel"}
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "vote": ("target",),
        "follow": (),
        "rebel": (),
        "suspect": ("target",),
        "nosuspect": (),
        "scapegoat": ("target",),
        "noscapegoat": (),
        "pick": ("target",),
    }
    SECRET_ACTIONS = CHOICES

    def __init__(
        self,
        players: Sequence[str],
        mods: Sequence[str] = (),
        options: Mapping[str, object] | None = None,
        dice: Dice | None = None,
        seed: int | str | None = None,
    ) -> None:
        super().__init__(players, mods=mods, options=options, dice=dice, seed=seed)
        self.plugins = tuple(MOD_CLASSES[mod]() for mod in self.mods)
        self.phases = {phase.name: phase for phase in PHASES}
        for plugin in self.plugins:
            self.phases.update(plugin.replaces)
        self.start_state()

    def take(self, facts: list[Event]) -> None:
        self.recorder.take(facts)

    def _start(self) -> list[Event]:
        return self.move_to(self.phases[Stage.NEW])

    def act_pick(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        if not isinstance(self.current, Vote):
            raise IllegalAction("The first leader has already been chosen.")
        return self.current.pick(self, inp)

    def refusal(self, action: str, seat: Seat) -> str:
        """Why `seat` cannot send `action` now: the current phase does not take it."""
        if action in CHOICES:
            check_chooser(self, seat)
            return LOCKED_IN
        if action in SUSPECT_ACTIONS:
            check_leader(self, seat)
            return "Suspecting is not open now."
        if action == "vote" and self.opt_str("leader") == "pick":
            return NO_VOTE
        return REFUSALS[action]

    def vote_tally(self) -> list[tuple[str, list[str]]]:
        """The first-leader votes so far (F2): (candidate, voters) for each candidate with a vote."""
        voters: dict[int, list[str]] = {}
        for voter, target in self.votes.items():
            if self.seats[target].alive:
                voters.setdefault(target, []).append(self.seats[voter].name)
        return [(self.seats[i].name, names) for i, names in sorted(voters.items())]

    # ----- modkills, substitutes (G4-G6, F11) -----

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Modkills (host, idle, left): F11 voids the round if the leader goes; G4 stops at two."""
        phase = self.current
        assert isinstance(phase, FtlPhase)
        indexes = [seat.index for seat in seats]
        events: list[Event] = [self.eliminate(seats, reason)]
        self.owed = [i for i in self.owed if i not in indexes]
        for i in indexes:
            if phase.before_rolls:
                # Before the rolls a removed player's choice no longer counts; after them it stays
                # part of the round's judgement (F8, F9), whoever leaves.
                self.choices.pop(i, None)
            self.votes.pop(i, None)
        voting = isinstance(phase, Vote)  # once the vote is over, a vote for a removed player changes nothing
        voided = [(voter, target) for voter, target in self.votes.items() if target in indexes and voting]
        self.votes = {voter: target for voter, target in self.votes.items() if target not in indexes}
        if len(self.alive()) <= 2:
            if self.leader not in indexes:
                events += phase.stop(self)
            if self.rounds and self.outcome is None:
                self.outcome = Outcome.STOPPED
                events.append(RoundJudged(Outcome.STOPPED))
            return events + self.move_to(self.phases[FtlStage.FINALS])
        if self.leader in indexes:
            return events + self.void_round()
        for voter, target in voided:  # F2: they vote again
            name = self.seats[voter].name
            events.append(VoteVoided(name, self.seats[target].name, to=name))
        return events + phase.on_removal(self, seats)

    def void_round(self) -> list[Event]:
        """F11: the leader left mid-round: discard it, pick a new leader at random, start again."""
        self.outcome = Outcome.VOID
        self.immune_next = list(self.immune_now)
        chosen = self.seat(self.dice.pick([seat.name for seat in self.alive()]))
        self.leader = chosen.index
        self.round -= 1
        return [RoundVoided(chosen.name), *self.move_to(self.phases[FtlStage.CHOICES])]

    def brief(self, seat: Seat) -> list[Event]:
        """Tell a substitute what their seat knows and owes."""
        voted = self.votes.get(seat.index)
        briefing = SeatBriefing(
            self.title,
            leader=seat.index == self.leader,
            immune=seat.index in self.immune_now,
            voting=isinstance(self.current, Vote),
            voted_for=None if voted is None else self.seats[voted].name,
            choice=self.choices.get(seat.index),
            to=seat.name,
        )
        return [briefing, *self.current.brief(self, seat)]

    # ----- for AI seats and records -----

    def view(self, name: str) -> FtlView:
        return view_of(self, self.seat(name))

    def round_record(self) -> list[FtlRound]:
        return copy.deepcopy(self.recorder.rounds)
