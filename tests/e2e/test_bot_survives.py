"""Issue 12 against the real server: floods, players the bot cannot PM, losing the room, renames,
the server's own PMs. Each test prints the figures it measured (run with -s to see them)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable

from harness import run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import HOST_NAME, E2EEnv
from harness.player import Line, Player
from hosting_kit import connect, open_signups

from survivor_host.engine.ids import to_id
from survivor_host.showdown.sendqueue import PACE_REGULAR
from survivor_host.themes import new_game

IDLE_OUT = r"eliminated: did not answer before the deadline \(idle\)"
"""An idle modkill as the room reads it."""
ROOM = "survivor"
FLOODERS = ("Flood Ann", "Flood Ben")
INFO_REPLY = re.compile(r"\*\*PL \(|\*\* — mods: ")
"""The bot's replies to `.pl` and `.rules`."""


def from_bot_pm(line: Line, pattern: str) -> bool:
    return (
        line.type == "pm" and to_id(line.parts[1]) == to_id(BOT_NAME) and re.search(pattern, line.rest(3)) is not None
    )


def bot_room_line(line: Line, pattern: str) -> bool:
    return (
        line.type in ("c", "c:")
        and to_id(line.parts[2] if line.type == "c:" else line.parts[1]) == to_id(BOT_NAME)
        and re.search(pattern, line.text) is not None
        and not line.in_init
    )


async def flood(person: Player, stop: asyncio.Event) -> int:
    """`.pl` and `.rules` in turn, as fast as the server takes them; returns how many were sent."""
    sent = 0
    while not stop.is_set():
        await person.say(ROOM, "$pl" if sent % 2 == 0 else "$rules")
        sent += 1
    return sent


async def answer_prompt(player: Player, since: int, delay: float, sent: dict[str, float]) -> float:
    """Wait for the choice prompt, answer `follow` after `delay`; returns when the prompt arrived."""
    line = await player.wait_for(
        lambda ln: from_bot_pm(ln, r"Reply here with follow or rebel"), since=since, timeout=60
    )
    await asyncio.sleep(delay)
    sent[player.name] = time.monotonic()
    await player.pm(BOT_NAME, "follow")
    return line.time


def test_a_flood_does_not_delay_the_round_or_eliminate_anyone(
    e2e: E2EEnv, ps_server_factory: Callable[..., object], bot_factory: Callable[..., BotProcess]
) -> None:
    """Issue 12 finding 2: two users flood `.pl`/`.rules` at ordinary rank; the prompts and the result
    are not held more than 2 s behind what the throttle needs, and with a 15 s deadline nobody is
    eliminated for a prompt that had not reached them."""
    server = ps_server_factory(bot_rank=None)
    env = e2e.for_server(server)  # type: ignore[arg-type]
    bot_factory(env=env, defaults={"leader": "pick", "secret_deadline": 15, "reminder": 0}).start()
    names = ["Fl Ann", "Fl Ben", "Fl Cat", "Fl Dan", "Fl Eve"]

    async def scenario() -> dict[str, float]:
        async with contextlib.AsyncExitStack() as stack:
            host, *people = await connect(stack, env, [HOST_NAME, *names, *FLOODERS], [ROOM])
            players, flooders = people[: len(names)], people[len(names) :]
            await open_signups(host, ROOM, "$host ftl", players)
            stop = asyncio.Event()
            floods = [asyncio.create_task(flood(f, stop)) for f in flooders]
            await asyncio.sleep(3.0)  # the flood is well under way
            mark = host.mark()
            marks = {p.name: p.mark() for p in players}
            await host.say(ROOM, "$start")
            picked = await host.wait_for(
                lambda ln: bot_room_line(ln, r"is picked as the first leader"), since=mark, timeout=60
            )
            leader = re.search(r"\*\*(.+?)\*\* is picked", picked.text).group(1)  # type: ignore[union-attr]
            choosers = [p for p in players if p.name != leader]
            sent: dict[str, float] = {}
            arrivals = await asyncio.gather(*(answer_prompt(p, marks[p.name], 1.0, sent) for p in choosers))
            result = await host.wait_for(
                lambda ln: bot_room_line(ln, r"All choices are in|eliminated"), since=mark, timeout=60
            )
            stop.set()
            flooded = sum(await asyncio.gather(*floods))
            idle = [ln.text for ln in host.lines(ROOM, since=mark) if bot_room_line(ln, IDLE_OUT)]
            end = host.mark()
            await host.say(ROOM, "$end")
            await host.wait_for(r"\|Dice seed: ", room=ROOM, since=end, timeout=60)
            last = max(arrivals)
            # The bot's own lines between the leader pick and the last prompt (room lines other than
            # replies to the flood, and PMs): what the throttle alone needs is that many × its pace.
            own = [
                ln
                for ln in host.lines(ROOM, since=mark)
                if picked.time < ln.time <= last and bot_room_line(ln, ".") and not INFO_REPLY.search(ln.text)
            ] + [
                ln
                for p in players
                for ln in p.lines(since=marks[p.name])
                if picked.time < ln.time <= last and from_bot_pm(ln, ".")
            ]
            return {
                "flood lines": flooded,
                "prompt delay": last - picked.time - len(own) * PACE_REGULAR * 1.05,
                "result delay": result.time - max(sent.values()),
                "idle eliminations": len(idle),
            }

    figures = run_async(scenario(), timeout=240)
    print(f"\nflood figures: {figures}")
    assert figures["idle eliminations"] == 0, figures
    assert figures["prompt delay"] <= 2.0, figures
    assert figures["result delay"] <= 2.0, figures


