"""Issue 23: the demo tells a game as a room reads it: each box once, then one-line changes, one player's
private side beside the room, at a pace; `--as` and `--record` are checked before anything starts."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.devserver import demo
from survivor_host.devserver.demo_setup import DemoSetup
from survivor_host.devserver.story import TTY_PACE, Story, box_change, default_pace
from survivor_host.showdown.protocol import parse_line

BOT = "Survivor Host"
ROOM = "survivor"


def signups(players: list[str], closed: bool = False) -> str:
    head = "signups are closed" if closed else "signups are open!"
    names = ", ".join(players) or "<i>nobody yet</i>"
    buttons = "" if closed else '<br /><button name="send" value="/me in">Join</button>'
    listed = f"<b>PL ({len(players)}):</b> {names}"
    return f'<div class="infobox"><b>Follow the Leader</b>: {head}<br />{listed}{buttons}</div>'


def feed(story: Story, raw: str) -> None:
    story.room_message(parse_line(raw, ROOM))


def lines(out: io.StringIO) -> list[str]:
    return [line.split("s  ", 1)[1] for line in out.getvalue().splitlines()]


def test_a_box_is_shown_once_then_each_change_in_one_line() -> None:
    out = io.StringIO()
    story = Story(out, ROOM, BOT)
    feed(story, f"|c:|1|*{BOT}|/uhtml survivor-signups,{signups([])}<div>[{BOT}]</div>")
    feed(story, "|c:|1| Venus|/me in")
    feed(story, f"|c:|1|*{BOT}|/uhtmlchange survivor-signups,{signups(['Venus'])}")
    feed(story, f"|c:|1|*{BOT}|/uhtmlchange survivor-signups,{signups(['Venus'])}")  # the same again: no line
    feed(story, f"|c:|1|*{BOT}|/uhtmlchange survivor-signups,{signups(['Venus'], closed=True)}")
    assert lines(out) == [
        f"{BOT}: [box] Follow the Leader: signups are open!",
        "    PL (0): nobody yet",
        "    [Join]",
        "• Venus in",
        f"{BOT}: [box] PL (1): Venus",
        f"{BOT}: [box] Follow the Leader: signups are closed",
    ]
    assert story.seen("PL (1): Venus") and not story.seen("PL (2)")


def test_box_change_names_only_what_is_new() -> None:
    assert box_change(["Vote", "[A] [B]", "0 of 2 voted."], ["Vote", "[A] [B]", "A 1: B", "1 of 2 voted."]) == (
        "A 1: B · 1 of 2 voted."
    )
    assert box_change(["a"], ["a"]) == "(unchanged)"


def test_the_watched_player_s_pms_and_clicks_are_beside_the_room() -> None:
    out = io.StringIO()
    story = Story(out, ROOM, BOT, watched="Mars")
    button = '<button name="send" value="/msg Survivor Host, follow">Follow</button>'
    box = f'<div class="infobox">Round 1: follow or rebel?<br />{button}</div>'
    story.private_message(parse_line(f"|pm|*{BOT}| Mars|/uhtml survivor-prompt-survivor,{box}", ""))
    story.private_message(parse_line("|pm| Venus| Mars|psst", ""))  # not from the bot: not shown
    story.sent("follow")
    assert lines(out) == [
        "┃ Mars (PM) Round 1: follow or rebel?",
        "┃     [Follow]",
        f"┃ Mars → {BOT}: follow",
    ]
    unwatched = io.StringIO()
    Story(unwatched, ROOM, BOT).private_message(parse_line(f"|pm|*{BOT}| Mars|hello", ""))
    assert unwatched.getvalue() == ""


@pytest.mark.parametrize("hostile", ["**x**", "[bold]x[/]", "<b>x</b>", "/wall x", "\x1b[2Jx"])
def test_hostile_text_in_boxes_and_pms_prints_literally(hostile: str) -> None:
    out = io.StringIO()
    story = Story(out, ROOM, BOT, watched="Mars")
    escaped = hostile.replace("<", "&lt;").replace(">", "&gt;")
    feed(story, f"|c:|1|*{BOT}|/uhtml box,<div>{escaped}</div>")
    story.private_message(parse_line(f"|pm|*{BOT}| Mars|{hostile}", ""))
    assert "\x1b" not in out.getvalue()
    inert = hostile.replace("\x1b", "?")
    # a box is HTML (shown as it is); a PM is chat, whose `**` is bold as the server shows it
    assert lines(out) == [f"{BOT}: [box] {inert}", f"┃ Mars (PM) {inert.replace('**', '')}"]


def test_lines_are_printed_at_the_pace_in_their_order() -> None:
    out = io.StringIO()
    story = Story(out, ROOM, BOT, pace=0.01)
    slept: list[float] = []

    async def run() -> None:
        real_sleep = asyncio.sleep

        async def sleep(seconds: float) -> None:
            slept.append(seconds)
            await real_sleep(0)

        stop = asyncio.Event()
        asyncio.sleep = sleep  # type: ignore[assignment]
        try:
            printing = asyncio.create_task(story.print_paced(stop))
            for number in range(3):
                feed(story, f"|c:|1| Venus|line {number}")
            assert out.getvalue() == ""  # waiting for the printer
            stop.set()
            await printing
        finally:
            asyncio.sleep = real_sleep

    asyncio.run(run())
    assert lines(out) == ["Venus: line 0", "Venus: line 1", "Venus: line 2"]
    assert slept == [0.01, 0.01, 0.01]


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_default_pace_is_human_on_a_terminal_and_none_in_a_pipe() -> None:
    assert default_pace(None, _Tty()) == TTY_PACE > 0
    assert default_pace(None, io.StringIO()) == 0
    assert default_pace(2, io.StringIO()) == 2
    with pytest.raises(ValueError, match="--pace takes 0 to 10 seconds"):
        default_pace(11, io.StringIO())


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--as", "Pluto"], "--as 'Pluto': the players are Venus, Mars, Jupiter, Saturn, Mercury, Neptune."),
        (["--record", "/no/such/folder/game.json"], "--record /no/such/folder/game.json: the folder /no/such/folder"),
        (["--pace", "-1"], "--pace takes 0 to 10 seconds"),
    ],
)
def test_demo_flags_are_checked_before_anything_starts(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(demo, "ensure_ps_installed", lambda *_: pytest.fail("the demo started"))
    assert main(["demo", *argv]) == 2
    assert message in capsys.readouterr().err


def test_as_takes_the_seat_in_any_case() -> None:
    assert DemoSetup(watch="mars").watched() == "Mars"
    assert DemoSetup().watched() is None


def test_demo_help_names_pace_as_and_record(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    out = capsys.readouterr().out
    assert "--pace SECONDS" in out and "--as NAME" in out and "--record FILE" in out


def test_record_path_is_kept(tmp_path: Path) -> None:
    setup = DemoSetup(record=str(tmp_path / "game.json"))
    setup.check()
    assert setup.record == str(tmp_path / "game.json")


def test_the_demo_summary_counts_rounds_in_good_english() -> None:
    from survivor_host.devserver.demo import _summary

    assert _summary({"rounds": [{}], "winner": "Jupiter"}) == "Jupiter won after 1 round"
    assert _summary({"rounds": [{}, {}], "winner": None}) == "the game ended after 2 rounds, no winner"
