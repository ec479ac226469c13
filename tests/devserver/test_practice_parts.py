"""The practice room's parts that need no server: its walk-throughs spell the config's prefix, a box's
buttons are numbered with their labels, a wrong `--as` is refused before anything starts, and a mistyped
`/as` or `/pm` is explained instead of sent."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

import survivor_host.devserver.practice as practice_module
from survivor_host.catalogue import DEFAULT_PREFIX
from survivor_host.devserver.practice import PracticeSetup, typed, walkthrough
from survivor_host.devserver.practice_world import Practice, Typist, box_markup, buttons_of
from survivor_host.devserver.story import Story
from survivor_host.engine.errors import SetupError


def test_the_walkthroughs_spell_the_prefix() -> None:
    hosted = "\n".join(walkthrough(PracticeSetup(theme="cta")))
    hand = "\n".join(walkthrough(PracticeSetup(hand=True)))
    assert (
        f"{DEFAULT_PREFIX}host cta" in hosted and f"{DEFAULT_PREFIX}start" in hosted and ".host Survivor Host" in hosted
    )
    assert f"{DEFAULT_PREFIX}close" in hand and ".host Room Auth" in hand and ".win NAME" in hand
    assert f"{DEFAULT_PREFIX}done: your tools" in hand and f"{DEFAULT_PREFIX}salt WORD, " not in hand  # a player's


def test_buttons_are_read_with_their_labels() -> None:
    box = ('/uhtml survivor-x,<p>Pick</p><button class="button" name="send" value="/msg Bot, $follow">'
           '<b>Follow</b></button><button name="send" value="$vote A &amp; B">Vote A &amp; B</button>')  # fmt: skip
    markup = box_markup(box)
    assert markup is not None
    assert buttons_of(markup) == [("Follow", "/msg Bot, $follow"), ("Vote A & B", "$vote A & B")]
    assert box_markup("plain text") is None


def test_a_wrong_as_is_refused_first() -> None:
    with pytest.raises(SetupError, match="--as"):
        PracticeSetup(typist="!!!").check()


class Sent:
    """A typist's connection that keeps what it would send."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, ...]] = []

    def pm(self, to: str, text: str) -> None:
        self.sent.append(("pm", to, text))

    def say(self, room: str, text: str) -> None:
        self.sent.append(("say", room, text))

    def send_command(self, room: str, text: str) -> None:
        self.sent.append(("command", room, text))

    def leave(self, room: str) -> None:
        self.sent.append(("leave", room))

    def join(self, room: str) -> None:
        self.sent.append(("join", room))


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("/as", "-- /as NAME: a Showdown name of 1-18 characters; you are still Room Auth"),
        ("/as Guest 12", "-- /as NAME: names that start with Guest are the server's own guests; pick another;"),
        ("/pm Survivor Host hi", "-- /pm NAME, TEXT: a comma after the name (/pm Survivor Host, help)"),
    ],
)
def test_a_mistyped_practice_command_is_explained_not_sent(tmp_path: Path, line: str, said: str) -> None:
    """Sent as typed, `/as` alone would be the server's ability search, and `/as Guest 12` would try to
    log in five times before failing."""
    out, client = io.StringIO(), Sent()
    world = Practice(PracticeSetup(), tmp_path, Story(out, "survivor", "Survivor Host"))
    world.current = Typist("Room Auth", client)  # type: ignore[arg-type]  # it sends nowhere
    assert asyncio.run(typed(world, line)) is True
    assert said in out.getvalue() and client.sent == []
    with pytest.raises(SetupError, match="Guest"):
        PracticeSetup(typist="Guest 1").check()


