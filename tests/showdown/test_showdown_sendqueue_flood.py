"""Never a flood (issue 19 item 4): under a room's chat budget the queue keeps the room bot's rule
(Sir Vivor `parser.js` `processChatData`: 7 lines ending in more than 3.5 s and less than 6 s) at
any rank, joins lines (one box where the bot may post HTML) and loses none, the round's result
first. Driven with the lines real games put, at `*` and at ordinary rank."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from fake_network import EventClock, ThrottledServer, run_through
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.flood import ChatBudget, _line_html, _plain, box_of, is_text, join_text
from survivor_host.showdown.lanes import pm_box
from survivor_host.showdown.messages import UserRef
from survivor_host.showdown.rooms import RoomState
from survivor_host.showdown.sendqueue import GAME, INFO, PACE_PUBLIC_BOT, PACE_REGULAR, Frame, SendQueue, target_of
from survivor_host.showdown.window import counts_as_chat
from survivor_host.store.db import Store
from tests.host.fakes import FakeClock
from tests.host.test_room import PLAYERS, ROOM, open_game, play_out

Burst = list[tuple[int, Frame]]
"""The frames one host call queued, with their lanes."""


@dataclass(frozen=True)
class Rank:
    name: str
    pace: float
    boxes: bool


STAR = Rank("*", PACE_PUBLIC_BOT, True)
REGULAR = Rank("regular", PACE_REGULAR, False)


def take(bot: ShowdownClient) -> Burst:
    burst = [(lane, frame) for lane, frames in enumerate(bot.queue._lanes) for frame in frames]
    burst.sort(key=lambda item: item[1].seq)
    bot.queue.clear()
    return burst


@cache
def recorded_game(theme: str, star: bool, seed: int) -> tuple[Burst, ...]:
    """The frames a room host queues through the real client during one whole game, call by call."""
    import tempfile

    bot = ShowdownClient(ClientConfig("ws://127.0.0.1:1/showdown/websocket", "SurvivorBot"))
    if star:
        bot._rooms[ROOM] = RoomState(ROOM, users={"survivorbot": UserRef.parse("*SurvivorBot")})
    bursts: list[Burst] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bot.db")
        host = RoomHost(ROOM, bot, FakeClock(), store, HostSettings(defaults={"leader": "pick"}), lambda: f"s{seed}")
        for method in ("handle_chat", "handle_pm"):
            original = getattr(host, method)

            def recording(*args: object, _original: object = original) -> None:
                _original(*args)  # type: ignore[operator]
                if burst := take(bot):
                    bursts.append(burst)

            setattr(host, method, recording)
        open_game(host, theme, PLAYERS)
        play_out(host, random.Random(seed))
        store.close()
    return tuple(bursts)


def replay(bursts: tuple[Burst, ...], rank: Rank, gaps: list[float], budget: ChatBudget | None) -> ThrottledServer:
    """Feed the bursts to a queue (one after another, `gaps` apart) through a server at the rank's pace."""
    clock = EventClock()
    server = ThrottledServer(clock, rank.pace, one_way=0.05)
    queue = SendQueue(pace=rank.pace, clock=clock, sleep=clock.sleep)
    queue.set_chat_budget(ROOM, budget)

    def feed(q: SendQueue) -> None:
        when = 0.0
        for burst, gap in zip(bursts, gaps, strict=True):
            when += gap
            clock.at(when, lambda burst=burst: [q.put_lines(f.room, f.lines, lane=lane) for lane, f in burst])

    run_through(server, queue, feed, timeout=600)
    return server


def chat_times(server: ThrottledServer) -> list[float]:
    return [t for t, room, line in server.handled if room == ROOM and counts_as_chat(room, line)]


def floods(times: list[float], rule: ChatBudget) -> list[int]:
    return [n for n in range(len(times)) if rule.is_flood(times[: n + 1])]


def shown_in(line: str, got: str) -> bool:
    """`got` (a line the server handled) says what `line` said: it is the line, or joins or boxes it."""
    return got == line or (is_text(line) and (_plain(line) in got or _line_html(line) in got))


