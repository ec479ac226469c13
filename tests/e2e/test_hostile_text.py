"""Issue 8 finding 1 against the real server: user text never becomes a command.

Strings starting with `/`, `//`, `!`, `!!`, `>>`, spaces then `/`, and look-alikes go through every
command that echoes user text, by PM and in the room; the receivers check that every reply arrives as
literal text, and that the bot still has its name, its room and open PMs. A second test sends the
same strings straight through the client's `say` and `pm`.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from harness import run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import HOST_NAME, E2EEnv
from harness.player import Line, Player
from hosting_kit import connect, open_signups
from test_client import bot_client, wait_until

from survivor_host.bot.allowance import BURST, EVERY
from survivor_host.engine.ids import to_id
from survivor_host.showdown import Message, PrivateMessage
from survivor_host.showdown.escape import ZERO_WIDTH_SPACE

ROOM = "survivor"
HOSTILE = [
    "/blockpms",
    "//me x",
    "!dt pikachu",
    "!!rules",
    ">> 1",
    "  /leave survivor",
    "\u3000/nick Evil",
    "\ufeff/logout",
    "／blockpms",
    "！dt",
]
HTML_FORMS = ("/raw ", "/uhtml ", "/uhtmlchange ")  # what the bot's own HTML commands post


def shown(text: str) -> str | None:
    """What a reader sees (the client's rule: `//x` reads `/x`); None for a line the client would
    treat as a command (`/me`, `/html`...)."""
    if text.startswith("//"):
        return text[1:]
    if text.startswith("/"):
        return None
    return text.removeprefix(ZERO_WIDTH_SPACE)


def from_bot_pm(line: Line) -> bool:
    return line.type == "pm" and to_id(line.parts[1]) == to_id(BOT_NAME)


def from_bot_in_room(line: Line) -> bool:
    if line.room != ROOM or line.type not in ("c:", "c") or len(line.parts) < 3:
        return False
    return to_id(line.parts[2] if line.type == "c:" else line.parts[1]) == to_id(BOT_NAME)


async def ask(player: Player, text: str, *, by_pm: bool, in_room_reply: bool = False) -> str:
    """Send `text` (a PM or a room line) and return the bot's answer as received."""
    mark = player.mark()
    if by_pm:
        await player.pm(BOT_NAME, text)
    else:
        await player.say(ROOM, text)
    wanted: Callable[[Line], bool] = from_bot_in_room if in_room_reply else from_bot_pm
    line = await player.wait_for(wanted, since=mark, timeout=15)
    return line.rest(3) if line.type in ("pm", "c:") else line.rest(2)


SPARE = BURST / 2
"""Costly commands of a user's allowance left unused, so that no delay in delivery takes them over it."""


@dataclass
class Allowance:
    """A user's allowance of costly commands as the bot counts it (a burst, then one every EVERY s)."""

    left: float = float(BURST)
    at: float = field(default_factory=time.monotonic)

    async def spend(self, commands: int) -> None:
        """Wait until `commands` more leave SPARE unused, then count them."""
        while True:
            now = time.monotonic()
            left = min(float(BURST), self.left + (now - self.at) / EVERY)
            if left >= SPARE + commands:
                break
            await asyncio.sleep((SPARE + commands - left) * EVERY)
        self.left, self.at = left - commands, now


def literal(reply: str, hostile: str, echoed: bool) -> None:
    seen = shown(reply)
    assert seen is not None, f"the reply {reply!r} would run as a command"
    if echoed:
        assert hostile.strip() in seen or repr(hostile.strip())[1:-1] in seen, (hostile, seen)


def test_hostile_text_through_every_command_arrives_literal_and_changes_nothing(
    e2e: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    defaults = {"leader": "vote", "public_deadline": 600, "reminder": 0}
    bot_factory(defaults=defaults, fixed_seed="hostile").start()
    names = ["Evil Ann", "Evil Ben", "Evil Cat", "Evil Dan"]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *names], [ROOM])
            outsider = (await connect(stack, e2e, ["Evil Outsider"], [ROOM]))[0]
            start = host.mark()

            async def outsider_tries() -> None:
                allowance = Allowance()
                for h in HOSTILE:  # not playing: points and the words of a game
                    await allowance.spend(2)  # two costly commands, within the user's allowance
                    literal(await ask(outsider, f"points {h}", by_pm=True), h, echoed=False)  # named by id
                    literal(await ask(outsider, f"$points {h}", by_pm=False, in_room_reply=True), h, echoed=False)
                    literal(await ask(outsider, f"vote {h}", by_pm=True), h, echoed=False)
                # look-alikes are no command for the sender either (an unknown PM: one answer a minute)
                literal(await ask(outsider, "／blockpms", by_pm=True), "／blockpms", echoed=True)
                mark = outsider.mark()
                for h in (*HOSTILE, "！dt"):  # an unknown word in the room: no answer at all (issue 19)
                    await outsider.say(ROOM, f"${h.strip()}")
                await outsider.expect_none(lambda ln: from_bot_pm(ln) or from_bot_in_room(ln), since=mark, within=2.0)

            async def host_tries_setup() -> None:
                for h in HOSTILE:
                    literal(await ask(host, f"$host ftl {h}", by_pm=False), h.split()[0], echoed=True)
                    literal(await ask(host, f"$set {h} pick", by_pm=False), h.split()[0], echoed=False)

            await asyncio.gather(outsider_tries(), host_tries_setup())
            await open_signups(host, ROOM, "$host ftl", players)
            for h in HOSTILE:
                literal(await ask(host, f"$set leader {h}", by_pm=False), h, echoed=True)
            mark = host.mark()
            await host.say(ROOM, "$start")
            await host.wait_for(r"Vote for the first leader", room=ROOM, since=mark, timeout=20)

            async def player_tries(player: Player, words: list[str]) -> None:
                allowance = Allowance()  # the signup long refilled
                for word in words:
                    for h in HOSTILE:
                        in_room = word == "points"  # `.points` is answered in the room
                        if in_room:
                            await allowance.spend(2)  # two costly commands, within the user's allowance
                        literal(await ask(player, f"{word} {h}", by_pm=True), h, echoed=word == "vote")
                        reply = await ask(player, f"${word} {h}", by_pm=False, in_room_reply=in_room)
                        literal(reply, h, echoed=word == "vote")

            async def host_tries_game() -> None:
                for word in ("pick", "modkill", "sub"):
                    for h in HOSTILE:
                        literal(await ask(host, f"${word} {h}", by_pm=False), h, echoed=True)

            await asyncio.gather(
                player_tries(players[0], ["vote", "swap"]),
                player_tries(players[1], ["suspect", "scapegoat"]),
                player_tries(players[2], ["duel", "points"]),
                host_tries_game(),
            )
            # a seat renamed to hostile text by a substitution: the room reads it as text
            sub = await ask(host, f"$sub {names[0]}, {HOSTILE[5]}", by_pm=False, in_room_reply=True)
            literal(sub, HOSTILE[5], echoed=True)
            # the bot is unchanged: still named so, still in the room with its rank, PMs still open
            assert players[3].rank_in(ROOM, BOT_NAME) == "*"
            reply = await ask(players[3], "help", by_pm=True)
            # the help comes in more than one PM; its first names the rooms the bot hosts in
            assert "Join with /me in" in reply or "I host in survivor" in reply
            pl = await ask(players[3], "$pl", by_pm=False, in_room_reply=True)
            assert pl.startswith("**PL (4):**")
            for person in (host, *players, outsider):
                assert not [ln for ln in person.transcript[start:] if ln.type == "N" and BOT_NAME in ln.text]
                errors = [ln.text for ln in person.transcript[start:] if "blocking private messages" in ln.text]
                assert not errors, errors
                for pm in person.pms(with_user=BOT_NAME):
                    if to_id(pm.sender) == to_id(BOT_NAME) and not pm.text.startswith("/uhtml "):
                        assert shown(pm.text) is not None, pm.text
            for line in host.transcript[start:]:
                if from_bot_in_room(line):
                    text = line.rest(3) if line.type == "c:" else line.rest(2)
                    assert shown(text) is not None or text.startswith(HTML_FORMS), text
            mark = host.mark()
            await host.say(ROOM, "$end")
            await host.wait_for(r"\|Dice seed: ", room=ROOM, since=mark)

    run_async(scenario(), timeout=400)


