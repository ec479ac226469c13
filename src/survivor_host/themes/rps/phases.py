"""The phases of Rock, Paper, Scissors: attacks by PM, the clashes in the order accepted, the final's throws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from survivor_host.engine.duel_facts import RoundBegins
from survivor_host.engine.events import Event, PlayerList
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.engine.secret import SecretChoice
from survivor_host.themes.rps.facts import (
    AttackAsked,
    AttackDropped,
    AttacksIn,
    AttackTaken,
    Clash,
    FinalBegins,
    RpsStage,
    SameWeapon,
    ThrowAsked,
    Thrown,
    ThrowTaken,
)
from survivor_host.themes.rps.rules import ATTACK, FAVOURED_DIE, OTHER_DIE, THROW, beats
from survivor_host.themes.rps.state import Attack, RpsState


class Attacks(SecretChoice[RpsState, Attack]):
    """3.2-3.5: every living player PMs one target and one weapon, final once sent (BG1: only the living
    are asked); the idle are out at the deadline, before any clash, whatever their lives (3.5)."""

    name = RpsStage.ATTACKS
    announced = False
    actions = (ATTACK,)
    changeable = False
    idle_default = False
    idle_told = True  # the idle are told by PM that they are out

    def enter(self, game: RpsState) -> list[Event]:
        game.round += 1
        game.attacks = {}
        alive = game.alive()
        listed = PlayerList(tuple(seat.name + game.marks(seat) for seat in alive), first=game.round == 1)
        return self.open(game, [RoundBegins(game.round, tuple(s.name for s in alive), game.lives_of(alive)), listed])

    def electorate(self, game: RpsState) -> list[int]:
        return game.round_electorate()

    def ballot(self, game: RpsState) -> dict[int, Attack]:
        return game.attacks

    def read(self, game: RpsState, seat: Seat, inp: Input) -> Attack:
        return game.read_attack(seat, inp.target)

    def choices_of(self, game: RpsState, seat: Seat) -> list[Input]:
        return [
            Input(ATTACK, by=seat.name, target=f"{name}, {weapon}")
            for name in target_names(game, seat)
            for weapon in game.weapons
        ]

    def targets(self, game: RpsState, indexes: Sequence[int]) -> dict[int, tuple[str, ...]]:
        return {index: target_names(game, game.seats[index]) for index in indexes}

    def ask(self, game: RpsState, index: int) -> Event:
        seat = game.seats[index]
        return AttackAsked(seat.name, (ATTACK,), target_names(game, seat), True, game.round, game.weapons, to=seat.name)

    def made(self, game: RpsState, seat: Seat, choice: Attack, changed: bool) -> list[Event]:
        return [AttackTaken(seat.name, game.seats[choice.target].name, choice.weapon, to=seat.name)]

    def reminded(self, game: RpsState, seat: Seat, choice: Attack) -> list[Event]:
        return [AttackTaken(seat.name, game.seats[choice.target].name, choice.weapon, again=True, to=seat.name)]

    def again(self, game: RpsState, seat: Seat) -> str:
        attack = game.attacks[seat.index]
        return f"You have already attacked {game.seats[attack.target].name} with {attack.weapon} this round."

    def reveal(self, game: RpsState) -> list[Event]:
        return [AttacksIn(len(game.attacks))]

    def next(self, game: RpsState) -> Phase[RpsState]:
        return CLASHES


class Clashes(Phase[RpsState]):
    """4.1-4.6: the attacks in the order accepted; one whose attacker or target is out by then is dropped."""

    name = RpsStage.CLASHES
    waiting = False
    announced = False

    def enter(self, game: RpsState) -> list[Event]:
        events: list[Event] = []
        for by, attack in game.attacks.items():
            attacker, target = game.seats[by], game.seats[attack.target]
            if not (attacker.alive and target.alive and target.index in game.attacks):
                out = tuple(seat.name for seat in (attacker, target) if not seat.alive)
                events.append(AttackDropped(attacker.name, target.name, attack.weapon, out))
                continue
            events += clash(game, attacker, target, attack.weapon)
        game.attacks = {}
        left_in = game.alive()
        if len(left_in) == 1:
            events += game.finish(left_in[0])
        return events

    def done(self, game: RpsState) -> bool:
        return True

    def next(self, game: RpsState) -> Phase[RpsState]:
        return after_round(game)


def clash(game: RpsState, attacker: Seat, target: Seat, weapon: str) -> list[Event]:
    """One attack: the same weapon does nothing (4.3); else the matchup's winner rolls 125 against 100,
    the attacker first (BG4), equal rolls again, and only the favoured side winning the roll takes a life."""
    defence = game.attacks[target.index].weapon
    game.seen[attacker.index].append(weapon)
    game.seen[target.index].append(defence)
    if weapon == defence:
        return [SameWeapon(attacker.name, target.name, weapon)]
    favoured, other = (attacker, target) if beats(weapon, defence) else (target, attacker)
    dice = (FAVOURED_DIE, OTHER_DIE) if favoured is attacker else (OTHER_DIE, FAVOURED_DIE)
    rolls: list[tuple[int, int]] = []
    while not rolls or rolls[-1][0] == rolls[-1][1]:
        rolls.append(game.dice.roll_two(dice[0], f"clash for {attacker.name}", dice[1], f"clash for {target.name}"))
    a, b = rolls[-1]
    roll_winner = attacker if a > b else target
    if roll_winner is not favoured:
        return [
            Clash(attacker.name, target.name, (weapon, defence), favoured.name, tuple(rolls), roll_winner.name, None, 0)
        ]
    left, lost = game.lose_duel(other, favoured)
    fact = Clash(
        attacker.name, target.name, (weapon, defence), favoured.name, tuple(rolls), favoured.name, other.name, left
    )
    return [fact, *lost]


class Final(SecretChoice[RpsState, str]):
    """3.6: the last two each PM a weapon; the same weapon throws again; else the matchup's winner takes a
    life, no dice (BG12: under Second Wind the final repeats until one has no lives left)."""

    name = RpsStage.FINAL
    actions = (THROW,)
    changeable = False
    idle_default = False
    idle_told = True  # the idle are told by PM that they are out

    def enter(self, game: RpsState) -> list[Event]:
        game.round += 1
        game.throws = {}
        first, second = game.alive()
        return self.open(game, [FinalBegins(game.round, first.name, second.name, game.lives_of([first, second]))])

    def act(self, game: RpsState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action == ATTACK:  # `attack WEAPON` (Sir Vivor's `.destroy WEAPON`) is a throw in the final
            inp = replace(inp, action=THROW)
        return super().act(game, seat, inp)

    def electorate(self, game: RpsState) -> list[int]:
        return [seat.index for seat in game.alive()]

    def ballot(self, game: RpsState) -> dict[int, str]:
        return game.throws

    def read(self, game: RpsState, seat: Seat, inp: Input) -> str:
        return game.read_throw(seat, inp.target)

    def choices_of(self, game: RpsState, seat: Seat) -> list[Input]:
        return [Input(THROW, by=seat.name, target=weapon) for weapon in game.weapons]

    def targets(self, game: RpsState, indexes: Sequence[int]) -> dict[int, tuple[str, ...]]:
        return {index: game.weapons for index in indexes}

    def ask(self, game: RpsState, index: int) -> Event:
        seat = game.seats[index]
        opponent = next(other.name for other in game.alive() if other is not seat)
        return ThrowAsked(seat.name, (THROW,), game.weapons, True, game.round, opponent, to=seat.name)

    def made(self, game: RpsState, seat: Seat, choice: str, changed: bool) -> list[Event]:
        return [ThrowTaken(seat.name, choice, to=seat.name)]

    def reminded(self, game: RpsState, seat: Seat, choice: str) -> list[Event]:
        return [ThrowTaken(seat.name, choice, again=True, to=seat.name)]

    def again(self, game: RpsState, seat: Seat) -> str:
        return f"You have already thrown {game.throws[seat.index]}: wait for the other throw."

    def reveal(self, game: RpsState) -> list[Event]:
        first, second = game.alive()
        weapons = (game.throws[first.index], game.throws[second.index])
        game.throws = {}
        game.seen[first.index].append(weapons[0])
        game.seen[second.index].append(weapons[1])
        if weapons[0] == weapons[1]:
            return [Thrown(first.name, second.name, weapons, None, None, 0), *self.open(game, [])]
        winner, loser = (first, second) if beats(*weapons) else (second, first)
        left, lost = game.lose_duel(loser, winner)
        events: list[Event] = [Thrown(first.name, second.name, weapons, winner.name, loser.name, left), *lost]
        if loser.alive:
            return [*events, *self.open(game, [])]
        return [*events, *game.finish(winner, loser)]


ATTACKS, CLASHES, FINAL = Attacks(), Clashes(), Final()


def after_round(game: RpsState) -> Phase[RpsState]:
    """3.2: three or more left attack again; two play the final."""
    return FINAL if len(game.alive()) == 2 else ATTACKS


def target_names(game: RpsState, seat: Seat) -> tuple[str, ...]:
    return tuple(other.name for other in game.targets_of(seat.index))
