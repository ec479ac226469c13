"""`survivor-host demo`: the real bot hosts a whole game for AI players on a local Showdown server.

Everything runs on 127.0.0.1: a Pokémon Showdown server (npm, installed once into the user's cache),
a fake login server, the bot exactly as `serve` runs it (at `*` in the room), a host who types
`$host` and `$start`, and one websocket client per AI player. The room is printed as a player reads it
(`devserver/story.py`), with one player's private side beside it on request (`--as`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TextIO

from survivor_host.ai import make_strategy
from survivor_host.devserver.fake_login import FakeLoginServer
from survivor_host.devserver.ps_install import PS_VERSION, default_cache_dir, ensure_ps_installed, is_installed
from survivor_host.devserver.ps_options import ServerOptions
from survivor_host.devserver.ps_server import PSServer
from survivor_host.devserver.roomview import button_values, buttons_in
from survivor_host.devserver.rsakeys import load_or_create_key
from survivor_host.devserver.story import Story, default_pace
from survivor_host.engine.errors import SetupError
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import parse_command
from survivor_host.engine.strategy import Strategy
from survivor_host.host.config import BotConfig
from survivor_host.host.config_schema import DEFAULT_PREFIX
from survivor_host.host.room import RoomHost
from survivor_host.host.serve import RunningBot
from survivor_host.host.terminal import seat_names, strategy_names
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.messages import Chat, Message, PrivateMessage
from survivor_host.themes import DEFAULT_THEME, new_game, theme_class

BOT_NAME = "Survivor Host"
HOST_NAME = "Demo Host"
ROOM_TITLE = "Survivor"
ROOM = to_id(ROOM_TITLE)
PASSWORD = "demo"  # the fake login server takes any password


class DemoError(RuntimeError):
    """The demo could not run (no node/npm, a server that did not start, a game that did not end)."""


@dataclass(frozen=True)
class DemoSetup:
    """What to play: theme, mods, players, seed (game dice and AI choices), AI strategy, pacing."""

    theme: str = DEFAULT_THEME
    mods: tuple[str, ...] = ()
    players: int = 6
    seed: str | None = None
    strategy: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    think: float = 0.4
    """Longest pause (seconds) an AI player takes before answering, so the room reads like people."""
    timeout: float = 900.0
    """Give up (exit 1) if the game has not ended after this many seconds."""
    cache_dir: Path | None = None
    pace: float | None = None
    """Seconds between printed lines; None: a human pace on a terminal, none in a pipe (`story.default_pace`)."""
    watch: str | None = None
    """The player whose PMs and buttons are shown beside the room (`--as`)."""
    record: str | None = None
    """Where to write the game's record, for `verify` and `export` (`--record`)."""

    def check(self) -> None:
        """Raise SetupError/ValueError now for a wrong theme, mod, option, player count, strategy, pace,
        `--as` name or `--record` folder."""
        game = new_game(self.theme, seat_names(self.players), mods=self.mods, options=dict(self.options), seed=0)
        for kind in strategy_names(self.strategy):
            make_strategy(game.theme, kind)
        default_pace(self.pace, sys.stdout)
        self.watched()
        if self.record is not None and not Path(self.record).resolve().parent.is_dir():
            raise SetupError(f"--record {self.record}: the folder {Path(self.record).parent} does not exist.")

    def watched(self) -> str | None:
        """The seat `--as` names, spelled as the game spells it (any case), or None; SetupError if no seat."""
        if self.watch is None:
            return None
        names = seat_names(self.players)
        found = next((name for name in names if to_id(name) == to_id(self.watch)), None)
        if found is None:
            raise SetupError(f"--as {self.watch!r}: the players are {', '.join(names)}.")
        return found


@dataclass
class AIPlayer:
    """A player on their own websocket: answers the bot's button boxes with a seat strategy.

    The strategy sees the player's own view of the game (what that player knows, from the engine) and
    chooses among the buttons the bot sent: a PM box's answer goes back by PM, a room box's (the
    first-leader vote) is said in the room, as a click would send them.
    """

    name: str
    strategy: Strategy
    rng: random.Random
    think: float
    game_of: Callable[[], Game | None]
    prefix: str = DEFAULT_PREFIX
    client: ShowdownClient | None = None
    answered: int = 0
    story: Story | None = None
    """Set for the player shown beside the room (`--as`): their PMs and what they send are told to it."""

    async def handle(self, message: Message) -> None:
        client = self.client
        if client is None or message.history:
            return
        if self.story is not None:
            self.story.private_message(message)
        if isinstance(message, PrivateMessage) and message.sender.userid == to_id(BOT_NAME):
            commands, by_pm = buttons_in(message.text), True
        elif (
            isinstance(message, Chat)
            and message.room == ROOM
            and message.user.userid == to_id(BOT_NAME)
            and message.text.startswith("/uhtml ")
        ):
            values = button_values(message.text)
            commands, by_pm = [v[len(self.prefix) :] for v in values if v.startswith(self.prefix)], False
        else:
            return
        choice = self.choose(commands)
        if choice is None:
            return
        if self.think:
            await asyncio.sleep(self.rng.uniform(0, self.think))
        self.answered += 1
        if by_pm:
            if self.story is not None:
                self.story.sent(choice)
            client.pm(BOT_NAME, choice)
        else:
            client.say(ROOM, self.prefix + choice)

    def choose(self, commands: list[str]) -> str | None:
        """One of the commands that is legal for this player now (None when none is)."""
        game = self.game_of()
        if game is None or game.finished or not commands:
            return None
        legal = {(o.action, to_id(o.target or "")) for o in game.legal_inputs(self.name)}
        offered = [(c, parse_command(c, self.name)) for c in commands]
        usable = [(c, o) for c, o in offered if (o.action, to_id(o.target or "")) in legal]
        if not usable:
            return None
        options = [o for _, o in usable]
        try:
            chosen = self.strategy.choose(game.view(self.name), options, self.rng)
            return usable[options.index(chosen)][0]
        except (ValueError, LookupError, AttributeError, TypeError):
            return usable[self.rng.randrange(len(usable))][0]  # a choice the strategy does not know


