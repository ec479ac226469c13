"""How the terminal shows a game's events, as the room or one player sees them.

Output goes through `rich` (`terminal/styles.py`): the engine's `**bold**` becomes bold, verdicts are
coloured, the player list and the final placements are tables. Names are only ever added as literal text, never parsed
as markup, so a player called `[bold red]x[/]` or `**x**` shows exactly that.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

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
from survivor_host.terminal.styles import STYLES, new_table, player_table, round_table, styled


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
        for index, event in enumerate(events):
            if isinstance(event, Prompt):
                if event.secret and event.to != self.you:
                    continue  # someone else's PM
                self.line(event.text, pm=event.secret)
                continue
            if event.to is not None and event.to != self.you:
                continue
            if isinstance(event, PhaseChanged):
                self._divide(event)
                if self.round_shown and not self.listed and not any(map(is_player_list, events[index + 1 :])):
                    self._list_players(marked=False)  # the theme lists nobody: who is in as its first round begins
            self._show_one(event, events[index + 1 :])

    def _divide(self, event: PhaseChanged) -> None:
        """A rule across the screen where a round begins, headed by the theme's round word, or where a
        phase the theme heads begins, headed by its heading (never by a round number)."""
        heading = self.game.spec.styles.headings.get(event.phase)
        if heading is None and event.round > self.round_shown:
            heading = f"{self.game.spec.round_word.capitalize()} {event.round}"
        if heading is not None:
            self.round_shown = max(self.round_shown, event.round)
            self._out(Rule(Text(heading, style="bold"), style="dim"))

    def player_rows(self, marked: bool = True, still_in: Collection[str] = ()) -> list[tuple[str, str]]:
        """Each seat and its status now: `in` (or its marks in the theme's player list), or `out`; the
        seats in `still_in` are `in` (their elimination is yet to be shown)."""
        alive = {seat.name: self.game.marks(seat).strip(" ()") if marked else "" for seat in self.game.alive()}
        alive |= {name: "" for name in still_in if name not in alive}
        return [(seat.name, alive[seat.name] or "in" if seat.name in alive else "out") for seat in self.game.seats]

    def _list_players(self, marked: bool = True, later: Sequence[Event] = ()) -> None:
        """The first player list, as a table with each AI seat's strategy (later lists stay lines); `marked`
        False: without the marks, which the lines after it tell (a theme whose list no line shows). The
        game has already played the `later` events: who they eliminate (at the first deal) is still in here."""
        self.listed = True
        still_in = [name for event in later if isinstance(event, Eliminated) for name in event.players]
        rows = self.player_rows(marked, still_in)
        self._out(player_table(rows, self.labels, f"PL ({sum(status != 'out' for _, status in rows)})"))

    def _show_one(self, event: Event, later: Sequence[Event] = ()) -> None:
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
        if is_player_list(event) and not self.listed:
            self._list_players(later=later)
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


def is_player_list(event: Event) -> bool:
    """The theme's player list line (`**PL (8):** Venus, Mars...`)."""
    return isinstance(event, Say) and event.text.startswith("**PL (")
