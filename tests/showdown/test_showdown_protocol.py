"""Parsing of server frames into messages."""

from __future__ import annotations

from survivor_host.showdown.messages import (
    Challstr,
    Chat,
    Deinit,
    Error,
    Generic,
    Html,
    Init,
    Join,
    Leave,
    NameTaken,
    NoInit,
    PlainText,
    Popup,
    PrivateMessage,
    QueryResponse,
    Raw,
    Rename,
    Timestamp,
    Title,
    Uhtml,
    UhtmlChange,
    UpdateUser,
    UserRef,
    Users,
    split_command,
    split_user,
)
from survivor_host.showdown.protocol import escape_html, parse_frame, parse_line, to_id


def one(frame: str) -> object:
    messages = parse_frame(frame)
    assert len(messages) == 1
    return messages[0]


def test_split_user() -> None:
    assert split_user("@Mod Person") == ("@", "Mod Person")
    assert split_user(" Regular") == (" ", "Regular")
    assert split_user("Regular") == (" ", "Regular")
    assert split_user("*Bot@!") == ("*", "Bot")
    assert split_user("#Owner@!") == ("#", "Owner")
    assert split_user("~") == ("~", "")
    assert split_user("") == (" ", "")
    assert split_user("‽Locked") == ("‽", "Locked")
    assert split_user("2Cool") == (" ", "2Cool")


def test_user_ref() -> None:
    user = UserRef.parse("+Cool Kid@!")
    assert (user.rank, user.name, user.away, user.userid) == ("+", "Cool Kid", True, "coolkid")
    assert not user.is_server
    assert UserRef.parse("~").is_server


def test_to_id_reexport() -> None:
    assert to_id("Mr. Mime!") == "mrmime"


def test_escape_html() -> None:
    assert escape_html("<b>\"A&B\"</b> 'x'") == "&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt; &#x27;x&#x27;"


def test_split_command() -> None:
    assert split_command("/me in") == ("me", "in")
    assert split_command("/ME out now") == ("me", "out now")
    assert split_command("//me in") is None
    assert split_command("hello") is None
    assert split_command("/wall") == ("wall", "")


def test_challstr_keeps_pipe() -> None:
    message = one("|challstr|4|a1b2c3")
    assert isinstance(message, Challstr)
    assert message.challstr == "4|a1b2c3"
    assert message.room == ""


def test_updateuser() -> None:
    guest = one('|updateuser| Guest 123|0|170|{"blockPMs":false}')
    assert isinstance(guest, UpdateUser)
    assert guest.user.name == "Guest 123"
    assert guest.user.rank == " "
    assert not guest.named
    assert guest.avatar == "170"
    assert guest.settings == {"blockPMs": False}
    bot = one("|updateuser|*Survivor Bot@!|1|1")
    assert isinstance(bot, UpdateUser)
    assert (bot.user.rank, bot.user.name, bot.user.away, bot.named) == ("*", "Survivor Bot", True, True)
    assert bot.settings is None


def test_nametaken() -> None:
    message = one('|nametaken|Bot|Someone is already using the name "Bot".')
    assert isinstance(message, NameTaken)
    assert message.name == "Bot"
    assert message.reason == 'Someone is already using the name "Bot".'


INIT_FRAME = "\n".join(
    [
        ">survivor",
        "|init|chat",
        "|title|Survivor",
        "|users|4,*Bot,@Mod@!, Regular,+Voice",
        "|:|1700000000",
        "|c:|1699999990|+Voice|/me in",
        "|J| Old",
        "|c:|1699999995|@Mod|.start ftl",
        '|raw|<div class="infobox"> You joined Survivor</div>',
    ]
)


def test_init_frame_marks_scrollback_as_history() -> None:
    messages = parse_frame(INIT_FRAME)
    assert [type(m) for m in messages] == [Init, Title, Users, Timestamp, Chat, Join, Chat, Raw]
    assert all(m.room == "survivor" for m in messages)
    init, title, users, stamp, me, join, start, raw = messages
    assert isinstance(init, Init) and init.room_type == "chat" and not init.history
    assert isinstance(title, Title) and title.title == "Survivor" and not title.history
    assert isinstance(users, Users) and not users.history
    assert users.count == 4
    assert [(u.rank, u.name, u.away) for u in users.users] == [
        ("*", "Bot", False),
        ("@", "Mod", True),
        (" ", "Regular", False),
        ("+", "Voice", False),
    ]
    assert isinstance(stamp, Timestamp) and stamp.time == 1700000000
    assert all(m.history for m in (stamp, me, join, start, raw))
    assert isinstance(me, Chat) and me.me_text == "in" and me.timestamp == 1699999990


def test_live_frame_is_not_history() -> None:
    messages = parse_frame(">survivor\n|c:|1700000100|@Mod|.start ftl\n|J| New")
    assert [m.history for m in messages] == [False, False]


def test_empty_users() -> None:
    message = one(">r\n|users|0")
    assert isinstance(message, Users)
    assert message.count == 0 and message.users == ()


