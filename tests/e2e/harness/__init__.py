"""End-to-end test harness: a real Pokémon Showdown server, a fake login server, simulated players.

The server, the fake login server and the RSA signing live in the package
(``survivor_host.devserver``: the demo uses them too); this package binds them to the tests.

Modules:
    local       -- PSServer / ensure_ps_installed using <repo>/.e2e-cache (devserver.ps_server)
    player      -- asyncio websocket client for simulated users
    env         -- E2EEnv (what the fixtures hand to tests) and the configured names
    survivor_host.devserver.fake_login -- fake login server (in-process, or as a process)
    survivor_host.devserver.rsakeys    -- RSA key (the cryptography library) and RSA-SHA1 signing

Names are imported lazily.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from survivor_host.devserver.fake_login import FakeLoginServer
    from survivor_host.devserver.fake_login_process import FakeLoginProcess
    from survivor_host.devserver.login_policy import LoginPolicy, LoginRequest, to_id
    from survivor_host.devserver.ps_install import PS_VERSION, PSServerError
    from survivor_host.devserver.ps_options import ServerOptions
    from survivor_host.devserver.rsakeys import RSAKey

    from .env import E2EEnv
    from .local import CACHE_DIR, PSServer, ensure_ps_installed
    from .player import PM, ChatMessage, Disconnected, Line, LoginFailed, Player, WaitTimeout, split_identity

_FAKE_LOGIN = "survivor_host.devserver.fake_login"
_LOGIN_POLICY = "survivor_host.devserver.login_policy"
_PS_INSTALL = "survivor_host.devserver.ps_install"
_EXPORTS: dict[str, str] = {
    "E2EEnv": ".env",
    "FakeLoginProcess": "survivor_host.devserver.fake_login_process",
    "FakeLoginServer": _FAKE_LOGIN,
    "LoginPolicy": _LOGIN_POLICY,
    "LoginRequest": _LOGIN_POLICY,
    "to_id": _LOGIN_POLICY,
    "PM": ".player",
    "ChatMessage": ".player",
    "Disconnected": ".player",
    "Line": ".player",
    "LoginFailed": ".player",
    "Player": ".player",
    "WaitTimeout": ".player",
    "split_identity": ".player",
    "CACHE_DIR": ".local",
    "PS_VERSION": _PS_INSTALL,
    "PSServer": ".local",
    "PSServerError": _PS_INSTALL,
    "ServerOptions": "survivor_host.devserver.ps_options",
    "ensure_ps_installed": ".local",
    "RSAKey": "survivor_host.devserver.rsakeys",
}

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T], timeout: float = 120.0) -> T:
    """asyncio.run(coro) with an overall time limit, for sync pytest tests."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module, __name__), name)


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
