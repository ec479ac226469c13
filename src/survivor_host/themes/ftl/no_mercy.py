"""No Mercy (F13): players are judged one by one as they roll, against the leader standing then."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from survivor_host.engine.events import Event
from survivor_host.engine.phase import Phase
from survivor_host.themes.ftl.facts.kinds import FtlCause, FtlStage, Outcome, Verdict
from survivor_host.themes.ftl.facts.rolls import (
    ChoiceShown,
    Deposed,
    DeposedBy,
    Depositions,
    RoundJudged,
    TiedForImmunity,
)
from survivor_host.themes.ftl.phases.base import ROUND_END
from survivor_host.themes.ftl.phases.rolls import Rolls, add_row, doom, judge, roll_seat, table
from survivor_host.themes.ftl.rules import NO_MERCY, PLAYER_DIE
from survivor_host.themes.ftl.state import FtlMod, FtlState


class NoMercyRolls(Rolls):
    """F13: each roll is judged as it falls; a rebel above the standing roll deposes the leader, takes
    the lead and the roll, and cancels the immunities gained by tying the deposed leader's roll."""

    def roll_and_judge(self, game: FtlState, order: list[int]) -> list[Event]:
        assert game.leader is not None and game.leader_roll is not None
        events: list[Event] = []
        gained: list[int] = []
        # who gained immunity by tying the roll standing now
        depositions: list[tuple[str, str, int]] = []
        running = PLAYER_DIE
        for i in order:
            die, running = game.die_for(i, running)
            events.append(roll_seat(game, i, die))
            name, roll, choice = game.seats[i].name, game.rolls[i], game.choices.get(i)
            if choice:
                events.append(ChoiceShown(name, choice))
            against = game.leader_roll
            verdict = judge(choice, roll, against, i in game.immune_now)
            if verdict is Verdict.TIED and game.ties_give_immunity():
                gained.append(i)
                game.immune_next.append(i)
                events.append(TiedForImmunity(name, roll, i in game.immune_now))
                verdict = Verdict.IMMUNE
            elif verdict is Verdict.OUT:
                cause = doom(game, i, against)
                events.append(game.eliminate([game.seats[i]], FtlCause.JUDGED, [cause]))
            elif verdict is Verdict.SAFE and choice == "rebel" and roll > against:
                verdict = Verdict.DEPOSES
                depositions.append((game.seats[game.leader].name, name, roll))
                events += depose(game, i, gained)
                gained = []
            add_row(game, i, against, verdict)
        # the round's table stands before the verdicts it sums up, as in a round without No Mercy
        events = [table(game), *events, Depositions(tuple(depositions))]
        if depositions:
            game.outcome = Outcome.DEPOSED
            events.append(RoundJudged(Outcome.DEPOSED))
        return events

    def next(self, game: FtlState) -> Phase[FtlState]:
        return game.phase_named(ROUND_END)


def depose(game: FtlState, index: int, gained: list[int]) -> list[Event]:
    """F13: seat `index`, a rebel above the standing roll, takes the lead and the roll; the deposed
    leader goes out, and immunities `gained` by tying the deposed leader's roll are cancelled."""
    assert game.leader is not None and game.leader_roll is not None
    deposed, seat = game.seats[game.leader], game.seats[index]
    roll, against = game.rolls[index], game.leader_roll
    lost = tuple(game.names(gained))
    game.immune_next = [i for i in game.immune_next if i not in gained]
    game.rows = [replace(row, verdict=Verdict.CANCELLED) if row.player in lost else row for row in game.rows]
    game.leader, game.leader_roll = index, roll
    by = DeposedBy(deposed.name, seat.name, roll, against)
    return [Deposed(seat.name, lost, deposed.name, roll, against), game.eliminate([deposed], FtlCause.DEPOSED, [by])]


class NoMercy(FtlMod):
    """No suspecting (F4); the rolls are No Mercy's own (F13)."""

    id = NO_MERCY
    replaces: ClassVar[Mapping[str, Phase[FtlState]]] = {FtlStage.ROLLS: NoMercyRolls()}

    def allows_suspects(self) -> bool:
        return False