def test_the_client_sends_hostile_lines_as_literal_text(e2e: E2EEnv) -> None:
    """`say` and `pm` themselves: what the server posts reads as typed; the bot stays as it was."""
    events: list[Message] = []

    async def scenario() -> None:
        client = bot_client(e2e, events)
        task = asyncio.create_task(client.run())
        try:
            await asyncio.wait_for(client.wait_ready(), 30)
            async with e2e.player("Literal Reader") as reader:
                await reader.join(ROOM)
                mark = reader.mark()
                for h in HOSTILE:
                    client.say(ROOM, h)
                    client.pm(reader.name, h)
                client.say(ROOM, "done")
                client.pm(reader.name, "done")
                await reader.wait_for(r"\|done$", room=ROOM, since=mark, timeout=30)
                await reader.wait_for(lambda ln: from_bot_pm(ln) and ln.rest(3) == "done", since=mark, timeout=30)
                said = [m.text for m in reader.chat(ROOM, since=mark) if to_id(m.user) == to_id(BOT_NAME)]
                pms = [p.text for p in reader.pms(with_user=BOT_NAME, since=mark) if to_id(p.sender) != reader.userid]
                expected = [re.sub(r"^[\s\ufeff]+", "", h) for h in HOSTILE] + ["done"]
                assert [shown(t) for t in said] == expected
                assert [shown(t) for t in pms] == expected
                # nothing ran as the bot: same name, still in the room, PMs still open
                assert client.name == BOT_NAME and client.room(ROOM) is not None
                assert reader.rank_in(ROOM, BOT_NAME) == "*"
                await reader.pm(BOT_NAME, "still there?")
                await wait_until(
                    lambda: any(isinstance(e, PrivateMessage) and e.text == "still there?" for e in events)
                )
                assert not [ln.text for ln in reader.transcript[mark:] if "blocking private messages" in ln.text]
        finally:
            await client.close()
            await task

    run_async(scenario(), timeout=120)
