"""Hunger Games hosted by the bot on the local server, through the room bot's queue (a stand-in of Sir
Vivor): `$host hg, sw`, signups, players clicking the Attack buttons the bot PMs them, duels in the room,
the end line, the replay's dice seed, and the `.addbot` line the room bot takes."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from harness import E2EEnv, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.table import Table
from hosting_kit import Chooser, game_record, random_rule
from test_room_bot import ROOM, bot_chat, click_the_points_button, hosted_game, transcript

HG_NAMES = [f"Hg {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]


def test_hg_with_second_wind_hosted_through_the_room_bot(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="rb-hg").start()
    table: list[Table] = []

    def make_table(people: list[Any]) -> Table:
        table.append(Table(BOT_NAME, people, Chooser(random_rule("rb-hg"))))
        return table[0]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(stack, env, HG_NAMES, "hg, sw", make_table, 240)
            said = "\n".join(bot_chat(auth, mark))
            assert "**Hunger Games** (Second Wind) begins with 7 players." in said
            assert "attacks **" in said and "Roll (1 - 100) for Hg " in said and "♥" in said
            await click_the_points_button(bot, sv, auth, mark)

    run_async(scenario(), timeout=360)
    assert "Traceback" not in bot.log()
    record = game_record(bot.database, ROOM)
    assert record["theme"] == "hg" and record["mods"] == ["second-wind"]
    assert {command.split(" ", 1)[0] for _, command in table[0].clicks} == {"attack"}
    assert len({player for player, _ in table[0].clicks}) == len(HG_NAMES)


SPOTLIGHT_NAMES = [f"Hs {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]


def test_hgs_with_golf_hosted_through_the_room_bot(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="rb-hgs").start()
    table: list[Table] = []

    def make_table(people: list[Any]) -> Table:
        table.append(Table(BOT_NAME, people, Chooser(random_rule("rb-hgs"))))
        return table[0]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(stack, env, SPOTLIGHT_NAMES, "hgs, golf", make_table, 240)
            said = "\n".join(bot_chat(auth, mark))
            assert "**Hunger Games Spotlight** (Golf) begins with 7 players." in said
            assert "the spotlight is on **Hs " in said and "Golf: the lower roll wins." in said
            await click_the_points_button(bot, sv, auth, mark)

    run_async(scenario(), timeout=360)
    assert "Traceback" not in bot.log()
    record = game_record(bot.database, ROOM)
    assert record["theme"] == "hgs" and record["mods"] == ["golf"]
    assert {command.split(" ", 1)[0] for _, command in table[0].clicks} == {"attack"}


ANON_NAMES = [f"Ha {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]


def test_hga_with_roll_switch_hosted_through_the_room_bot(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="rb-hga").start()
    table: list[Table] = []

    def make_table(people: list[Any]) -> Table:
        table.append(Table(BOT_NAME, people, Chooser(random_rule("rb-hga"))))
        return table[0]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(stack, env, ANON_NAMES, "hga, rs", make_table, 300)
            said = bot_chat(auth, mark)
            assert "**Hunger Games Anon** (Roll Switch) begins with 7 players." in said
            assert any(line.startswith("**Names:** Ha Ann, Ha Ben, Ha Cat") for line in said)
            record = game_record(bot.database, ROOM)
            owners = {nick: name for rec in record["rounds"] for nick, name in rec["revealed"].items()}
            for line in said[: said.index(next(line for line in said if "wins the game!" in line))]:
                for nick, name in owners.items():  # an owner is named beside a nickname only as they go out
                    if re.search(rf"\b{nick}\b", line) and name in line:
                        told = (f"{nick} was **{name}**", f"**{name}** ({nick})", f"**{nick}**, was **{name}**")
                        assert any(words in line for words in told), line
            await click_the_points_button(bot, sv, auth, mark)
            print("\n" + transcript(auth, mark))

    run_async(scenario(), timeout=420)
    assert "Traceback" not in bot.log()
    record = game_record(bot.database, ROOM)
    assert record["theme"] == "hga" and record["mods"] == ["roll-switch"]
    assert {command.split(" ", 1)[0] for _, command in table[0].clicks} == {"nick", "attack"}
