"""The send window (issue 20 finding 1, item 1): a line is delivered when the server answers it, no
more lines in flight than the server takes, and after a throttle notice exactly the unanswered lines
are sent again, once, in order; the pace is kept per login (finding 5); lengths in UTF-16 (finding 6)."""

from __future__ import annotations

import asyncio

import pytest
from fake_network import EventClock, ThrottledServer, run_through

from survivor_host.showdown.protocol import parse_line
from survivor_host.showdown.sendqueue import PACE_PUBLIC_BOT, PACE_REGULAR, PACE_TRUSTED, SendQueue, split_text
from survivor_host.showdown.text import MAX_FRAME_LENGTH, utf16_len
from survivor_host.showdown.window import Echo, echo_of, expected_echo

LINES = [f"L{n}" for n in range(1, 9)]


def make(pace: float, one_way: float, server_delay: float | None = None) -> tuple[ThrottledServer, SendQueue]:
    clock = EventClock()
    server = ThrottledServer(clock, server_delay if server_delay is not None else pace, one_way)
    return server, SendQueue(pace=pace, clock=clock, sleep=clock.sleep, margin=0.0)


def test_the_dropped_line_is_resent_once_and_no_other() -> None:
    """The issue's reproduction: L1..L8 at 25 ms, L3 dropped, the notice arriving after L6 left."""
    server, queue = make(PACE_PUBLIC_BOT, one_way=0.04)
    server.drop.add("L3")

    def feed(q: SendQueue) -> None:
        for line in LINES:
            q.put("survivor", line)

    run_through(server, queue, feed)
    handled = server.handled_lines("survivor")
    assert server.dropped == ["L3"]
    notice_at = server.notices[0][0] + server.one_way
    assert notice_at > 5 * PACE_PUBLIC_BOT  # L6 had left when the notice came
    assert sorted(handled, key=LINES.index) == LINES  # every line once: none lost, none twice
    assert queue.resent_lines == 1
    assert handled.index("L3") < handled.index("L7")  # the resend goes before what was still queued


def test_a_dropped_pm_is_resent_and_no_other_players_prompt() -> None:
    """A PM's notice names no room: only the prompt that got no echo goes again."""
    server, queue = make(PACE_PUBLIC_BOT, one_way=0.04)
    prompts = [f"/msg {name}, Round 2: send follow or rebel." for name in ("ann", "bob", "cid", "dee", "eve")]
    server.drop.add(prompts[1])

    def feed(q: SendQueue) -> None:
        for line in prompts:
            q.put("", line)
        q.put("survivor", "Round 2 begins.")

    run_through(server, queue, feed)
    assert server.notices == [(pytest.approx(server.notices[0][0]), "")]
    assert sorted(server.handled_lines("")) == sorted(prompts)
    assert queue.resent_lines == 1
    assert server.handled_lines("survivor") == ["Round 2 begins."]


def test_the_rest_of_a_dropped_frame_is_resent_too() -> None:
    """users.ts stops reading a frame at its dropped line: the lines after it get no notice of their own."""
    server, queue = make(PACE_PUBLIC_BOT, one_way=0.02)
    server.drop.add("/join b")
    run_through(server, queue, lambda q: q.put_lines("", ["/join a", "/join b", "/join c"]))
    assert server.handled_lines("") == ["/join a", "/join b", "/join c"]
    assert queue.resent_lines == 2


def test_a_queue_too_fast_for_the_server_loses_nothing() -> None:
    """The window alone keeps the server's queue from overflowing, whatever the pace believed."""
    server, queue = make(PACE_PUBLIC_BOT, one_way=0.05, server_delay=PACE_REGULAR)
    lines = [f"line {n}" for n in range(20)]
    seen: list[int] = []

    def feed(q: SendQueue) -> None:
        for line in lines:
            q.put("survivor", line)

    original = server._arrive

    def arrive(frame: str) -> None:
        original(frame)
        seen.append(queue.in_flight)

    server._arrive = arrive  # type: ignore[method-assign]
    run_through(server, queue, feed, timeout=60)
    assert server.dropped == []
    assert server.handled_lines() == lines
    assert max(seen) <= 5


def test_the_round_trip_is_measured_from_the_answers() -> None:
    server, queue = make(PACE_TRUSTED, one_way=0.05)
    run_through(server, queue, lambda q: [q.put("survivor", f"x{n}") for n in range(6)])
    assert queue.round_trip == pytest.approx(0.1)


def test_a_notice_without_drops_of_ours_resends_nothing() -> None:
    """A notice for a line of another connection of the same user: every line of ours got its echo."""
    server, queue = make(PACE_PUBLIC_BOT, one_way=0.02)

    def feed(q: SendQueue) -> None:
        for line in LINES:
            q.put("survivor", line)
        server.clock.at(0.5, lambda: q.notify_throttled("survivor"))

    run_through(server, queue, feed)
    assert server.handled_lines() == LINES
    assert queue.resent_lines == 0


