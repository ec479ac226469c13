"""Exclusions with Golf hosted by the bot on the local server, through the room bot's queue (a stand-in of
Sir Vivor): `$host exclusions, golf`, signups, players clicking the buttons the bot PMs them for their
nickname, their attack and, when drawn, their guess of a nickname nobody attacked; the room sees duels by
nickname and an owner only as they go out; the end line, the seed and the `.addbot` line the room bot takes."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from harness import E2EEnv, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.table import Table
from hosting_kit import Chooser, game_record, no_deadline_passed, random_rule
from test_room_bot import ROOM, bot_chat, click_the_points_button, hosted_game, transcript

NAMES = [f"Ex {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]
SALT = "rb-exc"
"""The buttons each player clicks (round 1's attacks leave two nicknames unattacked: two guesses)."""


def test_exclusions_with_golf_hosted_through_the_room_bot(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="rb-exclusions").start()
    table: list[Table] = []

    def make_table(people: list[Any]) -> Table:
        table.append(Table(BOT_NAME, people, Chooser(random_rule(SALT))))
        return table[0]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(stack, env, NAMES, "exclusions, golf", make_table, 300)
            said = bot_chat(auth, mark)
            print("\n" + transcript(auth, mark))
            assert "**Exclusions** (Golf) begins with 7 players." in said
            assert any(line.startswith("**Round 1.** Still in: Ex Ann, Ex Ben, Ex Cat") for line in said)
            assert any(", nobody attacked **" in line and "who is it?" in line for line in said)
            assert any("Golf: the lower roll wins." in line for line in said)
            record = game_record(bot.database, ROOM)
            owners = {nick: name for rec in record["rounds"] for nick, name in rec["revealed"].items()}
            end = said.index(next(line for line in said if "wins the game!" in line))
            for line in said[:end]:
                if "who is it?" in line:  # a guess names everyone still in beside the nickname guessed
                    continue
                for nick, name in owners.items():  # an owner is named beside a nickname only as they go out
                    if re.search(rf"\b{nick}\b", line) and name in line:
                        told = (f"{nick} was **{name}**", f"**{name}** ({nick})", f"**{nick}**, was **{name}**")
                        told += (f"**{nick}** was **{name}**",)
                        assert any(words in line for words in told), line
            await click_the_points_button(bot, sv, auth, mark)

    run_async(scenario(), timeout=420)
    assert "Traceback" not in bot.log()
    record = game_record(bot.database, ROOM)
    assert record["theme"] == "exclusions" and record["mods"] == ["golf"]
    no_deadline_passed(record)
    assert {command.split(" ", 1)[0] for _, command in table[0].clicks} == {"nick", "attack", "suspect"}
    assert record["rounds"][0]["guesses"] and all(g["suspect"] for g in record["rounds"][0]["guesses"])
