"""`survivor-host practice`: rehearse hosting in a local room, typing as any user.

The demo's local world (a Showdown server on 127.0.0.1, the login stand-in, the bot as `serve` runs
it) with a stand-in of the room bot (Sir Vivor: `.host`, its queue, `.win`, `.addbot`, `.dehost`) and
AI players who join every signups and answer the bot's buttons. The person types room lines and PMs,
switches who they are, and clicks a box's buttons by number; the room and their PMs are printed as the
demo prints them.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import tempfile
import threading
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import aiohttp

from survivor_host.bot.config_schema import DEFAULT_PREFIX
from survivor_host.bot.replay_pages import SHELF
from survivor_host.devserver.demo_setup import BOT_NAME, PASSWORD, ROOM, ROOM_TITLE, DemoError, DemoSetup
from survivor_host.devserver.practice_world import AUTH_NAME, ROOM_BOT, Practice
from survivor_host.devserver.ps_install import PS_VERSION, default_cache_dir, ensure_ps_installed, is_installed
from survivor_host.devserver.story import Story
from survivor_host.engine.errors import SetupError
from survivor_host.engine.ids import to_id
from survivor_host.engine.seats import MAX_NAME_LENGTH
from survivor_host.showdown.login import get_assertion
from survivor_host.themes import THEMES

P = DEFAULT_PREFIX
HELP = f"""Type a line to say it in {ROOM_TITLE} as the user you are now. Also:
  /as NAME          type as NAME from now on (a new user joins the room; {AUTH_NAME} is its @)
  /pm NAME, TEXT    a private message (e.g. /pm {BOT_NAME}, help)
  /click N          click button N of the last box shown to you
  /me in, /me out   join or leave signups (any other /command goes to the server as typed)
  /leave, /join     leave the room (then PM the bot as someone not in it) and join it again
  /rename NAME      the user you are now takes the name NAME (the room sees a rename; a seat keeps it)
  /who              who you are, and who you have been
  /help             this list
  /quit             stop everything (so does Ctrl-D)"""


@dataclass(frozen=True)
class PracticeSetup(DemoSetup):
    """The demo's setup (theme and AI players) plus who types first and which walk-through is shown."""

    typist: str = AUTH_NAME
    hand: bool = False
    """Show the hand-hosted session's walk-through (the person hosts, the bot rolls) first."""
    log: str | None = None
    """A file for the room's lines and the PMs of the users typed as, as the server sent them; written anew
    each run (the new database numbers its sessions from h1 again, and one log holds one h1)."""

    def check(self) -> None:
        super().check()
        if (problem := name_problem(self.typist)) is not None:
            raise SetupError(f"--as {self.typist!r}: {problem}.")


def name_problem(name: str) -> str | None:
    """Why the local server would refuse `name` as a user's name, or None."""
    if not to_id(name) or len(name) > MAX_NAME_LENGTH:
        return f"a Showdown name of 1-{MAX_NAME_LENGTH} characters"
    if to_id(name).startswith("guest"):
        return "names that start with Guest are the server's own guests; pick another"
    return None


def walkthrough(setup: PracticeSetup) -> list[str]:
    """The first steps, for a hosted game or a hand-hosted session."""
    themes = "|".join(THEMES)
    if setup.hand:
        return [
            f".host {AUTH_NAME}      {ROOM_BOT} hosts you by hand; the bot opens a fair-dice session "
            f"and the AI players join with /me in",
            f"{P}close, {P}roll 100 // label, {P}pick A, B, {P}card NAME, {P}timer 60, {P}list, {P}done: your "
            f"tools ({P}close first; players may {P}salt WORD before it)",
            f".win NAME             {ROOM_BOT}'s end of your hosting ends the session too",
        ]
    return [
        f".host {BOT_NAME}   {ROOM_BOT} hosts the bot; then {P}host {setup.theme} ({themes}) opens its signups",
        f"{P}start               once the AI players are in; they play, the bot ends with .win",
        f"/click 1             sends the .addbot line the bot PMs you to {ROOM_BOT}'s leaderboard",
    ]


def _lines_from(stdin: TextIO, loop: asyncio.AbstractEventLoop) -> asyncio.Queue[str | None]:
    """Lines typed, read by a daemon thread (None at the end of input)."""
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        for line in stdin:
            loop.call_soon_threadsafe(queue.put_nowait, line.rstrip("\r\n"))
        loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=read, name="practice-stdin", daemon=True).start()
    return queue


async def typed(practice: Practice, line: str) -> bool:
    """One line the person typed; False when they asked to stop."""
    story, typist = practice.story, practice.current
    assert typist is not None
    client = typist.client
    assert client is not None
    word, _, rest = line.strip().partition(" ")
    rest = rest.strip()
    if not line.strip():
        return True
    if word == "/quit":
        return False
    if word == "/help":
        for text in HELP.split("\n"):
            story.note(text)
    elif word == "/as":
        if (problem := name_problem(rest)) is not None:
            story.note(f"/as NAME: {problem}; you are still {typist.name}")
            return True
        try:
            typist = await practice.become(rest)
        except DemoError as error:
            story.note(f"/as: {error}; you are still {typist.name}")
            return True
        story.note(f"you are {typist.name} now")
    elif word == "/who":
        others = ", ".join(t.name for t in practice.typists.values() if t is not typist) or "nobody else"
        story.note(f"you are {typist.name}; you have also been {others}")
    elif word in ("/pm", "/msg", "/w"):
        if "," not in rest:
            story.note(f"{word} NAME, TEXT: a comma after the name (/pm {BOT_NAME}, help)")
            return True
        to, _, text = rest.partition(",")
        story.line(f"┃ {typist.name} → {to.strip()}: {text.strip()}")
        client.send_command("", f"/msg {to_id(to)}, {text.strip()}")
    elif word == "/click":
        _click(practice, rest)
    elif word == "/rename":
        await _rename(practice, rest)
    elif word in ("/leave", "/part", "/join", "/j") and to_id(rest) in ("", ROOM):
        _leave_or_join(practice, word in ("/leave", "/part"))
    else:  # as a person's client sends it: no escape, no word joiner, a `!` or `/` command stays one
        client.send_command(ROOM, line.strip() if line.lstrip().startswith("/") else line)
    return True


