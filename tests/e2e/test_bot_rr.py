"""Russian Roulette hosted by the bot on the local server, through the room bot's queue (a stand-in of Sir
Vivor): `$host rr`, signups, the player on turn clicking the Pull, Pass and Steal buttons the bot PMs
them (the action said in the room), the chamber's rolls, the final, the end line, the replay's dice seed,
the `.addbot` line the room bot takes, and `verify` of the stored record."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from harness import E2EEnv, run_async
from harness.bot import BOT_NAME, BotProcess
from harness.table import Table
from hosting_kit import Chooser, game_record
from test_room_bot import ROOM, bot_chat, click_the_points_button, hosted_game, transcript

from survivor_host.trust.verify import verify

RR_NAMES = [f"Rr {n}" for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")]
PASSERS = frozenset(RR_NAMES[::2])


def clicks(player: str, commands: list[str], n: int) -> str | None:
    """Steal when a Steal button is offered; else half the table passes first and the other half always
    pulls (so they keep passes for the thieves): every kind of button is clicked, however the turns fall."""
    steals = sorted(command for command in commands if command.startswith("steal "))
    if steals:
        return steals[0]
    if player in PASSERS and "pass" in commands:
        return "pass"
    return "pull" if "pull" in commands else None


def test_rr_hosted_through_the_room_bot(room_bot_env: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    env = room_bot_env
    bot = bot_factory(env=env, rooms=(ROOM,), fixed_seed="rb-rr").start()
    table: list[Table] = []

    def make_table(people: list[Any]) -> Table:
        table.append(Table(BOT_NAME, people, Chooser(clicks)))
        return table[0]

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv, auth, _, mark = await hosted_game(stack, env, RR_NAMES, "rr", make_table, 240)
            said = "\n".join(bot_chat(auth, mark))
            assert "**Russian Roulette** begins with 7 players and 6 chambers." in said
            assert "**Round 1:** Rr Ann, Rr Ben, Rr Cat" in said and "your turn at chamber 6: say **" in said
            assert "Roll (1 - 6) for Rr " in said and "**Final:** Rr " in said
            await click_the_points_button(bot, sv, auth, mark)
            print("\n" + transcript(auth, mark))

    run_async(scenario(), timeout=360)
    assert "Traceback" not in bot.log()
    record = game_record(bot.database, ROOM)
    assert record["theme"] == "rr" and record["mods"] == [] and record["rounds"][-1]["final"] is True
    assert verify(record).ok, verify(record).difference
    assert {command.split(" ", 1)[0] for _, command in table[0].clicks} == {"pull", "pass", "steal"}
