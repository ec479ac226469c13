"""Follow the Leader (`ftl`): the theme text plus RULINGS F1-F13 and G1-G7."""

from __future__ import annotations

import copy
import functools
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from survivor_host.engine.battle import battle
from survivor_host.engine.dice import Dice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Asked, Battle, Cause, Event, Fact, PlayerList, Roll, phase_fact
from survivor_host.engine.game import Game, Scratch, Seat, Wait, announce_list, wait_for
from survivor_host.engine.inputs import Input, offer
from survivor_host.engine.phase import Phase
from survivor_host.themes.ftl.facts import (
    ChoiceAsked,
    ChoiceMade,
    ChoicesIn,
    ChoicesLocked,
    ChoicesOpened,
    ChoicesRevealed,
    DefaultChoice,
    FinalsBegin,
    FollowedAbove,
    FtlCause,
    FtlStage,
    GameBegins,
    ImmunityGained,
    LastStanding,
    LeaderChosen,
    LeaderHow,
    LeaderRolls,
    LeadTie,
    LeadWhy,
    NextLeader,
    NoScapegoat,
    NoSuspectWhy,
    Outcome,
    Overthrown,
    RebelledBelow,
    RollRow,
    RoundBegins,
    RoundJudged,
    RoundRolled,
    RoundVoided,
    ScapegoatAsked,
    ScapegoatLost,
    ScapegoatResolved,
    SeatBriefing,
    SuspectAsked,
    SuspectCaught,
    Suspected,
    TiedForImmunity,
    TiedNoImmunity,
    Verdict,
    VoteCast,
    VoteOpened,
    VotesCounted,
    VoteTie,
    VotingClosed,
)
from survivor_host.themes.ftl.mod import FtlMod
from survivor_host.themes.ftl.no_mercy import NoMercy
from survivor_host.themes.ftl.record import FtlRecorder, FtlRound
from survivor_host.themes.ftl.rules import (
    CHOICES,
    FINALS_DIE,
    LEADER_BONUS,
    LEADER_DIE,
    PLAYER_DIE,
    SCAPEGOAT_SUSPECT_DIE,
    SCAPEGOAT_TARGET_DIE,
    SUSPECT_DIE,
    TIE_DIE,
)
from survivor_host.themes.ftl.spec import NO_MERCY, SPEC, TUG_OF_WAR
from survivor_host.themes.ftl.tug_of_war import TugOfWar

# The members the rules read while playing, bound once: Python 3.11 looks `Enum.MEMBER` up slowly
# (its metaclass has a `__getattr__`, which keeps the lookup off the fast path).
CAUSE_JUDGED = FtlCause.JUDGED
CAUSE_OVERTHROWN = FtlCause.OVERTHROWN
STAGE_CHOICES = FtlStage.CHOICES
STAGE_FINALS = FtlStage.FINALS
STAGE_ROLLS = FtlStage.ROLLS
STAGE_SCAPEGOAT = FtlStage.SCAPEGOAT
STAGE_SUSPECT = FtlStage.SUSPECT
STAGE_VOTE = FtlStage.VOTE
WHY_DEPOSED = LeadWhy.DEPOSED
WHY_HIGHEST = LeadWhy.HIGHEST
WHY_HIGHEST_REBEL = LeadWhy.HIGHEST_REBEL
WHY_LOWEST = LeadWhy.LOWEST
OUTCOME_DEPOSED = Outcome.DEPOSED
OUTCOME_HANDOVER = Outcome.HANDOVER
OUTCOME_NORMAL = Outcome.NORMAL
OUTCOME_REBELLION = Outcome.REBELLION
OUTCOME_STOPPED = Outcome.STOPPED
OUTCOME_VOID = Outcome.VOID
VERDICT_CANCELLED = Verdict.CANCELLED
VERDICT_DEPOSES = Verdict.DEPOSES
VERDICT_IMMUNE = Verdict.IMMUNE
VERDICT_OUT = Verdict.OUT
VERDICT_SAFE = Verdict.SAFE
VERDICT_TIED = Verdict.TIED

MOD_CLASSES: dict[str, type[FtlMod]] = {cls.id: cls for cls in (TugOfWar, NoMercy)}

VOTE_ACTIONS = ("vote",)
SUSPECT_ACTIONS = ("suspect", "nosuspect")
SCAPEGOAT_ACTIONS = ("scapegoat", "noscapegoat")
NON_LEADERS = "non-leaders"
"""The key of `FollowTheLeader._non_leaders` in the game's scratch."""
LOCKED_IN = "Rebel or follow was already locked in for this round."
REFUSALS = {
    "vote": "Voting for the first leader is over.",
    "scapegoat": "There is no scapegoat to name now.",
    "noscapegoat": "There is no scapegoat for you to decline.",
}
"""Why an action is refused when the waiting phase does not take it (see `FollowTheLeader.refusal`)."""


@dataclass(frozen=True)
class FtlView:
    """What one player knows: public facts and their own choice, never another player's choice."""

    me: str
    alive: bool
    round: int
    phase: str
    players: tuple[str, ...]
    players_at_round_start: int
    leader: str | None
    immune: tuple[str, ...]
    my_choice: str | None
    suspect: str | None
    leader_roll: int | None
    rolls: dict[str, int]
    last_round_rolls: dict[str, int]
    tug_of_war: bool
    no_mercy: bool
    tug_floor: int
    suspecting: bool


