"""Secret nicknames for games played under them: each player PMs one before the first round (checked like
any name the bot prints, BG8), final once taken; the room is told nothing of who took which.

A theme's state subclasses `Nicknamed` (its `POOL` of nicknames to offer as buttons), and its first phase
subclasses `Nicknames`, saying what comes next. Duels name a player by nickname; a player out, and the
winner, are named beside theirs (`Unmasked`, `WinnerNamed`; `revealed` for the record). The facts and
their words are shared (`present_nicks`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from survivor_host.engine.duels import LostDuel
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Asked, Eliminated, Event, Fact, Prompt, Say
from survivor_host.engine.game import Game, Seat
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import join_names, out_line
from survivor_host.engine.secret import SecretChoice
from survivor_host.engine.voice import ask, privately

NICK = "nick"
MAX_NICK = 15
SIGNUP_WORD = "survgame"
OFFERED = 3
"""How many nicknames each player is offered as buttons."""
ATTACKS_AFTER_NICKS = "There is no attack to send yet: attacks open once every nickname is in (or the deadline passes)."
"""Why an attack sent while the nicknames are chosen is refused: the first round follows them."""
_STRETCH = re.compile(r"(.)\1{7,}|(.{2,}?)\2{4,}", re.IGNORECASE)


def check_nick(nick: str, taken: Iterable[str]) -> str:
    """`nick` as typed, once it is a usable nickname; IllegalAction says why not. `taken`: every other
    player's name and nickname."""
    nick = nick.strip()
    if not nick:
        raise IllegalAction("Choose your nickname: nick NAME (letters and digits, at most 15).")
    if SIGNUP_WORD in to_id(nick):
        raise IllegalAction("That nickname is the room's signup word; choose another.")
    if not re.fullmatch(r"[A-Za-z0-9]+", nick):
        raise IllegalAction("A nickname is letters and digits only, no spaces.")
    if len(nick) > MAX_NICK:
        raise IllegalAction(f"A nickname is at most {MAX_NICK} characters.")
    if _STRETCH.search(nick):
        raise IllegalAction("That nickname stretches one letter or block too far; choose another.")
    if to_id(nick) in {to_id(name) for name in taken}:
        raise IllegalAction("That nickname is taken (another player's name or nickname); choose another.")
    return nick


def free_suggestions(taken: Iterable[str], words: Sequence[str], spare: str, count: int = OFFERED) -> tuple[str, ...]:
    """The first `count` of `words` (then `spare1`, `spare2`, ...) nobody holds or is named."""
    used = {to_id(name) for name in taken}
    pool = itertools.chain(words, (f"{spare}{number}" for number in itertools.count(1)))
    return tuple(itertools.islice((nick for nick in pool if to_id(nick) not in used), count))


def nick_pool(words: Sequence[str]) -> tuple[str, ...]:
    """`words`, then each with 2 and with 3 after it: enough nicknames to deal three to every player."""
    return (*words, *(f"{word}{number}" for number in (2, 3) for word in words))


@dataclass(frozen=True, slots=True)
class NicknamesOpened(Fact):
    """Round `number` (the first) opens with everyone choosing a nickname."""

    number: int


@dataclass(frozen=True, slots=True)
class NickAsked(Asked):
    """`player` may PM `nick NAME` (`targets`: a few free nicknames they may take as they are)."""


@dataclass(frozen=True, slots=True)
class NickTaken(Fact):
    """`player`'s nickname is `nick` from now on; told to `player` only."""

    player: str
    nick: str
    again: bool = False
    secret: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class NicksIn(Fact):
    """Every player still in has a nickname (or the deadline passed)."""

    count: int


@dataclass(frozen=True, slots=True)
class Unmasked(Fact):
    """`player`, nicknamed `nick`, is out for `reason` (idle, modkilled, left): the owner is named."""

    player: str
    nick: str
    reason: str


@dataclass(frozen=True, slots=True)
class WinnerNamed(Fact):
    """The game is won: the winner's nickname `nick` was `player`'s."""

    player: str
    nick: str


