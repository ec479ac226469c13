"""A message's length as the server counts it (chat.ts: UTF-16 units, ﷽ as 11): no message the client
sends passes the limit, and a user's text quoted in a reply never splits it into many messages."""

from __future__ import annotations

from collections import deque

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.flood import ChatBudget, merged
from survivor_host.showdown.lanes import Frame
from survivor_host.showdown.text import HEAVY, MAX_MESSAGE_LENGTH, PM_TEXT_LENGTH, clip, message_len


def sent(bot: ShowdownClient) -> list[str]:
    return [line for frames in bot.queue._lanes for frame in frames for line in frame.lines]


def client() -> ShowdownClient:
    return ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "Bot"))


def test_no_message_with_the_heavy_character_passes_the_servers_limit() -> None:
    bot = client()
    quote = HEAVY * 90  # as long as a user's own message may be (990 as counted)
    bot.pm("Ann", f"'{quote}' is not a roll: say roll 100, roll 3d6 or roll 2d10+5.")
    bot.say("survivor", f"Hosting {quote} {quote}")
    lines = sent(bot)
    assert len(lines) > 2
    for line in lines:
        text = line.removeprefix("/msg ann, ")
        assert message_len(text) <= MAX_MESSAGE_LENGTH, (message_len(text), text[:40])
    assert message_len(HEAVY) == 11


def test_room_lines_joined_under_a_flood_rule_stay_under_the_limit() -> None:
    waiting = deque(Frame("survivor", (f"{HEAVY * 40} {n}",)) for n in range(4))
    joined = merged(waiting.popleft(), waiting, ChatBudget()).lines[0]
    assert message_len(joined) <= MAX_MESSAGE_LENGTH and len(waiting) == 2


def test_line_separators_in_a_users_text_never_make_a_reply_many_messages() -> None:
    bot = client()
    hostile = "x\u2028" * 300 + "\u2029\x85\x1c\x0b!roll"  # what Python, not the server, takes for line breaks
    bot.pm("Ann", f"'{hostile}' is not a roll.")
    bot.say("survivor", f"Hosting {hostile}")
    assert len(sent(bot)) == 2
    bot.pm("Ann", "first line\nsecond line")  # the bot's own line breaks still part its messages
    assert sent(bot)[2:] == ["/msg ann, first line", "/msg ann, second line"]


def test_a_clipped_quote_fits_one_pm_to_any_user() -> None:
    assert clip("short") == "short"
    for text in ("a" * 2000, HEAVY * 200, "\U0001f525" * 700, "a " * 1000):
        clipped = clip(text)
        assert message_len(clipped) <= PM_TEXT_LENGTH and clipped.endswith("…")
        assert text.startswith(clipped[:-1])
    bot = client()
    bot.pm("x" * 18, "/" + "a" * (PM_TEXT_LENGTH - 1))  # the longest user id, and an escape mark
    assert len(sent(bot)) == 1
    bot.pm("x" * 18, "a" * (PM_TEXT_LENGTH + 1))
    assert len(sent(bot)) == 3
