"""Issue 19: our bot in a room with its own bot (a stand-in of Sir Vivor), on a real local server.

Games hosted through the room bot's queue end to end (FTL and CTA) with the
`.addbot` line produced and sent; silence on the room bot's commands and a human host's `/me in`; the
flood filter's count of our chat lines in every 6 s window, at both ranks.
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from harness import E2EEnv, Player, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import BOT_ID
from harness.roombot import RoomBotStandIn
from harness.table import Table
from hosting_kit import Chooser, TextTable, connect, game_record, no_deadline_passed, random_rule

from survivor_host.engine.ids import to_id

ROOM = "survivor"
SV = "Sir Vivor"
AUTH = "Room Auth"
PREFIX = "$"
BUTTON = re.compile(r'<button[^>]*name="send"[^>]*value="([^"]*)"')


def room_server(factory: Callable[..., Any], e2e: E2EEnv, bot_rank: str | None) -> E2EEnv:
    """A server of the test's own where the room bot is `@` in Survivor and AUTH is `+` (with our bot
    at `*`, the tests share the `room_bot_env` fixture's server instead)."""
    server = factory(bot_rank=bot_rank, room_auth={"Survivor": {SV: "@", AUTH: "+"}})
    return e2e.for_server(server)


def finishing(record: dict[str, Any]) -> list[str]:
    places: dict[str, int] = record["placements"]
    order = {name: i for i, name in enumerate(record["players"])}
    return sorted(order, key=lambda name: (places.get(name, len(order)), order[name]))


def bot_chat(person: Player, since: int = 0) -> list[str]:
    return [m.text for m in person.chat(ROOM, since=since) if to_id(m.user) == BOT_ID]


def bot_pms_to(person: Player, since: int = 0) -> list[str]:
    return [pm.text for pm in person.pms(with_user=BOT_NAME, since=since) if to_id(pm.sender) == BOT_ID]


def transcript(person: Player, since: int = 0) -> str:
    """The room as `person` read it: `Name: text` per chat line."""
    return "\n".join(f"{m.rank}{m.user}: {m.text}" for m in person.chat(ROOM, since=since))


async def hosted_game(
    stack: contextlib.AsyncExitStack,
    env: E2EEnv,
    names: Sequence[str],
    theme: str,
    make_table: Callable[[list[Player]], Any],
    timeout: float,
) -> tuple[RoomBotStandIn, Player, list[Player], int]:
    """The whole flow: our `$host` first (refused, remembered), the room bot's `.host BOT`, signups,
    `$start`, a game played to the end, our `.win` and the room bot's WINNER."""
    sv = await stack.enter_async_context(RoomBotStandIn(env.ws_url, env.login_url, SV))
    await sv.join(ROOM)
    auth, *players = await connect(stack, env, [AUTH, *names], [ROOM])
    mark = auth.mark()
    await auth.say(ROOM, f"{PREFIX}host {theme}")
    refusal = await auth.wait_for(lambda ln: ln.type == "pm" and "keeps the room's host" in ln.text, since=mark)
    assert f".host {BOT_NAME}" in refusal.text
    assert bot_chat(auth, mark) == []  # finding 3: no second game beside the room bot's host
    await auth.say(ROOM, f".host {BOT_NAME}")
    await auth.wait_for(rf"\|/announce \*\*SURVGAME:\*\* {BOT_NAME} is hosting\.", room=ROOM, since=mark)
    opened = await auth.wait_for(r"signups are open", room=ROOM, since=mark, timeout=20)
    assert "survgame" in opened.text and "/me out" not in opened.text  # finding 5
    for count, player in enumerate(players, start=1):
        await player.say(ROOM, "/me in")
        await auth.wait_for(rf"PL \({count}\)", room=ROOM, since=mark, timeout=20)
    assert [to_id(p) for p in sv.games.player_list] == [to_id(n) for n in names]  # its PL too
    table = make_table(players)
    table.start()
    await auth.say(ROOM, f"{PREFIX}start")
    try:
        await auth.wait_for(r"\|Dice seed: ", room=ROOM, since=mark, timeout=timeout)
    finally:
        await table.stop()
    win = await auth.wait_for(r"\|\.win ", room=ROOM, since=mark, timeout=20)
    winner = win.text.split("|.win ", 1)[1]
    await auth.wait_for(re.escape(f"|/announce **WINNER:** {winner}"), room=ROOM, since=mark, timeout=20)
    assert sv.games.host is None
    return sv, auth, players, mark


