"""Fixtures for the end-to-end tests: one fake login server and one real PS server per session.

Tests are plain sync functions that drive players with ``run_async(...)`` (asyncio.run with a time
limit); the project does not use pytest-asyncio. Every test in this folder gets the ``e2e`` marker.

Fixtures:
    e2e_key            (session) RSAKey the fake login server signs with
    fake_login         (session) FakeLoginServer running in a thread; refuses names in REFUSED_NAMES
    ps_server          (session) PSServer with rooms Survivor/Survivor Two, BOT_ID as ``*`` in both
    e2e                (session) E2EEnv: ws_url, login_url, key, server, login, player(name) factory
    ps_server_factory  (test)    callable(**ServerOptions fields) -> started PSServer of the test's own,
                                 closed after the test
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import FakeLoginServer, LoginPolicy, Player, PSServer, RSAKey, ServerOptions

E2E_DIR = Path(__file__).resolve().parent
BOT_ID = "survivorbot"
HOST_NAME = "E2E Host"  # global ~ on the session server
REFUSED_NAMES = ("Refused User",)  # the fake login server answers "Wrong password."
BANNED_NAMES = ("Banned User",)  # the fake login server answers ";;Your username is no longer available."
BAD_SIGNATURE_NAMES = ("Forged User",)  # signed wrongly: the PS server answers |nametaken|


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: end-to-end test against a real local Pokémon Showdown server")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if E2E_DIR in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


_FAILED = pytest.StashKey[bool]()


@dataclass(frozen=True)
class E2EEnv:
    """What a test needs to talk to one PS server through the fake login server."""

    server: PSServer
    login: FakeLoginServer
    key: RSAKey
    bot_id: str = BOT_ID

    @property
    def ws_url(self) -> str:
        return self.server.ws_url

    @property
    def login_url(self) -> str:
        """POST target for name/pass/challstr (``http://127.0.0.1:PORT/api/login``)."""
        return self.login.login_url

    @property
    def login_base_url(self) -> str:
        return self.login.base_url

    @property
    def public_key_pem(self) -> str:
        return self.key.public_pem()

    def player(self, name: str, password: str = "password", **kwargs: Any) -> Player:
        """A Player for this server (not connected: ``async with env.player("Alice") as alice``)."""
        return Player(self.ws_url, self.login_url, name, password, **kwargs)

    def for_server(self, server: PSServer) -> E2EEnv:
        return replace(self, server=server)


def _default_options(key: RSAKey, login: FakeLoginServer, **overrides: Any) -> ServerOptions:
    options = ServerOptions(
        public_key_pem=key.public_pem(),
        loginserver_url=login.base_url + "/",
        key_id=login.key_id,
        bot_id=BOT_ID,
        bot_rank="*",
        global_ranks={HOST_NAME: "~"},
    )
    return replace(options, **overrides)


def _attach_output(request: pytest.FixtureRequest, server: PSServer, label: str) -> None:
    if request.node.stash.get(_FAILED, False):
        request.node.add_report_section("teardown", label, server.output()[-20000:])


@pytest.fixture(scope="session")
def e2e_key() -> RSAKey:
    return RSAKey.generate(2048)


@pytest.fixture(scope="session")
def fake_login(e2e_key: RSAKey) -> Iterator[FakeLoginServer]:
    server = FakeLoginServer(
        e2e_key,
        policy=LoginPolicy.build(
            refused=REFUSED_NAMES, banned=BANNED_NAMES, bad_signature=BAD_SIGNATURE_NAMES
        ),
    )
    server.start_in_thread()
    try:
        yield server
    finally:
        server.stop_thread()


@pytest.fixture(scope="session")
def ps_server(e2e_key: RSAKey, fake_login: FakeLoginServer) -> Iterator[PSServer]:
    server = PSServer(_default_options(e2e_key, fake_login), name="session")
    try:
        server.start()
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def e2e(ps_server: PSServer, fake_login: FakeLoginServer, e2e_key: RSAKey) -> E2EEnv:
    return E2EEnv(server=ps_server, login=fake_login, key=e2e_key)


@pytest.fixture(autouse=True)
def _session_server_output_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "ps_server" in request.fixturenames or "e2e" in request.fixturenames:
        _attach_output(request, request.getfixturevalue("ps_server"), "session PS server output")


@pytest.fixture
def ps_server_factory(
    request: pytest.FixtureRequest, e2e_key: RSAKey, fake_login: FakeLoginServer
) -> Iterator[Callable[..., PSServer]]:
    """Start servers of the test's own: ``srv = ps_server_factory(bot_rank=None)``."""
    servers: list[PSServer] = []

    def make(**overrides: Any) -> PSServer:
        server = PSServer(
            _default_options(e2e_key, fake_login, **overrides),
            name=re.sub(r"[^A-Za-z0-9_]", "_", request.node.name)[:40],
        )
        servers.append(server)
        return server.start()

    try:
        yield make
    finally:
        for i, server in enumerate(servers):
            _attach_output(request, server, f"PS server #{i} output")
            server.close()
