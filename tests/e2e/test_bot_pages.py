"""Issue 20 findings 2-4 and 6 on the real server: a full Chase the Ace replay (30 players, 18-character
names) opens through `$replay` in pages the server takes, and its record, opened by the page's link,
reads back; opening the next page, reloading one and closing one go through the page protocol with no
stray PM; `/invite` gets no answer; HTML with players
named `Here` passes the server's check where the unwritten line is refused; a PM prompt to a player
not in the room reaches them as a plain PM; a room configured by an alias is joined."""

from __future__ import annotations

import asyncio
import contextlib
import html
import itertools
import json
import random
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from harness import run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import BOT_ID, HOST_NAME, E2EEnv
from hosting_kit import connect, eventually
from test_client import bot_client, wait_until

from survivor_host.bot.replay_pages import showdown_page
from survivor_host.engine.dice import FairDice
from survivor_host.engine.events import RoundTable
from survivor_host.fair.stream import client_seed
from survivor_host.showdown import Chat, Connected, Error, Message, PrivateMessage, RoomState
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.events import Refused
from survivor_host.showdown.standing import Locked, Unlocked
from survivor_host.showdown.text import MAX_FRAME_LENGTH, utf16_len
from survivor_host.store.db import Store
from survivor_host.themes import new_game
from survivor_host.words.html import round_table_box, signups_box

ROOM = "survivor"
NAMES = tuple(f"Player Number {i:04d}" for i in range(27)) + ("Here", "Click Here 1234567", "<b>x</b>&Here!1234")


@contextlib.asynccontextmanager
async def running(env: E2EEnv, events: list[Message], **changes: Any) -> AsyncIterator[ShowdownClient]:
    """The bot's client, logged in with its rooms joined, closed after."""
    client = bot_client(env, events, **changes)
    task = asyncio.create_task(client.run())
    try:
        await asyncio.wait_for(client.wait_ready(), 30)
        yield client
    finally:
        await client.close()
        await task


def played_cta(players: tuple[str, ...]) -> dict[str, Any]:
    """A finished Chase the Ace game on the fair dice, its inputs chosen at random among the legal ones."""
    game = new_game("cta", players, dice=FairDice("ab" * 32, client_seed(players, []), []))
    rng = random.Random(1)
    game.start()
    while not game.finished:
        game.apply(rng.choice(game.legal_inputs(game.awaiting()[0].player)))
    record: dict[str, Any] = game.record()
    return record


def store_replay(database: Path, record: dict[str, Any]) -> int:
    store = Store(database)
    try:
        game_id = store.begin_game(
            ROOM, record["theme"], record.get("mods") or [], {}, record["players"], record["seed"], 1.0,
            dice=record["dice"], client_seed=record.get("client_seed"),
        )  # fmt: skip
        store.finish_game(game_id, record, 2.0)
        return game_id
    finally:
        store.close()


