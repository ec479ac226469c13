"""Issue 23: `serve` logs a failed connection in one plain sentence, not an exception's repr."""

from __future__ import annotations

import asyncio
import socket

import aiohttp

from survivor_host.showdown.config import connection_problem


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_a_refused_connection_is_one_sentence() -> None:
    port = _closed_port()

    async def connect() -> BaseException:
        try:
            async with aiohttp.ClientSession() as session:
                await session.ws_connect(f"ws://127.0.0.1:{port}/showdown/websocket")
        except aiohttp.ClientError as error:
            return error
        raise AssertionError("the port was open")

    said = connection_problem(asyncio.run(connect()))
    assert said == f"Cannot reach 127.0.0.1:{port} (connection refused)."


def test_other_failures_read_plainly() -> None:
    assert connection_problem(TimeoutError()) == "The connection timed out."
    assert connection_problem(ConnectionResetError()) == "Connection problem: ConnectionResetError."
    assert "ConnectionKey" not in connection_problem(OSError(5, "Input/output error"))
