"""The game base every theme shares: options and mods, the input loop and the record.

A game is advanced only by `step(Input)`, which answers with typed facts (what happened) or raises
IllegalAction and leaves the state as it was; `apply` is `step` worded by the theme's presenter for
the room and the terminal. Handlers check everything before they change anything. The seats live in
`seats.Roster`, the phase loop and the end of a game in `flow.Flow`, and the actions every game takes
(modkill, sub, rename, extend, end, timeout) in `actions.CommonActions`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from survivor_host.engine.actions import BASE_FIELDS, HOST_ACTIONS, SYSTEM_ACTIONS, CommonActions, check_fields
from survivor_host.engine.dice import Dice, FairDice, dice_fields
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.events import Event
from survivor_host.engine.ids import quoted_value, to_id
from survivor_host.engine.inputs import Input
from survivor_host.engine.options import Option, OptionValue, resolve_options
from survivor_host.engine.phase import Wait
from survivor_host.engine.record import Recorder
from survivor_host.engine.render import present
from survivor_host.engine.seats import MAX_NAME_LENGTH, Seat
from survivor_host.engine.theme import ThemeSpec
from survivor_host.fair.stream import client_seed

RECORD_FORMAT = 2  # 1: no `format` key, Mersenne Twister dice; 2: the dice fields of docs/FAIRNESS.md
RULES_VERSION = 1
"""Bumped when the same seed and inputs could play out differently; a stored game of another is not replayed."""


class Game(CommonActions):
    """What every theme shares. A theme adds its phases and round logic, and handles each action either
    in an `act_<action>` method or, for the actions in `PHASE_ACTIONS`, in the current phase (`Phase.act`).

    The state refers to seats by index; names appear at the edges only: inputs name their sender and
    target, and facts and records (the engine's output, read by people) carry names. `awaiting` and
    `legal_inputs` are asked of the current phase."""

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
    recorder: Recorder | None = None
    """Builds the record's rounds from the facts alone (`engine.record`); a theme sets its own."""
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
        super().__init__(players)
        self._check_players(players)
        self.initial_players: tuple[str, ...] = tuple(players)
        self.log: list[Input] = []

    # ----- setup -----

    @classmethod
    def option_specs(cls) -> dict[str, Option]:
        return cls.spec.option_specs()

    @classmethod
    def normalize_mods(cls, mods: Sequence[str]) -> tuple[str, ...]:
        """Mod ids in the theme's order; unknown or forbidden combinations raise SetupError."""
        return cls.spec.normalize_mods(mods)

    def _check_players(self, players: Sequence[str]) -> None:
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

    # ----- the input loop -----

    def start(self) -> list[Event]:
        """Begin the game: the first announcements and the first request for actions."""
        return self.present(self.begin())

    def begin(self) -> list[Event]:
        """`start` without the words: the facts alone."""
        if self.started:
            raise IllegalAction("The game has already started.")
        self.started = True
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
            raise IllegalAction(f"Unknown action {quoted_value(self.ACTION_ALIASES.get(inp.action, inp.action))}.")
        action, handler = entry
        fields = self.ACTION_FIELDS.get(action, BASE_FIELDS.get(action, ()))
        stray = (inp.target, inp.new, inp.count, inp.seconds, inp.reason) != (None,) * 5
        if stray and not fields and action in self.PHASE_ACTIONS and not self._offered(action, inp.by):
            handler(self, Input(action, by=inp.by))  # not offered, so refused: why not now, before its spelling
        check_fields(action, inp, fields, typed=inp.action)
        if action != inp.action:
            inp = replace(inp, action=action)
        events = self.run_flow(handler(self, inp))
        self.take(events)
        if action not in self.QUESTIONS:
            self.log.append(inp)
        return events

    def _offered(self, action: str, by: str | None) -> bool:
        """True when the current phase offers `action` to player `by` now."""
        return by is not None and any(offer.action == action for offer in self.legal_inputs(by))

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

    def take(self, facts: list[Event]) -> None:
        """Everything one input caused, as it happened: the theme's recorder builds its rounds from it."""
        if self.recorder is not None:
            self.recorder.take(facts)

    def is_question(self, action: str) -> bool:
        """True for a read-only question such as `card`: the answer changes nothing and is not logged."""
        return self.ACTION_ALIASES.get(action, action) in self.QUESTIONS

    def deadline_seconds(self) -> int | None:
        """How long the current wait lasts (G4), extensions included; None when nobody is awaited."""
        waits = self.awaiting()
        if not waits:
            return None
        base = "secret_deadline" if any(wait.secret for wait in waits) else "public_deadline"
        return self.opt_int(base) + self.extension

    # ----- what a theme provides -----

    @abstractmethod
    def _start(self) -> list[Event]:
        """The theme's opening: announcements and the first wait."""

    @abstractmethod
    def round_record(self) -> Sequence[Mapping[str, object]]:
        """The rounds so far as plain JSON data (README "Game record")."""

    def private_state(self, name: str) -> list[Event]:
        """What player `name` privately holds now (a card, a choice), told again by PM; [] if nothing."""
        return []

    def is_secret(self, action: str) -> bool:
        """True for actions sent by PM only (G3): typed in the room they are refused."""
        return action in self.SECRET_ACTIONS

    def reads_as(self, typed: Input, option: Input) -> bool:
        """True when `typed` makes the choice of the legal `option` (`attack bob` that of `attack Bob`):
        targets compared as user ids, except those of `spec.suggested` actions, kept as typed."""
        if typed.action != option.action:
            return False
        if typed.action in self.spec.suggested:
            return typed.target == option.target
        return to_id(typed.target or "") == to_id(option.target or "")

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


__all__ = ["MAX_NAME_LENGTH", "RECORD_FORMAT", "RULES_VERSION", "Game", "Seat", "Wait"]
