"""Issue 12 item 3: a login server that cannot answer is waited out; only refusals count toward giving
up; the reconnect backoff resets only after a stable session."""

from __future__ import annotations

import asyncio
from typing import Any

from showdown_fakes import FakeShowdown
from test_showdown_client import run_client, wait_until

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.events import Connected, Disconnected
from survivor_host.showdown.login import LoginError, LoginUnavailable, parse_login_response
from survivor_host.showdown.messages import Message


def test_a_login_outage_longer_than_the_failure_limit_is_waited_out() -> None:
    def setup(server: FakeShowdown) -> None:
        server.login_outage = 7  # more than max_login_failures

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await asyncio.wait_for(client.wait_ready(), 10)
        assert len(server.logins) == 8

    events = run_client(scenario, setup=setup, max_login_failures=3)
    assert any(isinstance(e, Connected) for e in events)


def test_refusals_still_give_up() -> None:
    def setup(server: FakeShowdown) -> None:
        server.login_outage = 2  # the outage does not count; the refusals after it do

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await wait_until(lambda: len(server.logins) >= 4)

    run_client(scenario, setup=setup, expect_error=LoginError, password="wrong", max_login_failures=2)


def test_which_replies_are_refusals() -> None:
    for body in (']{"actionsuccess":false,"actionerror":"Wrong password."}', ']{"assertion":";;Banned."}'):
        try:
            parse_login_response(body)
        except LoginUnavailable:
            raise AssertionError(f"{body} is a refusal") from None
        except LoginError:
            pass
    for body in ("<html>Bad gateway</html>", "]null"):
        try:
            parse_login_response(body)
        except LoginUnavailable:
            continue
        raise AssertionError(f"{body} is no answer")


def backoff_delays(drops: int, **changes: Any) -> list[float]:
    """The reconnect delays the client chose while the server dropped `drops` ready sessions in a row."""
    delays: list[float] = []

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        for n in range(1, drops + 1):
            await wait_until(lambda n=n: sum(isinstance(e, Connected) for e in events) == n)  # type: ignore[misc]
            await server.drop_all()
            await wait_until(lambda n=n: sum(isinstance(e, Disconnected) for e in events) == n)  # type: ignore[misc]
        await wait_until(lambda: sum(isinstance(e, Connected) for e in events) == drops + 1)

    original = ShowdownClient._backoff_sleep

    async def recording(self: ShowdownClient, delay: float) -> None:
        delays.append(delay)
        await original(self, delay)

    ShowdownClient._backoff_sleep = recording  # type: ignore[method-assign]
    try:
        run_client(scenario, backoff_initial=0.01, backoff_max=1.0, **changes)
    finally:
        ShowdownClient._backoff_sleep = original  # type: ignore[method-assign]
    return delays


def test_a_storm_of_short_sessions_backs_off_more_and_more() -> None:
    assert backoff_delays(3)[:3] == [0.01, 0.02, 0.04]


def test_a_stable_session_resets_the_backoff() -> None:
    assert backoff_delays(2, stable_session=0.0)[:2] == [0.01, 0.01]