def _client(ws_url: str, login_url: str, name: str, handler: Callable[[Message], object]) -> ShowdownClient:
    async def handle(message: Message) -> None:
        result = handler(message)
        if asyncio.iscoroutine(result):
            await result

    config = ClientConfig(server_url=ws_url, username=name, password=PASSWORD, login_url=login_url, rooms=(ROOM,))
    return ShowdownClient(config, handle)


async def _wait_for(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise DemoError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def _drained(client: ShowdownClient) -> None:
    done = asyncio.Event()
    client.when_sent(done.set)
    await done.wait()


class Demo:
    """One demo run: servers up, bot and players in, one game, everything down again."""

    def __init__(self, setup: DemoSetup, workdir: Path, story: Story) -> None:
        self.setup = setup
        self.workdir = workdir
        self.story = story
        self.cache_dir = setup.cache_dir or default_cache_dir()
        self.seed = setup.seed if setup.seed is not None else secrets.token_hex(8)
        self.login: FakeLoginServer | None = None
        self.server: PSServer | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.clients: list[ShowdownClient] = []
        self.bot: RunningBot | None = None
        self.bot_task: asyncio.Task[int] | None = None
        self.stop_bot = asyncio.Event()
        self.record: dict[str, object] | None = None

    # ----- pieces

    async def _start_servers(self) -> tuple[str, str]:
        key = load_or_create_key(self.cache_dir / "demo-login-key.pem")
        self.login = FakeLoginServer(key)
        await self.login.start()
        options = ServerOptions(
            public_key_pem=key.public_pem(),
            loginserver_url=self.login.base_url + "/",
            key_id=self.login.key_id,
            bot_id=to_id(BOT_NAME),
            bot_rank="*",
            rooms=(ROOM_TITLE,),
            room_auth={ROOM_TITLE: {HOST_NAME: "@"}},
        )
        self.server = PSServer(options, cache_dir=self.cache_dir, name="demo")
        await asyncio.to_thread(self.server.start)
        self.story.note(f"local Showdown server on {self.server.ws_url}; fake login on {self.login.base_url}")
        return self.server.ws_url, self.login.login_url

    def _start_bot(self, ws_url: str, login_url: str) -> RunningBot:
        config = BotConfig(
            server_url=ws_url,
            login_url=login_url,
            username=BOT_NAME,
            password=PASSWORD,
            rooms=(ROOM,),
            database=str(self.workdir / "demo.db"),
            fixed_seed=self.seed,
        )
        running = RunningBot.build(config)
        self.bot = running
        self.bot_task = asyncio.get_running_loop().create_task(running.run_until(self.stop_bot), name="bot")
        return running

    def _room(self) -> RoomHost:
        assert self.bot is not None
        return self.bot.bot.rooms[ROOM]

    def _game(self) -> Game | None:
        return self._room().game

    def _connect(self, client: ShowdownClient) -> None:
        self.clients.append(client)
        self.tasks.append(asyncio.get_running_loop().create_task(client.run(), name=client.config.username))

    # ----- the run

    async def run(self) -> int:
        setup = self.setup
        ws_url, login_url = await self._start_servers()
        running = self._start_bot(ws_url, login_url)
        story = self.story
        host = _client(ws_url, login_url, HOST_NAME, story.room_message)
        self._connect(host)
        rng = random.Random(f"demo-ai|{self.seed}")
        names = seat_names(setup.players)
        theme = theme_class(setup.theme).theme
        kinds = strategy_names(setup.strategy)
        players = [
            AIPlayer(
                name,
                make_strategy(theme, kinds[number % len(kinds)]),
                random.Random(rng.random()),
                setup.think,
                self._game,
                story=story if name == story.watched else None,
            )
            for number, name in enumerate(names)
        ]
        for player in players:
            player.client = _client(ws_url, login_url, player.name, player.handle)
            self._connect(player.client)
        everyone = [running.client, host, *(p.client for p in players if p.client)]
        await asyncio.wait_for(asyncio.gather(*(c.wait_ready() for c in everyone)), 60)
        watching = f"; {story.watched}'s PMs are shown beside the room (┃)" if story.watched else ""
        everyone_in = f"the bot ({BOT_NAME}, * in {ROOM_TITLE}), {HOST_NAME} (@) and {len(players)} AI players are in"
        story.note(everyone_in + watching)

        room = self._room()
        mods = f" {','.join(setup.mods)}" if setup.mods else ""
        host.say(ROOM, f"{DEFAULT_PREFIX}host {setup.theme}{mods}")
        # Each step waits for the room to have read the last one, so the printout follows the game's order.
        await _wait_for(lambda: story.seen("signups are open"), 30, "the signups box")
        for key, value in setup.options:
            host.say(ROOM, f"{DEFAULT_PREFIX}set {key} {value}")
        for joined, player in enumerate(players, start=1):
            assert player.client is not None
            player.client.send_command(ROOM, "/me in")
            await _wait_for(partial(story.seen, f"PL ({joined}):"), 30, f"{player.name} on the signups box")
        host.say(ROOM, f"{DEFAULT_PREFIX}start")
        await _wait_for(lambda: room.game is not None, 30, "the game to start")
        game = room.game
        assert game is not None
        await _wait_for(lambda: game.finished and room.game is not game, setup.timeout, "the game to end")
        self.record = game.record()
        await _drained(running.client)
        await asyncio.sleep(1.0)  # the last lines reach the watchers
        if setup.record is not None:
            Path(setup.record).write_text(json.dumps(self.record, indent=2) + "\n", encoding="utf-8")
        return 0

    async def close(self) -> None:
        """Log everyone out, stop the bot, the PS server and the login server (also after errors or Ctrl-C)."""
        for client in self.clients:
            with contextlib.suppress(Exception):
                await client.close()
        self.stop_bot.set()  # serve's own shutdown: close the connection, then the database
        if self.bot_task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.bot_task, 10)
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=5)
        for task in self.tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                logging.getLogger(__name__).error("%s stopped: %s", task.get_name(), task.exception())
            task.cancel()
        if self.server is not None:
            await asyncio.to_thread(self.server.close)
        if self.login is not None:
            await self.login.stop()


