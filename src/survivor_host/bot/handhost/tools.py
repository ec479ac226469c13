"""The host's tools in a hand-hosted session: the draws, the player list and the host's page they make.

A change counts only once it is stored: a write that fails puts the session back as it was (no draw is
numbered or shown that was not stored), and a draw's lines count as sent only once they went out.
"""

from __future__ import annotations

import copy
import logging
import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar

from survivor_host.bot.handhost.page import list_page, list_text
from survivor_host.bot.handhost.session import HandSession
from survivor_host.bot.ports import OWNER_RANKS
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.showdown.serverhtml import HTML_BUDGET
from survivor_host.showdown.text import utf16_len
from survivor_host.trust.session import card_name, clean_text, draw_line, plain_name

logger = logging.getLogger(__name__)
T = TypeVar("T")


class HandTools:
    """The draws, the player list and the host's page of `HandDesk`'s session (each change stored first)."""

    state: RoomState
    session: HandSession | None

    @property
    def prefix(self) -> str:
        return self.state.settings.prefix

    def _host_name(self, name: str) -> str:
        """`handhost NAME`: a user in the room, by a name that stays plain text in the room's lines, as the
        room's user list spells it (else as typed)."""
        try:
            shown = clean_text(name, "host's name")
        except ValueError as error:
            raise IllegalAction(str(error)) from error
        if len(shown) > MAX_NAME_LENGTH or self.state.out.rank_of(self.state.room, to_id(shown)) is None:
            raise IllegalAction(f"{shown} is not in {self.state.room}: a session is for someone in the room.")
        spelled = self.state.out.name_in(self.state.room, to_id(shown))
        return spelled if spelled is not None and plain_name(spelled) else shown

    def _session(self) -> HandSession:
        if self.session is None:
            starts = f"the host starts one (or room auth, {self.prefix}handhost)"
            raise IllegalAction(f"No session is running here: {starts}.")
        return self.session

    def _draw(self, word: str, rest: str, name: str, rank: str) -> None:
        session = self._session()
        if word == "card" and not (session.is_host(name) or rank in OWNER_RANKS or self._owner(name)):
            raise IllegalAction(
                f"Only the session's host ({session.host}) or a room owner deals cards: a card is its player's "
                "and the host's secret."
            )
        if session.open_for_signups:
            raise IllegalAction(f"Close signups first ({self.prefix}close): the dice wait for the client seed.")

        def make(session: HandSession) -> dict[str, Any]:
            try:
                if word == "roll":
                    draw = session.roll(rest)
                elif word == "card":
                    draw = session.card(rest)
                else:
                    draw = session.pick_or_shuffle(word, rest)
            except ValueError as error:
                raise IllegalAction(str(error)) from error
            session.unsent.append(int(draw["number"]))
            return draw

        self.send_draw(session, self._change(make))  # stored before anyone reads it

    def send_draw(self, session: HandSession, draw: dict[str, Any]) -> None:
        """The draw's room line, and a card's PMs to its player and the host (to nobody else); once they
        went out the draw is marked sent, else a restart sends them again."""
        out, room = self.state.out, self.state.room
        out.say(room, draw_line(draw))
        number = int(draw["number"])
        if draw["kind"] == "card":
            userid = session.find(str(draw["for"])) or to_id(str(draw["for"]))
            joined = next((p for p in session.players if to_id(p) == userid), str(draw["for"]))
            out.pm(joined, f"#{number} your card in {room}: {card_name(int(draw['value']))}")
            out.pm(session.host, f"#{number} {draw['for']}'s card in {room}: {card_name(int(draw['value']))}")
            here = out.rank_of(room, userid) or out.rank_of(room, to_id(str(draw["for"])))  # or by the name shown now
            if here is None and number not in session.held.get(userid, []):
                session.held.setdefault(userid, []).append(number)
                self.save_softly()
                out.pm(
                    session.host,
                    f"{draw['for']} is not in {room}, so my PM of card #{number} may not reach them: "
                    f"I send it again when they join {room} or PM me.",
                )

        def sent() -> None:
            if number in session.unsent:
                session.unsent.remove(number)
                if self.session is session:
                    self.save_softly()

        out.when_sent(sent)

    def send_held_cards(self, name: str) -> None:
        """`name` joined the room or PMed the bot: the cards dealt to them while they were away go by PM
        again, and the host is told."""
        session = self.session
        userid = session.find(name) if session is not None else None
        if session is None or userid is None or userid not in session.held:
            return
        numbers = session.held.pop(userid)
        self.save_softly()
        out, room = self.state.out, self.state.room
        for number in numbers:
            draw = session.draws[number - 1]
            out.pm(name, f"#{number} your card in {room}: {card_name(int(draw['value']))}")
        sent = ", ".join(f"#{number}" for number in numbers)
        out.pm(session.host, f"{name} is back: card {sent} sent to them again.")

    def _owner(self, name: str) -> bool:
        return to_id(name) in self.state.settings.owners

    def _list(self, name: str, rest: str) -> None:
        session = self._session()
        action, _, args = rest.strip().partition(" ")
        action = action.lower()
        events = {"out": "out", "eliminate": "out", "revive": "back", "back": "back", "remove": "remove"}
        if action in events:
            self._change(lambda session: session.change_list(events[action], args))
        elif action == "rename":
            old, _, new = args.partition(",")
            self._change(lambda session: session.change_list("rename", old, new))
        elif action == "post":
            self.state.out.say(self.state.room, list_text(session))
            return
        elif action:
            raise IllegalAction(
                "list, list out NAME, list revive NAME, list rename OLD, NEW, list remove NAME, list post"
            )
        self.show_page(name)

    def player_renamed(self, new_name: str, old_id: str) -> None:
        """A listed player renamed in the room: the host's list shows the new name, as its Rename button
        would (a name the list refuses is left to the host)."""
        session = self.session
        if session is None or session.find(old_id) is None:
            return
        try:
            session.change_list("rename", old_id, new_name)
        except (IllegalAction, ValueError):
            return
        self.save_softly()

    def show_page(self, name: str) -> None:
        """The host's page; the list by PM without the bot's `*` rank, when the page is too big for one
        socket message, or when the server refuses it."""
        session = self._session()
        out, room = self.state.out, self.state.room
        page = list_page(session, out.buttons(room), room) if out.can_use_html(room) else ""
        if page and utf16_len(page) <= HTML_BUDGET:
            out.send_html_page(room, name, f"survivor-hand-{room}", page, fallback=list_text(session))
        else:
            out.pm(name, list_text(session))

    def _change(self, change: Callable[[HandSession], T]) -> T:
        """Make a change to the session and store it; if either fails, the session is as it was (a
        failed write pauses play, `Outage`, and the refusal says why)."""
        session = self._session()
        self.state.outage.check()
        before = copy.deepcopy(vars(session))
        try:
            result = change(session)
            self.state.store.save_session(session.id, session.stored())
        except BaseException as error:
            vars(session).clear()
            vars(session).update(before)
            if isinstance(error, sqlite3.Error):
                raise self.state.outage.failed(error) from None
            raise
        return result

    def save_softly(self) -> None:
        """Store what changed nothing the players rely on (a rename, who follows whom); owed while the
        database takes no writes (the session as it is then is stored, while it still runs)."""
        session = self.session
        if session is None:
            return

        def save() -> None:
            if self.session is session and session is not None:
                self.state.store.save_session(session.id, session.stored())

        self.state.outage.now_or_owed(f"session h{session.id}", save)