def assert_nothing_lost(bursts: tuple[Burst, ...], server: ThrottledServer) -> None:
    """Every line the host queued reached the server, alone, joined or boxed; each room's lines of one
    lane in their order; no line twice."""
    handled = [(room, line) for _, room, line in server.handled]
    queued = Counter((frame.room, line) for burst in bursts for _, frame in burst for line in frame.lines)
    sent = Counter(handled)
    assert all(sent[key] <= queued[key] for key in sent if key in queued), "a line went twice"
    last: dict[tuple[str, int], int] = {}
    lines = [line for burst in bursts for _, frame in burst for line in frame.lines]
    changes = [line for line in lines if line.startswith("/changeuhtml ")]
    final = {line.split(",", 1)[0]: line for line in changes}  # a box's last state must arrive; older may go
    shown = [pm_box(frame.room, (line,)) for burst in bursts for _, frame in burst for line in frame.lines]
    at = 0
    for burst in bursts:
        for lane, frame in burst:
            for line in frame.lines:
                at += 1
                if line.startswith("/changeuhtml ") and final[line.split(",", 1)[0]] != line:
                    continue
                if line.startswith("/pmuhtmlchange ") and shown[at - 1] in shown[at:]:
                    continue  # a PM box shown again later: this change may be replaced before it goes
                room_order = frame.room and not target_of(line)  # a player's own lines may be promoted (lanes.py)
                start = last.get((frame.room, lane), 0) if room_order else 0
                matches = (n for n in range(start, len(handled)) if handled[n][0] == frame.room)
                found = next((n for n in matches if shown_in(line, handled[n][1])), None)
                assert found is not None, f"lost: {line[:80]}"
                if room_order:
                    last[(frame.room, lane)] = found


@pytest.mark.parametrize("rank", [STAR, REGULAR], ids=lambda r: r.name)
@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_without_a_budget_a_whole_game_floods_the_room_bots_rule(theme: str, rank: Rank) -> None:
    """What the budget is for: today's queue sends a game's lines at the server's pace."""
    bursts = recorded_game(theme, rank.boxes, 1)
    server = replay(bursts, rank, [2.0] * len(bursts), None)
    assert floods(chat_times(server), ChatBudget())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    theme=st.sampled_from(["ftl", "cta"]),
    rank=st.sampled_from([STAR, REGULAR]),
    game_seed=st.integers(1, 3),
    gap_seed=st.integers(0, 2**32),
    scale=st.sampled_from([0.2, 1.0, 3.0, 8.0]),
)
def test_under_a_budget_no_window_of_a_whole_game_is_a_flood(
    theme: str, rank: Rank, game_seed: int, gap_seed: int, scale: float
) -> None:
    bursts = recorded_game(theme, rank.boxes, game_seed)
    rng = random.Random(gap_seed)
    gaps = [rng.expovariate(1 / scale) for _ in bursts]
    budget = ChatBudget(boxes=rank.boxes)
    server = replay(bursts, rank, gaps, budget)
    times = chat_times(server)
    assert floods(times, ChatBudget()) == []
    assert server.dropped == []
    assert_nothing_lost(bursts, server)


def test_the_rounds_result_goes_before_waiting_replies() -> None:
    clock = EventClock()
    server = ThrottledServer(clock, PACE_REGULAR, one_way=0.05)
    queue = SendQueue(pace=PACE_REGULAR, clock=clock, sleep=clock.sleep)
    queue.set_chat_budget(ROOM, ChatBudget())

    def feed(q: SendQueue) -> None:
        for n in range(8):
            q.put(ROOM, f"**Player list** reply {n}", lane=INFO)
        q.put(ROOM, "/wall Round 3: Mars is out.", lane=GAME)

    run_through(server, queue, feed, timeout=120)
    assert server.handled_lines(ROOM)[0] == "/wall Round 3: Mars is out."


