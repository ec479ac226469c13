"""Issue 22 on the real server: a whole hand-hosted session (a host hosted through the room bot's
stand-in, twelve players joining with `/me in`, two salts, labelled rolls, picks, a shuffle, two
timers, cards by PM, eliminations on the host's page, the end by the room bot's `.win`); its record
verifies with `verify` and in Chromium, the room's lines alone with `verify --chat`, and hostile
text in every argument stays text. The room's transcript is printed when the test fails."""

from __future__ import annotations

import contextlib
import html
import importlib.util
import json
import re
import sqlite3
import sys
from pathlib import Path
from typing import Any

from harness import run_async
from harness.bot import BOT_NAME, BotProcess
from harness.env import E2EEnv
from harness.player import Player
from harness.roombot import RoomBotStandIn
from hosting_kit import bot_lines, bot_pms, connect, eventually

from survivor_host.cli import main
from survivor_host.engine.ids import to_id
from survivor_host.fair.stream import commitment
from survivor_host.trust.chatlog import lines_of, verify_chat
from survivor_host.trust.session import verify_session
from survivor_host.trust.session_page import session_page

BROWSER = Path(__file__).parents[1] / "trust" / "browser.py"

ROOM = "survivor"
P = "$"
SV = "Sir Vivor"
AUTH = "Hand Auth"
HOST = "Mars Host"
NAMES = [f"Hand {name}" for name in ("Venus", "Io", "Ceres", "Pluto", "Eris", "Vesta", "Juno", "Pallas", "Hebe",
                                     "Iris", "Flora", "Metis")]  # fmt: skip
HOSTILE = ("/wall hi", "<b>x</b>", "**bold**", "!dt pikachu", ">>1+1", "[[link]]")


def open_in_chromium(page: Path) -> Any:
    """tests/trust/browser.py's headless Chromium (the e2e folder is not a package of `tests`)."""
    spec = importlib.util.spec_from_file_location("trust_browser", BROWSER)
    assert spec is not None and spec.loader is not None
    module = sys.modules.setdefault("trust_browser", importlib.util.module_from_spec(spec))
    spec.loader.exec_module(module)
    chromium = module.Browser()
    try:
        return chromium.open(page)
    finally:
        chromium.close()


def session_record(database: Path) -> dict[str, Any]:
    with contextlib.closing(sqlite3.connect(database)) as db:
        row = db.execute("SELECT record FROM hand_sessions WHERE status = 'ended' ORDER BY id DESC").fetchone()
    assert row is not None, "no ended session in the database"
    record: dict[str, Any] = json.loads(row[0])
    return record


def room_log(player: Player) -> list[str]:
    """The room as the room's log keeps it: `|c:|TIME|USER|TEXT` lines."""
    return [line.text for line in player.lines(ROOM) if line.type in ("c", "c:") and not line.in_init]


def transcript(player: Player) -> str:
    return "\n".join(f"{m.rank}{m.user}: {m.text}" for m in player.chat(ROOM))


async def wait_line(watcher: Player, pattern: str, since: int, timeout: float = 20) -> str:
    """The bot's line matching `pattern`, also when the send queue put it in a box or joined it to others
    (the room bot's flood rule counts our lines while it hosts a person)."""
    raw = pattern.replace("'", "(?:'|&#x27;)")  # a box escapes what the text shows
    found = await watcher.wait_for(rf"\|.{re.escape(BOT_NAME)}\|.*{raw}", room=ROOM, since=since, timeout=timeout)
    message = found.rest(3) if found.type == "c:" else found.rest(2)
    return next(line for line in lines_of(message) if re.match(pattern, line))


async def host_says(host: Player, watcher: Player, text: str, answer: str) -> str:
    """The host types `text`; the bot's room line matching `answer` (a regex) is returned."""
    mark = watcher.mark()
    await host.say(ROOM, text)
    return await wait_line(watcher, answer, mark)


