"""The Showdown connection: login, rooms, rank tracking, paced sending and reconnection."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import aiohttp

from survivor_host.showdown.clientrooms import RoomTracking
from survivor_host.showdown.clientsend import ClientSending
from survivor_host.showdown.config import connection_problem
from survivor_host.showdown.events import Connected, Disconnected, Pong, Refused
from survivor_host.showdown.login import LoginError, LoginUnavailable, get_assertion
from survivor_host.showdown.messages import (
    Challstr,
    Error,
    Message,
    NameTaken,
    Popup,
    PrivateMessage,
    QueryResponse,
    Raw,
    UpdateUser,
)
from survivor_host.showdown.protocol import parse_frame
from survivor_host.showdown.sendqueue import PACE_REGULAR, target_of
from survivor_host.showdown.window import echo_of

logger = logging.getLogger(__name__)


class ShowdownClient(ClientSending, RoomTracking):
    """One bot connection. Call `run()` (forever, reconnecting) and `close()` to stop.

    Every parsed server message, plus `Connected`/`Disconnected`, is passed in order to `handler`,
    awaited one at a time on a separate task. State (`rank_of`, rooms) is updated as frames are read,
    just before the messages are queued for the handler.
    """

    # -- lifecycle -----------------------------------------------------------------------------
    async def run(self) -> None:
        """Connect, log in, join, dispatch; reconnect with capped exponential backoff until `close()`.

        Raises LoginError after `max_login_failures` consecutive refused logins; an unreachable login
        server only delays the next attempt.
        """
        own_session = self._session is None
        session = self._session or aiohttp.ClientSession()
        queue_task = asyncio.create_task(self.queue.run(), name="showdown-send")
        dispatch_task = asyncio.create_task(self._dispatch_loop(), name="showdown-dispatch")
        attempt = 0
        login_failures = 0
        reconnect = False
        try:
            while not self._closing:
                try:
                    await self._connect_once(session, reconnect)
                except LoginUnavailable as exc:
                    logger.warning("Login server unavailable, will retry: %s", exc)
                except LoginError as exc:
                    self._login_session.sid = ""  # the next try logs in with the password
                    login_failures += 1
                    logger.error("Login failed (%d in a row): %s", login_failures, exc)
                    if login_failures >= self.config.max_login_failures:
                        raise
                except (aiohttp.ClientError, OSError, TimeoutError, ConnectionError) as exc:
                    logger.warning("%s", connection_problem(exc))
                was_ready = self._ready.is_set()
                self._teardown()
                if was_ready:
                    reconnect = True
                    login_failures = 0
                    if self._clock() - self._ready_at >= self.config.stable_session:
                        attempt = 0
                    reason = "closed" if self._closing else "connection lost"
                    self._emit(Disconnected(reason=reason, stalled=self._stalled and not self._closing))
                if self._closing:
                    break
                delay = self._backoff_delay(attempt)
                attempt += 1
                logger.info("Reconnecting in %.1f s", delay)
                self._backoff_task = asyncio.create_task(self._backoff_sleep(delay))
                with contextlib.suppress(asyncio.CancelledError):
                    await self._backoff_task
                self._backoff_task = None
        finally:
            self._teardown()
            queue_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await queue_task
            await self._drain_events(dispatch_task)
            if own_session:
                await session.close()

    async def close(self) -> None:
        """Stop: close the socket, stop reconnecting; `run()` returns soon after."""
        self._closing = True
        if self._backoff_task is not None:
            self._backoff_task.cancel()
        ws = self._ws
        if ws is not None and not ws.closed:
            await ws.close()

    async def _backoff_sleep(self, delay: float) -> None:
        await self._sleep(delay)

    async def _drain_events(self, dispatch_task: asyncio.Task[None]) -> None:
        """Let the handler see the events already queued (e.g. the last Disconnected), then stop."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._events.join(), timeout=5.0)
        dispatch_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await dispatch_task

    async def _connect_once(self, session: aiohttp.ClientSession, reconnect: bool) -> None:
        config = self.config
        loop = asyncio.get_running_loop()
        logger.info("Connecting to %s", config.server_url)
        # The client answers pings itself (`autoping=False`) so that it sees the server's pongs.
        connect = session.ws_connect(config.server_url, heartbeat=config.heartbeat, autoping=False, max_msg_size=0)
        async with connect as ws:
            self._ws = ws
            self._stalled = False
            self.connections += 1
            if self._closing:
                return
            self._challstr = loop.create_future()
            self._login = loop.create_future()
            reader = asyncio.create_task(self._read_loop(ws), name="showdown-read")
            try:
                challstr = await self._until(self._challstr, reader, config.login_timeout)
                assertion = await get_assertion(
                    session, config.login_url, config.username, config.password, challstr, kept=self._login_session
                )
                await ws.send_str(f"|/trn {config.username},0,{assertion}")
                self.queue.note_sent()
                await self._until(self._login, reader, config.login_timeout)
                self._logged_in = True
                logger.info("Logged in as %s", self._name)
                self._start_sending()
                joined = await self._join_rooms(reader)
                self.queue.fix_pace()  # the server decided its pace at the login (users.ts)
                self._ready_at = self._clock()
                self._ready.set()
                self._emit(Connected(reconnect=reconnect, rooms=joined, restricted=self.restriction))
                self._ask_held_catch_ups()
                await reader
            finally:
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader

    async def _until(self, future: asyncio.Future[Any], reader: asyncio.Task[None], timeout: float) -> Any:
        """Wait for `future`, failing if the socket closes first or `timeout` passes."""
        done, _ = await asyncio.wait({future, reader}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if future in done:
            return future.result()
        if reader in done:
            raise ConnectionError("The server closed the connection during login")
        raise TimeoutError("The server did not answer in time during login")

    def _start_sending(self) -> None:
        self.queue.reset_backoff()
        self.queue.set_pace(PACE_REGULAR)
        self.queue.attach(self._send_frame)
        if self.config.avatar:
            self.queue.put("", f"/avatar {self.config.avatar}", urgent=True)

    async def _join_rooms(self, reader: asyncio.Task[None]) -> tuple[str, ...]:
        rooms = list(self._wanted_rooms)
        if not rooms:
            return ()
        self._pending_joins = set(rooms)
        self._joins_done = asyncio.get_running_loop().create_future()
        self.queue.put_lines("", [f"/join {self.server_room(room)}" for room in rooms], urgent=True)
        timeout = self.config.join_timeout + len(rooms) * self.queue.interval
        try:
            await self._until(self._joins_done, reader, timeout)
        except TimeoutError:
            logger.warning("Rooms not joined in time: %s", ", ".join(sorted(self._pending_joins)))
        return tuple(room for room in rooms if room in self._rooms)

    def _teardown(self) -> None:
        for task in self._rejoins.values():
            task.cancel()
        self._rejoins.clear()
        self._lost.clear()
        self.queue.detach()
        self._ws = None
        self._logged_in = False
        self._ready.clear()
        self._rooms.clear()
        self._pending_joins.clear()
        self._pending_info.clear()
        self._alias_joins.clear()
        self._hold_catch_ups()
        for future in (self._challstr, self._login, self._joins_done):
            if future is not None and not future.done():
                future.cancel()
        self._challstr = self._login = self._joins_done = None

    async def _send_frame(self, text: str) -> None:
        ws = self._ws
        if ws is None or ws.closed:
            raise ConnectionError("not connected")
        logger.debug(">> %s", text)
        await ws.send_str(text)
        room, _, body = text.partition("|")
        room = self._aliases.get(room, room)  # errors from a renamed room arrive under its old id
        for line in body.split("\n"):
            self._last_line[room] = line
            self._last_sent = line

    async def _read_loop(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for frame in ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                logger.debug("<< %s", frame.data)
                for message in parse_frame(frame.data):
                    message = self._as_known_room(message)
                    self._apply(message)
                    self._emit(message)
            elif frame.type == aiohttp.WSMsgType.PONG:
                self._emit(Pong())  # the server answered the keepalive ping of a quiet link
            elif frame.type == aiohttp.WSMsgType.PING:
                await ws.pong(frame.data)
            elif frame.type == aiohttp.WSMsgType.ERROR:
                logger.warning("Websocket error: %r", ws.exception())
                # No pong to the ping sent after a silence: the server stopped answering.
                self._stalled = isinstance(ws.exception(), aiohttp.ServerTimeoutError)
                break
        logger.info("Connection closed (code %s)", ws.close_code)

    # -- state updates -------------------------------------------------------------------------
    def _apply(self, message: Message) -> None:
        self.names_seen.note(message)
        echo = echo_of(message, self.userid, self.server_room(message.room))
        answered = self.queue.echoed(echo) if echo is not None else None
        if isinstance(message, Challstr):
            if self._challstr is not None and not self._challstr.done():
                self._challstr.set_result(message.challstr)
        elif isinstance(message, UpdateUser):
            self._name = message.user.name
            self._global_rank = message.user.rank
            if message.named and message.user.userid == self.userid:
                self._tell(self.standing.identity(message.user.rank))
            login = self._login
            if message.named and message.user.userid == self.userid and login and not login.done():
                login.set_result(None)
        elif isinstance(message, NameTaken):
            if self._login is not None and not self._login.done():
                self._login.set_exception(LoginError(f"Name refused: {message.reason or message.name}"))
        elif isinstance(message, Popup):
            logger.warning("Server popup: %s (after our line %r)", message.text, self._last_any())
        elif isinstance(message, Error):
            if not message.history:
                cause = answered or self._last_line.get(message.room, "")
                logger.warning("Server error in %r: %s (for our line %r)", message.room, message.text, cause)
                refused = Refused(
                    room=message.room, line=message.line, text=message.text, cause=cause, user=target_of(cause)
                )
                self._emit(refused)
                self._refused(refused)
        elif isinstance(message, PrivateMessage):
            if message.sender.userid == self.userid and not message.history:
                self._own_pm(message, answered)
        elif isinstance(message, QueryResponse):
            if message.query_type == "roominfo":
                self._apply_roominfo(message.json())
            elif not message.history:
                self._answered_catch_up(message.query_type)
        elif isinstance(message, Raw):
            if message.is_throttle_notice and not message.history:
                self.queue.notify_throttled(message.room)
        else:
            self._apply_room(message)

    def _last_any(self) -> str:
        return self._last_sent

    def _own_pm(self, message: PrivateMessage, answered: str | None) -> None:
        """A PM refused by the server (`/error ...`): `answered` is the line it answers, when known."""
        user = message.receiver.userid
        if message.text.startswith("/error "):
            text = message.text[len("/error ") :]
            cause = answered or self._last_line.get("", "")
            cause = cause if target_of(cause) == user else f"/msg {user}, ..."
            logger.warning("PM to %s refused: %s", user or message.receiver.name, text)
            refused = Refused(room="", line=message.line, text=text, cause=cause, user=user)
            self._emit(refused)
            self._refused(refused)
