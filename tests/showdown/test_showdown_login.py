"""Login-server replies, parsed directly and fetched from a tiny server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable

import aiohttp
import pytest
from aiohttp import web

from survivor_host.showdown.login import (
    LoginError,
    get_assertion,
    parse_getassertion_response,
    parse_login_response,
)

GOOD = "4c1d,survivorbot,2,1700000000,local;abcdef"


def test_parse_login_success() -> None:
    body = ']{"actionsuccess":true,"assertion":"' + GOOD + '","curuser":{"loggedin":true}}'
    assert parse_login_response(body) == GOOD
    assert parse_login_response('{"assertion":"' + GOOD + '"}') == GOOD


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (']{"actionsuccess":false,"assertion":";;Wrong password."}', "Wrong password."),
        (']{"assertion":";;Your username is banned."}', "banned"),
        (']{"actionsuccess":false,"actionerror":"Bad challstr"}', "Bad challstr"),
        (']{"actionsuccess":true}', "no assertion"),
        ("]not json at all", "unreadable"),
        ("<html>502 Bad Gateway</html>", "unreadable"),
        ("]", "unreadable"),
        ("][1,2]", "unexpected"),
        (']{"assertion":""}', "empty"),
        (']{"assertion":";"}', "password"),
    ],
)
def test_parse_login_errors(body: str, fragment: str) -> None:
    with pytest.raises(LoginError, match=fragment):
        parse_login_response(body)


def test_parse_getassertion() -> None:
    assert parse_getassertion_response(GOOD + "\n") == GOOD
    assert parse_getassertion_response(']{"assertion":"' + GOOD + '"}') == GOOD
    with pytest.raises(LoginError, match="password"):
        parse_getassertion_response(";")
    with pytest.raises(LoginError, match="Invalid challstr"):
        parse_getassertion_response(";;Invalid challstr")


Reply = Callable[[dict[str, str]], web.Response]


def with_login_server(reply: Reply, test: Callable[[str, list[dict[str, str]]], Awaitable[None]]) -> None:
    """Serve `reply` at /action.php on 127.0.0.1 and run `test(url, received_forms)`."""
    forms: list[dict[str, str]] = []

    async def handler(request: web.Request) -> web.Response:
        form = {key: str(value) for key, value in (await request.post()).items()}
        forms.append(form)
        return reply(form)

    async def main() -> None:
        app = web.Application()
        app.router.add_post("/action.php", handler)
        runner = web.AppRunner(app)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        await web.SockSite(runner, sock).start()
        try:
            await asyncio.wait_for(test(f"http://127.0.0.1:{port}/action.php", forms), timeout=10)
        finally:
            await runner.cleanup()

    asyncio.run(main())


def test_get_assertion_posts_login_form() -> None:
    def reply(form: dict[str, str]) -> web.Response:
        return web.Response(text=']{"actionsuccess":true,"assertion":"' + GOOD + '"}')

    async def test(url: str, forms: list[dict[str, str]]) -> None:
        async with aiohttp.ClientSession() as session:
            assertion = await get_assertion(session, url, "Survivor Bot", "pw|x", "4|c0ffee")
        assert assertion == GOOD
        assert forms == [{"act": "login", "name": "Survivor Bot", "pass": "pw|x", "challstr": "4|c0ffee"}]

    with_login_server(reply, test)


def test_get_assertion_without_password_uses_getassertion() -> None:
    def reply(form: dict[str, str]) -> web.Response:
        return web.Response(text=GOOD)

    async def test(url: str, forms: list[dict[str, str]]) -> None:
        async with aiohttp.ClientSession() as session:
            assert await get_assertion(session, url, "Survivor Bot", None, "4|c0ffee") == GOOD
        assert forms == [{"act": "getassertion", "userid": "survivorbot", "challstr": "4|c0ffee"}]

    with_login_server(reply, test)


@pytest.mark.parametrize(
    ("status", "text", "fragment"),
    [
        (200, ']{"actionsuccess":false,"assertion":";;Wrong password."}', "Wrong password"),
        (200, "]{oops", "unreadable"),
        (500, "boom", "HTTP 500"),
    ],
)
def test_get_assertion_errors(status: int, text: str, fragment: str) -> None:
    def reply(form: dict[str, str]) -> web.Response:
        return web.Response(status=status, text=text)

    async def test(url: str, forms: list[dict[str, str]]) -> None:
        async with aiohttp.ClientSession() as session:
            with pytest.raises(LoginError, match=fragment):
                await get_assertion(session, url, "Bot", "pw", "4|x")

    with_login_server(reply, test)


def test_get_assertion_unreachable() -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()

    async def main() -> None:
        async with aiohttp.ClientSession() as session:
            with pytest.raises(LoginError, match="Could not reach"):
                await get_assertion(session, f"http://127.0.0.1:{port}/x", "Bot", "pw", "4|x", timeout=5)

    asyncio.run(main())
