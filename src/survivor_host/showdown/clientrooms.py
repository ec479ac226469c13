"""The client's room tracking: joins and leaves, renames and aliases, lost rooms rejoined, room info."""

from __future__ import annotations

import asyncio
import dataclasses
import logging

from survivor_host.showdown.clientstate import ClientState
from survivor_host.showdown.events import RoomBack, RoomLost
from survivor_host.showdown.messages import Deinit, Init, Join, Leave, Message, NoInit, Rename, Title, Users
from survivor_host.showdown.protocol import to_room_id
from survivor_host.showdown.rooms import RoomState, decide_pace

logger = logging.getLogger(__name__)


class RoomTracking(ClientState):
    """The rooms the bot wants and is in, kept up to date from the server's messages."""

    def join(self, room: str) -> None:
        """Join a room now and after every reconnect."""
        roomid = to_room_id(room)
        if roomid not in self._wanted_rooms:
            self._wanted_rooms.append(roomid)
        if self._logged_in:
            self.queue.put("", f"/join {self.server_room(roomid)}")

    def leave(self, room: str) -> None:
        roomid = to_room_id(room)
        if roomid in self._wanted_rooms:
            self._wanted_rooms.remove(roomid)
        if self._logged_in:
            self._leaving.add(roomid)
            self.queue.put("", f"/leave {self.server_room(roomid)}")

    def _as_known_room(self, message: Message) -> Message:
        """The message under the room id the bot knows its room by (after a rename or an alias join)."""
        room = message.room
        known = room in self._aliases or room in self._rooms or room in self._wanted_rooms
        if isinstance(message, Init) and self._alias_joins and not known:
            alias = self._alias_joins.popleft()
            logger.warning("Room %s is an alias of %s: joined; put %s in the config", alias, room, room)
            self._renamed[alias] = room
            self._aliases[room] = alias
        if room in self._aliases:
            return dataclasses.replace(message, room=self._aliases[room])
        return message

    def _apply_room(self, message: Message) -> None:
        room = message.room
        if isinstance(message, Init):
            self._rooms[room] = RoomState(room)
            if room in self._lost:
                del self._lost[room]
                logger.warning("Back in %s", room)
                self._emit(RoomBack(room=room))
            if self.config.query_room_info:
                # The joins count as done once the bot's rank is known: with batched joins
                # (`reportjoinsperiod`) the `|init|` user list may lack the bot itself.
                self._pending_info.add(room)
                self.queue.put("", f"/cmd roominfo {self.server_room(room)}", urgent=True)
            else:
                self._joined(room)
            return
        if isinstance(message, NoInit):
            self._no_init(room, message)
            return
        state = self._rooms.get(room)
        if isinstance(message, Deinit) and state is None and room in self._pending_joins:
            self._alias_joins.append(room)  # joined by an alias: the real room's `|init|` follows
            return
        if state is None or message.history:
            return
        if isinstance(message, Deinit):
            del self._rooms[room]
            if room in self._leaving:
                self._leaving.discard(room)
            elif room in self._wanted_rooms:
                logger.error("Out of room %s (kicked, banned, or the room was deleted); joining it again", room)
                self._room_lost(room, "removed from the room")
        elif isinstance(message, Title):
            state.title = message.title
        elif isinstance(message, Users):
            state.users = {user.userid: user for user in message.users}
        elif isinstance(message, Join):
            state.users[message.user.userid] = message.user
        elif isinstance(message, Leave):
            state.users.pop(message.user.userid, None)
        elif isinstance(message, Rename):
            state.users.pop(message.old_id, None)
            state.users[message.user.userid] = message.user
            if message.user.userid == self.userid:
                self._tell(self.standing.room_identity(message.user.rank))

    def _no_init(self, room: str, message: NoInit) -> None:
        """`|noinit|`: a join refused (`joinfailed`, `nonexistent`) or the room renamed (`rename|NEW|TITLE`)."""
        if message.kind == "rename" and message.args:
            new = to_room_id(message.args[0])
            logger.warning("Room %s was renamed to %s (%s); following it", room, new, " ".join(message.args[1:]))
            self._renamed[room] = new
            self._aliases[new] = room
            if room not in self._rooms:
                self.queue.put("", f"/join {new}", urgent=True)
            return
        reason = " ".join(message.args[-1:]) or message.kind
        if room in self._wanted_rooms:
            logger.error("Could not join %s: %s", room, reason)
            self._joined(room)
            self._room_lost(room, reason)
        else:
            logger.warning("Could not join %s: %s", room, reason)
            self._joined(room)

    def _room_lost(self, room: str, reason: str) -> None:
        """Pause (the handler does) and join again after a backoff that grows with each refusal."""
        attempts = self._lost.get(room)
        if attempts is None:
            self._emit(RoomLost(room=room, reason=reason))
            attempts = 0
        self._lost[room] = attempts + 1
        delay = self._backoff_delay(attempts)
        old = self._rejoins.pop(room, None)
        if old is not None:
            old.cancel()
        self._rejoins[room] = asyncio.get_running_loop().create_task(self._rejoin(room, delay))

    async def _rejoin(self, room: str, delay: float) -> None:
        await self._sleep(delay)
        self._rejoins.pop(room, None)
        if self._logged_in and room in self._wanted_rooms and room not in self._rooms:
            logger.info("Joining %s again", room)
            self.queue.put("", f"/join {self.server_room(room)}", urgent=True)

    def _joined(self, room: str) -> None:
        if room in self._pending_info:
            return
        self._pending_joins.discard(room)
        if not self._pending_joins and self._joins_done is not None and not self._joins_done.done():
            self._joins_done.set_result(None)

    def _apply_roominfo(self, info: object) -> None:
        if not isinstance(info, dict):
            return
        asked = to_room_id(str(info.get("id", "")))
        roomid = self._aliases.get(asked, asked)
        self._pending_info.discard(roomid)
        self._joined(roomid)
        if info.get("error"):
            return
        actual = str(info.get("roomid", ""))
        state = self._rooms.get(self._aliases.get(actual, actual)) or self._rooms.get(roomid)
        if state is None:
            return
        state.public = info.get("visibility") == "public"
        state.visibility = str(info.get("visibility", ""))
        state.direct_rank = None
        auth = info.get("auth")
        if isinstance(auth, dict):
            for rank, ids in auth.items():
                if isinstance(ids, list) and self.userid in ids:
                    state.direct_rank = str(rank)
        if roomid in self._flood_rooms:  # the bot's rank there decides whether lines may share a box
            self._apply_budget(roomid)
        public_ranks = [s.direct_rank for s in self._rooms.values() if s.public and s.direct_rank is not None]
        pace = decide_pace(self._global_rank, public_ranks)
        if pace != self.queue.pace:
            logger.info("Sending at %.3f s per line", pace)
        self.queue.set_pace(pace)