def revealed(event: Event) -> dict[str, str]:
    """The nicknames `event` reveals, each with its owner: players out (a lost duel, a removal), the winner."""
    found: dict[str, str] = {}
    if isinstance(event, WinnerNamed):
        found[event.nick] = event.player
    elif isinstance(event, Eliminated):
        for cause in event.causes:
            if isinstance(cause, LostDuel) and cause.shown:
                found[cause.shown] = cause.player
            elif isinstance(cause, Unmasked) and cause.nick:
                found[cause.nick] = cause.player
    return found


class Nicknamed(Game):
    """A game whose players choose secret nicknames; `setup_nicks` once, before the first round."""

    WORDS: ClassVar[tuple[str, ...]] = ()
    """The words the nicknames offered as buttons are made of (`nick_pool`)."""
    SPARE: ClassVar[str] = "Player"
    """The nickname offered, numbered, once every word is taken."""
    nicks: dict[int, str]
    """Each seat's nickname, once chosen (final)."""
    offered: dict[int, tuple[str, ...]]
    """The nicknames each seat is offered as buttons (dealt from a shuffled pool: no two seats share one)."""
    first_round_on: bool
    """The round the nicknames opened goes on: what follows them plays in it rather than in a new round."""

    def setup_nicks(self) -> None:
        self.nicks, self.offered = {}, {}
        self.first_round_on = False

    def next_round(self) -> None:
        """A new round, unless it is the one the nicknames opened, which goes on."""
        if not self.first_round_on:
            self.round += 1
        self.first_round_on = False

    def nick_of(self, seat: Seat) -> str:
        """`seat`'s nickname, or its name before it has one."""
        return self.nicks.get(seat.index, seat.name)

    def taken_by_others(self, seat: Seat) -> list[str]:
        """Every other player's name and nickname (BG8: a nickname may equal none of them)."""
        others = [other for other in self.seats if other is not seat]
        return [other.name for other in others] + [
            self.nicks[other.index] for other in others if other.index in self.nicks
        ]

    def rename_seat(self, seat: Seat, new: str) -> None:
        """G5, G6 with BG8: a seat's new name may not be another player's nickname either."""
        for index, nick in self.nicks.items():
            if index != seat.index and to_id(nick) == to_id(new):
                raise IllegalAction(f"{nick} is another player's nickname in this game.")
        super().rename_seat(seat, new)

    def read_nick(self, seat: Seat, nick: str | None) -> str:
        return check_nick(nick or "", self.taken_by_others(seat))

    def deal_suggestions(self) -> None:
        """Deal each seat its own nicknames to offer, from the pool in an order the dice draw (secret until
        the seed is revealed: a player who takes one tells nobody who they are)."""
        pool = self.dice.shuffle(nick_pool(self.WORDS))
        self.offered = {seat.index: tuple(pool[OFFERED * n : OFFERED * (n + 1)]) for n, seat in enumerate(self.seats)}

    def suggestions(self, seat: Seat) -> tuple[str, ...]:
        """Free nicknames offered to `seat` as buttons: its own dealt ones, else the first free in the pool."""
        taken = {to_id(name) for name in [s.name for s in self.seats] + list(self.nicks.values())}
        mine = tuple(nick for nick in self.offered.get(seat.index, ()) if to_id(nick) not in taken)
        return mine or free_suggestions(taken, self.WORDS, self.SPARE)

    def shown_name(self, seat: Seat) -> str:
        """Duels and lists name a player by nickname."""
        return self.nick_of(seat)

    def private_state(self, name: str) -> list[Event]:
        """A player's nickname once taken, told again by PM (after a restart or a reconnect)."""
        return self.present(self.nick_told(self.seat(name)))

    def nick_told(self, seat: Seat) -> list[Event]:
        """`seat`'s nickname, told to its player, once taken (nothing for a seat out or a game over)."""
        nick = self.nicks.get(seat.index)
        if nick is None or self.finished or not seat.alive:
            return []
        return [NickTaken(seat.name, nick, again=True, to=seat.name)]

    def seat_known(self, seat: Seat) -> list[Event]:
        """A substitute is told the seat's nickname before what it owes: the room names duels by nickname
        only (while the nicknames are chosen, that phase tells the seat's own)."""
        return [] if isinstance(self.current, Nicknames) else self.nick_told(seat)

    def finish(self, winner: Seat | None, second: Seat | Sequence[Seat] | None = None) -> list[Event]:
        """The end, the winner's nickname named with them."""
        named: list[Event] = []
        if winner is not None and winner.index in self.nicks:
            named.append(WinnerNamed(winner.name, self.nicks[winner.index]))
        return [*named, *super().finish(winner, second)]

    def removal_causes(self, seats: Sequence[Seat], reason: str) -> list[Fact]:
        """A removed player is named beside their nickname, if they chose one (the owner is out)."""
        return [Unmasked(seat.name, self.nicks.get(seat.index, ""), reason) for seat in seats]


