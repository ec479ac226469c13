"""Terminal play: a game in the terminal, with AI seats, as the room or one player would see it.

Output goes through `rich` (`host/styles.py`): the engine's `**bold**` becomes bold, verdicts are
coloured, the player list and the final placements are tables. Names are only ever added as literal text, never parsed
as markup, so a player called `[bold red]x[/]` or `**x**` shows exactly that.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from survivor_host.ai import make_strategy
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.events import (
    Eliminated,
    Event,
    GameOver,
    PhaseChanged,
    Prompt,
    Revealed,
    Roll,
    RoundTable,
    Say,
)
from survivor_host.engine.game import MAX_NAME_LENGTH, Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input, parse_command
from survivor_host.engine.render import PL_GLOSSARY, render
from survivor_host.engine.strategy import Strategy
from survivor_host.engine.voice import TERMINAL
from survivor_host.host.chances import chances_now
from survivor_host.host.info import rules_text
from survivor_host.host.refusals import refusal
from survivor_host.host.styles import MARK, STYLES, new_table, player_table, round_table, styled

SEAT_NAMES = (
    "Venus", "Mars", "Jupiter", "Saturn", "Mercury", "Neptune", "Uranus", "Pluto", "Ceres", "Eris",
    "Vesta", "Pallas", "Juno", "Hygiea", "Europa", "Ganymede", "Callisto", "Io", "Titan", "Rhea",
    "Iapetus", "Dione", "Tethys", "Enceladus", "Mimas", "Triton", "Nereid", "Oberon", "Titania", "Ariel",
)  # fmt: skip
DEFAULT_NAME = "Earth"
"""The person's seat when `--name` is not given: a planet among planets, so lines about them read like the others'."""
TTY_PACE = 0.3
"""Seconds between lines when nobody said `--pace` and the output is a terminal (pipes get 0)."""
MAX_PACE = 60
MAX_FRACTION = 15
"""`odds` shows an exact fraction up to this many characters (a running die's run to 30 digits)."""
READ_ONLY = ("help", "pl", "rules", "odds", "quit")
"""What the person may ask at any time, besides the theme's own questions (`asks`)."""


def asks(game: Game) -> dict[str, str]:
    """The game's own read-only questions (word: what it shows), answered from its `private_state`."""
    return dict(game.spec.help.asks)


class PipeClosed(Exception):
    """Whoever read the output went away (`play ... | head`)."""


class LeftGame(Exception):
    """The person typed `quit` or ended the input (Ctrl-D)."""


class TerminalConsole(Console):
    """A rich Console that reports a closed output pipe to its caller instead of exiting."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        silence_stdout()
        raise PipeClosed


def silence_stdout() -> None:
    """The reader of stdout went away: point it at /dev/null so the interpreter's last flush does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    with contextlib.suppress(OSError, ValueError):  # stdout may not be a real file (tests)
        os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def make_console() -> Console:
    """The console for `play`: colours on a terminal, plain unwrapped lines in a pipe or file."""
    console = TerminalConsole(highlight=False, emoji=False, markup=False)
    console.soft_wrap = not console.is_terminal
    return console


def default_pace(pace: float | None, console: Console) -> float:
    """`--pace` as given (0 to 60 s); otherwise TTY_PACE on a terminal and 0 when the output is piped or saved."""
    if pace is None:
        return TTY_PACE if console.is_terminal else 0.0
    if not 0 <= pace <= MAX_PACE:
        raise SetupError(f"--pace takes 0 to {MAX_PACE} seconds, not {pace}.")
    return pace


def seat_names(count: int, you: str | None = None) -> list[str]:
    """`count` player names; `you` takes the first seat when a person plays."""
    names = [you] if you else []
    names += [name for name in SEAT_NAMES if name != you][: count - len(names)]
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
class TerminalTable:
    """Drives a game: AI seats answer at once, the person (if any) types at the prompt."""

    game: Game
    ai_seed: int | str
    you: str | None = None
    strategy: str | None = None
    """One strategy name, or a comma list assigned to the AI seats in turn."""
    console: Console = field(default_factory=make_console)
    read: Callable[[Text], str] | None = None
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

    # ----- output -----

    def names(self) -> list[str]:
        return [seat.name for seat in self.game.seats]

    def line(self, text: str, style: str = "", pm: bool = False) -> None:
        """One line as the terminal shows it, after the pace's pause."""
        shown = styled(TERMINAL.spell(text), self.names(), style)
        if pm:
            shown = Text.assemble(("(to you) ", STYLES["pm"]), shown)
        self._out(shown)

    def note(self, text: str, style: str = STYLES["note"]) -> None:
        """An answer to the person (help, odds...): never paced, never read as markup."""
        self.console.print(styled(TERMINAL.spell(text), self.names(), style))

    def _out(self, renderable: Text | Table | Rule) -> None:
        if self.pace:
            self.sleep(self.pace)
        self.console.print(renderable)

    def show(self, events: Sequence[Event]) -> None:
        """Print what the room sees, and what the person alone is told."""
        for event in events:
            if isinstance(event, Prompt):
                if event.secret and event.to != self.you:
                    continue  # someone else's PM
                self.line(event.text, pm=event.secret)
                continue
            if event.to is not None and event.to != self.you:
                continue
            if isinstance(event, PhaseChanged):
                self._divide(event)
            self._show_one(event)

    def _divide(self, event: PhaseChanged) -> None:
        """A rule across the screen where a round, or a phase the theme heads, begins (a watcher sees where it is)."""
        if event.round > self.round_shown:
            self.round_shown = event.round
            self._out(Rule(Text(f"Round {event.round}", style="bold"), style="dim"))
        elif event.phase in self.game.spec.styles.headings:
            self._out(Rule(Text(self.game.spec.styles.headings[event.phase], style="bold"), style="dim"))

    def _show_one(self, event: Event) -> None:
        if isinstance(event, RoundTable):
            self._out(round_table(event))
            return
        if isinstance(event, Say | Roll | Revealed) and event.tabled:
            return  # the round's table shows it
        if isinstance(event, Eliminated) and event.causes:  # said by the causes' lines, no line of its own
            self._told_out(event)
            return
        text = render(event)
        if text is None:
            return
        pm = event.to is not None
        if isinstance(event, Say) and text.startswith("**PL (") and not self.listed:
            self.listed = True  # the first list is a table (with each AI's strategy); later ones stay lines
            rows = self._parse_list(text)
            if rows is None:
                self.line(text)
            else:
                self._out(player_table(rows, self.labels, text.split(":**", 1)[0].strip("*")))
        elif isinstance(event, Say) and text == PL_GLOSSARY:  # after the first list, once a game
            self.note(text.replace(".)", "; type pl to see it again.)") if self.you else text)
        elif isinstance(event, Eliminated):
            self.line(text, STYLES["eliminated"])
            self._told_out(event)
        elif isinstance(event, Roll):
            self._out(self._roll(event, text, pm))
        elif isinstance(event, GameOver):
            self.line(text, STYLES["winner"])
            if event.placements:
                self._out(self._placements(event))
        else:
            self.line(text, pm=pm)

    def _told_out(self, event: Eliminated) -> None:
        if self.you in event.players:
            on = "" if self.game.finished else " The game plays on without you (Ctrl-C stops it)."
            self.note("You are out." + on)

    def _roll(self, event: Roll, text: str, pm: bool) -> Text:
        head, _, _ = text.rpartition(": ")
        shown = Text.assemble(styled(head, self.names()), ": ", (str(event.result), "bold"))
        return Text.assemble(("(to you) ", STYLES["pm"]), shown) if pm else shown

    def _parse_list(self, text: str) -> list[tuple[str, str]] | None:
        """`**PL (3):** Venus (immune), Mars | Out: Io` as (name, status) rows, or None if it reads otherwise.

        Read left to right, each name matched whole against the seats, so no name is mistaken for a mark.
        """
        names = re.compile("|".join(re.escape(name) for name in sorted(self.names(), key=len, reverse=True)))
        body = text.split(":**", 1)[1].lstrip()
        rows: list[tuple[str, str]] = []
        out = False
        while body:
            name = names.match(body)
            if name is None:
                return None
            mark = MARK.match(body, name.end())
            body = body[mark.end() if mark else name.end() :]
            rows.append((name.group(), "out" if out else mark.group(1) if mark else "in"))
            for separator in (", ", " | Out: "):
                if body.startswith(separator):
                    body, out = body[len(separator) :], out or separator == " | Out: "
        return rows

    def _placements(self, event: GameOver) -> Table:
        rows = sorted(event.placements.items(), key=lambda item: item[1])
        table = new_table("Final placements")
        table.add_column("place", justify="right")
        table.add_column("player")
        if self.labels:
            table.add_column("AI", style="dim")
        for name, place in rows:
            style = STYLES["winner"] if place == 1 else "bold" if place == 2 else ""
            cells = [Text(str(place), style=style), Text(name, style=style)]
            if self.labels:
                cells.append(Text(self.labels.get(name, "you")))
            table.add_row(*cells)
        return table

    # ----- the game loop -----

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
        hint = list(typed_forms(options))
        prompt = Text.assemble(
            (f"[{self.you}]", STYLES["accent"]), " ", (" / ".join(hint), "bold"), ("  (help, odds) > ", "dim")
        )
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
                said = refusal(self.game, self.you, text, str(error))
                self.console.print(Text.assemble(("! ", STYLES["error"]), styled(TERMINAL.spell(said), self.names())))

    # ----- read-only questions: answered here, never sent to the game -----

    def answer(self, word: str, options: Sequence[Input]) -> None:
        """`help`, `pl`, `rules`, the theme's questions, `odds`, `quit`: nothing here enters the game's log."""
        assert self.you is not None
        if word == "quit":
            raise LeftGame
        if word == "help":
            for line in help_lines(options, asks(self.game)):
                self.note(line)
        elif word == "pl":
            marks = {seat.name: self.game.marks(seat).strip(" ()") or "in" for seat in self.game.alive()}
            rows = [(seat.name, marks.get(seat.name, "out")) for seat in self.game.seats]
            self.console.print(player_table(rows, self.labels, f"Players ({len(self.game.alive())} in)"))
        elif word == "rules":
            game = self.game
            specs = game.option_specs()
            changed = {key: value for key, value in game.options.items() if specs[key].default != value}
            self.console.print(styled(TERMINAL.spell(rules_text(game.theme, game.mods, changed)), self.names()))
        elif word in asks(self.game):
            told = [text for event in self.game.private_state(self.you) if (text := render(event))]
            if told:
                self.note(told[0], style="")
            else:
                self.note(self.game.spec.help.none_held)
        elif word == "odds":
            self._odds()

    def _odds(self) -> None:
        assert self.you is not None
        rows, note = chances_now(self.game, self.you)
        if rows:
            table = new_table("Your chance to stay in")
            for column in ("you type", "chance", "exact", "how"):
                table.add_column(column, justify="right" if column in ("chance", "exact") else "left")
            for row in rows:
                table.add_row(
                    Text(row.command, style="bold"),
                    Text(f"{float(row.stay_in):.2%}"),
                    Text(str(row.stay_in) if len(str(row.stay_in)) <= MAX_FRACTION else "(long)", style="dim"),
                    styled(row.why, self.names()),
                )
            self.console.print(table)
        if note:
            self.note(note)


def typed_forms(options: Sequence[Input]) -> dict[str, list[str]]:
    """`{"ACTION NAME": ["Venus", "Mars"], "ACTION": []}`: what can be typed now, with its targets."""
    forms: dict[str, list[str]] = {}
    for option in options:
        form = f"{option.action} NAME" if option.target else option.action
        forms.setdefault(form, []).extend([option.target] if option.target else [])
    return forms


def help_lines(options: Sequence[Input], questions: dict[str, str]) -> list[str]:
    """What the person can type now, from the game's legal inputs, then the read-only questions."""
    lines = ["You can type now:" if options else "Nothing for you to type now: the game waits for others."]
    for form, names in typed_forms(options).items():
        either = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)
        lines.append(f"  {form:14s} NAME is {either}" if names else f"  {form}")
    own = "".join(f"{word} ({shows}), " for word, shows in questions.items())
    lines.append(f"Any time: help (this), pl (players), rules, {own}odds (your chances), quit.")
    return lines