def test_joined_lines_and_boxes_keep_every_line_and_their_escapes() -> None:
    assert join_text(["//roll 1", "//roll 2", "\u200b!dt"]) == "//roll 1 · /roll 2 · !dt"
    assert box_of(["**Mars** is out", "a < b"]) == "/addhtmlbox <b>Mars</b> is out<br />a &lt; b"
    assert box_of(["**Here** is out"]) is None  # the server refuses `>here<` (chat.ts)
    assert box_of(["click here"]) is None
    # hostile text stays text: only the first line starts the message; the box escapes every line
    joined = join_text(["Mars is out", "//leave", ">> 1", "\u200b!dt pikachu"])
    assert joined == "Mars is out · /leave · >> 1 · !dt pikachu"
    assert box_of(['<img src=x onerror="alert(1)">', "/leave"]) == (
        "/addhtmlbox &lt;img src=x onerror=&quot;alert(1)&quot;&gt;<br />/leave"
    )


def test_a_budget_can_be_lifted() -> None:
    queue = SendQueue()
    queue.set_chat_budget(ROOM, ChatBudget())
    queue.set_chat_budget(ROOM, None)
    assert ROOM not in queue._budgets


def test_the_rule_is_sir_vivors_exact_comparison() -> None:
    rule = ChatBudget()
    assert rule.is_flood([0, 0.6, 1.2, 1.8, 2.4, 3.0, 3.6])  # 600 ms a line: 3.6 s
    assert not rule.is_flood([0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0])  # 3.0 s: lag, not a flood
    assert not rule.is_flood([0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.5])  # exactly 3.5 s: not more than 3.5
    assert not rule.is_flood([0, 1, 2, 3, 4, 5, 6.0])  # exactly 6 s: not less than 6
    assert not rule.is_flood([0, 1, 2, 3, 4, 5])  # 6 lines


def test_under_a_budget_a_boxs_waiting_changes_go_as_its_newest() -> None:
    """A vote box's refresh is a `|c:|` line too (`/changeuhtml` shows as `/uhtmlchange`): only the last
    state waiting is sent."""
    clock = EventClock()
    server = ThrottledServer(clock, PACE_REGULAR, one_way=0.05)
    queue = SendQueue(pace=PACE_REGULAR, clock=clock, sleep=clock.sleep)
    queue.set_chat_budget(ROOM, ChatBudget())

    def feed(q: SendQueue) -> None:
        q.put(ROOM, "/adduhtml vote, <b>0 votes</b>")
        for n in range(1, 6):
            q.put(ROOM, f"/changeuhtml vote, <b>{n} votes</b>")
        q.put(ROOM, "/adduhtml vote, <b>round 2</b>")
        q.put(ROOM, "/changeuhtml vote, <b>round 2: 1 vote</b>")

    run_through(server, queue, feed, timeout=60)
    assert server.handled_lines(ROOM) == [
        "/adduhtml vote, <b>0 votes</b>",
        "/changeuhtml vote, <b>5 votes</b>",
        "/adduhtml vote, <b>round 2</b>",
        "/changeuhtml vote, <b>round 2: 1 vote</b>",
    ]


def test_a_budget_set_mid_game_counts_the_lines_just_sent() -> None:
    clock = EventClock()
    server = ThrottledServer(clock, PACE_PUBLIC_BOT, one_way=0.05)
    queue = SendQueue(pace=PACE_PUBLIC_BOT, clock=clock, sleep=clock.sleep)

    def feed(q: SendQueue) -> None:
        for n in range(6):
            q.put(ROOM, f"/wall before {n}")  # commands: never joined
        clock.at(2.0, lambda: q.set_chat_budget(ROOM, ChatBudget()))
        clock.at(2.0, lambda: q.put(ROOM, "/wall after"))

    run_through(server, queue, feed, timeout=60)
    times = chat_times(server)
    assert len(times) == 7 and times[-1] - times[0] >= ChatBudget().spacing


def test_a_modnote_counts_as_a_chat_line_of_the_room() -> None:
    """Staff in the room (the room bot is one) see `/modnote` as a `/log` chat line of the bot, and its
    flood filter counts it: the budget does too."""
    from survivor_host.showdown.window import counts_as_chat

    assert counts_as_chat("survivor", "/modnote HOST: Survivor Bot hosted Follow the Leader")
    assert counts_as_chat("survivor", "/addhtmlbox <b>x</b>")
    assert not counts_as_chat("survivor", "/pmuhtml mars, prompt, <b>x</b>")
