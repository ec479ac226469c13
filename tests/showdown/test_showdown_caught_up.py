"""The catch-up query a deadline waits for: `/cmd` twice in a row, the callback only after the second
answer (lines a stalled server read in the same pass as the first are handled before it)."""

from __future__ import annotations

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.protocol import parse_frame


def queued(bot: ShowdownClient) -> list[str]:
    lines = [line for lane in bot.queue._lanes for frame in lane for line in frame.lines]
    bot.queue.clear()
    return lines


def answer(bot: ShowdownClient, query: str) -> None:
    for message in parse_frame(f"|queryresponse|{query}|null"):
        bot._apply(message)


def test_the_callback_runs_after_the_second_answer_only() -> None:
    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
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


def test_a_lost_connection_drops_the_catch_ups() -> None:
    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    ran: list[str] = []
    bot.caught_up(lambda: ran.append("one"))
    query = queued(bot)[0].removeprefix("/cmd ")
    bot._teardown()
    answer(bot, query)
    answer(bot, query)
    assert ran == []
