"""Issue 20 findings 5 and 6: the login server's own refusal text is shown, and a reconnect asks for an
assertion with the login session (`upkeep`, loginserver actions.ts) before sending the password."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from survivor_host.devserver.fake_login import FakeLoginServer
from survivor_host.devserver.login_policy import LoginPolicy
from survivor_host.devserver.rsakeys import RSAKey
from survivor_host.showdown.login import (
    LoginError,
    LoginSession,
    get_assertion,
    parse_login_response,
    parse_upkeep_response,
)

CHALLSTR = "4|" + "ab" * 64
LOCKED_OUT = "Too many unrecognized login attempts have been made against this account. Please try again later."
"""loginserver user.ts `passwordVerify`: the lock-out text."""


@pytest.fixture(scope="module")
def key() -> RSAKey:
    return RSAKey.generate(1024)


@pytest.mark.parametrize("reason", ["Wrong password.", LOCKED_OUT])
def test_the_real_refusals_are_shown_as_the_login_server_says_them(reason: str) -> None:
    body = ']{"actionerror":"' + reason + '"}'  # no `actionsuccess` field: server.ts's error reply
    with pytest.raises(LoginError) as refused:
        parse_login_response(body)
    assert str(refused.value) == f"The login server refused the login: {reason}"


def test_upkeep_replies() -> None:
    assert parse_upkeep_response(']{"assertion":"c,bot,2,1,h;ff","username":"Bot","loggedin":true}') == "c,bot,2,1,h;ff"
    no_good = (']{"assertion":"","username":"","loggedin":false}', "]{}", "]nope", ']{"assertion":";","loggedin":true}',
               ']{"assertion":";;Your username is no longer available.","loggedin":true}')  # fmt: skip
    for body in no_good:
        assert parse_upkeep_response(body) is None, body


def test_a_second_login_uses_the_session_and_no_password_until_the_session_is_over(key: RSAKey) -> None:
    async def scenario() -> None:
        async with FakeLoginServer(key, policy=LoginPolicy.build()) as server, aiohttp.ClientSession() as http:
            kept = LoginSession()
            first = await get_assertion(http, server.login_url, "Survivor Bot", "pw", CHALLSTR, kept=kept)
            assert kept.sid.startswith("Survivor Bot,")  # the `sid` cookie: NAME,SESSION,SIDHASH
            again = await get_assertion(http, server.login_url, "Survivor Bot", "pw", CHALLSTR, kept=kept)
            assert [r.act for r in server.requests] == ["login", "upkeep"]
            assert "pass" not in server.requests[1].params and server.requests[1].params["sid"] == kept.sid
            assert again.split(",")[:3] == first.split(",")[:3] == ["ab" * 64, "survivorbot", "2"]
            server.expire_sessions()
            await get_assertion(http, server.login_url, "Survivor Bot", "pw", CHALLSTR, kept=kept)
            assert [r.act for r in server.requests] == ["login", "upkeep", "upkeep", "login"]
            assert kept.sid  # a new session from the new login

    asyncio.run(scenario())


def test_a_wrong_password_from_the_fake_login_server_says_wrong_password(key: RSAKey) -> None:
    async def scenario() -> None:
        policy = LoginPolicy.build(refused=["Survivor Bot"])
        async with FakeLoginServer(key, policy=policy) as server, aiohttp.ClientSession() as http:
            with pytest.raises(LoginError, match=r"refused the login: Wrong password\.$"):
                await get_assertion(http, server.login_url, "Survivor Bot", "pw", CHALLSTR, kept=LoginSession())

    asyncio.run(scenario())


def test_the_fake_login_server_reads_the_session_from_the_cookie_too(key: RSAKey) -> None:
    async def scenario() -> None:
        jar = aiohttp.CookieJar(unsafe=True)  # keeps cookies of 127.0.0.1, as a browser would of its host
        async with FakeLoginServer(key) as server, aiohttp.ClientSession(cookie_jar=jar) as http:
            await get_assertion(http, server.login_url, "Host", "pw", CHALLSTR, kept=LoginSession())
            async with http.post(server.login_url.replace("/login", "/upkeep"), data={"challstr": CHALLSTR}) as reply:
                assert parse_upkeep_response(await reply.text()) is not None

    asyncio.run(scenario())
