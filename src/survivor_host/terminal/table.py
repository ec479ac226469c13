"""Terminal play: a game in the terminal, with AI seats, as the room or one player would see it."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from survivor_host.ai import make_strategy
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.game import MAX_NAME_LENGTH, Game
from survivor_host.engine.ids import printable, to_id
from survivor_host.engine.inputs import parse_command
from survivor_host.engine.strategy import Strategy
from survivor_host.engine.voice import TERMINAL
from survivor_host.terminal.console import PipeClosed, default_pace, discard_typed_ahead, make_console
from survivor_host.terminal.questions import READ_ONLY, LeftGame, TerminalQuestions, asks, typed_forms
from survivor_host.terminal.styles import STYLES, styled, typed_words
from survivor_host.words.refusals import refusal

SEAT_NAMES = (
    "Venus", "Mars", "Jupiter", "Saturn", "Mercury", "Neptune", "Uranus", "Pluto", "Ceres", "Eris",
    "Vesta", "Pallas", "Juno", "Hygiea", "Europa", "Ganymede", "Callisto", "Io", "Titan", "Rhea",
    "Iapetus", "Dione", "Tethys", "Enceladus", "Mimas", "Triton", "Nereid", "Oberon", "Titania", "Ariel",
)  # fmt: skip
DEFAULT_NAME = "Earth"
"""The person's seat when `--name` is not given: a planet among planets, so lines about them read like the others'."""


def seat_names(count: int, you: str | None = None) -> list[str]:
    """`count` player names; `you` takes the first seat when a person plays, in place of the AI seat
    whose name is the same user (`venus` and `Venus`)."""
    names = [you] if you else []
    names += [name for name in SEAT_NAMES if not you or to_id(name) != to_id(you)][: count - len(names)]
    if len(names) < count:
        names += [f"Player{i}" for i in range(len(names) + 1, count + 1)]
    return names


def person_name(text: str) -> str:
    """`--name`: like a Showdown name (a letter or digit, at most 18 characters, printable), else SetupError."""
    name = text.strip()
    if not to_id(name) or len(name) > MAX_NAME_LENGTH or not name.isprintable():
        raise SetupError(
            f"--name {text!r}: a name needs a letter or digit and at most {MAX_NAME_LENGTH} printable characters."
        )
    return name


def strategy_names(spec: str | None) -> list[str | None]:
    """`--strategy a,b,c` as the list assigned to AI seats in turn; None is the theme's default."""
    names = [name.strip() for name in (spec or "").split(",") if name.strip()]
    return list(names) or [None]


@dataclass
class TerminalTable(TerminalQuestions):
    """Drives a game: AI seats answer at once, the person (if any) types at the prompt."""

    game: Game
    ai_seed: int | str
    you: str | None = None
    strategy: str | None = None
    """One strategy name, or a comma list assigned to the AI seats in turn."""
    console: Console = field(default_factory=make_console)
    read: Callable[[Text], str] | None = None
    discard: Callable[[], None] = discard_typed_ahead
    """Called as each new prompt is shown: what was typed before it is not taken as its answer."""
    pace: float | None = None
    """Seconds to wait before each line (watch at a human pace); None: see `default_pace`."""
    sleep: Callable[[float], None] = time.sleep
    strategies: dict[str, Strategy] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.you is not None and person_name(self.you) != self.you:
            raise SetupError(f"--name {self.you!r}: leave out the spaces around it.")
        self.pace = default_pace(self.pace, self.console)
        self.exit_code = 0
        self.rng = random.Random(f"ai:{self.ai_seed}")
        chosen = strategy_names(self.strategy)
        ai_seats = [seat.name for seat in self.game.seats if seat.name != self.you]
        for number, name in enumerate(ai_seats):
            self.strategies[name] = make_strategy(self.game.theme, chosen[number % len(chosen)])
        self.labels = {name: strategy.name for name, strategy in self.strategies.items()}
        self.listed = False
        self.round_shown = 0

    def run(self) -> dict[str, Any]:
        """`play`, ended cleanly by a closed pipe, `quit`, Ctrl-D or Ctrl-C; the record, finished or not.

        `exit_code` is then 0 (played or left), 130 (Ctrl-C) or 141 (the reader went away, as SIGPIPE).
        """
        ending = ""
        try:
            self.play()
        except PipeClosed:
            self.exit_code = 141
        except LeftGame:
            ending = "You left the game; it is unfinished."
        except KeyboardInterrupt:
            self.exit_code, ending = 130, "\nInterrupted; the game is unfinished."  # after the ^C
        if ending:
            with contextlib.suppress(PipeClosed):
                self.console.print(Text(ending, style=STYLES["note"]))
        return self.game.record()

    def play(self) -> dict[str, Any]:
        """Run the game to its end and return its record."""
        self.show(self.game.start())
        while not self.game.finished:
            waits = self.game.awaiting()
            if not waits:
                raise RuntimeError(f"the game waits for nobody in phase {self.game.phase}")
            ai_wait = next((w for w in waits if w.player != self.you), None)
            if ai_wait is not None:
                self._ai_turn(ai_wait.player)
            else:
                self._person_turn()
        return self.game.record()

    def _ai_turn(self, name: str) -> None:
        options = self.game.legal_inputs(name)
        strategy = self.strategies.get(name) or make_strategy(self.game.theme, strategy_names(self.strategy)[0])
        self.strategies[name] = strategy
        choice = strategy.choose(self.game.view(name), options, self.rng)
        self.show(self.game.apply(choice))

    def _person_turn(self) -> None:
        assert self.you is not None
        options = self.game.legal_inputs(self.you)
        hint = list(typed_forms(options, self.game.spec.usage))
        prompt = Text.assemble(
            (f"[{self.you}]", STYLES["accent"]), " ", (" / ".join(hint), "bold"), ("  (help, odds) > ", "dim")
        )
        self.discard()
        while True:
            try:
                text = self.read(prompt) if self.read else self.console.input(prompt)
            except EOFError:
                self.console.print()  # Ctrl-D leaves the cursor after the prompt
                raise LeftGame from None
            word = text.strip().split(" ", 1)[0].lower().lstrip(".!/")
            if word in READ_ONLY or word in asks(self.game):
                self.answer(word, options)
                continue
            try:
                inp = parse_command(text, self.you)
                self.show(self.game.apply(inp))
                return
            except (IllegalAction, ValueError) as error:
                said = printable(refusal(self.game, self.you, text, str(error)))  # it quotes what was typed
                shown = styled(TERMINAL.spell(said), [*self.names(), *typed_words(text)])  # what was typed, as typed
                self.console.print(Text.assemble(("! ", STYLES["error"]), shown))