def _summary(record: dict[str, object] | None) -> str:
    if not record:
        return "the game did not finish"
    rounds = record.get("rounds")
    count = len(rounds) if isinstance(rounds, list) else 0
    winner = record.get("winner")
    rounds_said = f"{count} round{'' if count == 1 else 's'}"
    return f"{winner} won after {rounds_said}" if winner else f"the game ended after {rounds_said}, no winner"


async def _main(setup: DemoSetup, workdir: Path, story: Story) -> int:
    demo = Demo(setup, workdir, story)
    task = asyncio.current_task()
    assert task is not None  # run by asyncio.run
    loop = asyncio.get_running_loop()
    stopped = closing = False
    told = asyncio.Event()
    printing = loop.create_task(story.print_paced(told)) if story.pace else None

    def stop() -> None:
        """Ctrl-C or SIGTERM: cancel the run, and again each second should a part swallow the cancellation."""
        nonlocal stopped
        stopped = True
        if not closing and not task.done():
            task.cancel()
            loop.call_later(1.0, stop)

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop)
    try:
        code = await demo.run()
        if stopped:  # the run ended on its own after the signal: still an interruption
            raise asyncio.CancelledError
        told.set()
        if printing is not None:
            await printing  # the watcher reads the whole game before the demo says it is over
        story.note(f"game over: {_summary(demo.record)} (seed {demo.seed})")
        if setup.record is not None:
            story.note(f"record written to {setup.record}: check it with `survivor-host verify {setup.record}`")
        return code
    finally:
        closing = True
        if printing is not None and not printing.done():
            printing.cancel()
        story.flush()
        await demo.close()
        story.note("stopped the bot, the players and the local servers")


def run_demo(setup: DemoSetup, out: TextIO = sys.stdout) -> int:
    """Run the demo; 0 when the game was played to its end, 1 on a failure, 130 on Ctrl-C or SIGTERM."""
    setup.check()
    story = Story(out, ROOM, BOT_NAME, pace=default_pace(setup.pace, out), watched=setup.watched())
    cache = setup.cache_dir or default_cache_dir()
    if not is_installed(cache):
        story.note(f"first run: installing pokemon-showdown@{PS_VERSION} with npm into {cache} (a minute or two)")
    try:
        ensure_ps_installed(cache)
    except Exception as error:  # PSServerError, a timeout, a full disk: say it plainly
        story.note(f"could not install the Showdown server: {error}")
        return 1
    logging.basicConfig(stream=sys.stderr, level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="survivor-host-demo-") as workdir:
        try:
            return asyncio.run(_main(setup, Path(workdir), story))
        except (KeyboardInterrupt, asyncio.CancelledError):
            story.note("interrupted")
            return 130
        except (DemoError, TimeoutError) as error:
            story.note(f"demo failed: {error}")
            return 1
