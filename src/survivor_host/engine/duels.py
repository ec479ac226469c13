"""Last-one-standing games of duels under the room's modes (`modes.py`): lives, a duel's loss, removals
and the end, for any theme whose players fight duels until one is left (the Hunger Games family).

A duel's loser loses a life (Second Wind) and is out with none left, in a step of their own; players
removed (idle, modkilled, left) are out at once whatever their lives. One left wins; when the last
ones go out together, a battle of 100 among them (G1) decides the winner and the rest share second.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NotRequired, TypedDict

from survivor_host.engine.battle import battle
from survivor_host.engine.dice import Dice
from survivor_host.engine.duel_facts import AttackDropped, AttackFought, attack_shown, dropped, dropped_shown
from survivor_host.engine.events import Cause, Eliminated, Event, Fact, Roll, Say, SeatTaken
from survivor_host.engine.game import Game, Seat
from survivor_host.engine.modes import (
    DUEL_DIE,
    MODE_SPECS,
    SECOND_WIND,
    Duel,
    LifeLost,
    LivesTold,
    duel_shown,
    fight,
    hearts,
    present_mode,
    starting_lives,
    with_modes,
)
from survivor_host.engine.phase import Phase
from survivor_host.engine.record import Rounds
from survivor_host.engine.render import battle_shown, join_names


class DuelCause(StrEnum):
    """How a duel game takes players out (besides `Cause`)."""

    DUEL = "lost a duel"


@dataclass(frozen=True, slots=True)
class LostDuel(Fact):
    """`player` lost a duel to `winner` with no life left, and is out; `shown`: the loser as the duel named
    them (a nickname, where players play under one)."""

    player: str
    winner: str
    shown: str = ""


@dataclass(frozen=True, slots=True)
class LastBattle(Fact):
    """Everyone left went out in one step: a battle of 100 among them (G1) decides the winner."""

    players: tuple[str, ...]
    rolls: tuple[Roll, ...]
    rounds: tuple[dict[str, int], ...]
    winner: str


@dataclass(frozen=True, slots=True)
class FinalBegins(Fact):
    """Two are left: `first` (the earlier to join, who rolls first) and `second` duel until one is out;
    `lives`: theirs under Second Wind, else empty."""

    number: int
    first: str
    second: str
    lives: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FinalFought(Fact):
    """One duel of the final; `left`: the loser's lives after it (0: out)."""

    duel: Duel
    left: int


def duel_record(duel: Duel, left: int) -> dict[str, Any]:
    """A duel as the record shows it; `lives_left`: the loser's lives after it (0: out)."""
    return {
        "attacker": duel.first,
        "target": duel.second,
        "rolls": duel.rolls(),
        "rules": duel.rules(),
        "winner": duel.winner,
        "loser": duel.loser,
        "lives_left": left,
    }


