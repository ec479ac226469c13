"""How the terminal shows a game's events, as the room or one player sees them.

Output goes through `rich` (`terminal/styles.py`): the engine's `**bold**` becomes bold, verdicts are
coloured, the player list and the final placements are tables. Names are only ever added as literal text, never parsed
as markup, so a player called `[bold red]x[/]` or `**x**` shows exactly that.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

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
from survivor_host.engine.game import Game
from survivor_host.engine.render import PL_GLOSSARY, render
from survivor_host.engine.voice import TERMINAL
from survivor_host.terminal.styles import MARK, STYLES, new_table, player_table, round_table, styled


class TerminalScreen:
    """The output half of `TerminalTable`: events become paced lines, rules across the screen and tables."""

    game: Game
    you: str | None
    console: Console
    pace: float | None
    sleep: Callable[[float], None]
    labels: dict[str, str]
    """Each AI seat's strategy name, shown in the player list and the placements."""
    listed: bool
    round_shown: int

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
            heading = f"{self.game.spec.round_word.capitalize()} {event.round}"
            self._out(Rule(Text(heading, style="bold"), style="dim"))
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
