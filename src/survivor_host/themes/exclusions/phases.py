"""The phases of Exclusions: nicknames by PM (3.1), then rounds: attacks by PM on usernames (3.2-3.3,
BG1: only while a round is open, only from players still in), the exposed nicknames guessed
(`guesses.py`), and the attacks fought, where only a winning attacker puts anyone out (4.1-4.6); two left
play the final, where either loser is out (4.7)."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine import nicknames
from survivor_host.engine.duel_facts import ATTACK, AttackAsked, AttackFought, AttacksIn, AttackTaken, dropped
from survivor_host.engine.duels import DuelCause, FinalDuel, LostDuel
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.modes import fight
from survivor_host.engine.phase import Phase
from survivor_host.engine.secret import SecretChoice
from survivor_host.themes.exclusions.facts import Defended, ExcStage, FinalPair, RoundBegins
from survivor_host.themes.exclusions.guesses import Guessing
from survivor_host.themes.exclusions.state import ExcState


class Nicknames(nicknames.Nicknames[ExcState]):
    """3.1: everyone PMs a nickname, final once taken; those without one at the deadline are out."""

    name = ExcStage.NICKS

    def next(self, game: ExcState) -> Phase[ExcState]:
        return after_round(game)


class Attacks(SecretChoice[ExcState, int]):
    """3.2-3.3: every living player PMs one attack on a username, final once sent; the idle are out at
    the deadline, before anything else is resolved, whatever the `idle` option (BG5)."""

    name = ExcStage.ATTACKS
    announced = False
    actions = (ATTACK,)
    changeable = False
    idle_default = False
    idle_told = True  # the idle are told by PM that they are out

    def enter(self, game: ExcState) -> list[Event]:
        game.next_round()
        game.attacks = {}
        names = tuple(sorted((seat.name for seat in game.alive()), key=str.lower))
        return self.open(game, [RoundBegins(game.round, names)])

    def electorate(self, game: ExcState) -> list[int]:
        return game.round_electorate()

    def ballot(self, game: ExcState) -> dict[int, int]:
        return game.attacks

    def read(self, game: ExcState, seat: Seat, inp: Input) -> int:
        return game.attack_target(seat, inp.target).index

    def choices_of(self, game: ExcState, seat: Seat) -> list[Input]:
        return [Input(ATTACK, by=seat.name, target=name) for name in game.target_names(seat)]

    def targets(self, game: ExcState, indexes: Sequence[int]) -> dict[int, tuple[str, ...]]:
        return {index: game.target_names(game.seats[index]) for index in indexes}

    def ask(self, game: ExcState, index: int) -> Event:
        seat = game.seats[index]
        return AttackAsked(seat.name, (ATTACK,), game.target_names(seat), True, game.round, to=seat.name)

    def made(self, game: ExcState, seat: Seat, choice: int, changed: bool) -> list[Event]:
        return [AttackTaken(seat.name, game.seats[choice].name, to=seat.name)]

    def reminded(self, game: ExcState, seat: Seat, choice: int) -> list[Event]:
        return [AttackTaken(seat.name, game.seats[choice].name, again=True, to=seat.name)]

    def again(self, game: ExcState, seat: Seat) -> str:
        return f"You have already attacked {game.seats[game.attacks[seat.index]].name} this round."

    def reveal(self, game: ExcState) -> list[Event]:
        return [AttacksIn(len(game.attacks))]

    def next(self, game: ExcState) -> Phase[ExcState]:
        return GUESSES


class Guesses(Guessing):
    """3.4: the exposed nicknames guessed one by one; then the attacks are fought."""

    def next(self, game: ExcState) -> Phase[ExcState]:
        return DUELS


class Duels(Phase[ExcState]):
    """4.1-4.6: the attacks in the order sent; one whose attacker or target is out by then is dropped. A
    winning attacker puts the target out; a winning target defends, and nobody is out."""

    name = ExcStage.DUELS
    waiting = False
    announced = False

    def enter(self, game: ExcState) -> list[Event]:
        events: list[Event] = []
        for by, target in game.attacks.items():
            attacker, defender = game.seats[by], game.seats[target]
            if not (attacker.alive and defender.alive):
                events.append(dropped(attacker, defender, game.shown_name))
                continue
            events += fought(game, attacker, defender)
        game.attacks = {}
        left_in = game.alive()
        if len(left_in) == 1:
            events += game.finish(left_in[0])
        return events

    def done(self, game: ExcState) -> bool:
        return True

    def next(self, game: ExcState) -> Phase[ExcState]:
        return after_round(game)


def fought(game: ExcState, attacker: Seat, defender: Seat) -> list[Event]:
    """One attack's duel: the attacker learns the nickname of the user they attacked (the room names the
    duel by nicknames); the target is out only if the attacker wins."""
    first, second = game.shown_name(attacker), game.shown_name(defender)
    game.learned.setdefault(attacker.index, {})[second] = defender.name
    duel = fight(game.dice, first, second, game.mods)
    if duel.winner != first:
        return [AttackFought(duel, 1), Defended(second, first)]
    game.lives[defender.index] = 0
    cause = LostDuel(defender.name, first, second)
    return [AttackFought(duel, 0), game.eliminate([defender], DuelCause.DUEL, [cause])]


class Final(FinalDuel):
    """4.7: two left are named by their real names; they duel (by nickname, the earlier to join rolling
    first) and either loser is out."""

    def enter(self, game: ExcState) -> list[Event]:  # type: ignore[override]
        names = tuple(sorted((seat.name for seat in game.alive()), key=str.lower))
        return [FinalPair(names), *super().enter(game)]


NICKNAMES, ATTACKS, GUESSES, DUELS, FINAL = Nicknames(), Attacks(), Guesses(), Duels(), Final()


def after_round(game: ExcState) -> Phase[ExcState]:
    """3.2: three or more left attack again; two go to the final."""
    return FINAL if len(game.alive()) == 2 else ATTACKS  # type: ignore[return-value]