class FollowTheLeader(Game):
    """Follow the Leader: follow (roll lower) or rebel (roll higher) than the leader's roll.

    The state holds seat indexes (`leader`, `votes`, `choices`...); names appear only at the edges:
    the inputs that come in, and the facts and records that go out (the engine's output, read by
    people). Each waiting phase (`Vote`, `Choices`, `Suspect`, `Scapegoat`) handles its own actions, and
    fills `waiting` and `offers` (whom it waits for, what each seat may send) as it is entered; answers
    empty `waiting` as they arrive, and a removal or a new name fills both afresh."""

    spec = SPEC
    theme = SPEC.id
    title = SPEC.title
    MODS = SPEC.mod_titles()
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
        self.leader: int | None = None
        self.votes: dict[int, int] = {}
        self.immune_now: list[int] = []
        self.immune_next: list[int] = []
        self.round_start: list[int] = [seat.index for seat in self.seats]
        self.owed: list[int] = []
        self.choices: dict[int, str] = {}
        self.suspect: int | None = None
        self.leader_roll: int | None = None
        self.rolls: dict[int, int] = {}
        self.last_rolls: dict[int, int] = {}
        self.doomed: list[int] = []
        self.why_out: dict[int, Fact] = {}
        """Why each doomed seat goes out (the cause facts of its elimination)."""
        self.dice_of: dict[int, int] = {}
        self.opening: tuple[str, int] = ("", 0)
        """This round's leader and roll as the rolls began (No Mercy may depose them)."""
        """The die each seat rolled this round (for the round's table)."""
        self.recorder = FtlRecorder()
        self.outcome: Outcome | None = None
        """How the current round ended, once it has."""
        self.plugins: tuple[FtlMod, ...] = tuple([MOD_CLASSES[mod]() for mod in self.mods])
        self._scratch = Scratch()
        self.waiting: dict[int, Wait] = {}
        """Whom the waiting phase still waits for, by seat: filled as it is entered (`enter`), emptied as
        the answers arrive, worked out afresh after a removal or a new name (`_refresh`)."""
        self.offers: dict[int, Offers] = {}
        """What each seat may send in the waiting phase (its `legal_inputs`), kept like `waiting`."""

    # ----- helpers -----

    def name(self, index: int | None) -> str | None:
        return None if index is None else self.seats[index].name

    @property
    def rounds(self) -> list[FtlRound]:
        """The record's rounds so far (built from the facts, see `FtlRecorder`)."""
        return self.recorder.rounds

    def take(self, facts: list[Event]) -> None:
        self.recorder.take(facts)

    def _suspecting(self) -> bool:
        """F4: only from 5 players at round start, never under Tug of War or No Mercy."""
        plugins = self.plugins
        return len(self.round_start) >= 5 and (not plugins or all(plugin.allows_suspects() for plugin in plugins))

    def ties_give_immunity(self) -> bool:
        """F6: a tie gives immunity only when the round started with 4 or more players."""
        return len(self.round_start) >= 4

    def _non_leaders(self) -> tuple[int, ...]:
        """The players still in besides the leader, in list order (kept per player list and leader)."""
        key = (NON_LEADERS, self.roster, self.leader)
        found: tuple[int, ...] | None = self._scratch.get(key)
        if found is None:
            leader = self.leader
            found = self._scratch.keep(key, tuple([seat.index for seat in self._alive if seat.index != leader]))
        return found

    def suspect_candidates(self) -> list[int]:
        return [i for i in self._non_leaders() if i not in self.immune_now]

    def scapegoat_candidates(self) -> list[int]:
        barred = {self.suspect, *self.doomed, *self.immune_now, *self.immune_next}
        return [i for i in self._non_leaders() if i not in barred]

    def marks(self, seat: Seat) -> str:
        if seat.index == self.leader:
            return " (leader)"
        if seat.index in self.immune_now:
            return " (immune)"
        return ""

    # ----- start and the leader vote (F2) -----

    def _start(self) -> list[Event]:
        mods = tuple(self.spec.mod_title(m) for m in self.mods)
        events: list[Event] = [GameBegins(self.title, mods), announce_list(self)]
        if self.opt_str("leader") == "pick":
            chosen = self.seat(self.dice.pick([seat.name for seat in self._alive]))
            events.append(LeaderChosen(chosen.name, LeaderHow.PICKED))
            self.leader = chosen.index
            return events + self._begin_round()
        self.enter(VOTE)
        events.append(phase_fact(STAGE_VOTE, 0))
        events.append(VOTE_OPENED)
        return events

    def refusal(self, action: str, seat: Seat) -> str:
        """Why `seat` cannot send `action` now: the waiting phase does not take it."""
        if action in CHOICES:
            self.check_chooser(seat)
            return LOCKED_IN
        if action in SUSPECT_ACTIONS:
            self.check_leader(seat)
            return "Suspecting is not open now."
        return REFUSALS[action]

    def vote_tally(self) -> list[tuple[str, list[str]]]:
        """The first-leader votes so far (F2): (candidate, voters) for each candidate with a vote."""
        voters: dict[int, list[str]] = {}
        for voter, target in self.votes.items():
            if self.seats[target].alive:
                voters.setdefault(target, []).append(self.seats[voter].name)
        return [(self.seats[i].name, names) for i, names in sorted(voters.items())]

    def act_pick(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        if not isinstance(self.current, Vote):
            raise IllegalAction("The first leader has already been chosen.")
        return self.current.pick(self, inp)

    def resolve_votes(self) -> list[Event]:
        """F2: most votes leads; a tie is a roll battle of 100; no votes at all, a random pick."""
        events: list[Event] = []
        tally: dict[int, int] = {}
        for target in self.votes.values():
            if self.seats[target].alive:
                tally[target] = tally.get(target, 0) + 1
        if not tally:
            chosen = self.seat(self.dice.pick([seat.name for seat in self._alive]))
            events.append(LeaderChosen(chosen.name, LeaderHow.NOBODY_VOTED))
        else:
            events.append(VotesCounted(tuple([(self.seats[i].name, n) for i, n in sorted(tally.items())])))
            top = max(tally.values())
            tied = [i for i in sorted(tally) if tally[i] == top]
            if len(tied) > 1:
                fight = battle(self.dice, [(self.seats[i].name, TIE_DIE) for i in tied], purpose="vote tie")
                events.append(VoteTie(tuple(self.names(tied)), top))
                events.append(Battle(tuple(fight.events)))
                chosen = self.seat(fight.winners[0])
            else:
                chosen = self.seats[tied[0]]
            events.append(LeaderChosen(chosen.name, LeaderHow.VOTED))
        self.leader = chosen.index
        return events + self._begin_round()

    # ----- a round -----

    def _begin_round(self) -> list[Event]:
        if len(self._alive) <= 2:
            return self._finals()
        self.round += 1
        self.round_start = [seat.index for seat in self._alive]
        self.immune_now = [i for i in self.immune_next if self.seats[i].alive and i != self.leader]
        self.immune_next = []
        self.choices = {}
        self.suspect = None
        self.leader_roll = None
        self.rolls = {}
        self.doomed = []
        self.why_out = {}
        self.dice_of = {}
        immune_now, leader_at = self.immune_now, self.leader
        self.owed = [i for i in self.round_start if i != leader_at and i not in immune_now]
        self.outcome = None
        self.enter(CHOICES_PHASE)
        seats = self.seats
        leader = self.name(leader_at) or ""
        events: list[Event] = [
            phase_fact(STAGE_CHOICES, self.round),
            RoundBegins(self.round, leader, tuple([seats[i].name for i in immune_now])),
            self._marked_list(),
        ]
        if not self.owed:
            return events + self.after_choices()
        events.append(CHOICES_OPENED)
        number = self.round
        for i in self.owed:
            name = seats[i].name
            events.append(choice_asked(name, number, leader))
        return events

    def _marked_list(self) -> PlayerList:
        """`announce_list(self, self.marks)` in one pass: the players still in, leader and immune marked."""
        leader, immune = self.leader, self.immune_now
        return PlayerList(
            tuple(
                [
                    seat.name + (" (leader)" if seat.index == leader else " (immune)" if seat.index in immune else "")
                    for seat in self._alive
                ]
            )
        )

    def choice_prompt(self, index: int, leader: str | None = None) -> ChoiceAsked:
        """F3: seat `index` is asked to follow or rebel (`leader`: the leader's name, when known)."""
        name = self.seats[index].name
        if leader is None:
            leader = self.name(self.leader) or ""
        return choice_asked(name, self.round, leader)

    def check_chooser(self, seat: Seat) -> None:
        """F3: the leader and the immune make no choice."""
        if seat.index == self.leader:
            raise IllegalAction("The leader does not follow or rebel.")
        if seat.index in self.immune_now:
            raise IllegalAction("You are immune this round and make no choice.")

    def check_leader(self, seat: Seat) -> None:
        """F4: only the leader suspects."""
        if seat.index != self.leader:
            raise IllegalAction("Only the leader can suspect.")

    def after_choices(self) -> list[Event]:
        seats = self.seats
        events: list[Event] = [ChoicesLocked(tuple([(seats[i].name, c) for i, c in self.choices.items()]))]
        if self.owed:
            events.append(CHOICES_IN)
        if self._suspecting():
            asked = self.suspect_prompt()
            if asked.targets:
                self.enter(SUSPECT)
                events.append(phase_fact(STAGE_SUSPECT, self.round))
                events.append(asked)
                return events
        return events + self.roll_round()

    def suspect_prompt(self) -> SuspectAsked:
        """F4: the leader may suspect a candidate, or nobody. The same all round for the same players
        (the immune and the leader change only with the round or the player list), so it is kept."""
        key = (STAGE_SUSPECT, self.round, self.roster, self.leader)
        found: SuspectAsked | None = self._scratch.get(key)
        if found is None:
            leader = self.name(self.leader) or ""
            targets = tuple(self.names(self.suspect_candidates()))
            found = self._scratch.keep(key, SuspectAsked(leader, SUSPECT_ACTIONS, targets, False))
        return found

    # ----- rolls and judgement (F5, F6, F12, F13) -----

    def roll_round(self) -> list[Event]:
        assert self.leader is not None
        self.pass_through(STAGE_ROLLS)
        leader = self.seats[self.leader]
        self.leader_roll = self.dice.roll(LEADER_DIE, LEADER_BONUS, f"leader roll for {leader.name}")
        self.opening = (leader.name, self.leader_roll)
        events: list[Event] = [
            phase_fact(STAGE_ROLLS, self.round),
            leader_rolls(leader.name),
            Roll(leader.name, LEADER_DIE, self.leader_roll, LEADER_BONUS, "leader", None, True),
        ]
        seats = self.seats
        index_of = {seats[i].name: i for i in self._non_leaders()}
        order = [index_of[name] for name in self.dice.shuffle(list(index_of))]
        for plugin in self.plugins:
            judged = plugin.roll_and_judge(self, order)
            if judged is not None:
                return events + judged
        judged, table = self._roll_and_judge(order, events)
        events.append(self._choices_revealed())
        events.append(table)
        events += judged
        if self.suspect is not None and self.suspect in self.doomed:
            asked = self.scapegoat_prompt()
            if asked.targets:
                self.enter(SCAPEGOAT)
                caught = self.why_out[self.suspect]
                assert isinstance(caught, (FollowedAbove, RebelledBelow))
                events.append(SuspectCaught(caught))
                events.append(phase_fact(STAGE_SCAPEGOAT, self.round))
                events.append(asked)
                return events
        return events + self.end_round()

    def _choices_revealed(self) -> ChoicesRevealed:
        """After the rolls the choices are no longer secret (G3): the room sees who did what."""
        seats = self.seats
        followed: list[str] = []
        rebelled: list[str] = []
        for i, choice in self.choices.items():
            (followed if choice == "follow" else rebelled).append(seats[i].name)
        return ChoicesRevealed(tuple(followed), tuple(rebelled))

    def round_rolled(self, order: list[int], against: dict[int, int] | None = None) -> RoundRolled:
        """The round's rolls with their verdicts, for its table (`against`: No Mercy's standing rolls)."""
        leader, leader_roll = self.opening
        rows = []
        seats, rolls, choices, doomed, dice_of = self.seats, self.rolls, self.choices, self.doomed, self.dice_of
        ties_immune, suspect, standing = self.ties_give_immunity(), self.suspect, against or {}
        for i in order:
            if i not in rolls:
                continue
            roll = rolls[i]
            judged_against = standing.get(i, leader_roll)
            choice = choices.get(i)
            if i in doomed:
                verdict = VERDICT_OUT
            elif roll == judged_against and not ties_immune:
                verdict = VERDICT_TIED
            elif roll == judged_against:
                verdict = VERDICT_IMMUNE if i in self.immune_next else VERDICT_CANCELLED
            elif against is not None and choice == "rebel" and roll > judged_against:
                verdict = VERDICT_DEPOSES
            else:
                verdict = VERDICT_SAFE
            rows.append(RollRow(seats[i].name, choice, dice_of[i], roll, judged_against, verdict, i == suspect))
        return RoundRolled(self.round, leader, leader_roll, tuple(rows))

    @staticmethod
    def first_running_die() -> int:
        """The running die a round starts from (Tug of War leans on it, F12)."""
        return PLAYER_DIE

    def die_for(self, index: int, running: int) -> tuple[int, int]:
        """The die seat `index` rolls (150, the suspect 120, or a mod's) and the running die after it."""
        for plugin in self.plugins:
            chosen = plugin.die_for(self, index, running)
            if chosen is not None:
                return chosen
        return (SUSPECT_DIE if index == self.suspect else PLAYER_DIE), running

    def roll_player(self, index: int, die: int) -> Roll:
        name = self.seats[index].name
        result = self.dice.roll(die, 0, f"roll for {name}")
        self.rolls[index] = result
        self.dice_of[index] = die
        return tabled_roll(name, die, result)

    def _roll_and_judge(self, order: list[int], events: list[Event]) -> tuple[list[Event], RoundRolled]:
        """F5 and F6 in one pass (without No Mercy): each seat of `order` rolls in turn (150, the suspect
        120, or a mod's die; its `Roll` goes to `events`), and is judged: followers above the leader's
        roll and rebels below it are doomed, a tie may give immunity. The judged facts and the table."""
        leader_roll = self.leader_roll
        assert leader_roll is not None
        judged: list[Event] = []
        rows: list[RollRow] = []
        add_roll, add_row = events.append, rows.append
        seats, rolls, choices, dice_of, why_out = self.seats, self.rolls, self.choices, self.dice_of, self.why_out
        doomed, immune_now, immune_next, suspect = self.doomed, self.immune_now, self.immune_next, self.suspect
        ties_immune, draw, mod_dice = self.ties_give_immunity(), self.dice.roll, bool(self.plugins)
        running = self.first_running_die()
        for i in order:
            name, choice = seats[i].name, choices.get(i)
            if mod_dice:
                die, running = self.die_for(i, running)
            else:
                die = SUSPECT_DIE if i == suspect else PLAYER_DIE
            rolls[i] = roll = draw(die, 0, f"roll for {name}")
            dice_of[i] = die
            add_roll(tabled_roll(name, die, roll))
            verdict = VERDICT_SAFE
            if roll == leader_roll:
                if ties_immune:
                    judged.append(TiedForImmunity(name, roll, i in immune_now))
                    immune_next.append(i)
                    verdict = VERDICT_IMMUNE
                else:
                    judged.append(TiedNoImmunity(name, roll))
                    verdict = VERDICT_TIED
            elif i in immune_now:
                pass
            elif choice == "follow" and roll > leader_roll:
                why_out[i] = FollowedAbove(name, roll, leader_roll)
                doomed.append(i)
                verdict = VERDICT_OUT
            elif choice == "rebel" and roll < leader_roll:
                why_out[i] = RebelledBelow(name, roll, leader_roll)
                doomed.append(i)
                verdict = VERDICT_OUT
            add_row(RollRow(name, choice, die, roll, leader_roll, verdict, i == suspect))
        return judged, RoundRolled(self.round, self.opening[0], self.opening[1], tuple(rows))

    # ----- the scapegoat (F7) -----

    def scapegoat_battle(self, seat: Seat, target: Seat) -> list[Event]:
        """F7: the suspect (70) battles the scapegoat (100); the loser goes out in the suspect's place."""
        fight = battle(
            self.dice,
            [(seat.name, SCAPEGOAT_SUSPECT_DIE), (target.name, SCAPEGOAT_TARGET_DIE)],
            purpose="scapegoat",
        )
        loser = self.seat(fight.losers[0])
        winner = target if loser is seat else seat
        self.doomed = [i for i in self.doomed if i != seat.index] + [loser.index]
        self.why_out.pop(seat.index, None)
        self.why_out[loser.index] = ScapegoatLost(
            loser.name, winner.name, loser is seat, fight.last_roll(loser.name), fight.last_roll(winner.name)
        )
        resolved = ScapegoatResolved(seat.name, target.name, tuple(fight.events), loser.name)
        return [resolved, *self.end_round()]

    def scapegoat_prompt(self) -> ScapegoatAsked:
        suspect = self.name(self.suspect) or ""
        targets = tuple(self.names(self.scapegoat_candidates()))
        return ScapegoatAsked(suspect, SCAPEGOAT_ACTIONS, targets, False)

    # ----- end of round (F8, F9) and finals (F10) -----

    def end_round(self) -> list[Event]:
        assert self.leader is not None and self.leader_roll is not None
        events: list[Event] = []
        seats, rolls, leader_roll = self.seats, self.rolls, self.leader_roll
        doomed = [seats[i] for i in self.doomed if seats[i].alive]
        if doomed:
            why_out = self.why_out
            events.append(self.eliminate(doomed, CAUSE_JUDGED, [why_out[seat.index] for seat in doomed]))
        old_leader = seats[self.leader]
        if self.outcome is not OUTCOME_DEPOSED:
            rebels = [i for i, choice in self.choices.items() if choice == "rebel"]
            failed = [i for i in rebels if rolls.get(i, 0) < leader_roll]
            judged = self.outcome = self._outcome(rebels, failed)
            rebel_names = tuple([seats[i].name for i in rebels])
            failed_names = tuple([seats[i].name for i in failed])
            events.append(RoundJudged(judged, old_leader.name, leader_roll, rebel_names, failed_names))
            if judged is OUTCOME_REBELLION:
                events.append(self.eliminate([old_leader], CAUSE_OVERTHROWN, [Overthrown(old_leader.name)]))
        events.append(ImmunityGained(tuple([seats[i].name for i in self.immune_next if seats[i].alive])))
        self.last_rolls = dict(self.rolls)
        if len(self._alive) <= 2:
            return events + self._finals()
        fight_events: list[Event] = []
        if self.outcome is not OUTCOME_DEPOSED:
            successor, why, fight_events = self._successor(self.outcome)
            events += fight_events
            self.leader = successor
            roll = self.rolls[successor]
        else:
            why, roll = WHY_DEPOSED, self.leader_roll
        events.append(NextLeader(self.name(self.leader) or "", why, roll, tie_break=bool(fight_events)))
        return events + self._begin_round()

    def _outcome(self, rebels: list[int], failed: list[int]) -> Outcome:
        """F9 with F8: everyone followed, every rebel (none `failed`, i.e. rolled lower than the
        leader) succeeded, or neither."""
        if self.choices and not rebels:
            return OUTCOME_HANDOVER
        if rebels and not failed:
            return OUTCOME_REBELLION
        return OUTCOME_NORMAL

    def _successor(self, outcome: Outcome | None) -> tuple[int, LeadWhy, list[Event]]:
        """F9: who leads next and why; a tie for lowest or highest roll is a roll battle of 100."""
        survivors = [i for i in self._non_leaders() if i in self.rolls]
        why = WHY_LOWEST if outcome == "handover" else WHY_HIGHEST
        if outcome == "rebellion":
            rebels = [i for i in survivors if self.choices.get(i) == "rebel"]
            why = WHY_HIGHEST_REBEL if rebels else WHY_HIGHEST
            survivors = rebels or survivors
        extreme = min if outcome == "handover" else max
        best = extreme(self.rolls[i] for i in survivors)
        tied = [i for i in survivors if self.rolls[i] == best]
        if len(tied) == 1:
            return tied[0], why, []
        names = [self.seats[i].name for i in sorted(tied)]
        fight = battle(self.dice, [(name, TIE_DIE) for name in names], purpose="succession")
        intro = LeadTie(tuple(names), best, why)
        return self.seat(fight.winners[0]).index, why, [intro, Battle(tuple(fight.events))]

    def _finals(self) -> list[Event]:
        """F10: two players roll 150 vs 150; one left wins and the round's others battle for second."""
        self.pass_through(STAGE_FINALS)
        alive = self._alive
        events: list[Event] = [phase_fact(STAGE_FINALS, self.round)]
        if len(alive) == 2:
            events.append(FinalsBegin(alive[0].name, alive[1].name))
            fight = battle(self.dice, [(seat.name, FINALS_DIE) for seat in alive], purpose="finals")
            winner, second = self.seat(fight.winners[0]), self.seat(fight.losers[0])
            return [*events, Battle(tuple(fight.events)), *self.finish(winner, second)]
        winner = alive[0]
        others = [self.seats[i] for i in self.round_start if i != winner.index]
        if len(others) == 1:
            return events + self.finish(winner, others[0])
        if not others:
            return events + self.finish(winner, None)
        events.append(LastStanding(winner.name))
        fight = battle(self.dice, [(seat.name, FINALS_DIE) for seat in others], purpose="second place")
        return [*events, Battle(tuple(fight.events)), *self.finish(winner, self.seat(fight.winners[0]))]

    # ----- deadlines, modkills, substitutes (G4-G6, F11) -----

    def enter(self, phase: Phase[Any]) -> None:
        super().enter(phase)
        assert isinstance(phase, FtlPhase)
        self.waiting, self.offers = phase.fill(self)

    def pass_through(self, name: str) -> None:
        super().pass_through(name)
        self.waiting, self.offers = {}, {}

    def _refresh(self) -> None:
        """`waiting` and `offers` worked out afresh from the state (after a removal or a new name)."""
        phase = self.current
        if isinstance(phase, FtlPhase) and not self.finished:
            self.waiting, self.offers = phase.fill(self)
        else:
            self.waiting, self.offers = {}, {}

    def awaiting(self) -> list[Wait]:
        return list(self.waiting.values())

    def _waits(self) -> list[Wait]:
        return self.awaiting()

    def _timeout(self) -> list[Event]:
        if self.current is None:
            raise IllegalAction("No deadline is running.")
        return self.current.timeout(self)

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Modkills (host, idle, left): F11 voids the round if the leader goes; G4 stops at two."""
        events = self._remove(seats, reason)
        self._refresh()
        return events

    def _index_names(self) -> None:
        super()._index_names()
        if self.naming > 1:  # a sub or a rename (the first indexing is the game's own, before any phase)
            self._refresh()

    def _remove(self, seats: list[Seat], reason: str) -> list[Event]:
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
        self.votes = {voter: target for voter, target in self.votes.items() if target not in indexes}
        if len(self._alive) <= 2:
            if self.leader not in indexes:
                events += phase.stop(self)
            if self.rounds and self.outcome is None:
                self.outcome = OUTCOME_STOPPED
                events.append(RoundJudged(OUTCOME_STOPPED))
            return events + self._finals()
        if self.leader in indexes:
            return events + self._void_round()
        return events + phase.after_removal(self, seats)

    def _void_round(self) -> list[Event]:
        """F11: the leader left mid-round: discard it, pick a new leader at random, start again."""
        self.outcome = OUTCOME_VOID
        self.immune_next = list(self.immune_now)
        chosen = self.seat(self.dice.pick([seat.name for seat in self._alive]))
        self.leader = chosen.index
        self.round -= 1
        events: list[Event] = [RoundVoided(chosen.name)]
        return events + self._begin_round()

    def brief(self, seat: Seat) -> list[Event]:
        """Tell a substitute what their seat knows and owes."""
        name = seat.name
        voted = self.votes.get(seat.index)
        choice = self.choices.get(seat.index)
        events: list[Event] = [
            SeatBriefing(
                self.title,
                leader=seat.index == self.leader,
                immune=seat.index in self.immune_now,
                voting=isinstance(self.current, Vote),
                voted_for=None if voted is None else self.seats[voted].name,
                choice=choice,
                to=name,
            )
        ]
        if self.current is not None:
            events += self.current.brief(self, seat)
        return events

    # ----- for AI seats, buttons and records -----

    def legal_inputs(self, name: str) -> list[Input]:
        seat = self._by_name.get(name)
        if seat is None or (seat.name != name and seat.uid != name):
            try:
                seat = self.seat(name)
            except IllegalAction:
                return []
        found = self.offers.get(seat.index)
        return [] if found is None else list(found)

    def view(self, name: str) -> FtlView:
        seat = self.seat(name)
        return FtlView(
            me=seat.name,
            alive=seat.alive,
            round=self.round,
            phase=self.phase,
            players=tuple(s.name for s in self._alive),
            players_at_round_start=len(self.round_start),
            leader=self.name(self.leader),
            immune=tuple(self.names(self.immune_now)),
            my_choice=self.choices.get(seat.index),
            suspect=self.name(self.suspect),
            leader_roll=self.leader_roll,
            rolls={self.seats[i].name: r for i, r in self.rolls.items()},
            last_round_rolls={self.seats[i].name: r for i, r in self.last_rolls.items()},
            tug_of_war=TUG_OF_WAR in self.mods,
            no_mercy=NO_MERCY in self.mods,
            tug_floor=self.opt_int("tug_floor"),
            suspecting=self._suspecting(),
        )

    def round_record(self) -> list[FtlRound]:
        return copy.deepcopy(self.recorder.rounds)


Offers = tuple[Input, ...]
"""The inputs one seat may send (immutable, so shared between states and games)."""

# Facts with no game data of their own, and the common facts built from a few names and numbers, are
# shared (facts are immutable and compared by value, so a shared one is as good as a new one).
VOTE_OPENED, VOTING_CLOSED, CHOICES_OPENED, CHOICES_IN = VoteOpened(), VotingClosed(), ChoicesOpened(), ChoicesIn()


@functools.lru_cache(maxsize=4096)
def choice_asked(name: str, number: int, leader: str) -> ChoiceAsked:
    """F3: `name` is asked to follow or rebel in round `number`, under `leader`."""
    return ChoiceAsked(name, CHOICES, (), True, round=number, leader=leader, to=name)


@functools.lru_cache(maxsize=1024)
def choice_made(choice: str, changed: bool, name: str) -> ChoiceMade:
    return ChoiceMade(choice, changed, to=name)


@functools.lru_cache(maxsize=4096)
def vote_cast(voter: str, target: str) -> VoteCast:
    return VoteCast(voter, target, to=voter)


@functools.lru_cache(maxsize=1024)
def leader_rolls(name: str) -> LeaderRolls:
    return LeaderRolls(name)


@functools.lru_cache(maxsize=8192)
def tabled_roll(name: str, die: int, result: int) -> Roll:
    """A player's roll of the round (shown in the round's table too)."""
    return Roll(name, die, result, 0, "", None, True)


@functools.lru_cache(maxsize=512)
def ballots(alive: tuple[tuple[int, str], ...]) -> dict[int, tuple[Wait, Offers]]:
    """F2: each voter's wait and votes, by seat index, for the players `alive` (index, name) in list
    order; shared by every game with the same players (waits and inputs are immutable)."""
    names = tuple([name for _, name in alive])
    return {
        index: (
            Wait(name, VOTE_ACTIONS, False, names[:at] + names[at + 1 :]),
            tuple([offer("vote", name, other) for other in names if other != name]),
        )
        for at, (index, name) in enumerate(alive)
    }


@functools.lru_cache(maxsize=512)
def choice_asks(names: tuple[str, ...]) -> list[tuple[Wait, Offers]]:
    """F3: each seat's wait and choices, by seat, for seats held by `names`; shared like `ballots`."""
    return [(Wait(name, CHOICES, True), tuple([offer(choice, name) for choice in CHOICES])) for name in names]


