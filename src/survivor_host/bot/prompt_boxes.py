"""A player's PM prompt box once sent: the choice it shows as the game reads it now, a button for each
change the rules still allow, and no buttons once its question is over."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from survivor_host.bot.state import RoomState
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.showdown.unformat import NamesSeen
from survivor_host.words import html
from survivor_host.words.wait_tags import wait_tag


@dataclass
class PromptBox:
    """A player's prompt box with live buttons: the wait it answers, its round, its options, what they chose."""

    player: str
    wait_id: int
    round: int
    options: tuple[Input, ...] = ()
    chosen: Input | None = None
    """The option chosen, as the game reads it now (a seat's new name in place of the old)."""
    names: tuple[str, ...] = ()
    """The seats' names when `chosen` was last read."""
    shown: tuple[str, ...] = ()
    """The labels last shown once chosen: the choice's, then each change's."""


def pm_heading(room: str, game: Game | None, number: int) -> str:
    """What a PM starts with: `[room, round N] ` (`game`'s word for a round), `[room] ` for none."""
    word = game.spec.round_word if game is not None else "round"
    return f"[{room}, {word} {number}] " if number else f"[{room}] "


def box_name(room: str) -> str:
    """The name of a player's prompt box (one per room, changed in place)."""
    return f"survivor-prompt-{room}"


def button_command(state: RoomState, action: str, target: str | None) -> str:
    """What a button sends the bot: the room, the action, and the wait it answers (a click for a wait
    that has passed is refused, not taken as an answer to the current one)."""
    game = state.game
    tag = wait_tag(state.game_id or 0, game.wait_id if game is not None else 0)
    named = state.out.buttons(state.room).named_room
    return " ".join(part for part in (named, action, target, tag) if part)


def renamed(text: str, old: str, new: str) -> str:
    """`text` with the whole name `old` (not a part of a longer word) as `new`."""
    return re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", lambda _: new, text)


def read_now(game: Game, box: PromptBox) -> Input | None:
    """The box's choice as the game reads it now: a seat renamed since (a substitution, a rename) is named
    as it is now, as the option of now that it matches when there is one."""
    chosen, names = box.chosen, tuple(seat.name for seat in game.seats)
    if chosen is None or names == box.names or not chosen.target:
        return chosen
    target = chosen.target
    for old, new in zip(box.names, names, strict=False):
        if old != new:
            target = renamed(target, old, new)
    moved = replace(chosen, target=target)
    options = game.legal_inputs(box.player)
    return next((o for want in (moved, chosen) for o in options if game.reads_as(want, o)), moved)


@dataclass
class PromptBoxes:
    """The prompt box each player (by user id) was last sent, while its buttons are live."""

    state: RoomState
    buttons_again: Callable[[str], None]
    """Sends `name` their prompt box again (with the buttons the game offers now)."""
    boxed: dict[str, PromptBox] = field(default_factory=dict)

    def opened(self, box: PromptBox) -> None:
        """`box` was just sent with its buttons."""
        self.boxed[to_id(box.player)] = box

    def renew(self, close: bool) -> None:
        """Every box as the running game now reads it (`refresh`), closing passed ones with `close`."""
        game = self.state.game
        if game is not None and self.state.out.can_use_html(self.state.room):
            self.refresh(game, close)

    def refresh(self, game: Game, close: bool) -> None:
        """Boxes of a passed wait or of a player out lose their buttons (with `close`); a chosen box shows its
        choice and changes as they read now; an unanswered one whose buttons changed gets those of now."""
        for userid, box in list(self.boxed.items()):
            passed = game.finished or box.wait_id != game.wait_id
            options = () if passed else tuple(game.legal_inputs(box.player))
            seated = any(seat.uid == userid for seat in game.alive())
            if close and (passed or not seated or not (options or box.chosen)):
                del self.boxed[userid]
                box.chosen = read_now(game, box)
                self._show(game, box, self._label(game, box.chosen), [])
            elif box.chosen is not None and not passed:
                self._show_choice(game, box, options)
            elif options and options != box.options:
                self.buttons_again(box.player)

    def chosen(self, game: Game, player: str, inp: Input, wait_id: int) -> None:
        """After `player`'s input for wait `wait_id` (in `game`, over or not): their box shows the choice as
        the game read it and a button per other choice allowed now; boxes of a passed wait are closed."""
        if not self.state.out.can_use_html(self.state.room):
            return
        box = self.boxed.get(to_id(player))
        if box is not None and box.wait_id == wait_id:  # the choice as the game read it (`Bob, scissors`)
            now = game.legal_inputs(player)
            box.chosen = next((option for option in (*now, *box.options) if game.reads_as(inp, option)), inp)
            box.names = tuple(seat.name for seat in game.seats)
        self.refresh(game, close=True)

    def _label(self, game: Game, chosen: Input | None) -> str:
        return game.spec.chosen_label(chosen.action, chosen.target) if chosen is not None else ""

    def _show_choice(self, game: Game, box: PromptBox, options: Sequence[Input]) -> None:
        """The chosen box as it reads now (`options`: what the rules allow its player now), sent only when
        that differs from what it shows."""
        chosen = box.chosen = read_now(game, box)
        box.names = tuple(seat.name for seat in game.seats)
        label = game.spec.button_label
        others = [o for o in options if chosen is None or not game.reads_as(chosen, o)]
        changes = [
            (f"Change to {label(o.action, o.target)}", button_command(self.state, o.action, o.target)) for o in others
        ]
        shown = (self._label(game, chosen), *(text for text, _ in changes))
        if shown != box.shown:
            box.shown = shown
            self._show(game, box, shown[0], changes)

    def _show(self, game: Game, box: PromptBox, choice: str, changes: Sequence[tuple[str, str]]) -> None:
        room, out = self.state.room, self.state.out
        said = f"You chose **{choice}**." if choice else "This question is over."
        text = pm_heading(room, game, box.round) + said + (" To change it:" if changes else "")
        with out.lane("confirm"):  # after the lines the choice caused
            box_html = html.choice_box(out.buttons(room), plain_names(game, text), changes)
            out.change_pm_uhtml(room, box.player, box_name(room), box_html)


def plain_names(game: Game, text: str) -> str:
    """`text` with each player's name written plain (`unformatted_name`): in a box, where the bot's
    `**bold**` becomes `<b>`, a name's own `**` must not end the bold early."""
    seen = NamesSeen()
    seen.add(seat.name for seat in game.seats)
    return seen.plain(text)