def test_a_whole_hand_hosted_session_on_the_local_server(
    room_bot_env: E2EEnv, bot_factory: Any, tmp_path: Path
) -> None:
    env = room_bot_env  # the room bot SV is `@` there, AUTH `+`
    bot: BotProcess = bot_factory(env=env, rooms=(ROOM,)).start()
    watcher_box: list[Player] = []

    async def scenario() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sv = await stack.enter_async_context(RoomBotStandIn(env.ws_url, env.login_url, SV))
            await sv.join(ROOM)
            auth, mars, *players = await connect(stack, env, [AUTH, HOST, *NAMES], [ROOM])
            watcher_box.append(players[-1])
            watcher = players[-1]
            mars.pace = 1.2  # a person's pace: the room bot's flood filter counts our answers (7 lines in 6 s)
            # the room bot hosts Mars: our bot commits a seed for Mars's session
            opens = r"Fair dice session h(\d+) in survivor \(host Mars Host\)"
            opened = await host_says(auth, watcher, f".host {HOST}", opens)
            committed = re.search(r"commitment sha256 ([0-9a-f]{64})", opened)
            assert committed, opened
            for player in players:  # each waits for the server's echo, so the join order is this order
                mark = player.mark()
                await player.say(ROOM, "/me in")
                await player.wait_for(rf"\|.{re.escape(player.name)}\|/me in$", room=ROOM, since=mark)
            await eventually(lambda: len(sv.games.player_list) == len(NAMES), what="the room bot's list")
            venus, io, ceres, pluto, eris = players[:5]
            await venus.say(ROOM, f"{P}salt pepper5")
            await io.pm(BOT_NAME, "salt basil")
            await eventually(lambda: any("Your salt basil" in str(m) for m in bot_pms(io)), what="salt taken")
            await eventually(lambda: any("Your salt pepper5" in str(m) for m in bot_pms(venus)), what="salt taken")

            seed_line = await host_says(mars, watcher, f"{P}close", r"Session h\d+ client seed ")
            client = seed_line.rsplit(": ", 1)[1]
            assert client == f"{HOST}|{','.join(NAMES)};pepper5;basil"

            for command, answer in (
                (f"roll 100 // for {venus.name}", rf"#1 roll 100 for {venus.name}: \d+$"),
                ("roll 3d6+2 // damage", r"#2 roll 3d6\+2 for damage: \d+, \d+, \d+ = \d+$"),
                ("pick", r"#3 pick \[Hand Venus, .*, Hand Metis\]: Hand \w+$"),
                ("pick Red, Blue, Green // colour", r"#4 pick \[Red, Blue, Green\] for colour: "),
                ("shuffle", r"#5 shuffle \[Hand Venus, .*\]: Hand "),
            ):
                await host_says(mars, watcher, f"{P}{command}", answer)
            mark = watcher.mark()
            await mars.say(ROOM, f"{P}timer 10 // attacks")
            await mars.say(ROOM, f"{P}timer 12")
            await wait_line(watcher, r"Timer attacks set: 10 s\.", mark)
            await wait_line(watcher, r"Timer 1 set: 12 s\.", mark)

            mark = watcher.mark()
            await mars.say(ROOM, f"{P}card {ceres.name}")
            await mars.pm(BOT_NAME, f"card 14 {pluto.name}")
            await wait_line(watcher, rf"#6 card 13 for {ceres.name}: dealt by PM", mark)
            await wait_line(watcher, rf"#7 card 14 for {pluto.name}: dealt by PM", mark)
            await eventually(lambda: any("#6 your card in survivor: " in str(m) for m in bot_pms(ceres)), what="card")
            await eventually(lambda: any("#7 your card in survivor: " in str(m) for m in bot_pms(pluto)), what="card")
            await eventually(lambda: any(f"#6 {ceres.name}'s card" in str(m) for m in bot_pms(mars)), what="host's")

            # the host's page: eliminate two, revive one, rename one, post the list
            mark = mars.mark()
            await mars.say(ROOM, f"{P}list")
            page = await mars.wait_for(r"^\|pagehtml\|", since=mark, timeout=20)
            shown = html.unescape(page.text)
            for name in NAMES:
                assert f"<td>{name}</td>" in shown
            # the bot is `*`: the quiet form, `/msgroom survivor, /botmsg BOT, survivor list out NAME`
            out_button = re.search(rf'value="(/msgroom survivor, /botmsg [^"]+, survivor list out {eris.name})"', shown)
            assert out_button, shown
            for command in (
                out_button.group(1),
                out_button.group(1).replace(eris.name, io.name),
                out_button.group(1).replace("list out", "list revive").replace(eris.name, io.name),
                out_button.group(1).replace(f"list out {eris.name}", f"list rename {pluto.name}, Plutoid"),
            ):
                mark = mars.mark()
                await mars.send("", command)  # what clicking the button sends
                await mars.wait_for(r"^\|pagehtml\|", since=mark, timeout=20)
            mark = watcher.mark()
            posted = await host_says(mars, watcher, f"{P}list post", rf"{HOST}'s list \(11 in\): ")
            assert "Plutoid" in posted  # `lines_of` cuts the post at its ` · out: `
            await wait_line(watcher, rf"out: {eris.name} \(after #7\)", mark)

            # refusals: a reason by PM, nothing in the room; a non-host gets one line by PM
            mark = watcher.mark()
            for hostile in HOSTILE:
                await mars.say(ROOM, f"{P}pick {hostile}, B")
                await mars.say(ROOM, f"{P}roll 100 // {hostile}")
            await mars.say(ROOM, f"{P}roll 0")
            await mars.say(ROOM, f"{P}roll 1d10000000")
            await mars.say(ROOM, f"{P}pick Alone")
            await venus.say(ROOM, f"{P}roll 100")
            await eventually(lambda: any("A die has 2 to 1,000,000 sides, not 10,000,000" in str(m)
                                         for m in bot_pms(mars)), what="refusals")  # fmt: skip
            await eventually(lambda: any("A pick needs at least two items" in str(m) for m in bot_pms(mars)))
            await eventually(lambda: any("Only the current host (Mars Host)" in str(m) for m in bot_pms(venus)))
            assert sum("holds" in str(m) or "must begin" in str(m) for m in bot_pms(mars)) == 2 * len(HOSTILE)
            await host_says(mars, watcher, f"{P}roll 20 // last", r"#8 roll 20 for last: \d+$")
            said_since = [m.text for m in watcher.chat(ROOM) if to_id(m.user) == to_id(BOT_NAME)]
            assert not any(h in line for line in said_since for h in ("<b>", "**bold", "/wall", "[[link"))

            await wait_line(watcher, r"Time is up: timer attacks \(10 s\)!", 0, timeout=30)
            await wait_line(watcher, r"Time is up: timer 1 \(12 s\)!", 0, timeout=30)
            mark = watcher.mark()
            await mars.say(ROOM, f".win {venus.name}")  # the room bot's end of the hosting ends the session
            await watcher.wait_for(re.escape(f"|/announce **WINNER:** {venus.name}"), room=ROOM, since=mark)
            await wait_line(watcher, r"Session h\d+ cards: #6 ", mark)
            ended = f"{SV} ended {HOST}'s hosting"
            revealed = await wait_line(watcher, rf"Session h\d+ seed: [0-9a-f]{{64}} .*{ended}", mark)
            seed = revealed.split()[3]
            assert commitment(seed) == committed.group(1)
            assert sv.mutes == []
            # the record: verify, the page in Chromium; the chat alone: verify --chat
            record = session_record(bot.database)
            assert record["seed"] == seed and record["client_seed"] == client and len(record["draws"]) == 8
            assert record["ended"] == f"{SV} ended {HOST}'s hosting"
            assert [(e["step"], e["event"]) for e in record["list"]] == [(7, "out"), (7, "out"), (7, "back"),
                                                                        (7, "rename")]  # fmt: skip
            assert verify_session(record).ok, verify_session(record).difference
            path = tmp_path / "session.json"
            path.write_text(json.dumps(record), encoding="utf-8")
            assert main(["verify", str(path)]) == 0
            page_path = tmp_path / "session.html"
            page_path.write_text(session_page(record), encoding="utf-8")
            opened_page = open_in_chromium(page_path)
            assert opened_page.verdict == "verified", opened_page.text
            cards = [pm.text for pm in ceres.pms(with_user=BOT_NAME) if "your card" in pm.text]
            log = room_log(watcher) + [f"|pm|*{BOT_NAME}| {ceres.name}|{text}" for text in cards]
            (verdict,) = verify_chat(log)
            assert verdict.problem is None, verdict.problem
            assert "all 8 numbered draws" in verdict.checked[-1] and "(2 cards" in verdict.checked[-1]
            (tmp_path / "room.log").write_text("\n".join(log), encoding="utf-8")
            assert main(["verify", "--chat", str(tmp_path / "room.log")]) == 0
            at = next(i for i, line in enumerate(log) if "|#2 roll 3d6+2" in line)
            tampered = [*log[:at], re.sub(r"= \d+$", "= 99", log[at]), *log[at + 1 :]]
            (verdict,) = verify_chat(tampered)
            assert verdict.problem is not None and "first mismatch at #2" in verdict.problem
            print("room transcript:\n" + transcript(watcher))
            assert bot_lines(watcher, ROOM)

    try:
        run_async(scenario(), timeout=300)
    except BaseException:
        if watcher_box:
            print("room transcript:\n" + transcript(watcher_box[0]))
        raise