def test_a_login_outage_is_waited_out(
    e2e: E2EEnv, ps_server_factory: Callable[..., object], bot_factory: Callable[..., BotProcess]
) -> None:
    """Issue 12 finding 3: the bot's connection drops while the login server answers 503 more often
    than the bot's limit of refused logins; the bot keeps trying, comes back, and its signups are
    still open. Short reconnect waits: what counts is how many tries the bot makes, not their pace."""
    server = ps_server_factory(extra_config="exports.consoleips = ['127.0.0.1'];\n")
    env = e2e.for_server(server)  # type: ignore[arg-type]
    bot = bot_factory(env=env, tables={"server": {"backoff_initial": 0.2, "backoff_max": 1}}).start()

    async def open_list_and_drop() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, ann = await connect(stack, env, [HOST_NAME, "Out Ann"], [ROOM])
            await open_signups(host, ROOM, "$host ftl", [ann])
            e2e.login.outage(BOT_NAME, 5)
            mark = host.mark()
            await host.say("", "/eval Users.get('survivorbot').connections.forEach(c => c.destroy()), 'dropped'")
            await host.wait_for(r"<.*dropped", since=mark, timeout=10)

    run_async(open_list_and_drop(), timeout=60)
    started = time.monotonic()
    deadline = time.monotonic() + 90
    while bot.log().count("Logged in as") < 2:
        assert bot.process is not None and bot.process.poll() is None, bot.log()[-3000:]
        assert time.monotonic() < deadline, bot.log()[-3000:]
        time.sleep(0.2)
    print(f"\nback {time.monotonic() - started:.1f} s after the drop")
    assert bot.log().count("Login server unavailable") == 5

    async def still_open() -> None:
        async with contextlib.AsyncExitStack() as stack:
            (host,) = await connect(stack, env, [HOST_NAME], [ROOM])
            mark = host.mark()
            await host.say(ROOM, "$pl")
            await host.wait_for(lambda ln: bot_room_line(ln, r"PL \(1\).*Out Ann"), since=mark, timeout=30)

    run_async(still_open(), timeout=60)


def leader_for(names: list[str], seed: str) -> str:
    game = new_game("ftl", names, options={"leader": "pick"}, seed=seed)
    game.start()
    return next(seat.name for seat in game.seats if game.marks(seat) == " (leader)")