@functools.lru_cache(maxsize=1024)
def named_offers(name: str, actions: tuple[str, str], targets: tuple[str, ...]) -> Offers:
    """`actions[0]` at each of `targets`, then `actions[1]` (none): the leader's suspects, the scapegoats."""
    return (*[offer(actions[0], name, target) for target in targets], offer(actions[1], name))


def one_asked(seat: int | None, asked: Asked, actions: tuple[str, str]) -> tuple[dict[int, Wait], dict[int, Offers]]:
    """One seat asked to name someone or nobody (the suspect, the scapegoat): its wait and its offers."""
    assert seat is not None
    wait = wait_for(asked.player, asked.actions, asked.by_pm, asked.targets)
    return {seat: wait}, {seat: named_offers(asked.player, actions, asked.targets)}


class FtlPhase(Phase[FollowTheLeader]):
    """A waiting phase of Follow the Leader."""

    before_rolls = False
    """True while choices can still be dropped: a removed player's choice then no longer counts."""

    @abstractmethod
    def fill(self, game: FollowTheLeader) -> tuple[dict[int, Wait], dict[int, Offers]]:
        """Whom the phase waits for now and what each seat may send, by seat (the game keeps them as
        `waiting` and `offers`)."""

    def waits(self, game: FollowTheLeader) -> list[Wait]:
        return list(self.fill(game)[0].values())

    def legal_inputs(self, game: FollowTheLeader, seat: Seat) -> list[Input]:
        return list(self.fill(game)[1].get(seat.index, ()))

    def stop(self, game: FollowTheLeader) -> list[Event]:
        """Modkills left two or fewer players (G4): what this phase settles before the finals."""
        return []


