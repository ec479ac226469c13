"""End-to-end test harness: a real Pokémon Showdown server, a fake login server, simulated players.

Modules:
    ps_server   -- install pokemon-showdown@0.11.11 into <repo>/.e2e-cache and run server instances
    fake_login  -- fake login server (in-process or ``python -m harness.fake_login``)
    player      -- asyncio websocket client for simulated users
    rsakeys     -- pure-stdlib RSA key generation and RSA-SHA1 signing
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

from .fake_login import FakeLoginProcess, FakeLoginServer, LoginPolicy, LoginRequest, to_id
from .player import PM, ChatMessage, Disconnected, Line, LoginFailed, Player, WaitTimeout, split_identity
from .ps_server import CACHE_DIR, PS_VERSION, PSServer, PSServerError, ServerOptions, ensure_ps_installed
from .rsakeys import RSAKey

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T], timeout: float = 120.0) -> T:
    """asyncio.run(coro) with an overall time limit, for sync pytest tests."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


__all__ = [
    "CACHE_DIR",
    "PM",
    "PS_VERSION",
    "ChatMessage",
    "Disconnected",
    "FakeLoginProcess",
    "FakeLoginServer",
    "Line",
    "LoginFailed",
    "LoginPolicy",
    "LoginRequest",
    "PSServer",
    "PSServerError",
    "Player",
    "RSAKey",
    "ServerOptions",
    "WaitTimeout",
    "ensure_ps_installed",
    "run_async",
    "split_identity",
    "to_id",
]
