"""F5 and F6 (with F12's dice under Tug of War): the leader rolls 109+20, then every other player in a
shuffled order rolls 150 (the suspect 120) and is judged against the leader's roll."""

from __future__ import annotations

from survivor_host.engine.events import Event, Roll
from survivor_host.engine.phase import Phase
from survivor_host.themes.ftl.facts.kinds import FtlStage, Verdict
from survivor_host.themes.ftl.facts.rolls import (
    ChoicesRevealed,
    FollowedAbove,
    LeaderRolls,
    RebelledBelow,
    RollRow,
    RoundRolled,
    SuspectCaught,
    TiedForImmunity,
    TiedNoImmunity,
)
from survivor_host.themes.ftl.phases.base import ROUND_END, FtlPhase
from survivor_host.themes.ftl.rules import LEADER_BONUS, LEADER_DIE, PLAYER_DIE
from survivor_host.themes.ftl.state import FtlState


class Rolls(FtlPhase):
    """Everyone rolls and is judged on entry; a caught suspect may then name a scapegoat (F7)."""

    name = FtlStage.ROLLS
    waiting = False

    def enter(self, game: FtlState) -> list[Event]:
        assert game.leader is not None
        leader = game.seats[game.leader].name
        game.leader_roll = roll = game.dice.roll(LEADER_DIE, LEADER_BONUS, f"leader roll for {leader}")
        game.opening = (leader, roll)
        events: list[Event] = [LeaderRolls(leader), Roll(leader, LEADER_DIE, roll, LEADER_BONUS, "leader", None, True)]
        index_of = {game.seats[i].name: i for i in game.non_leaders()}
        order = [index_of[name] for name in game.dice.shuffle(list(index_of))]
        return events + self.roll_and_judge(game, order)

    def roll_and_judge(self, game: FtlState, order: list[int]) -> list[Event]:
        """Each seat of `order` rolls in turn and is judged against the leader's roll (F6); then the
        choices are shown (G3) with the round's table, and who tied."""
        assert game.leader_roll is not None
        events: list[Event] = []
        tied: list[Event] = []
        running = PLAYER_DIE
        for i in order:
            die, running = game.die_for(i, running)
            events.append(roll_seat(game, i, die))
            name, roll, choice = game.seats[i].name, game.rolls[i], game.choices.get(i)
            verdict = judge(choice, roll, game.leader_roll, i in game.immune_now)
            if verdict is Verdict.TIED and game.ties_give_immunity():
                tied.append(TiedForImmunity(name, roll, i in game.immune_now))
                game.immune_next.append(i)
                verdict = Verdict.IMMUNE
            elif verdict is Verdict.TIED:
                tied.append(TiedNoImmunity(name, roll))
            elif verdict is Verdict.OUT:
                doom(game, i, game.leader_roll)
            add_row(game, i, game.leader_roll, verdict)
        followed = tuple(game.seats[i].name for i, choice in game.choices.items() if choice == "follow")
        rebelled = tuple(game.seats[i].name for i, choice in game.choices.items() if choice == "rebel")
        return [*events, ChoicesRevealed(followed, rebelled), table(game), *tied]

    def done(self, game: FtlState) -> bool:
        return True

    def leave(self, game: FtlState) -> list[Event]:
        if not scapegoat_due(game):
            return []
        assert game.suspect is not None
        caught = game.why_out[game.suspect]
        assert isinstance(caught, (FollowedAbove, RebelledBelow))
        return [SuspectCaught(caught)]

    def next(self, game: FtlState) -> Phase[FtlState]:
        return game.phase_named(FtlStage.SCAPEGOAT if scapegoat_due(game) else ROUND_END)


def judge(choice: str | None, roll: int, against: int, protected: bool) -> Verdict:
    """F6: a roll equal to the leader's ties (`TIED`; immunity is the caller's to give); a follower
    above it or a rebel below it is `OUT`, unless protected (immune); anyone else is `SAFE`.

    >>> judge("follow", 90, 80, False), judge("rebel", 90, 80, False), judge("rebel", 80, 80, False)
    (<Verdict.OUT: 'out'>, <Verdict.SAFE: 'safe'>, <Verdict.TIED: 'tied'>)
    """
    if roll == against:
        return Verdict.TIED
    if protected or choice is None:
        return Verdict.SAFE
    if (choice == "follow" and roll > against) or (choice == "rebel" and roll < against):
        return Verdict.OUT
    return Verdict.SAFE


def roll_seat(game: FtlState, index: int, die: int) -> Roll:
    """Seat `index` rolls `die` (F5); the roll is shown in the round's table too."""
    name = game.seats[index].name
    game.rolls[index] = result = game.dice.roll(die, 0, f"roll for {name}")
    game.dice_of[index] = die
    return Roll(name, die, result, 0, "", None, True)


def doom(game: FtlState, index: int, against: int) -> FollowedAbove | RebelledBelow:
    """F6: seat `index` goes out this round, a follower above `against` or a rebel below it."""
    name, roll = game.seats[index].name, game.rolls[index]
    followed = game.choices.get(index) == "follow"
    cause = FollowedAbove(name, roll, against) if followed else RebelledBelow(name, roll, against)
    game.why_out[index] = cause
    game.doomed.append(index)
    return cause


def add_row(game: FtlState, index: int, against: int, verdict: Verdict) -> None:
    """Seat `index`'s line of the round's table: its choice, die, roll, the roll it was judged against."""
    seat = game.seats[index]
    choice, die, roll = game.choices.get(index), game.dice_of[index], game.rolls[index]
    game.rows.append(RollRow(seat.name, choice, die, roll, against, verdict, index == game.suspect))


def table(game: FtlState) -> RoundRolled:
    """The round's rolls with their verdicts."""
    leader, leader_roll = game.opening
    return RoundRolled(game.round, leader, leader_roll, tuple(game.rows))


def scapegoat_due(game: FtlState) -> bool:
    """F7: the suspect would be eliminated, and someone can be named as scapegoat."""
    return game.suspect is not None and game.suspect in game.doomed and bool(game.scapegoat_candidates())
