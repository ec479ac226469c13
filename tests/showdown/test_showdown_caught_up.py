"""The catch-up query a deadline waits for: `/cmd` twice in a row, the callback only after the second
answer (lines a stalled server read in the same pass as the first are handled before it); one asked
while the bot is away, or unanswered when its link drops, is asked again once it is back in its rooms."""

from __future__ import annotations

import asyncio

from showdown_fakes import FakeShowdown
from test_showdown_client import run_client, wait_until

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.events import Connected
from survivor_host.showdown.messages import Message
from survivor_host.showdown.protocol import parse_frame


def ready_client() -> ShowdownClient:
    """A client as it is once logged in with its rooms joined (no socket: its lines stay queued)."""
    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    bot._ready.set()
    return bot


def queued(bot: ShowdownClient) -> list[str]:
    lines = [line for lane in bot.queue._lanes for frame in lane for line in frame.lines]
    bot.queue.clear()
    return lines


def answer(bot: ShowdownClient, query: str) -> None:
    for message in parse_frame(f"|queryresponse|{query}|null"):
        bot._apply(message)


def test_the_callback_runs_after_the_second_answer_only() -> None:
    bot = ready_client()
    ran: list[str] = []
    bot.caught_up(lambda: ran.append("one"))
    (first,) = queued(bot)
    assert first.startswith("/cmd ")
    query = first.removeprefix("/cmd ")
    answer(bot, "roominfo")  # another query's answer is not it
    answer(bot, query)
    assert ran == [] and queued(bot) == [first]  # asked again
    answer(bot, query)
    assert ran == ["one"]
    answer(bot, query)  # a late duplicate runs nothing
    assert ran == ["one"]


def test_a_catch_up_the_lost_connection_left_unanswered_is_asked_again_once_back() -> None:
    bot = ready_client()
    ran: list[str] = []
    bot.caught_up(lambda: ran.append("one"))
    old = queued(bot)[0].removeprefix("/cmd ")
    bot._teardown()  # the link drops before the server answers
    bot.caught_up(lambda: ran.append("two"))  # asked while the bot is away: nothing to send it on
    answer(bot, old)
    answer(bot, old)  # an answer on the old connection's query runs nothing
    assert ran == [] and queued(bot) == []
    bot._ready.set()  # back in its rooms
    bot._ask_held_catch_ups()
    queries = [line.removeprefix("/cmd ") for line in queued(bot)]
    assert len(queries) == 2 and old not in queries
    for query in queries:
        answer(bot, query)
        answer(bot, query)
    assert ran == ["one", "two"]  # each once, in the order asked


def test_a_catch_up_unanswered_when_the_link_drops_runs_once_after_the_reconnect() -> None:
    """Over a real socket: the callback runs once, after the handler has the reconnect's `Connected`
    (the bot has rejoined and read its rooms again)."""
    ran: list[int] = []

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        def connected() -> int:
            return sum(isinstance(event, Connected) for event in events)

        await wait_until(lambda: connected() == 1)
        server.queries_answered = False  # the server stalls
        client.caught_up(lambda: ran.append(connected()))
        await server.wait_for_frame(lambda frame: frame.startswith("|/cmd survivorcaughtup"))
        server.queries_answered = True
        await server.drop_all()
        await wait_until(lambda: bool(ran))
        await asyncio.sleep(0.2)  # no second run

    run_client(scenario)
    assert ran == [2]