class Vote(FtlPhase):
    """F2: everyone votes in chat for the first leader (not themselves)."""

    name: str = FtlStage.VOTE

    def fill(self, game: FollowTheLeader) -> tuple[dict[int, Wait], dict[int, Offers]]:
        votes, found = game.votes, self._ballots(game).items()
        return (
            {index: wait for index, (wait, _) in found if index not in votes},
            {index: offers for index, (_, offers) in found},
        )

    @staticmethod
    def _ballots(game: FollowTheLeader) -> dict[int, tuple[Wait, Offers]]:
        """Each player's wait and votes, by seat in list order: the same until the player list changes."""
        key = (STAGE_VOTE, game.roster)
        found: dict[int, tuple[Wait, Offers]] | None = game._scratch.get(key)
        if found is None:
            alive = game._alive
            found = game._scratch.keep(key, ballots(tuple([(seat.index, seat.name) for seat in alive])))
        return found

    def act(self, game: FollowTheLeader, action: str, seat: Seat, inp: Input) -> list[Event] | None:
        if action in CHOICES:
            raise IllegalAction("The first leader has not been chosen yet.")
        if action != "vote":
            return None
        target = game.alive_target(inp.target, "vote for")
        if target is seat:
            raise IllegalAction("You can't vote for yourself.")
        game.votes[seat.index] = target.index
        events: list[Event] = [vote_cast(seat.name, target.name)]
        waiting = game.waiting
        waiting.pop(seat.index, None)
        if not waiting:
            events += game.resolve_votes()
        return events

    def pick(self, game: FollowTheLeader, inp: Input) -> list[Event]:
        """The host picks the first leader (a named player, or one at random) instead of the vote."""
        if inp.target:
            chosen = game.alive_target(inp.target, "pick")
        else:
            chosen = game.seat(game.dice.pick([seat.name for seat in game._alive]))
        game.leader = chosen.index
        return [LeaderChosen(chosen.name, LeaderHow.PICKED), *game._begin_round()]

    def timeout(self, game: FollowTheLeader) -> list[Event]:
        return [VOTING_CLOSED, *game.resolve_votes()]

    def after_removal(self, game: FollowTheLeader, removed: list[Seat]) -> list[Event]:
        if all(seat.index in game.votes for seat in game._alive):
            return game.resolve_votes()
        return []

    def brief(self, game: FollowTheLeader, seat: Seat) -> list[Event]:
        return []  # the seat's briefing already asks for the vote


