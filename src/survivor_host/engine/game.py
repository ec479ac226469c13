"""The game base: seats, inputs, the phase loop, eliminations, places and records shared by every theme.

A game is advanced only by `step(Input)`, which answers with typed facts (what happened) or raises
IllegalAction and leaves the state as it was; `apply` is `step` worded by the theme's presenter for
the room and the terminal. Handlers check everything before they change anything. A theme's flow is
a chain of `Phase` objects run by `advance`; entering a phase that waits arms its deadline.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from survivor_host.engine.dice import Dice, DrawLog, FairDice, dice_fields
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.events import (
    Cause,
    DeadlineExtended,
    Eliminated,
    Event,
    Fact,
    GameOver,
    PhaseChanged,
    PlayerList,
    Substituted,
)
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.engine.options import Option, OptionValue, resolve_options
from survivor_host.engine.phase import OVER, Passing, Phase, Stage, Wait
from survivor_host.engine.render import join_names, present
from survivor_host.engine.theme import ThemeSpec
from survivor_host.trust.stream import client_seed

HOST_ACTIONS = ("modkill", "sub", "extend", "end")
SYSTEM_ACTIONS = ("timeout", "rename")
BASE_FIELDS: dict[str, tuple[str, ...]] = {
    "modkill": ("target", "reason"),
    "sub": ("target", "new"),
    "extend": ("seconds",),
    "end": (),
    "timeout": (),
    "rename": ("new",),
}
"""The input fields (besides `by`) each action reads; any other field is refused."""
MAX_NAME_LENGTH = 18
RECORD_FORMAT = 2  # 1: no `format` key, Mersenne Twister dice; 2: the dice fields of docs/FAIRNESS.md
RULES_VERSION = 1
"""Bumped when the same seed and inputs could play out differently; a stored game of another is not replayed."""


@dataclass(slots=True, init=False)
class Seat:
    """A place in the player list; a substitute or a rename keeps the seat."""

    index: int
    name: str
    alive: bool
    out_step: int | None
    uid: str

    def __init__(self, index: int, name: str, alive: bool = True, out_step: int | None = None) -> None:
        self.index = index
        self.name = name
        self.alive = alive
        self.out_step = out_step
        self.uid = to_id(name)

    def rename(self, name: str) -> None:
        """A new holder (substitute) or a new name (rename) for this seat."""
        self.name = name
        self.uid = to_id(name)


class Memo:
    """What `awaiting` and `legal_inputs` answered since the state last changed (`Game.changes`).

    Not part of the state: it pickles and copies empty, so a rejected input leaves the state as it was."""

    __slots__ = ("at", "offers", "waits")

    def __init__(self) -> None:
        self.at = -1
        self.waits: list[Wait] | None = None
        self.offers: dict[str, list[Input]] = {}

    def __reduce__(self) -> tuple[type[Memo], tuple[()]]:
        return (Memo, ())

    def fresh(self, changes: int) -> Memo:
        """The memo, emptied if the state has changed since it was filled."""
        if self.at != changes:
            self.at, self.waits, self.offers = changes, None, {}
        return self


class Game(ABC):
    """What every theme shares. A theme adds its phases and round logic, and handles each action either
    in an `act_<action>` method or, for the actions in `PHASE_ACTIONS`, in the current phase (`Phase.act`).

    The state refers to seats by index; names appear at the edges only: inputs name their sender and
    target, and facts and records (the engine's output, read by people) carry names. `awaiting` and
    `legal_inputs` are worked out once per state (`changes` counts the accepted inputs)."""

    spec: ClassVar[ThemeSpec]
    """The theme's declaration (names, mods, options); `theme`, `title` and `MODS` are read from it."""
    theme: ClassVar[str] = ""
    title: ClassVar[str] = ""
    MODS: ClassVar[dict[str, str]] = {}
    """The spec's mod titles by id."""
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = ()
    THEME_HOST_ACTIONS: ClassVar[tuple[str, ...]] = ()
    ACTION_ALIASES: ClassVar[dict[str, str]] = {}
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {}
    """The fields each theme action reads (`target`, `count`...); others are refused."""
    SECRET_ACTIONS: ClassVar[tuple[str, ...]] = ()
    QUESTIONS: ClassVar[tuple[str, ...]] = ()
    """Read-only player actions (`card`): answered, never logged or stored, never awaited."""
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = ()
    """Player actions the current phase handles (`Phase.act`) without an `act_<action>` of their own."""
    _action_table: ClassVar[dict[str, tuple[str, Callable[[Game, Input], list[Event]]]]]

    def __init__(
        self,
        players: Sequence[str],
        mods: Sequence[str] = (),
        options: Mapping[str, object] | None = None,
        dice: Dice | None = None,
        seed: int | str | None = None,
    ) -> None:
        if dice is None:
            if seed is None:
                raise SetupError("A game needs dice or a seed.")
            dice = FairDice(str(seed), client_seed(players))
        self.dice: Dice = dice
        self.seed = getattr(dice, "seed", seed)
        self.options: dict[str, OptionValue] = resolve_options(self.option_specs(), options)
        self.mods: tuple[str, ...] = self.normalize_mods(mods)
        self.seats: list[Seat] = [Seat(index, name) for index, name in enumerate(players)]
        self._check_players(players)
        self._by_name: dict[str, Seat] = {}
        self._alive: list[Seat] = list(self.seats)
        self._index_names()
        self.initial_players: tuple[str, ...] = tuple(players)
        self.current: Phase[Any] = Passing(Stage.NEW)
        """The phase the game is in (`phase` is its name)."""
        self._current_round = 0
        self.round = 0
        self.steps = 0
        self.started = False
        self.finished = False
        self.winner: str | None = None
        self.second: str | None = None
        self.placements: dict[str, int] = {}
        self.log: list[Input] = []
        self.subs: list[dict[str, Any]] = []
        self.wait_id = 0
        self.extension = 0
        self.changes = 0
        """How many times the state has changed (each accepted input): the key of `_memo`."""
        self._memo = Memo()

    @property
    def phase(self) -> str:
        """The name of the current phase (`vote`, `choices`, `over`...)."""
        return str(self.current.name)

    @phase.setter
    def phase(self, name: str) -> None:
        """Name a stage nobody is waited in, for a theme that moves through it by itself."""
        self.current = Passing(name)

    @property
    def round(self) -> int:
        """The round being played (0 before the first); the dice tag their draws with it."""
        return self._current_round

    @round.setter
    def round(self, number: int) -> None:
        self._current_round = number
        if isinstance(self.dice, DrawLog):
            self.dice.round = number

    # ----- setup -----

    @classmethod
    def option_specs(cls) -> dict[str, Option]:
        return cls.spec.option_specs()

    @classmethod
    def normalize_mods(cls, mods: Sequence[str]) -> tuple[str, ...]:
        """Mod ids in the theme's order; unknown or forbidden combinations raise SetupError."""
        return cls.spec.normalize_mods(mods)

    def _check_players(self, players: Sequence[str]) -> None:
        ids = [seat.uid for seat in self.seats]
        if "" in ids:
            raise SetupError("Every player needs a name with a letter or digit in it.")
        if len(set(ids)) != len(ids):
            raise SetupError("A player is listed twice.")
        least = self.spec.min_players
        if len(players) < least:
            raise SetupError(f"{self.title} needs at least {least} players, not {len(players)}.")
        most = self.opt_int("max_players")
        if len(players) > most:
            raise SetupError(f"This game takes at most {most} players, not {len(players)}.")

    def opt_int(self, name: str) -> int:
        value = self.options[name]
        assert isinstance(value, int)
        return value

    def opt_str(self, name: str) -> str:
        return str(self.options[name])

    def has_mod(self, mod: str) -> bool:
        return mod in self.mods

    # ----- seats -----

    def _index_names(self) -> None:
        """Seats by name as held and by user id (rebuilt when a name changes)."""
        self._by_name = {seat.uid: seat for seat in self.seats}
        self._by_name.update({seat.name: seat for seat in self.seats})

    def seat(self, name: str | None, *, who: str = "") -> Seat:
        """The seat of `name` (matched by user id); `who` is how the error names the asker."""
        found = self._by_name.get(name or "")
        if found is not None and (found.name == name or found.uid == name):
            return found
        found = self._by_name.get(to_id(name or ""))
        if found is not None:
            return found
        if who:
            raise IllegalAction(f"{who} not in this game.")
        raise IllegalAction(f'"{name}" is not in this game.')  # quoted: a reply never starts with user text

    def alive(self) -> list[Seat]:
        """The seats still in the game, in list order (a fresh list)."""
        return list(self._alive)

    def names(self, indexes: Sequence[int]) -> list[str]:
        return [self.seats[index].name for index in indexes]

    def alive_target(self, name: str | None, verb: str) -> Seat:
        """A player still in the game named as a target; errors say what was wrong."""
        if not name:
            raise IllegalAction(f"Name the player you want to {verb}.")
        seat = self.seat(name)
        if not seat.alive:
            raise IllegalAction(f"{seat.name} is already eliminated.")
        return seat

    def actor(self, inp: Input) -> Seat:
        """The player sending a player action; the host cannot act for a player."""
        if inp.by is None:
            raise IllegalAction(f"Only a player can {inp.action}; nobody can act for another player.")
        seat = self.seat(inp.by, who="You are")
        if not seat.alive:
            raise IllegalAction("You have been eliminated.")
        return seat

    @staticmethod
    def require_host(inp: Input) -> None:
        if inp.by is not None:
            raise IllegalAction(f"Only the host can {inp.action}.")

    # ----- the input loop -----

    def start(self) -> list[Event]:
        """Begin the game: the first announcements and the first request for actions."""
        return self.present(self.begin())

    def begin(self) -> list[Event]:
        """`start` without the words: the facts alone."""
        if self.started:
            raise IllegalAction("The game has already started.")
        self.started = True
        self.changes += 1
        facts = self.run_flow(self._start())
        self.take(facts)
        return facts

    def apply(self, inp: Input) -> list[Event]:
        """Advance the game by one input: what it caused, worded for the room and the players.

        IllegalAction leaves everything as it was."""
        return self.present(self.step(inp))

    def present(self, facts: list[Event]) -> list[Event]:
        """The theme's words for `facts`: lines, rolls and prompts as the room and players see them."""
        return present(facts, self.spec.presenter())

    def step(self, inp: Input) -> list[Event]:
        """`apply` without the words: the facts alone (for simulations, which read no text)."""
        if self.finished or not self.started:
            raise IllegalAction("The game is over." if self.started else "The game has not started.")
        entry = self._action_table.get(inp.action)
        if entry is None:
            raise IllegalAction(f"Unknown action {self.ACTION_ALIASES.get(inp.action, inp.action)!r}.")
        action, handler = entry
        if action != inp.action:
            inp = replace(inp, action=action)
        self._check_fields(action, inp)
        try:
            events = self.run_flow(handler(self, inp))
        except IllegalAction:
            raise
        except BaseException:
            self.changes += 1  # a failure half-way (scripted dice ran out): nothing cached stays valid
            raise
        self.take(events)
        if action not in self.QUESTIONS:
            self.log.append(inp)
            self.changes += 1
        return events

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec: ThemeSpec | None = vars(cls).get("spec")
        if spec is not None:
            cls.theme, cls.title, cls.MODS = spec.id, spec.title, spec.mod_titles()
        cls._action_table = cls._actions()

    @classmethod
    def _actions(cls) -> dict[str, tuple[str, Callable[[Game, Input], list[Event]]]]:
        """Each action (and alias) this class takes: its name and its `act_` handler."""
        table: dict[str, tuple[str, Callable[[Game, Input], list[Event]]]] = {}
        for action in cls.PLAYER_ACTIONS + HOST_ACTIONS + SYSTEM_ACTIONS + cls.THEME_HOST_ACTIONS:
            handler = getattr(cls, f"act_{action}", None)
            if handler is None and action in cls.PHASE_ACTIONS:
                handler = cls.act_in_phase
            if handler is not None:
                table[action] = (action, handler)
        for alias, action in cls.ACTION_ALIASES.items():
            if action in table:
                table[alias] = table[action]
            else:
                table.pop(alias, None)
        return table

    def take(self, facts: list[Event]) -> None:  # noqa: B027 - a hook themes may leave alone
        """Everything one input caused, as it happened: a theme builds its record from it here."""

    def is_question(self, action: str) -> bool:
        """True for a read-only question such as `card`: the answer changes nothing and is not logged."""
        return self.ACTION_ALIASES.get(action, action) in self.QUESTIONS

    @classmethod
    def _check_fields(cls, action: str, inp: Input) -> None:
        """Refuse a field the action does not use (a stray target is a mistake, not a detail)."""
        used = cls.ACTION_FIELDS.get(action, BASE_FIELDS.get(action, ()))
        for name, value in (
            ("target", inp.target),
            ("new", inp.new),
            ("count", inp.count),
            ("seconds", inp.seconds),
            ("reason", inp.reason),
        ):
            if value is not None and name not in used:
                shown = {"target": "name", "new": "new name", "count": "number", "seconds": "seconds"}
                raise IllegalAction(f"{action} takes no {shown.get(name, name)}.")

    def awaiting(self) -> list[Wait]:
        """Whom the game waits for now and what each may do."""
        memo = self._memo.fresh(self.changes)
        if memo.waits is None:
            memo.waits = self._waits() if self.started and not self.finished else []
        return list(memo.waits)

    def legal_inputs(self, name: str) -> list[Input]:
        """Every input player `name` may send now, targets spelled out (for AI seats and buttons)."""
        memo = self._memo.fresh(self.changes)
        found = memo.offers.get(name)
        if found is None:
            found = memo.offers[name] = self._offers(name)
        return list(found)

    def _offers(self, name: str) -> list[Input]:
        """`legal_inputs` worked out afresh: what the current phase offers the seat of `name`."""
        try:
            seat = self.seat(name)
        except IllegalAction:
            return []
        if not self.started or self.finished or not seat.alive:
            return []
        return self.current.offers(self, seat)

    def deadline_seconds(self) -> int | None:
        """How long the current wait lasts (G4), extensions included; None when nobody is awaited."""
        waits = self.awaiting()
        if not waits:
            return None
        base = "secret_deadline" if any(wait.secret for wait in waits) else "public_deadline"
        return self.opt_int(base) + self.extension

    def arm(self) -> None:
        """A new wait begins: its deadline starts afresh."""
        self.wait_id += 1
        self.extension = 0

    # ----- the phase loop -----

    def run_flow(self, events: list[Event]) -> list[Event]:
        """Run the flow after an input: while the current phase is done, leave it and enter the next."""
        while not self.finished and self.current.done(self):
            events += self.current.leave(self)
            events += self.move_to(self.current.next(self))
        return events

    def move_to(self, phase: Phase[Any]) -> list[Event]:
        """Enter `phase` (a phase that waits arms a new deadline, G4) and announce it."""
        self.current = phase
        if phase.waiting:
            self.arm()
        facts = phase.enter(self)
        if not phase.announced:
            return facts
        return [PhaseChanged(phase.announced_as or phase.name, self.round), *facts]

    def enter(self, phase: Phase[Any]) -> None:
        """Wait in `phase` from now on, for a theme that announces and prompts by itself; a new wait
        arms a new deadline (G4)."""
        self.current = phase
        self.arm()

    # ----- actions every theme has -----

    def act_in_phase(self, inp: Input) -> list[Event]:
        """A player action of `PHASE_ACTIONS`: the current phase handles it, or the theme says why not."""
        seat = self.actor(inp)
        events = self.current.act(self, seat, inp)
        if events is None:
            raise IllegalAction(self.refusal(inp.action, seat))
        return events

    def refusal(self, action: str, seat: Seat) -> str:
        """Why `seat` cannot send `action` now, when no waiting phase takes it (a theme words its own)."""
        return f"You cannot {action} now."

    def act_modkill(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        seat = self.alive_target(inp.target, "modkill")
        return self.remove([seat], inp.reason or Cause.MODKILLED)

    def act_sub(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        seat = self.alive_target(inp.target, "substitute")
        new = (inp.new or "").strip()
        self._check_new_name(new, seat)
        old = seat.name
        seat.rename(new)
        self._index_names()
        self.subs.append({"round": self.round, "old": old, "new": new})
        return [Substituted(old, new), *self.brief(seat)]

    def act_rename(self, inp: Input) -> list[Event]:
        if inp.by is None:
            raise IllegalAction("Name the player who renamed.")
        seat = self.seat(inp.by, who="You are")
        new = (inp.new or "").strip()
        self._check_new_name(new, seat)
        seat.rename(new)
        self._index_names()
        return []

    def act_extend(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        if not self.awaiting():
            raise IllegalAction("No deadline is running.")
        seconds = 60 if inp.seconds is None else inp.seconds
        if not 1 <= seconds <= 600:
            raise IllegalAction("Extend by 1 to 600 seconds.")
        self.extension += seconds
        return [DeadlineExtended(seconds)]

    def act_end(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        return self.finish(None, None)

    def act_timeout(self, inp: Input) -> list[Event]:
        if inp.by is not None:
            raise IllegalAction("Only the clock can say a deadline has passed.")
        if not self.awaiting():
            raise IllegalAction("No deadline is running.")
        return self._timeout()

    def _check_new_name(self, new: str, seat: Seat) -> None:
        uid = to_id(new)
        if not uid or len(new) > MAX_NAME_LENGTH:
            raise IllegalAction(f"{new!r} is not a usable name.")
        for other in self.seats:
            if other is not seat and other.uid == uid:
                raise IllegalAction(f"{other.name} is already in this game.")

    # ----- eliminations, places, end -----

    def eliminate(self, seats: Sequence[Seat], reason: str, causes: Sequence[Fact] = ()) -> Eliminated:
        """Take `seats` out in one step: they share a place (G7). `causes`: why each went out, as facts."""
        self.steps += 1
        for seat in seats:
            seat.alive = False
            seat.out_step = self.steps
        self._alive = [seat for seat in self.seats if seat.alive]
        return Eliminated(tuple([seat.name for seat in seats]), reason, None, tuple(causes))

    def finish(self, winner: Seat | None, second: Seat | None) -> list[Event]:
        """End the game; places follow G7, with the finals deciding first and second."""
        self.finished = True
        self.current = OVER
        self.winner = winner.name if winner else None
        self.second = second.name if second else None
        if winner is not None:
            self.placements = self._places(winner, second)
        return [GameOver(self.winner, self.second, dict(self.placements))]

    def _places(self, winner: Seat, second: Seat | None) -> dict[str, int]:
        groups: list[list[Seat]] = [[winner]]
        if second is not None:
            groups.append([second])
        rest = [seat for seat in self.seats if seat is not winner and seat is not second]
        steps = sorted({seat.out_step or 0 for seat in rest}, reverse=True)
        groups.extend([seat for seat in rest if (seat.out_step or 0) == step] for step in steps)
        places: dict[str, int] = {}
        ahead = 0
        for group in groups:
            for seat in group:
                places[seat.name] = ahead + 1
            ahead += len(group)
        return places

    # ----- what a theme provides -----

    @abstractmethod
    def _start(self) -> list[Event]:
        """The theme's opening: announcements and the first wait."""

    def _waits(self) -> list[Wait]:
        """Who the current phase waits for (see `awaiting`)."""
        return self.current.waits(self)

    def _timeout(self) -> list[Event]:
        """The current deadline passed (G4)."""
        return self.current.timeout(self)

    @abstractmethod
    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Modkill `seats` (host, idle or left) and carry the game on."""

    @abstractmethod
    def brief(self, seat: Seat) -> list[Event]:
        """Private events that tell a seat's new holder everything the seat knows and owes."""

    @abstractmethod
    def round_record(self) -> Sequence[Mapping[str, object]]:
        """The rounds so far as plain JSON data (README "Game record")."""

    def private_state(self, name: str) -> list[Event]:
        """What player `name` privately holds now (a card, a choice), told again by PM; [] if nothing."""
        return []

    def is_secret(self, action: str) -> bool:
        """True for actions sent by PM only (G3): typed in the room they are refused."""
        return action in self.SECRET_ACTIONS

    def vote_tally(self) -> list[tuple[str, list[str]]]:
        """A public vote's count so far (candidate, voters), for a theme whose spec has a `vote_box`."""
        return []

    def marks(self, seat: Seat) -> str:
        """A mark after a name in the player list, e.g. ` (leader)`."""
        return ""

    @abstractmethod
    def view(self, name: str) -> object:
        """What player `name` knows now (the theme's typed view dataclass), for AI seats."""

    # ----- the record -----

    def record(self) -> dict[str, Any]:
        """The JSON game record (README "Game record")."""
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "rules_version": RULES_VERSION,
            "theme": self.theme,
            "mods": list(self.mods),
            "options": dict(self.options),
            "players": list(self.initial_players),
            "seed": self.seed,
            "rounds": list(self.round_record()),
            "winner": self.winner,
            "second": self.second,
            "placements": dict(self.placements),
            "subs": list(self.subs),
            "inputs": [inp.to_dict() for inp in self.log],
        }
        out.update(dice_fields(self.dice))
        if not self.finished:
            out["awaiting"] = [
                {"player": wait.player, "actions": list(wait.actions), "secret": wait.secret}
                for wait in self.awaiting()
            ]
        return out


def announce_list(game: Game, marks: Callable[[Seat], str] | None = None) -> PlayerList:
    """The player list hosts post (`**PL (9):** a, b, c`), each name with its mark."""
    if marks is None:
        return PlayerList(tuple([seat.name for seat in game.alive()]))
    return PlayerList(tuple([seat.name + marks(seat) for seat in game.alive()]))


__all__ = ["Game", "Seat", "Wait", "announce_list", "join_names"]
