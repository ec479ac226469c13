"""Fair dice and replays on the real server (issue 10 items 1 and 4): the commitment when signups
open, `$salt`, the client seed at `$start`; after the game `$lastgame`, `$replay` (a bot page sent
with `/sendhtmlpage`) and `$games`, with hostile input refused or escaped."""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Callable

from harness import run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import HOST_NAME, E2EEnv
from harness.table import Table, first_button
from hosting_kit import bot_lines, bot_pms, connect, eventually, game_record, open_signups, start_and_play

from survivor_host.engine.ids import to_id
from survivor_host.fair.stream import client_seed, commitment
from survivor_host.trust.verify import verify

ROOM = "survivor"
NAMES = ["Quin", "Rae", "Sol", "Tia"]


def test_fair_dice_lastgame_replay_and_games(e2e: E2EEnv, bot_factory: Callable[..., BotProcess]) -> None:
    bot = bot_factory(defaults={"leader": "pick"}).start()

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            host, *players = await connect(stack, e2e, [HOST_NAME, *NAMES], [ROOM])
            quin, rae, sol, tia = players
            await open_signups(host, ROOM, "$host ftl", players)
            said = bot_lines(host, ROOM)
            opened = next(i for i, line in enumerate(said) if "signups are open" in line)
            committed = said[opened + 1]
            assert committed.startswith("Dice commitment: sha256 ")
            # hostile salt words are refused (and never posted); a plain word is taken
            await quin.say(ROOM, "$salt <b>x</b>")
            await rae.say(ROOM, "$salt basil")
            await eventually(lambda: any("A salt is one word" in str(m) for m in bot_pms(quin)), what="refusal")
            await eventually(lambda: any("Your salt basil" in str(m) for m in bot_pms(rae)), what="salt taken")
            await start_and_play(host, ROOM, Table(BOT_NAME, players, first_button))
            record = game_record(bot.database, ROOM)
            assert verify(record).ok, verify(record).difference
            assert record["client_seed"] == client_seed(NAMES, ["basil"])
            assert committed.split()[3] == commitment(record["seed"]) == record["commitment"]
            lines = bot_lines(host, ROOM)
            assert f"Dice client seed (the players in join order, then salts): {record['client_seed']}" in lines
            assert not any("<b>x" in line or "&lt;b&gt;x" in line for line in lines)

            mark = host.mark()
            await sol.say(ROOM, "$lastgame")
            last = await host.wait_for(r"\|Last game: #", room=ROOM, since=mark)
            assert f"commitment sha256 {record['commitment']}, client seed {record['client_seed']}" in last.text
            assert f"seed {record['seed']}. Replay: $replay " in last.text
            game_id = int(re.search(r"Last game: #(\d+)", last.text).group(1))  # type: ignore[union-attr]

            mark = tia.mark()
            await tia.say(ROOM, f"$replay {game_id}")
            page = await tia.wait_for(r"^\|pagehtml\|", since=mark, timeout=20)
            assert page.room == f"view-bot-{to_id(BOT_NAME)}-survivorreplay{game_id}"
            shown = html.unescape(page.text)
            assert "Dice check by the bot: verified" in shown
            for name in NAMES:
                assert f"<li>{name}</li>" in shown
            assert f'The winner: <span class="winner">{record["winner"]}</span>' in shown
            await quin.say(ROOM, "$replay <i>1</i>")
            await eventually(lambda: any("Say which game by its number" in str(m) for m in bot_pms(quin)), what="no")
            await sol.say(ROOM, f"$games {rae.name}")
            await eventually(
                lambda: any(f"Recent games in {ROOM} with {rae.name}: #{game_id} " in str(m) for m in bot_pms(sol))
            )
            assert not tia.lines(type="pagehtml", since=page.index + 1)

    run_async(scenario(), timeout=200)
