"""Hot Potato (Timer) hosted by the bot on the local server, through the room bot's queue (a stand-in of Sir
Vivor): `$host hp, hpt`, signups, each holder clicking the Pass buttons the bot gives them, the rolls in
the room, the end line, the replay's dice seed (the stored game verifies), and the `.addbot` line the room bot takes."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from harness import E2EEnv, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.table import Table
from hosting_kit import Chooser, game_record, random_rule
from test_room_bot import ROOM, bot_chat, click_the_points_button, hosted_game, transcript

from survivor_host.trust.verify import verify

HP_NAMES = [f"Hp {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]


def test_hp_with_the_timer_hosted_through_the_room_bot(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="rb-hp").start()
    table: list[Table] = []

    def make_table(people: list[Any]) -> Table:
        table.append(Table(BOT_NAME, people, Chooser(random_rule("rb-hp"))))
        return table[0]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(stack, env, HP_NAMES, "hp, hpt", make_table, 240)
            said = "\n".join(bot_chat(auth, mark))
            assert "**Hot Potato** (Timer) begins with 7 players." in said
            assert "The potato lands on **Hp " in said and "you hold the potato" in said
            assert "Roll (1 - 200) for Hp " in said and "Roll (1 - 100) for Hp " in said
            assert "**Boom!** The potato explodes on **Hp " in said
            await click_the_points_button(bot, sv, auth, mark)
            print("\n" + transcript(auth, mark))

    run_async(scenario(), timeout=360)
    assert "Traceback" not in bot.log()
    record = game_record(bot.database, ROOM)
    assert record["theme"] == "hp" and record["mods"] == ["hpt"]
    assert verify(record).ok  # the stored game replays from its revealed seed
    clicks = table[0].clicks
    assert {command.split(" ", 1)[0] for _, command in clicks} == {"pass"}
    passes = [t for rnd in record["rounds"] for t in rnd["tosses"] if not t.get("auto")]
    assert len(clicks) == len(passes) and all(player != command.split(" ", 1)[1] for player, command in clicks)