class OutTally(TypedDict):
    """The part of a round's record every last-one-standing game keeps: who went out how."""

    eliminated: list[str]
    idle: list[str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


class DuelTally(OutTally):
    """The part of a round's record every duel game keeps: its duels and who went out how."""

    duels: list[dict[str, Any]]


def tally_out(rec: OutTally, event: Event) -> None:
    """Add a removal or the last battle to `rec` (a lost duel, idle, else modkilled); other events are not."""
    match event:
        case Eliminated(players=players, reason=reason):
            if reason == DuelCause.DUEL:
                rec["eliminated"] += players
            elif reason == Cause.IDLE:
                rec["idle"] += players
            else:
                rec.setdefault("modkilled", []).extend(players)
        case LastBattle(players=players, rounds=rounds, winner=winner):
            rec["last_battle"] = {"players": list(players), "rolls": list(rounds), "winner": winner}


class DuelGame(Game):
    """A game of duels to the last one standing: a theme sets its fields and its recorder in `setup_state`."""

    lives: dict[int, int]
    """Each seat's lives (Second Wind: 2 at the start; else 1)."""
    recorder: Rounds[Any]

    def __init__(
        self,
        players: Sequence[str],
        mods: Sequence[str] = (),
        options: Mapping[str, object] | None = None,
        dice: Dice | None = None,
        seed: int | str | None = None,
    ) -> None:
        super().__init__(players, mods=mods, options=options, dice=dice, seed=seed)
        self.setup_state()

    def setup_state(self) -> None:
        """The theme's fields, once the seats and mods are known (the lives at least: `setup_lives`)."""
        self.setup_lives()

    def round_record(self) -> Sequence[Mapping[str, Any]]:
        return self.recorder.copy()

    def brief(self, seat: Seat) -> list[Event]:
        """Tell a substitute, if the seat is still in: that they hold it, what it knows, what it owes now."""
        if self.finished or not seat.alive:
            return []
        return [SeatTaken(self.title, to=seat.name), *self.seat_known(seat), *self.current.brief(self, seat)]

    def seat_known(self, seat: Seat) -> list[Event]:
        """What `seat` knows that its new holder is told before what it owes (a theme's secrets)."""
        return []

    def setup_lives(self) -> None:
        lives = starting_lives(self.mods)
        self.lives = {seat.index: lives for seat in self.seats}

    def shown_name(self, seat: Seat) -> str:
        """How duels and lists name `seat` (its name; a nickname where players play under one)."""
        return seat.name

    def marks(self, seat: Seat) -> str:
        """Second Wind: the lives after each name in a list (`Mars 2♥`)."""
        return f" {hearts(self.lives[seat.index])}" if SECOND_WIND in self.mods else ""

    def lives_of(self, seats: Sequence[Seat]) -> tuple[int, ...]:
        """Each seat's lives, under Second Wind; empty otherwise."""
        return tuple(self.lives[seat.index] for seat in seats) if SECOND_WIND in self.mods else ()

    def duel(self, first: Seat, second: Seat) -> tuple[Duel, Seat, int, list[Event]]:
        """A duel under the game's modes, `first` rolling first: the loser loses a life, and with none
        left is out (a step of their own). Returns the duel, its loser, their lives left, the loss's events."""
        fought = fight(self.dice, self.shown_name(first), self.shown_name(second), self.mods)
        loser, winner = (first, second) if fought.loser == fought.first else (second, first)
        left, lost = self.lose_duel(loser, winner)
        return fought, loser, left, lost

    def lose_duel(self, loser: Seat, winner: Seat) -> tuple[int, list[Event]]:
        """`loser` lost a duel to `winner`: a life less, and with none left out (a step of their own).
        Returns their lives left and the loss's events."""
        self.lives[loser.index] -= 1
        left = self.lives[loser.index]
        told = [LivesTold(left, to=loser.name)] if SECOND_WIND in self.mods else []  # modes.txt 5: by PM
        if left > 0:
            return left, [LifeLost(self.shown_name(loser), left), *told]
        cause = LostDuel(loser.name, self.shown_name(winner), self.shown_name(loser))
        return left, [self.eliminate([loser], DuelCause.DUEL, [cause]), *told]

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Take `seats` out in one step (idle, modkilled, left): lives do not help (modes.txt 5)."""
        events: list[Event] = [self.eliminate(seats, reason, self.removal_causes(seats, reason))]
        left = self.alive()
        if len(left) == 1:
            return [*events, *self.finish(left[0])]
        if not left:
            return [*events, *self.last_battle(seats)]
        return [*events, *self.current.on_removal(self, seats)]

    def round_electorate(self) -> list[int]:
        """The seats a round asks for a choice: the living while three or more are in. Two left are the
        final's, so a removal that leaves two mid-round asks nobody more (docs/HOSTS.md, "Two left mid-round")."""
        alive = self.alive()
        return [seat.index for seat in alive] if len(alive) > 2 else []

    def removal_causes(self, seats: Sequence[Seat], reason: str) -> list[Fact]:
        """The facts that word a removal (one per seat), where the theme says more than the reason: none."""
        return []

    def last_battle(self, seats: list[Seat]) -> list[Event]:
        """Everyone left went out in one step: a battle of 100 among them decides the winner (G1, G4)."""
        if len(seats) == 1:
            return self.finish(seats[0])
        result = battle(self.dice, [(seat.name, DUEL_DIE) for seat in seats], purpose="battle for the win")
        winner = self.seat(result.winners[0])
        fact = LastBattle(tuple(s.name for s in seats), tuple(result.events), tuple(result.rolls), winner.name)
        return [fact, *self.finish(winner, [seat for seat in seats if seat is not winner])]


class FinalDuel(Phase[DuelGame]):
    """Two are left: the earlier to join rolls first; they duel until one is out (Second Wind: of lives)."""

    name = "finale"
    waiting = False

    def enter(self, game: DuelGame) -> list[Event]:
        game.round += 1
        first, second = game.alive()
        names = (game.shown_name(first), game.shown_name(second))
        events: list[Event] = [FinalBegins(game.round, *names, game.lives_of([first, second]))]
        while True:
            duel, loser, left, lost = game.duel(first, second)
            events += [FinalFought(duel, left), *lost]
            if not loser.alive:
                return events + game.finish(second if loser is first else first, loser)


FINAL = FinalDuel()


def fight_in_order(game: DuelGame, attacks: dict[int, int], fought: Callable[[Duel, int], Event]) -> list[Event]:
    """Fight `attacks` (attacker to target) in their order, one whose attacker or target is out by then
    dropped (and said so); one left wins."""
    events: list[Event] = []
    for by, target in attacks.items():
        attacker, defender = game.seats[by], game.seats[target]
        if not (attacker.alive and defender.alive):
            events.append(dropped(attacker, defender, game.shown_name))
            continue
        duel, _, left, lost = game.duel(attacker, defender)
        events += [fought(duel, left), *lost]
    left_in = game.alive()
    if len(left_in) == 1:
        events += game.finish(left_in[0])
    return events


def present_duels(fact: Fact) -> list[Event] | None:
    """The duel games' facts worded (the modes' and the attacks' too); None for a theme's own."""
    shown = present_mode(fact)
    if shown is not None:
        return shown
    match fact:
        case FinalBegins(first=first, second=second, lives=lives):
            names = [first, second]
            if lives:
                names = [f"{name} {hearts(count)}" for name, count in zip(names, lives, strict=True)]
            return [Say(f"**Final:** {names[0]} vs {names[1]}, straight to the duel ({first} rolls first).")]
        case FinalFought(duel=duel):
            return duel_shown(duel)
        case AttackFought(duel=duel):
            return attack_shown(duel)
        case AttackDropped(by=by, target=target, out=out):
            return [dropped_shown(by, target, out)]
        case LostDuel(player=player, winner=winner, shown=alias) if alias and alias != player:
            return [Say(f"**{winner}** destroys **{alias}**, who is out: {alias} was **{player}**.", pack=True)]
        case LostDuel(player=player, winner=winner):
            return [Say(f"**{winner}** destroys **{player}**, who is out.", pack=True)]
        case LastBattle(players=players, rolls=rolls, winner=winner):
            return [
                Say(f"Everyone left went out at once: **{join_names(players)}** roll 100 for the win."),
                *battle_shown(rolls),
                Say(f"**{winner}** rolls highest and wins."),
            ]
    return None


def begins_shown(title: str, players: int, mods: Sequence[str], rules: str) -> list[Event]:
    """A duel game's opening: its title with the modes in play and the player count, then `rules` and the modes'."""
    with_mods = f" ({join_names([MODE_SPECS[mod].title for mod in mods])})" if mods else ""
    return [Say(f"**{title}**{with_mods} begins with {players} players."), Say(with_modes(rules, mods))]