class Choices(FtlPhase):
    """F3: everyone owing a choice PMs follow or rebel."""

    name: str = FtlStage.CHOICES
    before_rolls = True

    def fill(self, game: FollowTheLeader) -> tuple[dict[int, Wait], dict[int, Offers]]:
        asks, choices, owed = self._asks(game), game.choices, game.owed
        return {i: asks[i][0] for i in owed if i not in choices}, {i: asks[i][1] for i in owed}

    @staticmethod
    def _asks(game: FollowTheLeader) -> list[tuple[Wait, Offers]]:
        """Each seat's wait and choices, by seat: the same until a name changes."""
        key = (STAGE_CHOICES, game.naming)
        found: list[tuple[Wait, Offers]] | None = game._scratch.get(key)
        if found is None:
            found = game._scratch.keep(key, choice_asks(tuple([seat.name for seat in game.seats])))
        return found

    def act(self, game: FollowTheLeader, action: str, seat: Seat, inp: Input) -> list[Event] | None:
        """F3: a secret follow/rebel, changeable until every choice is in."""
        if action not in CHOICES:
            return None
        if seat.index not in game.offers:  # those who owe a choice: neither the leader nor immune (F3)
            game.check_chooser(seat)
            raise IllegalAction(LOCKED_IN)
        choices = game.choices
        changed = seat.index in choices
        choices[seat.index] = action
        events: list[Event] = [choice_made(action, changed, seat.name)]
        waiting = game.waiting
        waiting.pop(seat.index, None)
        if not waiting:
            events += game.after_choices()
        return events

    def timeout(self, game: FollowTheLeader) -> list[Event]:
        idle = [game.seats[i] for i in game.owed if i not in game.choices]
        if game.opt_str("idle") == "modkill":
            return game.remove(idle, Cause.IDLE)
        events: list[Event] = []
        for seat in idle:
            game.choices[seat.index] = "follow"
            events.append(DefaultChoice("follow", to=seat.name))
        return events + game.after_choices()

    def after_removal(self, game: FollowTheLeader, removed: list[Seat]) -> list[Event]:
        if all(i in game.choices for i in game.owed):
            return game.after_choices()
        return []

    def brief(self, game: FollowTheLeader, seat: Seat) -> list[Event]:
        return [game.choice_prompt(seat.index)] if seat.index in game.owed else []


