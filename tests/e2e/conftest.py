"""Fixtures for the end-to-end tests: one fake login server and one real PS server per session.

Tests are plain sync functions that drive players with ``run_async(...)`` (asyncio.run with a time
limit); the project does not use pytest-asyncio. Every test in this folder gets the ``e2e`` marker.

Fixtures:
    e2e_key            (session) RSAKey the fake login server signs with (2048-bit)
    fake_login         (session) FakeLoginServer in a thread; refuses the names in harness.env
    ps_server          (session) PSServer: rooms Survivor/Survivor Two, BOT_ID ``*`` in both, HOST_NAME ``~``
    e2e                (session) E2EEnv: ws_url, login_url, key, server, login, player(name) factory
    ps_server_factory  (test)    callable(**ServerOptions fields) -> started PSServer of the test's own,
                                 closed after the test (use e2e.for_server(srv) to get an E2EEnv)
    room_bot_server    (session) PSServer: BOT_ID ``*``, and in Survivor the room bot ``@`` and two room auth
                                 ``+`` (ROOM_BOT_AUTH); started when a test first asks, shared after
    room_bot_env       (test)    E2EEnv of room_bot_server
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import FakeLoginServer, LoginPolicy, PSServer, RSAKey
from harness.env import BAD_SIGNATURE_NAMES, BANNED_NAMES, REFUSED_NAMES, E2EEnv, default_server_options

E2E_DIR = Path(__file__).resolve().parent
ROOM_BOT_AUTH = {"Survivor": {"Sir Vivor": "@", "Room Auth": "+", "Hand Auth": "+"}}
"""The room bot (test_room_bot.SV) and the room auth of test_room_bot.AUTH and test_hand_hosting.AUTH."""
_FAILED = pytest.StashKey[bool]()


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


def _attach_output(request: pytest.FixtureRequest, server: PSServer, label: str) -> None:
    if request.node.stash.get(_FAILED, False):
        request.node.add_report_section("teardown", label, server.output()[-20000:])


@pytest.fixture(scope="session")
def e2e_key() -> RSAKey:
    return RSAKey.generate(2048)


@pytest.fixture(scope="session")
def fake_login(e2e_key: RSAKey) -> Iterator[FakeLoginServer]:
    policy = LoginPolicy.build(refused=REFUSED_NAMES, banned=BANNED_NAMES, bad_signature=BAD_SIGNATURE_NAMES)
    server = FakeLoginServer(e2e_key, policy=policy)
    server.start_in_thread()
    try:
        yield server
    finally:
        server.stop_thread()


@pytest.fixture(scope="session")
def ps_server(e2e_key: RSAKey, fake_login: FakeLoginServer) -> Iterator[PSServer]:
    server = PSServer(default_server_options(e2e_key, fake_login), name="session")
    try:
        server.start()
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def e2e(ps_server: PSServer, fake_login: FakeLoginServer, e2e_key: RSAKey) -> E2EEnv:
    return E2EEnv(server=ps_server, login=fake_login, key=e2e_key)


@pytest.fixture(scope="session")
def room_bot_server(e2e_key: RSAKey, fake_login: FakeLoginServer) -> Iterator[PSServer]:
    """One server for the games hosted through the room bot: each test brings its own bot and names."""
    server = PSServer(default_server_options(e2e_key, fake_login, room_auth=ROOM_BOT_AUTH), name="roombot")
    try:
        server.start()
        yield server
    finally:
        server.close()


@pytest.fixture
def room_bot_env(e2e: E2EEnv, room_bot_server: PSServer) -> E2EEnv:
    return e2e.for_server(room_bot_server)


@pytest.fixture(autouse=True)
def _session_server_output_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    for name, label in (("ps_server", "session PS server output"), ("room_bot_server", "room bot PS server output")):
        if name in request.fixturenames:
            _attach_output(request, request.getfixturevalue(name), label)


@pytest.fixture
def ps_server_factory(
    request: pytest.FixtureRequest, e2e_key: RSAKey, fake_login: FakeLoginServer
) -> Iterator[Callable[..., PSServer]]:
    """Servers of the test's own: ``srv = ps_server_factory(bot_rank=None)``; closed after the test."""
    servers: list[PSServer] = []
    label = re.sub(r"[^A-Za-z0-9_]", "_", request.node.name)[:40]

    def make(**overrides: Any) -> PSServer:
        server = PSServer(default_server_options(e2e_key, fake_login, **overrides), name=label)
        servers.append(server)
        return server.start()

    try:
        yield make
    finally:
        for i, server in enumerate(servers):
            _attach_output(request, server, f"PS server #{i} output")
            server.close()


@pytest.fixture
def bot_factory(request: pytest.FixtureRequest, tmp_path: Path, e2e: E2EEnv) -> Iterator[Callable[..., Any]]:
    """Bots of the test's own, as separate processes: ``bot = bot_factory(defaults={...}).start()``."""
    from harness.bot import BotProcess

    bots: list[BotProcess] = []

    def make(env: E2EEnv | None = None, **kwargs: Any) -> BotProcess:
        bot = BotProcess(env or e2e, tmp_path / f"bot{len(bots)}", **kwargs)
        bots.append(bot)
        return bot

    try:
        yield make
    finally:
        for bot in bots:
            if request.node.stash.get(_FAILED, False):
                request.node.add_report_section("teardown", "bot log", bot.log()[-20000:])
            bot.stop()
