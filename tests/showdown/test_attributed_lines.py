"""Lines a reader must attribute to the bot never share an HTML box: a reader's copy of the chat shows a
box's rows without their author, so while a room keeps its lines attributed they are joined as text."""

from __future__ import annotations

from collections import deque

from showdown_fakes import FakeShowdown
from test_showdown_client import run_client

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.flood import JOIN, ChatBudget, merged
from survivor_host.showdown.lanes import Frame
from survivor_host.showdown.messages import Message


def test_a_room_keeping_its_lines_attributed_gets_no_boxes_even_at_star() -> None:
    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[Message]) -> None:
        await client.wait_ready()
        client.keep_under_flood_rule("survivor", True)
        budget = client.queue.chat_budget("survivor")
        assert budget is not None and budget.boxes is True
        client.keep_lines_attributed("survivor", True)
        budget = client.queue.chat_budget("survivor")
        assert budget is not None and budget.boxes is False
        client.keep_lines_attributed("survivor", False)
        budget = client.queue.chat_budget("survivor")
        assert budget is not None and budget.boxes is True

    run_client(scenario)


def test_waiting_lines_without_boxes_are_joined_as_one_chat_line() -> None:
    lines = ["#7 roll 100 for Mars: 63", "#8 roll 100 for Io: 12"]
    queue = deque([Frame("survivor", (lines[1],))])
    joined = merged(Frame("survivor", (lines[0],)), queue, ChatBudget(boxes=False))
    assert joined.lines == (JOIN.join(lines),) and not queue
    boxed = merged(Frame("survivor", (lines[0],)), deque([Frame("survivor", (lines[1],))]), ChatBudget(boxes=True))
    assert boxed.lines[0].startswith("/addhtmlbox ")