def test_a_click_on_the_signups_box_joins_in_the_room(tmp_path: Path) -> None:
    """The Join button says `/me in`: sent outside the room it would join nothing."""
    client = Sent()
    world = Practice(PracticeSetup(), tmp_path, Story(io.StringIO(), "survivor", "Survivor Host"))
    world.current = Typist("Alice", client, [("Join", "/me in"), ("Stick", "/msgroom survivor, /botmsg Bot, stick")])  # type: ignore[arg-type]
    asyncio.run(typed(world, "/click 1"))
    asyncio.run(typed(world, "/click 2"))
    assert client.sent == [
        ("command", "survivor", "/me in"),
        ("command", "survivor", "/msgroom survivor, /botmsg Bot, stick"),
    ]


def test_leave_keeps_the_typist_out_of_the_room_until_join(tmp_path: Path) -> None:
    """Sent as typed, `/leave` was undone at once: the connection joins its room again when it is out
    (logging an error), so nobody could PM the bot from outside the room."""
    out, client = io.StringIO(), Sent()
    world = Practice(PracticeSetup(), tmp_path, Story(out, "survivor", "Survivor Host"))
    world.current = world.typists["room auth"] = Typist("Room Auth", client)  # type: ignore[arg-type]
    for line in ("/leave", "/join Survivor", "/join view-bot-survivorhost-survivorrecord1"):
        asyncio.run(typed(world, line))
    assert client.sent == [
        ("leave", "survivor"),
        ("join", "survivor"),
        ("command", "survivor", "/join view-bot-survivorhost-survivorrecord1"),
    ]
    assert "Room Auth left Survivor; /join joins it again (the room's lines are printed as Room Auth hears them" in (
        out.getvalue()
    )


@pytest.mark.parametrize(
    ("line", "sent"),
    [
        ("$roll 100 // x spoiler: y", ("command", "survivor", "$roll 100 // x spoiler: y")),
        ("a **b** · #2 roll 100: 5", ("command", "survivor", "a **b** · #2 roll 100: 5")),
        ("!code hi", ("command", "survivor", "!code hi")),
        ("/pm Survivor Host, $salt spoiler:x", ("command", "", "/msg survivorhost, $salt spoiler:x")),
    ],
)
def test_a_typed_line_is_sent_as_a_person_types_it(tmp_path: Path, line: str, sent: tuple[str, ...]) -> None:
    """A rehearsed player's line reaches the room as their own client sends it: no word joiner in a
    `spoiler:`, no no-break space before a `#2`, a `!` command still one (the bot's own escapes are not
    the person's)."""
    client = Sent()
    world = Practice(PracticeSetup(), tmp_path, Story(io.StringIO(), "survivor", "Survivor Host"))
    world.current = Typist("Mallory", client)  # type: ignore[arg-type]  # it sends nowhere
    asyncio.run(typed(world, line))
    assert client.sent == [sent]


class Renaming(Sent):
    """A logged-in connection in a room where AI Mars is."""

    challenge = "4|c0ffee"

    def rank_of(self, room: str, userid: str) -> str | None:
        return " " if userid == "aimars" else None


def test_rename_takes_a_new_name_on_the_same_connection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player renaming mid-game can be rehearsed (the seat follows the user, G5): `/rename NAME` logs the
    typist's own connection in under NAME; a name someone in the room has is refused, since the server
    would hand that user's account to the typist."""

    async def signed(session: object, url: str, name: str, password: str, challenge: str) -> str:
        return f"signed:{name}:{challenge}"

    monkeypatch.setattr(practice_module, "get_assertion", signed)
    out, client = io.StringIO(), Renaming()
    world = Practice(PracticeSetup(), tmp_path, Story(out, "survivor", "Survivor Host"))
    world.current = world.typists["carol"] = Typist("Carol", client)  # type: ignore[arg-type]
    for line in ("/rename AI Mars", "/rename Guest 5", "/rename Carol Two"):
        asyncio.run(typed(world, line))
    assert client.sent == [("command", "", "/trn Carol Two,0,signed:Carol Two:4|c0ffee")]
    assert world.current.name == "Carol Two" and list(world.typists) == ["caroltwo"]
    shown = out.getvalue()
    assert "/rename NAME: someone in the room has that name; you are still Carol" in shown
    assert "Carol renames to Carol Two; you are Carol Two now" in shown