def test_chat_keeps_pipes_and_me() -> None:
    chat = one(">survivor\n|c|%Mod|a | b || c|")
    assert isinstance(chat, Chat)
    assert chat.text == "a | b || c|"
    assert chat.user.rank == "%"
    assert chat.timestamp is None
    assert chat.me_text is None
    stamped = one(">survivor\n|c:|1700000000| Player|/me out|now")
    assert isinstance(stamped, Chat)
    assert stamped.timestamp == 1700000000
    assert stamped.user.userid == "player"
    assert stamped.me_text == "out|now"


def test_pm() -> None:
    pm = one("|pm| Alice|*Bot|hi | there")
    assert isinstance(pm, PrivateMessage)
    assert pm.sender.userid == "alice"
    assert (pm.receiver.rank, pm.receiver.name) == ("*", "Bot")
    assert pm.text == "hi | there"
    system = one("|pm|~|*Bot|/error You can't do that.")
    assert isinstance(system, PrivateMessage)
    assert system.sender.is_server


def test_join_leave_rename() -> None:
    messages = parse_frame(">survivor\n|J|+Joiner@!\n|j| Loud\n|L| Joiner\n|l|@Mod\n|N|%New Name|oldname\n|n| X|x")
    join_q, join_l, leave_q, leave_l, ren_q, ren_l = messages
    assert isinstance(join_q, Join) and join_q.quiet and join_q.user.rank == "+" and join_q.user.away
    assert isinstance(join_l, Join) and not join_l.quiet
    assert isinstance(leave_q, Leave) and leave_q.quiet and leave_q.user.userid == "joiner"
    assert isinstance(leave_l, Leave) and not leave_l.quiet and leave_l.user.rank == "@"
    assert isinstance(ren_q, Rename) and ren_q.user.name == "New Name" and ren_q.old_id == "oldname"
    assert ren_q.user.rank == "%"
    assert isinstance(ren_l, Rename) and not ren_l.quiet


def test_error_popup_raw_html() -> None:
    error = one(">survivor\n|error|/addhtmlbox - Access denied.")
    assert isinstance(error, Error) and error.text == "/addhtmlbox - Access denied." and error.room == "survivor"
    popup = one("|popup|Line one||Line two|with pipe")
    assert isinstance(popup, Popup) and popup.text == "Line one\nLine two|with pipe"
    raw = one('>survivor\n|raw|<div class="x">a|b</div>')
    assert isinstance(raw, Raw) and raw.html == '<div class="x">a|b</div>'
    assert not raw.is_throttle_notice
    html = one(">survivor\n|html|<b>hi</b>")
    assert isinstance(html, Html) and html.html == "<b>hi</b>"


def test_throttle_notice() -> None:
    raw = one(
        '>survivor\n|raw|<strong class="message-throttle-notice">Your message was not sent because '
        "you've been typing too quickly.</strong>"
    )
    assert isinstance(raw, Raw) and raw.is_throttle_notice


def test_uhtml() -> None:
    uhtml = one('>survivor\n|uhtml|signups|<button name="send" value="/msg bot, in">a|b</button>')
    assert isinstance(uhtml, Uhtml)
    assert uhtml.name == "signups"
    assert uhtml.html == '<button name="send" value="/msg bot, in">a|b</button>'
    change = one(">survivor\n|uhtmlchange|signups|<b>closed</b>")
    assert isinstance(change, UhtmlChange) and change.name == "signups" and change.html == "<b>closed</b>"


def test_queryresponse() -> None:
    query = one('|queryresponse|roominfo|{"roomid":"survivor","title":"A|B"}')
    assert isinstance(query, QueryResponse)
    assert query.query_type == "roominfo"
    assert query.json() == {"roomid": "survivor", "title": "A|B"}
    assert QueryResponse(query_type="x", data="not json").json() is None


def test_plain_text_and_generic() -> None:
    text = one(">survivor\nJust some text | with pipe")
    assert isinstance(text, PlainText) and text.text == "Just some text | with pipe"
    generic = one("|formats|,1|S/V Singles|[Gen 9] Random Battle,f")
    assert isinstance(generic, Generic)
    assert generic.type == "formats"
    assert generic.args == (",1", "S/V Singles", "[Gen 9] Random Battle,f")
    bare = one("|customgroups")
    assert isinstance(bare, Generic) and bare.args == ()


def test_deinit_noinit_timestamp() -> None:
    assert isinstance(one(">survivor\n|deinit"), Deinit)
    noinit = one('>nowhere\n|noinit|nonexistent|The room "nowhere" does not exist.')
    assert isinstance(noinit, NoInit)
    assert noinit.kind == "nonexistent"
    assert noinit.args == ('The room "nowhere" does not exist.',)
    stamp = one(">survivor\n|:|1700000000")
    assert isinstance(stamp, Timestamp) and stamp.time == 1700000000
    odd = one(">survivor\n|:|soon")
    assert isinstance(odd, Generic)


def test_frame_without_room_and_blank_lines() -> None:
    messages = parse_frame("|c|@Mod|hi\n\n|c|+V|yo\n")
    assert len(messages) == 2
    assert all(m.room == "" for m in messages)


def test_parse_line_direct() -> None:
    message = parse_line("|c|@Mod|hello", "survivor")
    assert isinstance(message, Chat)
    assert message.room == "survivor"
    assert message.line == "|c|@Mod|hello"
