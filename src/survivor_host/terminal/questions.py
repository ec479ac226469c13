"""The person's read-only questions at the terminal (help, pl, rules, odds, the theme's own, quit)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from rich.text import Text

from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.engine.voice import TERMINAL
from survivor_host.terminal.chances import chances_now
from survivor_host.terminal.screen import TerminalScreen
from survivor_host.terminal.styles import new_table, player_table, styled
from survivor_host.words.info import rules_text

MAX_FRACTION = 15
"""`odds` shows an exact fraction up to this many characters (a running die's run to 30 digits)."""
QUIT = ("quit", "exit")
"""The words that leave the game (as Ctrl-D does)."""
READ_ONLY = ("help", "pl", "rules", "odds", *QUIT)
"""What the person may ask at any time, besides the theme's own questions (`asks`)."""


def asks(game: Game) -> dict[str, str]:
    """The game's own read-only questions (word: what it shows), answered from its `private_state`."""
    return dict(game.spec.help.asks)


class LeftGame(Exception):
    """The person typed `quit` or ended the input (Ctrl-D)."""


class TerminalQuestions(TerminalScreen):
    """The read-only answers of `TerminalTable`, on top of its screen."""

    def answer(self, word: str, options: Sequence[Input]) -> None:
        """`help`, `pl`, `rules`, the theme's questions, `odds`, `quit` (or `exit`): nothing here enters the
        game's log."""
        assert self.you is not None
        if word in QUIT:
            raise LeftGame
        if word == "help":
            for line in help_lines(options, asks(self.game), self.game.spec.usage):
                self.note(line)
        elif word == "pl":
            title = f"Players ({len(self.game.alive())} in)"
            self.console.print(player_table(self.player_rows(), self.labels, title))
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
        elif not rows:
            tables = "; survivor-host odds has its tables for a game" if self.game.spec.odds() else ""
            self.note(f"No exact chances for your choices now in {self.game.title}{tables}.")


def typed_forms(options: Sequence[Input], usage: Mapping[str, str] | None = None) -> dict[str, dict[str, list[str]]]:
    """`{"ACTION NAME": {"NAME": ["Venus", "Mars"]}, "ACTION": {}}`: what can be typed now, and each word
    to fill in with its choices (a theme's own `usage`, such as `ACTION NAME, WEAPON`, one word a part)."""
    forms: dict[str, dict[str, list[str]]] = {}
    for option in options:
        form = (usage or {}).get(option.action) or (f"{option.action} NAME" if option.target else option.action)
        blanks = forms.setdefault(form, {word: [] for word in re.findall(r"\b[A-Z]{2,}\b", form)})
        parts = (option.target or "").split(", ", len(blanks) - 1) if blanks else []
        for word, part in zip(blanks, parts, strict=False):
            if part not in blanks[word]:
                blanks[word].append(part)
    return forms


def help_lines(
    options: Sequence[Input], questions: dict[str, str], usage: Mapping[str, str] | None = None
) -> list[str]:
    """What the person can type now, from the game's legal inputs, then the read-only questions."""
    lines = ["You can type now:" if options else "Nothing for you to type now: the game waits for others."]
    forms = typed_forms(options, usage)
    width = max(map(len, forms), default=0)  # the first column as wide as its longest entry
    for form, blanks in forms.items():
        said = "; ".join(f"{word} is {either(choices)}" for word, choices in blanks.items() if choices)
        lines.append(f"  {form:{width}}  {said}" if said else f"  {form}")
    own = "".join(f"{word} ({shows}), " for word, shows in questions.items())
    lines.append(f"Any time: help (this), pl (players), rules, {own}odds (your chances), quit.")
    return lines


def either(choices: Sequence[str]) -> str:
    """`Venus, Mars or Io`."""
    return f"{', '.join(choices[:-1])} or {choices[-1]}" if len(choices) > 1 else "".join(choices)