def check_points_line(bot: BotProcess, sv: RoomBotStandIn, line: str) -> None:
    record = game_record(bot.database, ROOM)
    order = finishing(record)
    assert line == f".addbot {len(order)}, " + ", ".join(order)
    assert order[0] == record["winner"] and order[1] == record["second"]
    award = sv.games.awards[-1]
    assert award.names == order and award.by == AUTH
    assert sv.games.points[to_id(order[0])] == 7 and sv.games.points[to_id(order[1])] == 2


async def click_the_points_button(bot: BotProcess, sv: RoomBotStandIn, auth: Player, mark: int) -> None:
    """The `.addbot` box PMed to the host: its button says the line in the room, and the room bot takes it."""
    box = await auth.wait_for(lambda ln: ln.type == "pm" and ".addbot" in ln.text, since=mark, timeout=20)
    value = html.unescape(BUTTON.search(box.text).group(1))  # type: ignore[union-attr]
    assert value.startswith(f"/msgroom {ROOM}, .addbot ")
    await auth.send("", value)  # the button
    await auth.wait_for(lambda ln: ln.type == "pm" and "on the leaderboard" in ln.text, since=mark)
    check_points_line(bot, sv, value.split(", ", 1)[1])


def think(player: str, n: int) -> float:
    """0.3 to 2.8 seconds before a click, as people take."""
    return 0.3 + hashlib.sha256(f"{player}|{n}".encode()).digest()[0] % 26 / 10