class Suspect(FtlPhase):
    """F4: the leader suspects a player in chat, or nobody."""

    name: str = FtlStage.SUSPECT
    before_rolls = True

    def fill(self, game: FollowTheLeader) -> tuple[dict[int, Wait], dict[int, Offers]]:
        return one_asked(game.leader, game.suspect_prompt(), SUSPECT_ACTIONS)

    def act(self, game: FollowTheLeader, action: str, seat: Seat, inp: Input) -> list[Event] | None:
        if action not in SUSPECT_ACTIONS:
            return None
        game.check_leader(seat)
        if action == "nosuspect":
            return [Suspected(seat.name, None), *game.roll_round()]
        target = game.alive_target(inp.target, "suspect")
        if target is seat:
            raise IllegalAction("You cannot suspect yourself.")
        if target.index in game.immune_now:
            raise IllegalAction(f"{target.name} is immune and cannot be suspected.")
        game.suspect = target.index
        return [Suspected(seat.name, target.name), *game.roll_round()]

    def timeout(self, game: FollowTheLeader) -> list[Event]:
        return [Suspected(game.name(game.leader) or "", None, NoSuspectWhy.TIME), *game.roll_round()]

    def after_removal(self, game: FollowTheLeader, removed: list[Seat]) -> list[Event]:
        if not game.suspect_candidates():
            return [Suspected(game.name(game.leader) or "", None, NoSuspectWhy.NOBODY_LEFT), *game.roll_round()]
        return []

    def brief(self, game: FollowTheLeader, seat: Seat) -> list[Event]:
        return [game.suspect_prompt()] if seat.index == game.leader else []