def test_a_full_chase_the_ace_replay_opens_in_pages_through_the_page_protocol(
    e2e: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    record = played_cta(NAMES)
    assert utf16_len(showdown_page(record, 1, BOT_NAME)) > MAX_FRAME_LENGTH  # as one page, the server drops it
    bot = bot_factory()
    bot.folder.mkdir(parents=True, exist_ok=True)
    game_id = store_replay(bot.database, record)
    bot.start()
    page_room = f"view-bot-{BOT_ID}-survivorreplay{game_id}"

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            (reader,) = await connect(stack, e2e, ["Page Reader"], [ROOM])
            start = reader.mark()
            await reader.say(ROOM, f"$replay {game_id}")
            first = await reader.wait_for(lambda ln: ln.room == page_room and ln.type == "pagehtml", timeout=30)
            total = int(re.search(r"Page 1 of (\d+)", first.text).group(1))  # type: ignore[union-attr]
            assert total >= 2 and "Dice check by the bot: verified" in html.unescape(first.text)
            shown = [first.text]
            for number in range(2, total + 1):  # the link to the next page: the client joins its room
                mark = reader.mark()
                await reader.send("", f"/join {page_room}page{number}")
                line = await reader.wait_for(
                    lambda ln, n=number: ln.room == f"{page_room}page{n}" and ln.type == "pagehtml",  # type: ignore[misc]
                    since=mark, timeout=30,
                )  # fmt: skip
                assert f"Page {number} of {total}" in line.text
                shown.append(line.text)
            text = html.unescape("".join(shown))
            for name in NAMES:
                assert f"<li>{name}</li>" in text
            assert "<b>x</b>" not in "".join(shown)
            # the record, by the first page's link: its pages read back as the stored record
            record_room = f"view-bot-{BOT_ID}-survivorrecord{game_id}"
            assert f'href="/{record_room}"' in first.text
            boxes = []
            for number in itertools.count(1):
                part = record_room + (f"page{number}" if number > 1 else "")
                mark = reader.mark()
                await reader.send("", f"/join {part}")
                line = await reader.wait_for(lambda ln, r=part: ln.room == r and ln.type == "pagehtml", since=mark)  # type: ignore[misc]
                boxes += re.findall(r"<pre>(.*?)</pre>", line.text, re.DOTALL)
                if f"survivorrecord{game_id}page{number + 1}" not in line.text:
                    break
            assert number > 1 and json.loads("\n".join(map(html.unescape, boxes))) == record
            # a reload: the client joins the page again and the bot sends it again
            mark = reader.mark()
            await reader.send("", f"/join {page_room}")
            again = await reader.wait_for(lambda ln: ln.room == page_room and ln.type == "pagehtml", since=mark)
            assert again.text == first.text
            # closing it, and an invite, get no answer
            await reader.send("", f"/leave {page_room}")
            await reader.send(ROOM, f"/invite {BOT_NAME}")
            await reader.send("", f"/msgroom {ROOM}, /botmsg {BOT_NAME}, pl")  # a quiet button: answered as `pl`
            await eventually(
                lambda: any("No game or signups" in pm.text for pm in reader.pms(with_user=BOT_NAME, since=start))
            )
            await asyncio.sleep(1.5)
            stray = [pm.text for pm in reader.pms(with_user=BOT_NAME, since=start) if "know the command" in pm.text]
            assert stray == []
            assert "Not sending" not in bot.log()
            # asked by PM from outside the bot's rooms: the server refuses the page; the link to it opens it
            stranger = await stack.enter_async_context(e2e.player("Page Stranger"))
            mark = stranger.mark()
            await stranger.pm(BOT_NAME, f"$replay {game_id}")
            link = await stranger.wait_for(lambda ln: ln.type == "pm" and "<<view-bot-" in ln.text, since=mark)
            assert link.rest(3) == f"Open the replay of game #{game_id} here: <<{page_room}>>"
            await stranger.send("", f"/join {page_room}")
            opened = await stranger.wait_for(lambda ln: ln.room == page_room and ln.type == "pagehtml", since=mark)
            assert opened.text == first.text

    run_async(scenario(), timeout=200)


def test_html_with_players_named_here_passes_the_servers_check(e2e: E2EEnv) -> None:
    events: list[Message] = []
    table = RoundTable(
        title="Round 1", columns=("Player", "Roll"),
        rows=(("Here", "3"), ("here1", "5"), ("Here!", "1"), ("CLICK HERE", "2")),
    )  # fmt: skip

    async def scenario() -> None:
        async with running(e2e, events) as client, e2e.player("Here Watcher") as watcher:
            await watcher.join(ROOM)
            # the finding: the same table, not written for the check, is refused by the server
            client.queue.put(ROOM, "/addhtmlbox <table><tr><td>Here</td><td>3</td></tr></table>")
            await wait_until(lambda: any(isinstance(e, Refused) and "click here" in e.text for e in events))
            mark = watcher.mark()
            count = len([e for e in events if isinstance(e, Error)])
            client.add_html_box(ROOM, round_table_box(table), fallback=["Here rolls 3"])
            line = await watcher.wait_for(lambda ln: ln.room == ROOM and "&#72;ere" in ln.text, since=mark)
            for name in ("Here", "here1", "Here!", "CLICK HERE"):
                assert f"<td>{name}</td>" in html.unescape(line.text)
            await asyncio.sleep(0.5)
            assert len([e for e in events if isinstance(e, Error)]) == count  # no refusal this time
            assert not any("Here rolls 3" in ln.text for ln in watcher.lines(ROOM, since=mark))
            # a box the server refuses for any reason (here: an image without its size, an error of two
            # lines) is said as its text lines instead, once
            client.add_html_box(ROOM, '<img src="https://x.example/a.png">', fallback=["Round 3: Mars is out."])
            await watcher.wait_for(lambda ln: ln.room == ROOM and ln.text.endswith("|Round 3: Mars is out."))
            await asyncio.sleep(0.5)
            said = [ln for ln in watcher.lines(ROOM, since=mark) if ln.text.endswith("Mars is out.")]
            assert len(said) == 1

    run_async(scenario(), timeout=90)


def test_a_pm_prompt_for_a_player_not_in_the_room_reaches_them_as_a_plain_pm(e2e: E2EEnv) -> None:
    events: list[Message] = []

    async def scenario() -> None:
        # the outsider: registered, online, in no room
        async with running(e2e, events) as client, e2e.player("Page Outsider") as outsider:
            mark = outsider.mark()
            box = '<div class="infobox">[survivor] Round 2: follow or rebel?</div>'
            client.pm_uhtml(ROOM, "Page Outsider", "prompt", box, fallback="[survivor] Round 2: /follow or rebel?")
            await wait_until(lambda: any(isinstance(e, Refused) and "not in this room" in e.text for e in events))
            pm = await outsider.wait_for(lambda ln: ln.type == "pm" and "Round 2" in ln.text, since=mark)
            assert pm.rest(3) == "[survivor] Round 2: /follow or rebel?"  # text, never a command

    run_async(scenario(), timeout=90)


def test_a_room_configured_by_an_alias_is_joined(e2e: E2EEnv) -> None:
    events: list[Message] = []

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            (host,) = await connect(stack, e2e, [HOST_NAME], [ROOM])
            mark = host.mark()
            await host.say(ROOM, "/roomalias pagesurvivor")
            await host.wait_for(lambda ln: "pagesurvivor" in ln.text, since=mark)
            async with running(e2e, events, rooms=("pagesurvivor",), join_timeout=5.0) as client:
                connected = next(e for e in events if isinstance(e, Connected))
                assert connected.rooms == ("pagesurvivor",)
                assert client.my_rank("pagesurvivor") == "*"
                await host.say(ROOM, "seen by the bot")
                await wait_until(lambda: any(isinstance(e, Chat) and e.text == "seen by the bot" for e in events))
                said = next(e for e in events if isinstance(e, Chat) and e.text == "seen by the bot")
                assert said.room == "pagesurvivor"
                mark = host.mark()
                client.say("pagesurvivor", "the bot speaks")
                await host.wait_for(lambda ln: ln.room == ROOM and "the bot speaks" in ln.text, since=mark)
            await host.say(ROOM, "/removeroomalias pagesurvivor")

    run_async(scenario(), timeout=90)


def test_buttons_in_a_secret_room_are_the_quiet_form_the_server_takes(
    e2e: E2EEnv, ps_server_factory: Callable[..., Any]
) -> None:
    """On a server of its own: the bot stays `*` in the new room, and the server hands every bot page
    request to the bot in the last room where it is `*`, which later tests' bots do not join."""
    env = e2e.for_server(ps_server_factory())
    events: list[Message] = []
    room = "pagehideout"

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, ann = await connect(stack, env, [HOST_NAME, "Hideout Ann"], [ROOM])
            mark = host.mark()
            await host.say(ROOM, "/makeprivatechatroom Page Hideout")
            await host.wait_for(lambda ln: "Page Hideout" in ln.text, since=mark)
            await host.join(room)
            await ann.join(room)
            async with running(env, events, rooms=(ROOM, room)) as client:
                await host.say(room, f"/roompromote {BOT_NAME}, *")
                await wait_until(lambda: client.my_rank(room) == "*")
                await wait_until(lambda: (client.room(room) or RoomState(room)).visibility == "secret")
                buttons = client.buttons(room)
                assert buttons.quiet and not buttons.room_lines
                # the finding: a button that says `/me in` in a secret room is refused
                client.queue.put(room, '/adduhtml raw, <button name="send" value="/me in">Join</button>')
                await wait_until(lambda: any(isinstance(e, Refused) and "not allowed" in e.text for e in events))
                mark = ann.mark()
                box_html = signups_box("Follow the Leader", [], ["Hideout Ann"], buttons=buttons)
                client.add_uhtml(room, "signups", box_html)
                box = await ann.wait_for(lambda ln: ln.room == room and "Follow the Leader" in ln.text, since=mark)
                values = [html.unescape(v) for v in re.findall(r'value="([^"]*)"', box.text)]
                assert values == [f"/msgroom {room}, /botmsg {BOT_NAME}, {room} in",
                                  f"/msgroom {room}, /botmsg {BOT_NAME}, {room} out"]  # fmt: skip
                await ann.send(room, values[0])  # the click
                await wait_until(
                    lambda: any(isinstance(e, PrivateMessage) and e.text == f"/botmsg {room} in" for e in events)
                )

    run_async(scenario(), timeout=90)


def test_a_lock_during_the_session_is_noticed_and_the_bot_goes_quiet(
    e2e: E2EEnv, ps_server_factory: Callable[..., Any]
) -> None:
    """On a server of its own (a lock also marks the address, shared by everyone on loopback)."""
    env = e2e.for_server(ps_server_factory())
    events: list[Message] = []

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            (host,) = await connect(stack, env, [HOST_NAME], [ROOM])
            async with running(env, events) as client:
                await host.say(ROOM, f"/forcelock {BOT_NAME}, testing")  # the bot is trusted (`*`): forced
                await wait_until(lambda: any(isinstance(e, Locked) for e in events))
                assert client.restriction == "locked"
                mark = host.mark()
                client.say(ROOM, "said while locked")
                await asyncio.sleep(1.0)
                assert not any("said while locked" in ln.text for ln in host.lines(ROOM, since=mark))
                await host.say(ROOM, f"/unlock {BOT_NAME}")
                await wait_until(lambda: any(isinstance(e, Unlocked) for e in events))
                client.say(ROOM, "said after the unlock")
                await host.wait_for(lambda ln: ln.room == ROOM and "said after the unlock" in ln.text, since=mark)

    run_async(scenario(), timeout=120)
