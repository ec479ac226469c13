"""A user's name never formats the bot's line: a name holding what Showdown's chat formatter reads as
markup (`**`, `__`, `~~`, `^^`, `\\\\`, backticks, `<<`, a final marker) is sent with a word joiner
inside the marks, and `spoiler:` never hides what follows; `verify --chat` reads such lines back."""

from __future__ import annotations

from pathlib import Path

import pytest

from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.protocol import parse_frame
from survivor_host.showdown.unformat import WORD_JOINER, NamesSeen, unformatted_name
from survivor_host.trust.chatlog import verify_chat

WJ = WORD_JOINER


def sent(bot: ShowdownClient) -> list[str]:
    return [line for frames in bot.queue._lanes for frame in frames for line in frame.lines]


def client_seeing(*frames: str) -> ShowdownClient:
    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "Bot"))
    for frame in frames:
        for message in parse_frame(frame):
            bot._apply(message)
    return bot


@pytest.mark.parametrize(
    ("name", "plain"),
    [
        ("ab**cd", f"ab*{WJ}*cd"),
        ("ij__kl", f"ij_{WJ}_kl"),
        ("x~~y", f"x~{WJ}~y"),
        ("q^^r", f"q^{WJ}^r"),
        ("u\\\\v", f"u\\{WJ}\\v"),
        ("a``b", f"a`{WJ}`b"),
        ("a<<lobby>>", f"a<{WJ}<lobby>>"),
        ("ab*", f"ab*{WJ}"),
        ("ab***", f"ab*{WJ}*{WJ}*{WJ}"),
        ("Mr. X", "Mr. X"),
        ("a*b", "a*b"),
    ],
)
def test_a_names_markup_is_broken_by_an_invisible_word_joiner(name: str, plain: str) -> None:
    assert unformatted_name(name) == plain
    assert unformatted_name(name).replace(WJ, "") == name


def test_names_seen_in_the_room_are_written_plain_in_the_bots_lines_and_pms() -> None:
    bot = client_seeing(
        ">survivor\n|users|3,*Bot,+ab**cd, x~~",
        ">survivor\n|j| u\\\\v",
        ">survivor\n|c| ab*|/me in",
        "|pm| q^^r|*Bot|salt pepper",
    )
    bot.say("survivor", "**ab**cd** suspects **x~~**, **u\\\\v** and **ab***. · PL: ab**cd, x~~, q^^r")
    bot.pm("q^^r", "Your salt pepper goes in, q^^r.")
    room, pm = sent(bot)
    assert room == (
        f"**ab*{WJ}*cd** suspects **x~{WJ}~{WJ}**, **u\\{WJ}\\v** and **ab*{WJ}**. · "
        f"PL: ab*{WJ}*cd, x~{WJ}~{WJ}, q^{WJ}^r"
    )
    assert pm == f"/msg qr, Your salt pepper goes in, q^{WJ}^r."
    assert room.replace(WJ, "").startswith("**ab**cd** suspects")  # what a reader sees is unchanged


def test_spoiler_before_a_colon_never_hides_the_rest_of_the_line() -> None:
    bot = client_seeing()
    bot.say("survivor", "Roll (1 - 150) for Spoiler: 78 · Roll 100 for xSPOILERS: 5")
    assert sent(bot) == [f"Roll (1 - 150) for Spoile{WJ}r: 78 · Roll 100 for xSPOILER{WJ}S: 5"]
    assert "spoiler:" not in sent(bot)[0].lower() and "spoilers:" not in sent(bot)[0].lower()


def test_a_session_whose_names_and_labels_the_bot_wrote_plain_verifies_from_the_chat(tmp_path: Path) -> None:
    from tests.adversarial.test_chatlog_corpus import BOT, honest_session, only, room_lines

    players = ["Venus", "Io", "Ceres", "Pluto", "Zoë", "Spoiler", "Mars"]
    host = honest_session(tmp_path, players)
    names = NamesSeen()
    names.add(players)
    lines = [f"|c|{BOT}|{names.plain(line)}" for line in room_lines(host)]
    assert any(f"Spoile{WJ}r:" in line for line in lines)
    verdict = only(list(verify_chat(lines)))
    assert verdict.problem is None, verdict.problem


def test_a_name_is_written_plain_only_where_it_stands_whole() -> None:
    """A name `s**` is the tail of the bot's own bold around `Mars` (`**AI Mars**`): that bold stays closed."""
    bot = client_seeing(">survivor\n|users|3,*Bot, s**, AI Mars")
    bot.say("survivor", "**AI Mars** passes; **s**** is up: say **$pass** · PL: AI Mars, s**")
    assert sent(bot) == [f"**AI Mars** passes; **s*{WJ}*{WJ}** is up: say **$pass** · PL: AI Mars, s*{WJ}*{WJ}"]


def test_a_name_the_bot_was_told_of_is_written_plain_before_its_user_is_seen() -> None:
    bot = client_seeing()
    bot.note_names(["Zed**", "Mars"])
    bot.say("survivor", "**Zed**** substitutes for **Mars**.")
    assert sent(bot) == [f"**Zed*{WJ}*{WJ}** substitutes for **Mars**."]