N = TypeVar("N", bound=Nicknamed)


class Nicknames(SecretChoice[N, str]):
    """Everyone still in PMs a nickname, final once taken; those without one at the deadline are out.
    A theme names the phase and says what comes `next`."""

    actions = (NICK,)
    changeable = False
    idle_default = False
    idle_told = True  # the idle are told by PM that they are out

    def enter(self, game: N) -> list[Event]:
        game.first_round_on = True
        game.round = 1
        game.deal_suggestions()
        return self.open(game, [NicknamesOpened(game.round)])

    def electorate(self, game: N) -> list[int]:
        return [seat.index for seat in game.alive()]

    def ballot(self, game: N) -> dict[int, str]:
        return game.nicks

    def read(self, game: N, seat: Seat, inp: Input) -> str:
        return game.read_nick(seat, inp.target)

    def choices_of(self, game: N, seat: Seat) -> list[Input]:
        return [Input(NICK, by=seat.name, target=nick) for nick in game.suggestions(seat)]

    def targets(self, game: N, indexes: Sequence[int]) -> dict[int, tuple[str, ...]]:
        return {index: game.suggestions(game.seats[index]) for index in indexes}

    def ask(self, game: N, index: int) -> Event:
        seat = game.seats[index]
        return NickAsked(seat.name, (NICK,), game.suggestions(seat), True, to=seat.name)

    def made(self, game: N, seat: Seat, choice: str, changed: bool) -> list[Event]:
        return [NickTaken(seat.name, choice, to=seat.name)]

    def reminded(self, game: N, seat: Seat, choice: str) -> list[Event]:
        return [NickTaken(seat.name, choice, again=True, to=seat.name)]

    def again(self, game: N, seat: Seat) -> str:
        return f"Your nickname is {game.nicks[seat.index]}; nicknames cannot be changed."

    def reveal(self, game: N) -> list[Event]:
        return [NicksIn(len(game.alive()))]


def present_nicks(fact: Fact) -> list[Event] | None:
    """The nickname facts worded (those of players out and of the winner too); None for any other fact."""
    match fact:
        case NicknamesOpened():
            return [Say(f"**Nicknames:** send me yours {privately()} now; nobody else is told.")]
        case NickAsked(player=player, targets=targets):
            text = (
                f"Choose your secret nickname: {ask(['nick NAME'], by_pm=True)} (or take one of {join_names(targets)})."
            )
            return [Prompt(player, text, fact.actions, targets, fact.by_pm)]
        case NickTaken(nick=nick, again=again):
            said = "Your nickname is" if again else "Your nickname is now"
            return [Say(f"{said} **{nick}**. Nobody else is told.", to=fact.to)]
        case NicksIn(count=count):
            return [Say(f"Every player still in ({count}) has a nickname.")]
        case Unmasked(player=player, nick=nick, reason=reason) if nick:
            return [Say(out_line((player,), reason).replace(f"**{player}**", f"**{player}** ({nick})", 1))]
        case Unmasked(player=player, reason=reason):
            return [Say(out_line((player,), reason))]
        case WinnerNamed(player=player, nick=nick):
            return [Say(f"The last one standing, **{nick}**, was **{player}**.")]
    return None
