"""The signups as the room sees them: a box where the bot may post HTML (changed in place as the list
changes, closed without buttons), else the list as a line, its changes gathered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from survivor_host.bot.state import RoomState
from survivor_host.themes import theme_spec
from survivor_host.words import html

LIST_EVERY = 2.0
"""Seconds between two player-list lines in a room without HTML (the list's changes are gathered)."""


@dataclass
class SignupsBox:
    """The room's signups box, or its player-list line in a room without HTML."""

    state: RoomState
    _list_due: bool = field(default=False, repr=False)
    """A player-list line is waiting to be said."""
    _list_at: float = field(default=float("-inf"), repr=False)
    """When the last player-list line was said."""

    def show_closed(self, theme: str, mods: Sequence[str], players: Sequence[str]) -> None:
        """The signups box in its closed form, without buttons (where the bot may post HTML)."""
        state = self.state
        if state.out.can_use_html(state.room):
            cls = theme_spec(theme)
            box = html.signups_box(cls.title, [cls.mod_title(mod) for mod in mods], players, closed=True)
            state.out.change_uhtml(state.room, self.name(), box)

    def name(self) -> str:
        """The box's name in the room (one signups box a room)."""
        return f"survivor-signups-{self.state.room}"

    def refresh(self, new: bool = False) -> None:
        """The signups box, posted (`new`) or changed in place; without HTML the list as a line."""
        state = self.state
        signups = state.signups
        if signups is None:
            return
        if state.out.can_use_html(state.room):
            cls = theme_spec(signups.theme)
            mods = [cls.mod_title(mod) for mod in signups.mods]
            box = html.signups_box(cls.title, mods, signups.players, buttons=state.out.buttons(state.room))
            (state.out.add_uhtml if new else state.out.change_uhtml)(state.room, self.name(), box)
        elif not new:
            self._list_changed()

    def _list_changed(self) -> None:
        """Without HTML the list is a line in the room: one is pending at a time, it shows the list as it
        is when its turn comes, and lines come at most one per LIST_EVERY seconds (a flood of joins and
        leaves makes a line or two, never a backlog in front of the game's lines)."""
        if self._list_due:
            return
        self._list_due = True
        state = self.state

        def post() -> None:
            self._list_due = False
            signups = state.signups
            if signups is not None:
                self._list_at = state.clock.now()
                state.out.say(state.room, f"**PL ({len(signups.players)}):** {', '.join(signups.players)}")

        wait = self._list_at + LIST_EVERY - state.clock.now()
        if wait > 0:
            state.clock.call_later(wait, lambda: state.out.when_sent(post))
        else:
            state.out.when_sent(post)