async def block_pms(person: Player) -> None:
    mark = person.mark()
    await person.send("", "/blockpms")
    await person.wait_for(r"blocking|block", since=mark, timeout=10)


def test_guests_and_pm_blockers_are_taken_off_the_list(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    """Issue 12 finding 1 at signup: an unregistered player and one with `/blockpms` are taken off the
    list with a hint; a registered player gets the check PM and stays."""
    e2e.login.policy.usertypes[to_id("Unreg Gus")] = "1"
    bot_factory().start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, ann, gus, bea = await connect(stack, e2e, [HOST_NAME, "Reach Ann", "Unreg Gus", "Block Bea"], [ROOM])
            await block_pms(bea)
            mark = host.mark()
            await host.say(ROOM, "$host ftl")
            await host.wait_for(r"signups are open", room=ROOM, since=mark, timeout=20)
            for person in (ann, gus, bea):
                await person.say(ROOM, "/me in")
            for name, hint in (("Unreg Gus", "register yours"), ("Block Bea", "/unblockpms")):
                line = await host.wait_for(
                    lambda ln, name=name: bot_room_line(ln, rf"Taken off the list: {name}"), since=mark, timeout=20
                )
                assert hint in line.text, line.text  # what each can do, read from the server's refusal
            await ann.wait_for(lambda ln: from_bot_pm(ln, r"checks that mine reach you"), timeout=10)
            pl = host.mark()
            await host.say(ROOM, "$pl")
            listed = await host.wait_for(lambda ln: bot_room_line(ln, r"PL \("), since=pl, timeout=20)
            assert "PL (1):** Reach Ann" in listed.text, listed.text
            end = host.mark()
            await host.say(ROOM, "$end")
            await host.wait_for(r"Signups were cancelled", room=ROOM, since=end, timeout=20)

    run_async(scenario(), timeout=120)


def test_a_player_who_blocks_pms_mid_game_follows_instead_of_a_modkill(
    e2e: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    """Issue 12 finding 1 mid-game: the bot's prompt to a player blocking PMs is refused (a room
    `|error|` for `/pmuhtml`); the room is told, and at the deadline the player follows."""
    names = ["Mid Ann", "Mid Ben", "Mid Cat", "Mid Bea"]
    seed = next(f"reach{n}" for n in range(100) if leader_for(names, f"reach{n}") != "Mid Bea")
    bot = bot_factory(defaults={"leader": "pick", "secret_deadline": 10, "reminder": 0}, fixed_seed=seed).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            await open_signups(host, ROOM, "$host ftl", players)
            bea = players[-1]
            await block_pms(bea)
            mark = host.mark()
            await host.say(ROOM, "$start")
            told = await host.wait_for(lambda ln: bot_room_line(ln, r"I cannot PM Mid Bea"), since=mark, timeout=30)
            assert "/unblockpms" in told.text
            leader = leader_for(names, seed)
            for person in players[:-1]:
                if person.name != leader:
                    await person.pm(BOT_NAME, "follow")
            await host.wait_for(lambda ln: bot_room_line(ln, r"All choices are in"), since=mark, timeout=40)
            assert not [ln.text for ln in host.lines(ROOM, since=mark) if bot_room_line(ln, IDLE_OUT)]
            end = host.mark()
            await host.say(ROOM, "$end")
            await host.wait_for(r"\|Dice seed: ", room=ROOM, since=end, timeout=30)

    run_async(scenario(), timeout=120)
    assert "currently blocking PMs" in bot.log()


def test_a_room_ban_pauses_the_game_and_the_bot_comes_back(
    e2e: E2EEnv, ps_server_factory: Callable[..., object], bot_factory: Callable[..., BotProcess]
) -> None:
    """Issue 12 finding 4: room-banned mid-game (`|deinit|`, then `|noinit|joinfailed|` on each retry),
    the bot pauses the game instead of letting the deadline eliminate players, retries the join, and
    carries on once unbanned."""
    server = ps_server_factory()
    env = e2e.for_server(server)  # type: ignore[arg-type]
    names = ["Ban Ann", "Ban Ben", "Ban Cat"]
    seed = next(f"ban{n}" for n in range(100) if leader_for(names, f"ban{n}") == "Ban Ann")
    bot = bot_factory(
        env=env, defaults={"leader": "pick", "secret_deadline": 8, "reminder": 0}, fixed_seed=seed
    ).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, env, [HOST_NAME, *names], [ROOM])
            await open_signups(host, ROOM, "$host ftl", players)
            mark = host.mark()
            await host.say(ROOM, "$start")
            await players[1].wait_for(lambda ln: from_bot_pm(ln, r"follow"), timeout=30)
            await host.say(ROOM, f"/forceroomban {BOT_NAME}, e2e")  # the bot is trusted: a plain ban asks to confirm
            await host.wait_for(r"was banned .*from Survivor", room=ROOM, since=mark, timeout=20)
            await asyncio.sleep(12)  # longer than the deadline: the game must be paused
            await host.say(ROOM, f"/roomunban {BOT_NAME}")
            await host.wait_for(lambda ln: bot_room_line(ln, r"The bot is back"), since=mark, timeout=60)
            assert not [ln.text for ln in host.lines(ROOM, since=mark) if bot_room_line(ln, IDLE_OUT)]
            end = host.mark()
            await host.say(ROOM, "$end")
            await host.wait_for(r"\|Dice seed: ", room=ROOM, since=end, timeout=30)

    run_async(scenario(), timeout=150)
    log = bot.log()
    assert "Out of room survivor" in log and "You are banned from the room" in log, log[-3000:]


def test_a_renamed_room_is_followed(
    e2e: E2EEnv, ps_server_factory: Callable[..., object], bot_factory: Callable[..., BotProcess]
) -> None:
    """Issue 12 finding 4: `/renameroom` (`|noinit|rename|NEW|TITLE`): the bot keeps hosting there."""
    server = ps_server_factory()
    env = e2e.for_server(server)  # type: ignore[arg-type]
    bot_factory(env=env).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, ann = await connect(stack, env, [HOST_NAME, "Arena Ann"], [ROOM])
            await open_signups(host, ROOM, "$host ftl", [ann])
            mark = host.mark()
            await host.say(ROOM, "/renameroom Survivor Arena")
            await host.wait_for(r"\|noinit\|rename\|survivorarena", since=mark, timeout=20)
            await asyncio.sleep(1.0)
            await host.say("survivorarena", "$pl")
            line = await host.wait_for(
                lambda ln: bot_room_line(ln, r"PL \(1\).*Arena Ann"), room="survivorarena", since=mark, timeout=20
            )
            assert line.room == "survivorarena"

    run_async(scenario(), timeout=90)


def test_batched_joins_restore_the_signups_box_after_a_restart(
    e2e: E2EEnv, ps_server_factory: Callable[..., object], bot_factory: Callable[..., BotProcess]
) -> None:
    """Issue 12 finding 5: with `reportjoinsperiod` the `|init|` user list is the one cached when the
    room last flushed its joins (here: never, within ten minutes), so it lacks the bot; its rank comes
    from roominfo, so the signups box comes back after a restart."""
    server = ps_server_factory(extra_config="exports.reportjoinsperiod = 600000;")
    env = e2e.for_server(server)  # type: ignore[arg-type]
    bot = bot_factory(env=env).start()

    async def scenario(first: bool) -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, ann = await connect(stack, env, [HOST_NAME, "Batch Ann"], [ROOM])
            if first:
                await open_signups(host, ROOM, "$host ftl", [ann])
                return
            mark = host.mark()
            bot.restart()
            await host.wait_for(lambda ln: bot_room_line(ln, r"signups are still open"), since=mark, timeout=30)
            # The server drops the dashes of a uhtml name.
            box = await host.wait_for(r"/uhtml survivorsignupssurvivor,", room=ROOM, since=mark, timeout=20)
            assert "Batch Ann" in box.text

    run_async(scenario(True), timeout=60)
    run_async(scenario(False), timeout=90)