FTL_NAMES = [f"Rb {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]
CTA_NAMES = [f"Rc {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]


def test_ftl_game_hosted_through_the_room_bot_at_star(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), defaults={"leader": "pick"}, fixed_seed="rb-ftl").start()

    async def scenario() -> None:
        policy = Chooser(random_rule("rb-ftl", prefer=("nosuspect", "noscapegoat")))
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(
                stack, env, FTL_NAMES, "ftl", lambda people: Table(BOT_NAME, people, policy), timeout=240
            )
            await click_the_points_button(bot, sv, auth, mark)
            assert sv.mutes == []  # its host is exempt
            print(f"\nFTL at *: most chat lines of ours in a 6 s window: {sv.window_counts(BOT_ID)}")
            print(transcript(auth, mark))

    run_async(scenario(), timeout=360)
    assert "Traceback" not in bot.log()
    no_deadline_passed(game_record(bot.database, ROOM))


def test_cta_game_hosted_through_the_room_bot(room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="rb-cta").start()

    async def scenario() -> None:
        policy = Chooser(random_rule("rb-cta"))
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(
                stack, env, CTA_NAMES, "cta", lambda people: Table(BOT_NAME, people, policy, think=think), 300
            )
            await click_the_points_button(bot, sv, auth, mark)
            assert sv.mutes == []
            print(f"\nCTA at *: most chat lines of ours in a 6 s window: {sv.window_counts(BOT_ID)}")

    run_async(scenario(), timeout=420)
    assert "Traceback" not in bot.log()
    no_deadline_passed(game_record(bot.database, ROOM))


def test_silent_beside_a_human_host(room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    """Finding 1: no reply to the room bot's commands or to `/me in` for a human host's game."""
    env = room_bot_env
    bot_factory(env=env, rooms=(ROOM,)).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv = await stack.enter_async_context(RoomBotStandIn(env.ws_url, env.login_url, SV))
            await sv.join(ROOM)
            auth, mars, io = await connect(stack, env, [AUTH, "Rs Mars", "Rs Io"], [ROOM])
            mark = auth.mark()
            await auth.say(ROOM, ".host Rs Mars")
            await auth.wait_for(r"SURVGAME:\*\* Rs Mars is hosting", room=ROOM, since=mark)
            for person, line in (
                (mars, ".roll 100"), (mars, ".theme hg"), (auth, ".hq"), (mars, ".timer 60"), (io, "/me in"),
                (mars, "/me in"), (io, ".win Rs Io"), (io, ".randtheme"), (io, f"{PREFIX}xyzzy"), (io, ".lb"),
            ):  # fmt: skip
                await person.say(ROOM, line)
            await sv.idle()
            await auth.say(ROOM, f"{PREFIX}host ftl")
            refused = "says Rs Mars is hosting"
            refusal = await auth.wait_for(lambda ln: ln.type == "pm" and refused in ln.text, since=mark)
            assert f"queue me with .host {BOT_NAME}" in refusal.text
            await io.pm(BOT_NAME, "xyzzy")
            await io.pm(BOT_NAME, "plugh")
            await io.wait_for(lambda ln: ln.type == "pm" and "PM me help" in ln.text, since=mark)
            await io.expect_none(r"\|pm\|.Survivor Bot\|.*PM me help", since=io.mark(), within=2.0)
            # issue 22: the room bot's host gets a hand-hosting session's commitment, and nothing else is said
            said = bot_chat(auth, mark)
            opens = "Fair dice session h1 in survivor (host Rs Mars): commitment sha256 "
            assert len(said) == 1 and said[0].startswith(opens)
            for person in (mars, io):
                assert [t for t in bot_pms_to(person, mark) if "PM me help" not in t] == [], person.name
            assert len([t for t in bot_pms_to(io, mark) if "PM me help" in t]) == 1
            assert "Rs Io" in [p for p in sv.games.player_list]

    run_async(scenario(), timeout=120)


def test_our_signups_yield_when_the_room_bot_comes_back_and_hosts_a_person(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    """Opened while the room bot was away; it comes in and hosts a person: ours close, without `.done`."""
    env = room_bot_env
    bot_factory(env=env, rooms=(ROOM,)).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            auth, mars, io = await connect(stack, env, [AUTH, "Ry Mars", "Ry Io"], [ROOM])
            mark = auth.mark()
            await auth.say(ROOM, f"{PREFIX}host ftl")
            await auth.wait_for(r"signups are open", room=ROOM, since=mark, timeout=20)
            await io.say(ROOM, "/me in")
            await auth.wait_for(r"PL \(1\)", room=ROOM, since=mark, timeout=20)
            sv = await stack.enter_async_context(RoomBotStandIn(env.ws_url, env.login_url, SV))
            await sv.join(ROOM)
            await auth.say(ROOM, ".host Ry Mars")
            cancelled = "Signups were cancelled: Sir Vivor says Ry Mars is hosting now."
            await auth.wait_for(lambda ln: ln.room == ROOM and cancelled in ln.text, since=mark, timeout=20)
            await mars.say(ROOM, "/me in")  # Mars's own game now: not ours
            await sv.idle()
            await auth.expect_none(lambda ln: ln.room == ROOM and "PL (2)" in ln.text, since=mark, within=2.0)
            assert ".done" not in bot_chat(auth, mark)
            assert sv.games.host is not None and to_id(sv.games.host) == to_id("Ry Mars")

    run_async(scenario(), timeout=120)


@pytest.mark.parametrize("rank", ["*", None], ids=["star", "ordinary"])
def test_flood_filter_silent_when_the_room_bot_does_not_host_us(
    rank: str | None,
    request: pytest.FixtureRequest,
    e2e: E2EEnv,
    ps_server_factory: Callable[..., Any],
    bot_factory: Callable[..., BotProcess],
) -> None:
    """The room bot comes in after our signups opened: it does not host us, so its flood filter counts
    our chat lines (finding 2). Ours must stay under 7 lines in 3.5-6 s all game long."""
    env = request.getfixturevalue("room_bot_env") if rank == "*" else room_server(ps_server_factory, e2e, rank)
    names = [f"Rf {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]
    bot = bot_factory(env=env, rooms=(ROOM,), defaults={"leader": "pick"}, fixed_seed=f"rf-{rank}").start()

    async def scenario() -> RoomBotStandIn:
        async with contextlib.AsyncExitStack() as stack:
            auth, *players = await connect(stack, env, [AUTH, *names], [ROOM])
            mark = auth.mark()
            await auth.say(ROOM, f"{PREFIX}host ftl")
            await auth.wait_for(r"signups are open", room=ROOM, since=mark, timeout=20)
            sv = await stack.enter_async_context(RoomBotStandIn(env.ws_url, env.login_url, SV))
            await sv.join(ROOM)
            for count, player in enumerate(players, start=1):
                await player.say(ROOM, "/me in")
                await auth.wait_for(rf"PL \({count}\)", room=ROOM, since=mark, timeout=20)
            policy = Chooser(random_rule(f"rf-{rank}", prefer=("nosuspect", "noscapegoat")))
            table: Any = Table(BOT_NAME, players, policy, think=think)
            if rank is None:
                table = TextTable(BOT_NAME, ROOM, players, policy)
            table.start()
            await auth.say(ROOM, f"{PREFIX}start")
            try:
                await auth.wait_for(r"Dice seed: ", room=ROOM, since=mark, timeout=300)  # in a box or joined, too
            finally:
                await table.stop()
            print(f"\nunhosted FTL at {rank or 'an ordinary rank'}: most chat lines of ours in a 6 s window: "
                  f"{sv.window_counts(BOT_ID)}; mutes: {len(sv.mutes)}")  # fmt: skip
            return sv

    sv = run_async(scenario(), timeout=400)
    assert sv.mutes == []
    no_deadline_passed(game_record(bot.database, ROOM))