async def _rename(practice: Practice, name: str) -> None:
    """The typist takes the name `name` on the same connection, as a client renames: a new assertion for
    the connection's challenge, then `/trn`; the server tells the room `|N|`."""
    typist, story = practice.current, practice.story
    assert typist is not None and typist.client is not None
    challenge = typist.client.challenge
    # a name in use is the same account to the server (signed alike): it would take over that user
    taken = to_id(name) in practice.typists or typist.client.rank_of(ROOM, to_id(name)) is not None
    problem = name_problem(name) or ("someone in the room has that name" if taken else None)
    if problem is not None or challenge is None:
        story.note(f"/rename NAME: {problem or 'not logged in yet'}; you are still {typist.name}")
        return
    async with aiohttp.ClientSession() as session:
        assertion = await get_assertion(session, practice.urls[1], name, PASSWORD, challenge)
    typist.client.send_command("", f"/trn {name},0,{assertion}")
    practice.typists[to_id(name)] = practice.typists.pop(to_id(typist.name))
    story.note(f"{typist.name} renames to {name}; you are {name} now")
    typist.name = name


def _leave_or_join(practice: Practice, leave: bool) -> None:
    """The typist leaves the room (and stays out: their connection no longer joins it again by itself), or
    joins it again."""
    typist = practice.current
    assert typist is not None and typist.client is not None
    if not leave:
        typist.client.join(ROOM)
        return
    typist.client.leave(ROOM)
    printer = next(iter(practice.typists.values()), None) is typist
    unheard = f" (the room's lines are printed as {typist.name} hears them: none until /join)" if printer else ""
    practice.story.note(f"{typist.name} left {ROOM_TITLE}; /join joins it again{unheard}")


def _click(practice: Practice, number: str) -> None:
    typist = practice.current
    assert typist is not None and typist.client is not None
    buttons = typist.buttons
    if not number.isdigit() or not 1 <= int(number) <= len(buttons):
        shown = f"1 to {len(buttons)}" if buttons else "none: no box with buttons was shown to you yet"
        practice.story.note(f"/click N: the buttons are {shown}")
        return
    label, value = buttons[int(number) - 1]
    practice.story.note(f"{typist.name} clicks {label!r}")
    typist.client.send_command(ROOM, value)  # from the room's window, as a client sends it: `/me in` joins


async def _main(setup: PracticeSetup, workdir: Path, story: Story, stdin: TextIO, log: TextIO | None) -> int:
    practice = Practice(setup, workdir, story, log=log)
    try:
        await practice.start(setup.typist)
        story.note(
            f"in {ROOM_TITLE}: the bot ({BOT_NAME}, *), {ROOM_BOT} (the room bot's stand-in, @), "
            f"{AUTH_NAME} (@) and {setup.players} AI players; you are {setup.typist}"
        )
        for text in walkthrough(setup):
            story.note("try: " + text)
        story.note("type /help for the commands")
        lines = _lines_from(stdin, asyncio.get_running_loop())
        while (line := await lines.get()) is not None:
            if not await typed(practice, line):
                break
        return 0
    finally:
        story.flush()
        await practice.close()
        story.note("stopped the bot, the room bot, the players and the local servers")


def run_practice(setup: PracticeSetup, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    """Run the practice room until /quit or the end of input; 0 then, 1 on a failure, 130 on Ctrl-C."""
    setup.check()
    story = Story(out, ROOM, BOT_NAME, pace=0.0)
    cache = setup.cache_dir or default_cache_dir()
    if not is_installed(cache):
        story.note(f"first run: installing pokemon-showdown@{PS_VERSION} with npm into {cache} (a minute or two)")
    try:
        ensure_ps_installed(cache)
    except Exception as error:  # PSServerError, a timeout, a full disk: say it plainly
        story.note(f"could not install the Showdown server: {error}")
        return 1
    logging.basicConfig(stream=sys.stderr, level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    try:
        log = open(setup.log, "w", encoding="utf-8") if setup.log else None  # noqa: SIM115  # closed below
    except OSError as error:
        story.note(f"--log {setup.log}: cannot write it ({error.strerror}); name a file in a folder you can write")
        return 2
    SHELF.start()  # the replay pages' worker is forked before the thread reading stdin holds stdin's lock
    with tempfile.TemporaryDirectory(prefix="survivor-host-practice-") as workdir, log or nullcontext():
        try:
            return asyncio.run(_main(setup, Path(workdir), story, stdin, log))
        except (KeyboardInterrupt, asyncio.CancelledError):
            story.note("interrupted")
            return 130
        except (DemoError, TimeoutError) as error:
            story.note(f"practice failed: {error}")
            return 1
