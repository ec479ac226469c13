"""Where and as whom the client connects, and a failed connection told plainly."""

from __future__ import annotations

import os
from dataclasses import dataclass

import aiohttp

from survivor_host.showdown.login import DEFAULT_LOGIN_URL

DEFAULT_HEARTBEAT = 30.0
"""Seconds of a quiet link before the websocket ping; a pong missing for half of it drops the link."""
DEFAULT_BACKOFF_INITIAL = 1.0
"""Seconds before the first reconnect; each failed try doubles it."""
DEFAULT_BACKOFF_MAX = 30.0
"""The longest wait between reconnects."""


@dataclass(frozen=True)
class ClientConfig:
    """Where and as whom to connect. Timings are in seconds."""

    server_url: str
    username: str
    password: str | None = None
    login_url: str = DEFAULT_LOGIN_URL
    rooms: tuple[str, ...] = ()
    avatar: str | None = None
    heartbeat: float = DEFAULT_HEARTBEAT
    """Websocket ping interval; a pong missing for half of it drops the connection."""
    login_timeout: float = 30.0
    join_timeout: float = 10.0
    backoff_initial: float = DEFAULT_BACKOFF_INITIAL
    backoff_max: float = DEFAULT_BACKOFF_MAX
    backoff_jitter: float = 0.1
    max_login_failures: int = 5
    """Consecutive refused logins (wrong password, name taken...) before `run()` gives up; a login
    server that cannot answer (HTTP or network errors) is retried forever."""
    stable_session: float = 60.0
    """A session ready this long resets the reconnect backoff; shorter ones keep it growing."""
    query_room_info: bool = True
    """Ask `/cmd roominfo` for each joined room to learn whether it is public (decides the pace)."""


def connection_problem(exc: BaseException) -> str:
    """A failed connection in one plain sentence: `Cannot reach 127.0.0.1:8000 (connection refused).`"""
    if isinstance(exc, aiohttp.ClientConnectorError):
        error = exc.os_error
        why = os.strerror(error.errno) if error.errno else str(error)
        return f"Cannot reach {exc.host}:{exc.port} ({why.lower()})."
    if isinstance(exc, TimeoutError):
        return "The connection timed out."
    return f"Connection problem: {str(exc) or type(exc).__name__}."
