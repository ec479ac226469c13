"""The client's sending API: chat, PMs, commands and HTML, with lanes, reply limits and fallbacks."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Sequence

from survivor_host.engine.ids import to_id
from survivor_host.showdown.clientstate import ClientState
from survivor_host.showdown.escape import escape_text, join_safe
from survivor_host.showdown.events import CaughtUp, Refused
from survivor_host.showdown.protocol import to_room_id
from survivor_host.showdown.rooms import BOTMSG_RANKS
from survivor_host.showdown.sendqueue import CONFIRM, GAME, INFO, MAX_MESSAGE_LENGTH, one_line, split_text
from survivor_host.showdown.serverhtml import Buttons, passable
from survivor_host.showdown.text import MAX_FRAME_LENGTH, fit_command, utf16_len

logger = logging.getLogger(__name__)

FALLBACKS_KEPT = 200
"""HTML lines whose fallback text is kept, in case the server refuses them."""

CATCH_UP_QUERY = "survivorcaughtup"
"""The query type of a catch-up (`/cmd TYPE`): no handler has it, so the server answers `null` at once
(core.ts `crq`), in the order of the lines it read."""
CATCH_UP_ROUNDS = 2
"""Queries in a row a catch-up waits for: one more than the pass in which a stalled server reads everything."""
LANE_NAMES = {"game": GAME, "confirm": CONFIRM, "info": INFO, "error": INFO}
"""The lanes a caller may name (`ShowdownClient.lane`)."""
INFO_COOLDOWN = 3.0
"""Seconds (at least; 6 lines' worth at a slow pace) before the same information reply goes to the same
user again."""
INFO_BY_PM = 3
"""Information lines already queued from which a room reply goes to the asker by PM instead."""
INFO_MAX = 6
"""Information lines already queued from which further replies are dropped."""
INFO_PER_USER = INFO_MAX // 2
"""Information lines (replies and refusals) already queued for one user from which that user's further
ones are dropped: one user's flood holds at most half the room INFO_MAX leaves, never the others' half
(a refusal and its prompt box, and one more refusal, fit in it)."""


class ClientSending(ClientState):
    """What the bot says and shows, and what it does when the server refuses a line."""

    # -- sending -------------------------------------------------------------------------------
    @contextlib.contextmanager
    def lane(self, lane: str, user: str | None = None) -> Iterator[None]:
        """Send what is sent inside as `lane`: "game" (the default), "confirm" (answers to a player's
        own action), "info" (replies to `user`'s information commands) or "error" (refusals to `user`).

        Info and error replies come after everything else; an identical one already queued is not
        queued again, a room reply goes to `user` by PM once a few are queued, and none is queued once
        the queue of them is long or a few to `user` already wait (one user's flood costs only them).
        Info replies also have a cooldown: the same reply to the same user at most once every
        `info_cooldown` seconds (a flood of `.pl` gets one answer). Errors have none, so that every
        refused action is answered unless its sender has a few refusals waiting.
        """
        saved = (self._lane, self._asker, self._cooled)
        asker = to_id(user) if user else None
        nested = saved[0] == INFO and saved[1] == asker
        self._lane = LANE_NAMES[lane]
        self._asker = asker
        self._cooled = (self._cooled and nested) or lane == "info"
        try:
            yield
        finally:
            self._lane, self._asker, self._cooled = saved

    @property
    def info_cooldown(self) -> float:
        return max(INFO_COOLDOWN, 6 * self.queue.pace)

    def _info_gate(self, text: str) -> bool:
        """False when a reply must not be queued: the same one to the same user just now, or too many
        replies already queued."""
        if self._lane != INFO:
            return True
        if self._cooled and self._asker:
            now = self._clock()
            key = (self._asker, text)
            if now - self._last_info.get(key, float("-inf")) < self.info_cooldown:
                logger.debug("Not answering %s again within %.1f s: %s", self._asker, self.info_cooldown, text[:80])
                return False
            if len(self._last_info) > 1000:
                horizon = now - self.info_cooldown
                self._last_info = {k: t for k, t in self._last_info.items() if t >= horizon}
            self._last_info[key] = now
        if self._asker and self.queue.pending_for(INFO, self._asker) >= INFO_PER_USER:
            logger.debug("Dropped a reply: %d information lines to %s are already queued", INFO_PER_USER, self._asker)
            return False
        if self.queue.pending_in(INFO) >= INFO_MAX:
            logger.info("Dropped a reply: %d information lines are already queued", self.queue.pending_in(INFO))
            return False
        return True

    def say(self, room: str, text: str) -> None:
        """Send chat text to the room, literally (`escape_text` on every line: user text never becomes a
        command; names seen never format it: `unformat`); long text and line breaks make several messages."""
        if not self._info_gate(text) or self._silenced(text):
            return
        if self._lane == INFO and self._asker and self.queue.pending_in(INFO) >= INFO_BY_PM:
            self._queue_pm(self._asker, text)
            return
        for chunk in split_text(join_safe(self.names_seen.plain(text)), MAX_MESSAGE_LENGTH - 1):
            self.queue.put(self.server_room(room), escape_text(chunk), lane=self._lane, user=self._answered())

    def pm(self, user: str, text: str) -> None:
        """Private-message a user, literally (`escape_text` on every line); only registered users can
        receive PMs."""
        if self._info_gate(text) and not self._silenced(text):
            self._queue_pm(user, text)

    def _silenced(self, text: str) -> bool:
        """True while the server will not let the bot talk: the line would only be refused."""
        if self.restriction is None:
            return False
        logger.debug("Not sent (the bot is %s): %s", self.restriction, text[:80])
        return True

    def _queue_pm(self, user: str, text: str) -> None:
        prefix = f"/msg {to_id(user)}, "
        for chunk in split_text(self.names_seen.plain(text), MAX_MESSAGE_LENGTH - len(prefix) - 1):
            self.queue.put("", prefix + escape_text(chunk), lane=self._lane, user=self._answered())

    def _answered(self) -> str:
        """Whom a line sent now answers: the asker of an information reply or a refusal ("" for the rest)."""
        return (self._asker or "") if self._lane == INFO else ""

    def when_sent(self, callback: Callable[[], None]) -> None:
        """Run `callback` once everything queued so far (information replies aside) has been written to
        the socket."""
        self.queue.when_sent(callback, lane=CONFIRM)

    def caught_up(self, callback: Callable[[], None]) -> None:
        """Run `callback` once the server has caught up: it has answered a query sent now, then a second
        sent on that answer, so every line it read before (the players' PMs included, even those it read
        in the same pass as the first query after a stall) has reached the handler before `callback` runs.
        Asked while the bot is not in its rooms, or unanswered when the connection is lost, the query is
        asked once the bot is back in them (after the handler's `Connected`); `callback` runs once."""
        if not self._ready.is_set():
            self._held_catch_ups.append(callback)
            return
        self._catch_up_count += 1
        token = f"{CATCH_UP_QUERY}{self._catch_up_count}"
        self._catch_ups[token] = (callback, CATCH_UP_ROUNDS)
        self.queue.put("", f"/cmd {token}", urgent=True)

    def _hold_catch_ups(self) -> None:
        """The connection is lost: the catch-ups in flight are asked again once the bot is back."""
        self._held_catch_ups[:0] = [callback for callback, _ in self._catch_ups.values()]
        self._catch_ups.clear()

    def _ask_held_catch_ups(self) -> None:
        """Back in the rooms: every catch-up held meanwhile is asked now, in the order it was first asked."""
        held, self._held_catch_ups = self._held_catch_ups, []
        for callback in held:
            self.caught_up(callback)

    def _answered_catch_up(self, token: str) -> None:
        """The server answered catch-up query `token`: ask again, or run its callback in the handler's order."""
        entry = self._catch_ups.get(token)
        if entry is None:
            return
        callback, rounds = entry
        if rounds > 1:
            self._catch_ups[token] = (callback, rounds - 1)
            self.queue.put("", f"/cmd {token}", urgent=True)
        elif self.handler is None:
            self._run_caught_up(token)
        else:
            self._emit(CaughtUp(token=token))

    def send_command(self, room: str, command: str) -> None:
        """Send a command line (e.g. `/wall ...`, `/me ...`) in the room ("" = global), as-is but for a
        reason cut to the server's limit (`fit_command`)."""
        if self._info_gate(command) and not self._silenced(command):
            self.queue.put(self.server_room(room), fit_command(command), lane=self._lane, user=self._answered())

    def add_html_box(self, room: str, html: str, fallback: Sequence[str] = ()) -> None:
        """An HTML box in the room; if the server refuses it, `fallback` is said instead (chat text)."""
        self._send_html(room, "/addhtmlbox ", html, self._say_lines(room, fallback))

    def add_uhtml(self, room: str, name: str, html: str, fallback: Sequence[str] = ()) -> None:
        self._send_html(room, f"/adduhtml {name}, ", html, self._say_lines(room, fallback))

    def change_uhtml(self, room: str, name: str, html: str) -> None:
        self._send_html(room, f"/changeuhtml {name}, ", html)

    def pm_uhtml(self, room: str, user: str, name: str, html: str, fallback: str = "") -> None:
        """PM changeable HTML to a user in the room (`/pmuhtml`, sent in the room for its `*` rank); if
        the server refuses it for any reason but the user being unreachable, `fallback` goes by plain PM."""
        plain = (lambda: self.pm(user, fallback)) if fallback else None
        self._send_html(room, f"/pmuhtml {to_id(user)}, {name}, ", html, plain)

    def change_pm_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self._send_html(room, f"/pmuhtmlchange {to_id(user)}, {name}, ", html)

    def send_private_html_box(self, room: str, user: str, html: str) -> None:
        """Show HTML in the room to one user only (they must be in the room)."""
        self._send_html(room, f"/sendprivatehtmlbox {to_id(user)}, ", html)

    def send_private_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self._send_html(room, f"/sendprivateuhtml {to_id(user)}, {name}, ", html)

    def change_private_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self._send_html(room, f"/changeprivateuhtml {to_id(user)}, {name}, ", html)

    def send_html_page(self, room: str, user: str, page: str, html: str, fallback: str = "") -> None:
        """A bot page for one user: `/sendhtmlpage USERID, PAGEID, HTML` (needs `*` in the room); if the
        server refuses it (the user is in none of the bot's rooms), `fallback` goes by plain PM."""
        plain = (lambda: self.pm(user, fallback)) if fallback else None
        self._send_html(room, f"/sendhtmlpage {to_id(user)}, {to_id(page)}, ", html, plain)

    def buttons(self, room: str) -> Buttons:
        """How buttons in `room`'s HTML reach the bot: quietly (`/botmsg`) where its rank allows it,
        and saying lines in the room only where the server allows such buttons."""
        state = self._rooms.get(to_room_id(room))
        closed = room.startswith("groupchat-") or (state is not None and state.visibility == "secret")
        return Buttons(
            bot=self.name or self.config.username,
            room=self.server_room(room),
            quiet=self.my_rank(room) in BOTMSG_RANKS,
            room_lines=not closed,
            home=to_room_id(room),
        )

    def _say_lines(self, room: str, lines: Sequence[str]) -> Callable[[], None] | None:
        if not lines:
            return None
        kept = tuple(lines)

        def say() -> None:
            for line in kept:
                self.say(room, line)

        return say

    def _send_html(self, room: str, command: str, html: str, fallback: Callable[[], None] | None = None) -> None:
        """Every HTML line goes out here: written so that the server's checks pass (`passable`), never
        cut; one too long for a socket message is not sent, and its fallback runs instead."""
        line = command + passable(one_line(html))
        if utf16_len(line) + len(self.server_room(room)) + 1 > MAX_FRAME_LENGTH:
            logger.error("Not sending %s: %d characters is over the server's 100 KB", command.strip(), len(line))
            if fallback is not None:
                fallback()
            return
        if fallback is not None:
            self._fallbacks[line] = fallback
            while len(self._fallbacks) > FALLBACKS_KEPT:
                del self._fallbacks[next(iter(self._fallbacks))]
        self.send_command(room, line)

    def _refused(self, refused: Refused) -> None:
        """A refusal of one of the bot's lines: a lock it tells of, and the line's fallback."""
        self._tell(self.standing.refusal(refused.text))
        self._refused_html(refused)

    def _refused_html(self, refused: Refused) -> None:
        """A refused HTML line with a fallback: the fallback goes out (unless the user is unreachable,
        when a plain PM would be refused too)."""
        fallback = self._fallbacks.pop(refused.cause, None)
        if fallback is not None and not refused.unreachable and self.restriction is None:
            logger.warning("HTML refused (%s); sending its text instead", refused.text.splitlines()[0][:120])
            fallback()
