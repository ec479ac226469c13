"""What the e2e fixtures hand to tests, and the names they configure.

Kept here (not in conftest.py) so that tests import it as ``from harness.env import ...``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from survivor_host.devserver.fake_login import FakeLoginServer
from survivor_host.devserver.ps_options import ServerOptions
from survivor_host.devserver.rsakeys import RSAKey

from .local import PSServer
from .player import Player

BOT_ID = "survivorbot"  # ``*`` in Survivor and Survivor Two on the session server
HOST_NAME = "E2E Host"  # global ``~`` on the session server
REFUSED_NAMES = ("Refused User",)  # the fake login server answers {"actionerror": "Wrong password."}
BANNED_NAMES = ("Banned User",)  # assertion ";;Your username is no longer available."
BAD_SIGNATURE_NAMES = ("Forged User",)  # wrongly signed: the PS server answers |nametaken|


@dataclass(frozen=True)
class E2EEnv:
    """What a test needs to talk to one PS server through the fake login server."""

    server: PSServer
    login: FakeLoginServer
    key: RSAKey
    bot_id: str = BOT_ID

    @property
    def ws_url(self) -> str:
        """``ws://127.0.0.1:PORT/showdown/websocket``"""
        return self.server.ws_url

    @property
    def login_url(self) -> str:
        """POST target for name/pass/challstr (``http://127.0.0.1:PORT/api/login``)."""
        return self.login.login_url

    @property
    def login_base_url(self) -> str:
        """``http://127.0.0.1:PORT`` of the fake login server (``/action.php`` also answers)."""
        return self.login.base_url

    @property
    def public_key_pem(self) -> str:
        return self.key.public_pem()

    def player(self, name: str, password: str = "password", **kwargs: Any) -> Player:
        """A Player for this server, not yet connected: ``async with env.player("Alice") as alice``
        connects and logs in."""
        return Player(self.ws_url, self.login_url, name, password, **kwargs)

    def for_server(self, server: PSServer) -> E2EEnv:
        """The same login server and key, another PS server (from ps_server_factory)."""
        return replace(self, server=server)


def default_server_options(key: RSAKey, login: FakeLoginServer, **overrides: Any) -> ServerOptions:
    """Options of the session server; overrides are ServerOptions fields (bot_rank=None, ...)."""
    options = ServerOptions(
        public_key_pem=key.public_pem(),
        loginserver_url=login.base_url + "/",
        key_id=login.key_id,
        bot_id=BOT_ID,
        bot_rank="*",
        global_ranks={HOST_NAME: "~"},
    )
    return replace(options, **overrides)