@pytest.mark.parametrize(
    ("room", "line", "answer"),
    [
        ("survivor", "Hello  there", "|c:|1|*Bot|Hello there"),
        ("survivor", "//roll 5", "|c:|1|*Bot|//roll 5"),
        ("survivor", "/me waves", "|c:|1|*Bot|/me waves"),
        ("survivor", "/addhtmlbox <b>x</b>", '|c:|1|*Bot|/raw <div class="infobox"><b>x</b></div>'),
        ("survivor", "/adduhtml vote1, <b>x</b>", "|c:|1|*Bot|/uhtml vote1,<b>x</b>"),
        ("survivor", "/changeuhtml vote1, <b>y</b>", "|c:|1|*Bot|/uhtmlchange vote1,<b>y</b>"),
        ("survivor", "/pmuhtml ann, p1, <b>x</b>", "|pm|*Bot|Ann|/uhtml p1,<b>x</b>"),
        ("survivor", "/sendhtmlpage ann, page, <b>x</b>", "Sent Ann the bot page bot-page."),
        ("", "/msg ann, You chose follow.", "|pm|*Bot| Ann|You chose follow."),
        ("", "/join survivor", "|init|chat"),
        ("", "/cmd roominfo survivor", '|queryresponse|roominfo|{"id": "survivor"}'),
    ],
)
def test_each_line_kind_is_recognised_in_its_answer(room: str, line: str, answer: str) -> None:
    expected = expected_echo(room, line)
    where = "survivor" if answer.startswith(("|c:|", "|init|", "Sent ")) else ""
    echo = echo_of(parse_line(answer, where), "bot")
    assert expected is not None and echo == expected


def test_other_users_lines_and_old_lines_are_no_answers() -> None:
    assert echo_of(parse_line("|c:|1|+Ann|Hello", "survivor"), "bot") is None
    assert echo_of(parse_line("|pm| Ann|*Bot|follow"), "bot") is None
    assert echo_of(parse_line("|c:|1|*Bot|Hello", "survivor", history=True), "bot") is None
    assert echo_of(parse_line("|error|Nope", "survivor"), "bot") == Echo("survivor", "error")
    assert echo_of(parse_line("Mars was promoted to Room Voice by Hostess.", "survivor"), "bot") is None


# -- the pace is fixed per login (finding 5) ---------------------------------------------------------
def test_a_promotion_mid_session_does_not_raise_the_pace() -> None:
    queue = SendQueue(pace=PACE_REGULAR)
    queue.fix_pace()
    queue.set_pace(PACE_PUBLIC_BOT)  # promoted to `*`: the server still throttles at 600 ms
    assert queue.pace == PACE_REGULAR
    queue.set_pace(PACE_REGULAR * 2)  # a slower pace is always taken
    assert queue.pace == PACE_REGULAR * 2
    queue.reset_backoff()  # the next login decides again
    queue.set_pace(PACE_PUBLIC_BOT)
    assert queue.pace == PACE_PUBLIC_BOT


# -- lengths in UTF-16 code units (finding 6) --------------------------------------------------------
def test_split_text_counts_utf16_units_like_the_server() -> None:
    emoji = "\U0001f525"  # one code point, two UTF-16 units
    assert utf16_len(emoji * 3) == 6
    text = emoji * 600  # 600 code points, 1200 units: over the server's 1000
    chunks = split_text(text)
    assert [utf16_len(c) for c in chunks] == [1000, 200]
    assert "".join(chunks) == text  # never cut inside a character
    words = " ".join([emoji * 4] * 150)  # 8 units a word
    assert all(utf16_len(c) <= 1000 for c in split_text(words))
    assert " ".join(split_text(words)) == words


def test_an_overlong_line_is_cut_to_the_frame_limit_in_utf16_units() -> None:
    queue = SendQueue()
    queue.put("r", "\U0001f525" * MAX_FRAME_LENGTH)
    line = queue._lanes[1][0].lines[0]
    assert utf16_len(line) <= MAX_FRAME_LENGTH - 2
    assert line == "\U0001f525" * (len(line))


def test_the_client_keeps_its_login_pace_after_a_promotion_until_it_logs_in_again() -> None:
    """users.ts decides the throttle at login: a room `*` given mid-session (and a global rank
    shown by `|updateuser|`) speeds the server up only after the next login."""
    from showdown_fakes import FakeShowdown
    from test_showdown_client import run_client, survivor_room, wait_until

    from survivor_host.showdown.client import ShowdownClient

    def setup(server: FakeShowdown) -> None:
        server.rooms["survivor"] = survivor_room(auth={})
        server.rooms["other"] = survivor_room(title="Other", auth={})

    async def scenario(client: ShowdownClient, server: FakeShowdown, events: list[object]) -> None:
        await asyncio.wait_for(client.wait_ready(), 5)
        await wait_until(lambda: (state := client.room("survivor")) is not None and state.public is not None)
        assert client.pace == PACE_REGULAR
        # promoted mid-session: room `*` in both rooms, and a global `*` in a new |updateuser|
        server.rooms["survivor"].auth["*"] = ["survivorbot"]
        server.rooms["other"].auth["*"] = ["survivorbot"]
        server.global_rank = "*"
        for ws in server.sockets:
            await ws.send_str("|updateuser|*Survivor Bot|1|1|{}")
        client.join("other")
        await wait_until(lambda: (state := client.room("other")) is not None and state.public is not None)
        assert client.pace == PACE_REGULAR  # the server still throttles at 600 ms
        await server.drop_all()  # a new connection: a new login, the new pace
        await wait_until(lambda: client.connections >= 2 and client.pace == PACE_PUBLIC_BOT)

    run_client(scenario, setup=setup, rooms=("Survivor",))


def test_the_clients_chat_lines_fit_the_server_in_utf16_units() -> None:
    from survivor_host.showdown.client import ShowdownClient
    from survivor_host.showdown.config import ClientConfig

    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    bot.say("survivor", "/" + "\U0001f525" * 700)  # escaped to `//...`: 1402 units in all
    bot.pm("Mars", "\U0001f525" * 700)
    lines = [line for lane in bot.queue._lanes for frame in lane for line in frame.lines]
    assert len(lines) == 4
    assert all(utf16_len(line.removeprefix("/msg mars, ")) <= 1000 for line in lines)
    assert lines[0].startswith("//")
