"""End-to-end test harness: a real Pokémon Showdown server, a fake login server, simulated players.

Modules:
    ps_server   -- install pokemon-showdown@0.11.11 into <repo>/.e2e-cache and run server instances
    fake_login  -- fake login server (in-process, or ``python -m harness.fake_login``)
    player      -- asyncio websocket client for simulated users
    rsakeys     -- pure-stdlib RSA key generation and RSA-SHA1 signing
    env         -- E2EEnv (what the fixtures hand to tests) and the configured names

Names are imported lazily so that ``python -m harness.fake_login`` runs cleanly.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .env import E2EEnv
    from .fake_login import FakeLoginProcess, FakeLoginServer, LoginPolicy, LoginRequest, to_id
    from .player import PM, ChatMessage, Disconnected, Line, LoginFailed, Player, WaitTimeout, split_identity
    from .ps_server import CACHE_DIR, PS_VERSION, PSServer, PSServerError, ServerOptions, ensure_ps_installed
    from .rsakeys import RSAKey

_EXPORTS: dict[str, str] = {
    "E2EEnv": "env",
    "FakeLoginProcess": "fake_login",
    "FakeLoginServer": "fake_login",
    "LoginPolicy": "fake_login",
    "LoginRequest": "fake_login",
    "to_id": "fake_login",
    "PM": "player",
    "ChatMessage": "player",
    "Disconnected": "player",
    "Line": "player",
    "LoginFailed": "player",
    "Player": "player",
    "WaitTimeout": "player",
    "split_identity": "player",
    "CACHE_DIR": "ps_server",
    "PS_VERSION": "ps_server",
    "PSServer": "ps_server",
    "PSServerError": "ps_server",
    "ServerOptions": "ps_server",
    "ensure_ps_installed": "ps_server",
    "RSAKey": "rsakeys",
}

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T], timeout: float = 120.0) -> T:
    """asyncio.run(coro) with an overall time limit, for sync pytest tests."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)


__all__ = [
    "CACHE_DIR",
    "PM",
    "PS_VERSION",
    "ChatMessage",
    "Disconnected",
    "E2EEnv",
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
