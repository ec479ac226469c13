"""The host's tools in a hand-hosted session: the draws, the player list and the host's page they make."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.host.handhost.page import list_page, list_text
from survivor_host.host.handhost.session import HandSession
from survivor_host.host.state import RoomState
from survivor_host.trust.session import card_name, clean_text, draw_line


class HandTools:
    """The draws, the player list and the host's page of `HandDesk`'s session (a draw is stored first)."""

    state: RoomState
    session: HandSession | None

    @property
    def prefix(self) -> str:
        return self.state.settings.prefix

    def _host_name(self, name: str) -> str:
        """`handhost NAME`: a user in the room, by a name that stays plain text in the room's lines."""
        try:
            shown = clean_text(name, "host's name")
        except ValueError as error:
            raise IllegalAction(str(error)) from error
        if len(shown) > MAX_NAME_LENGTH or self.state.out.rank_of(self.state.room, to_id(shown)) is None:
            raise IllegalAction(f"{shown} is not in {self.state.room}: a session is for someone in the room.")
        return shown

    def _session(self) -> HandSession:
        if self.session is None:
            starts = f"the host starts one (or room auth, {self.prefix}handhost)"
            raise IllegalAction(f"No session is running here: {starts}.")
        return self.session

    def _draw(self, word: str, rest: str, name: str) -> None:
        session = self._session()
        try:
            if word == "roll":
                draw = session.roll(rest)
            elif word == "card":
                draw = session.card(rest)
            else:
                draw = session.pick_or_shuffle(word, rest)
        except ValueError as error:
            raise IllegalAction(str(error)) from error
        self.save()  # stored before anyone reads it
        out, room = self.state.out, self.state.room
        out.say(room, draw_line(draw))
        if draw["kind"] == "card":
            userid = session.find(str(draw["for"])) or to_id(str(draw["for"]))
            joined = next((p for p in session.players if to_id(p) == userid), str(draw["for"]))
            value = card_name(int(draw["value"]))
            out.pm(joined, f"#{draw['number']} your card in {room}: {value}")
            out.pm(session.host, f"#{draw['number']} {draw['for']}'s card in {room}: {value}")
            if not session.is_host(name):
                out.pm(name, f"#{draw['number']} {draw['for']}'s card in {room}: {value}")

    def _list(self, name: str, rest: str) -> None:
        session = self._session()
        action, _, args = rest.strip().partition(" ")
        action = action.lower()
        events = {"out": "out", "eliminate": "out", "revive": "back", "back": "back", "remove": "remove"}
        if action in events:
            session.change_list(events[action], args)
            self.save()
        elif action == "rename":
            old, _, new = args.partition(",")
            session.change_list("rename", old, new)
            self.save()
        elif action == "post":
            self.state.out.say(self.state.room, list_text(session))
            return
        elif action:
            raise IllegalAction(
                "list, list out NAME, list revive NAME, list rename OLD, NEW, list remove NAME, list post"
            )
        self.show_page(name)

    def show_page(self, name: str) -> None:
        """The host's page (or, without the bot's `*` rank, the list by PM)."""
        session = self._session()
        out, room = self.state.out, self.state.room
        if out.can_use_html(room):
            out.send_html_page(room, name, f"survivor-hand-{room}", list_page(session, out.buttons(room), room))
        else:
            out.pm(name, list_text(session))

    def save(self) -> None:
        if self.session is not None:
            self.state.store.save_session(self.session.id, self.session.stored())
