"""The demo's room view: HTML boxes as text, chat lines readable, hostile text harmless on a terminal."""

from __future__ import annotations

from survivor_host.devserver.roomview import button_values, buttons_in, html_to_text, room_lines
from survivor_host.showdown.protocol import parse_line

BOX = (
    '<div class="infobox"><b>Follow the Leader</b>: signups are open!<br /><b>PL (2):</b> Venus, Mars<br />'
    '<button class="button" name="send" value="/me in">Join</button> '
    '<button class="button" name="send" value="/msg Survivor Host, swap Mars &amp; Co">Swap</button></div>'
)


def test_html_box_becomes_lines_of_text_with_buttons_in_brackets() -> None:
    assert html_to_text(BOX) == "Follow the Leader: signups are open!\nPL (2): Venus, Mars\n[Join] [Swap]"


def test_table_cells_are_split_by_bars() -> None:
    table = "<table><tr><th>#</th><th>Name</th></tr><tr><td>1</td><td>Venus &lt;3</td></tr></table>"
    assert html_to_text(table) == "# | Name\n1 | Venus <3"


def test_buttons_and_what_they_send() -> None:
    assert buttons_in(BOX) == ["swap Mars & Co"]
    assert button_values(BOX) == ["/me in", "/msg Survivor Host, swap Mars & Co"]


def test_room_lines_render_chat_me_and_boxes() -> None:
    def lines(raw: str) -> list[str]:
        return room_lines(parse_line(raw, "survivor"), "survivor")

    assert lines("|c:|1|*Survivor Host|**Round 1!** Leader: **Mars**.") == ["Survivor Host: Round 1! Leader: Mars."]
    assert lines("|c:|1| Venus|/me in") == ["• Venus in"]
    assert lines(f"|c:|1|*Survivor Host|/uhtml survivorsignups,{BOX}") == [
        "Survivor Host: [box] Follow the Leader: signups are open!",
        "    PL (2): Venus, Mars",
        "    [Join] [Swap]",
    ]
    assert lines(f"|uhtmlchange|survivorsignups|{BOX}")[0] == "[box updated] Follow the Leader: signups are open!"
    assert room_lines(parse_line("|c:|1| Venus|hi", "lobby"), "survivor") == []


def test_hostile_text_cannot_drive_the_terminal() -> None:
    """A player's line with escape sequences (clear screen, title change, bell) prints as inert text."""
    raw = "|c:|1| Mallory|\x1b[2J\x1b]0;pwned\x07\rhello\x9b31m"
    (line,) = room_lines(parse_line(raw, "survivor"), "survivor")
    assert line == "Mallory: ?[2J?]0;pwned??hello?31m"
    assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in line)


def test_quiet_buttons_are_read_as_the_commands_they_send_to_the_bot() -> None:
    box = (
        '<button name="send" value="/msgroom survivor, /botmsg Survivor Host, follow">Follow</button>'
        '<button name="send" value="/msg Survivor Host, rebel">Rebel</button>'
        '<button name="send" value="/me in">Join</button>'
    )
    assert buttons_in(box) == ["follow", "rebel"]


def test_a_button_is_read_as_its_command_without_its_room_and_wait() -> None:
    box = (
        '<button name="send" value="/msgroom survivor, /botmsg Survivor Host, survivor swap Mars [w3.12]">S</button>'
        '<button name="send" value="/msgroom survivor, /botmsg Survivor Host, survivor stick [w3.12]">T</button>'
    )
    assert buttons_in(box) == ["swap Mars", "stick"]
