"""No Mercy (F13): players are judged one by one against the leader standing at that moment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from survivor_host.engine.events import Event, fast_inits
from survivor_host.themes.ftl.facts import (
    ChoiceShown,
    Deposed,
    DeposedBy,
    Depositions,
    FollowedAbove,
    FtlCause,
    Outcome,
    RebelledBelow,
    RoundJudged,
    TiedForImmunity,
)
from survivor_host.themes.ftl.mod import FtlMod
from survivor_host.themes.ftl.spec import NO_MERCY

if TYPE_CHECKING:
    from survivor_host.themes.ftl.game import FollowTheLeader


@dataclass(frozen=True)
class Verdict:
    """What one roll did: put its roller out, made them immune, or deposed the leader.

    `cancelled` lists the players whose immunity, gained by tying the deposed leader, is lost.
    """

    out: bool = False
    immune: bool = False
    deposes: bool = False
    cancelled: tuple[int, ...] = ()


SAFE, OUT, IMMUNE = Verdict(), Verdict(out=True), Verdict(immune=True)
"""The verdicts that carry no cancelled immunities (immutable, so shared)."""


@dataclass
class StandingLeader:
    """The leader standing now, their roll, and the immunities gained against that roll."""

    leader: int
    leader_roll: int
    tie_gives_immunity: bool
    gained: list[int] = field(default_factory=list)
    depositions: list[tuple[int, int, int]] = field(default_factory=list)

    def judge(self, player: int, roll: int, choice: str | None, protected: bool) -> Verdict:
        """Judge one roll; a rebel who beats the standing roll takes the lead and the roll."""
        if roll == self.leader_roll:
            if self.tie_gives_immunity:
                self.gained.append(player)
                return IMMUNE
            return SAFE
        if protected or choice is None:
            return SAFE
        if choice == "follow":
            return OUT if roll > self.leader_roll else SAFE
        if roll < self.leader_roll:
            return OUT
        self.depositions.append((self.leader, player, roll))
        cancelled = tuple(self.gained)
        self.gained = []
        self.leader, self.leader_roll = player, roll
        return Verdict(deposes=True, cancelled=cancelled)


class NoMercy(FtlMod):
    """No suspecting (F4); each roll is judged as it falls, against the leader standing then (F13)."""

    id = NO_MERCY

    def allows_suspects(self) -> bool:
        return False

    def roll_and_judge(self, game: FollowTheLeader, order: list[int]) -> list[Event] | None:
        """F13: judge each roll as it falls; a rebel above the standing roll deposes the leader."""
        assert game.leader is not None and game.leader_roll is not None
        standing = StandingLeader(game.leader, game.leader_roll, game.ties_give_immunity())
        events: list[Event] = []
        running = game.first_running_die()
        against: dict[int, int] = {}
        for i in order:
            die, running = game.die_for(i, running)
            events.append(game.roll_player(i, die))
            choice = game.choices.get(i)
            name = game.seats[i].name
            if choice:
                events.append(ChoiceShown(name, choice))
            deposed, deposed_roll = standing.leader, standing.leader_roll
            against[i] = deposed_roll
            roll = game.rolls[i]
            verdict = standing.judge(i, roll, choice, i in game.immune_now)
            if verdict.immune:
                game.immune_next.append(i)
                events.append(TiedForImmunity(name, roll, i in game.immune_now))
            if verdict.out:
                game.doomed.append(i)
                cause = (
                    FollowedAbove(name, roll, deposed_roll)
                    if choice == "follow"
                    else RebelledBelow(name, roll, deposed_roll)
                )
                events.append(game.eliminate([game.seats[i]], FtlCause.JUDGED, [cause]))
            if verdict.deposes:
                game.immune_next = [j for j in game.immune_next if j not in verdict.cancelled]
                old = game.seats[deposed].name
                lost = tuple(game.names(list(verdict.cancelled)))
                events.append(Deposed(name, lost, old, roll, deposed_roll))
                game.leader, game.leader_roll = i, game.rolls[i]
                by = DeposedBy(old, name, roll, deposed_roll)
                events.append(game.eliminate([game.seats[deposed]], FtlCause.DEPOSED, [by]))
        events.append(game.round_rolled(order, against))
        entries = tuple((game.seats[old].name, game.seats[new].name, roll) for old, new, roll in standing.depositions)
        events.append(Depositions(entries))
        if entries:
            game.outcome = Outcome.DEPOSED
            events.append(RoundJudged(Outcome.DEPOSED))
        return events + game.end_round()


fast_inits(__name__)
