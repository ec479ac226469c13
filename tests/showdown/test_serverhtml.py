"""Issue 20 findings 2, 3 and 6: HTML the server takes whatever the names (chat.ts `checkHTML`), buttons
that reach the bot quietly, protocol PMs told from commands, room ids that keep `-`."""

from __future__ import annotations

import html
import re

from hypothesis import given
from hypothesis import strategies as st

from survivor_host.showdown.messages import Error
from survivor_host.showdown.protocol import PageEvent, command_in_pm, escape_html, page_event, parse_frame, to_room_id
from survivor_host.showdown.serverhtml import Buttons, passable, refused_by_server
from survivor_host.showdown.text import utf16_len

SERVER_CHECK = (re.compile(r">here.?<", re.I), re.compile(r"click here", re.I))
"""chat.ts `checkHTML`, verbatim: `/>here.?</i.test(htmlContent) || /click here/i.test(htmlContent)`."""
NAMES = ["Here", "here1", "Here!", "HERE", "hEre?", "CLICK HERE", "click here", "Click Here now", "here"]


def server_refuses(markup: str) -> bool:
    return any(check.search(markup) for check in SERVER_CHECK)


def text_of(markup: str) -> str:
    """What a reader sees: the tags dropped, the character references read."""
    return html.unescape(re.sub(r"<[^>]*>", "", markup))


def test_names_the_server_refuses_pass_once_written_and_read_the_same() -> None:
    for name in NAMES:
        cell = f"<td>{escape_html(name)}</td>"
        button = f'<button name="send" value="/msg Bot, vote {escape_html(name)}">{escape_html(name)}</button>'
        for markup in (cell, button, f"<b>{escape_html(name)}</b>"):
            assert server_refuses(markup) or "click here" not in name.lower(), markup  # the finding, as it was
            fixed = passable(markup)
            assert not server_refuses(fixed), fixed
            assert not refused_by_server(fixed)
            assert text_of(fixed) == text_of(markup) == name
            assert passable(fixed) == fixed  # written once is enough
    assert server_refuses("<td>Here</td>") and server_refuses("<td>here1</td>") and server_refuses("<b>Here!</b>")


def test_a_button_value_keeps_its_command_after_the_escape() -> None:
    markup = passable(Buttons(bot="Bot", room="survivor").bot_button("Click here", "vote click here"))
    value = re.search(r'value="([^"]*)"', markup).group(1)  # type: ignore[union-attr]
    assert html.unescape(value) == "/msg Bot, vote click here" and not server_refuses(markup)


PIECES = ["here", "Here", "HERE", "click", " ", "<", ">", "!", "1", "&", "x", "é"]


@given(st.lists(st.sampled_from(PIECES), max_size=12))
def test_any_text_escaped_and_written_passes_and_reads_the_same(parts: list[str]) -> None:
    text = "".join(parts)
    markup = f"<td>{escape_html(text)}</td><i>{escape_html(text)}</i>"
    fixed = passable(markup)
    assert not server_refuses(fixed)
    assert html.unescape(fixed) == html.unescape(markup)


def test_length_is_counted_as_javascript_does() -> None:
    assert utf16_len("abc") == 3
    assert utf16_len("é") == 1
    assert utf16_len("🂡") == 2  # outside the Basic Multilingual Plane: a surrogate pair


def test_buttons_are_quiet_where_the_bots_rank_allows_and_say_nothing_in_closed_rooms() -> None:
    quiet = Buttons(bot="Survivor Bot", room="survivor", quiet=True)
    loud = Buttons(bot="Survivor Bot", room="survivor")
    closed = Buttons(bot="Survivor Bot", room="groupchat-ann-games", quiet=True, room_lines=False)
    assert quiet.to_bot("follow") == "/msgroom survivor, /botmsg Survivor Bot, follow"
    assert loud.to_bot("follow") == "/msg Survivor Bot, follow"
    assert 'value="/me in"' in loud.room_button("Join", "/me in", "survivor in")
    joined = closed.room_button("Join", "/me in", "groupchat-ann-games in")
    assert 'value="/msgroom groupchat-ann-games, /botmsg Survivor Bot, groupchat-ann-games in"' in joined
    assert closed.room_button("Mars", ".vote Mars") == ""  # a vote is said in the room: typed there


def test_the_server_check_for_buttons_in_closed_rooms_takes_the_quiet_form() -> None:
    """chat.ts: in a secret room or a groupchat a button may only `/msg` a Room Bot or be
    `/msgroom ROOM, /botmsg ...` (`botmsgCommandRegex`, verbatim below); `/me in` is refused."""
    botmsg = re.compile(r"^/msgroom (?:[a-z0-9-]+), ?/botmsg ")
    closed = Buttons(bot="Survivor Bot", room="groupchat-ann-games", quiet=True, room_lines=False)
    values = re.findall(r'value="([^"]*)"', closed.room_button("Join", "/me in", "groupchat-ann-games in"))
    assert values and all(botmsg.match(html.unescape(v)) for v in values)


def test_protocol_pms_are_told_from_commands() -> None:
    assert page_event("|requestpage|Ann Lee|survivorreplay12page2") == PageEvent(
        kind="requestpage", user="Ann Lee", page="survivorreplay12page2"
    )
    closed = PageEvent(kind="closepage", user="Ann", page="survivorreplay12")
    assert page_event("|closepage|Ann|survivorreplay12") == closed
    assert page_event("requestpage") is None and page_event("/botmsg |requestpage|a|b") is None
    assert command_in_pm("/botmsg follow") == "follow"
    assert command_in_pm("/botmsg survivor in") == "survivor in"
    for protocol in (
        "|closepage|Ann|x",
        "/invite survivor",
        "/challenge gen9randombattle",
        "/raw <b>x</b>",
        "/uhtml box,<b>x</b>",
        "/botmsg /botmsg follow",
        "/botmsg |requestpage|a|b",
        "/error no",
    ):
        assert command_in_pm(protocol) is None, protocol
    # what a player types stays theirs: text, `//`, `/me`, look-alikes
    for text in ("follow", ".pl", "//follow", "/me in", "／invite", "!pl", ">>x", "<b>x</b>"):
        assert command_in_pm(text) == text


def test_one_refusal_of_several_lines_is_one_error() -> None:
    frame = ">survivor\n|error|This button is not allowed: <button>\n|error|You do not have permission\n|c|~|hi"
    errors = [m for m in parse_frame(frame) if isinstance(m, Error)]
    assert len(errors) == 1
    assert errors[0].text == "This button is not allowed: <button>\nYou do not have permission"
    apart = parse_frame(">survivor\n|error|one") + parse_frame(">survivor\n|error|two")
    assert [m.text for m in apart if isinstance(m, Error)] == ["one", "two"]


def test_room_ids_keep_their_dashes() -> None:
    assert to_room_id("groupchat-Ann-Games") == "groupchat-ann-games"
    assert to_room_id("Survivor") == "survivor" and to_room_id("Survivor Two!") == "survivortwo"
    assert to_room_id("battle-gen9randombattle-123") == "battle-gen9randombattle-123"
