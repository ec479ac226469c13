"""Rock, Paper, Scissors hosted by the bot on the local server, through the room bot's queue (a stand-in of Sir
Vivor): `$host rps, ls, sw`, signups, players clicking the target-and-weapon buttons the bot PMs them (and the
weapon buttons of the final), clashes in the room, the end line, the replay's dice
seed, and the `.addbot` line the room bot takes."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from harness import E2EEnv, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.table import Table
from hosting_kit import Chooser, game_record, random_rule
from test_room_bot import ROOM, bot_chat, click_the_points_button, hosted_game, transcript

NAMES = [f"Rp {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]


def test_rps_lizard_spock_with_second_wind_hosted_through_the_room_bot(
    room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]
) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="rb-rps").start()
    table: list[Table] = []

    def make_table(people: list[Any]) -> Table:
        table.append(Table(BOT_NAME, people, Chooser(random_rule("rb-rps"))))
        return table[0]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(stack, env, NAMES, "rps, ls, sw", make_table, 300)
            said = bot_chat(auth, mark)
            joined = "\n".join(said)
            assert "**Rock, Paper, Scissors** (Lizard Spock and Second Wind) begins with 7 players." in joined
            assert ") attacks **Rp " in joined and "Roll (1 - 125) for Rp " in joined and "♥" in joined
            assert "**Final:** Rp " in joined and "defended" not in joined
            await click_the_points_button(bot, sv, auth, mark)
            print("\n" + transcript(auth, mark))

    run_async(scenario(), timeout=420)
    assert "Traceback" not in bot.log()
    record = game_record(bot.database, ROOM)
    assert record["theme"] == "rps" and record["mods"] == ["lizard-spock", "second-wind"]
    clicked = [command.split(" ", 1) for _, command in table[0].clicks]
    assert {word for word, _ in clicked} == {"attack", "throw"}
    assert len({player for player, _ in table[0].clicks}) == len(NAMES)
    assert record["rounds"][-1]["final"] and record["rounds"][-1]["throws"]