class Scapegoat(FtlPhase):
    """F7: the judged suspect names a scapegoat in chat, or nobody."""

    name: str = FtlStage.SCAPEGOAT

    def fill(self, game: FollowTheLeader) -> tuple[dict[int, Wait], dict[int, Offers]]:
        return one_asked(game.suspect, game.scapegoat_prompt(), SCAPEGOAT_ACTIONS)

    def act(self, game: FollowTheLeader, action: str, seat: Seat, inp: Input) -> list[Event] | None:
        if action == "noscapegoat":
            if seat.index != game.suspect:
                raise IllegalAction(REFUSALS["noscapegoat"])
            return [NoScapegoat(seat.name, in_time=True), *game.end_round()]
        if action != "scapegoat":
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
        return game.scapegoat_battle(seat, target)

    def timeout(self, game: FollowTheLeader) -> list[Event]:
        return [NoScapegoat(game.name(game.suspect) or "", in_time=False), *game.end_round()]

    def stop(self, game: FollowTheLeader) -> list[Event]:
        # G4 stops the round with its judgement already made: the judged go out, no scapegoat battle.
        judged = [seat for seat in game._alive if seat.index in game.doomed]
        causes = [game.why_out[seat.index] for seat in judged]
        return [game.eliminate(judged, CAUSE_JUDGED, causes)] if judged else []

    def after_removal(self, game: FollowTheLeader, removed: list[Seat]) -> list[Event]:
        if game.suspect in [seat.index for seat in removed] or not game.scapegoat_candidates():
            return game.end_round()
        return []

    def brief(self, game: FollowTheLeader, seat: Seat) -> list[Event]:
        return [game.scapegoat_prompt()] if seat.index == game.suspect else []


VOTE, CHOICES_PHASE, SUSPECT, SCAPEGOAT = Vote(), Choices(), Suspect(), Scapegoat()
