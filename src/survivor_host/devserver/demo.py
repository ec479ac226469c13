"""`survivor-host demo`: the real bot hosts a whole game for AI players on a local Showdown server.

Everything runs on 127.0.0.1: a Pokémon Showdown server (npm, installed once into the user's cache),
a fake login server, the bot exactly as `serve` runs it (at `*` in the room), a host who types
`$host` and `$start`, and one websocket client per AI player. The room is printed as a player sees it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from survivor_host.ai import make_strategy
from survivor_host.ai.base import Strategy
from survivor_host.devserver.fake_login import FakeLoginServer
from survivor_host.devserver.ps_server import (
    PS_VERSION,
    PSServer,
    ServerOptions,
    default_cache_dir,
    ensure_ps_installed,
    is_installed,
)
from survivor_host.devserver.roomview import button_values, buttons_in, room_lines
from survivor_host.devserver.rsakeys import load_or_create_key
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import parse_command
from survivor_host.host.config import DEFAULT_PREFIX, BotConfig
from survivor_host.host.room import RoomHost
from survivor_host.host.serve import RunningBot
from survivor_host.host.terminal import seat_names
from survivor_host.showdown.client import ClientConfig, ShowdownClient
from survivor_host.showdown.protocol import Chat, Message, PrivateMessage
from survivor_host.themes import new_game, theme_class

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

    theme: str = "ftl"
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

    def check(self) -> None:
        """Raise SetupError/ValueError now for a wrong theme, mod, option, player count or strategy."""
        game = new_game(self.theme, seat_names(self.players), mods=self.mods, options=dict(self.options), seed=0)
        make_strategy(game.theme, self.strategy)


@dataclass
class Printer:
    """Writes the room's lines with the seconds since the demo started."""

    out: TextIO
    started: float = field(default_factory=time.monotonic)

    def line(self, text: str) -> None:
        self.out.write(f"{time.monotonic() - self.started:7.1f}s  {text}\n")
        self.out.flush()

    def note(self, text: str) -> None:
        self.out.write(f"-- {text}\n")
        self.out.flush()


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

    async def handle(self, message: Message) -> None:
        client = self.client
        if client is None or message.history:
            return
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

    def __init__(self, setup: DemoSetup, workdir: Path, printer: Printer) -> None:
        self.setup = setup
        self.workdir = workdir
        self.printer = printer
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
        self.printer.note(f"local Showdown server on {self.server.ws_url}; fake login on {self.login.base_url}")
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
        printer = self.printer

        def show(message: Message) -> None:
            for text in room_lines(message, ROOM):
                printer.line(text)

        host = _client(ws_url, login_url, HOST_NAME, show)
        self._connect(host)
        rng = random.Random(f"demo-ai|{self.seed}")
        names = seat_names(setup.players)
        theme = theme_class(setup.theme).theme
        players = [
            AIPlayer(n, make_strategy(theme, setup.strategy), random.Random(rng.random()), setup.think, self._game)
            for n in names
        ]
        for player in players:
            player.client = _client(ws_url, login_url, player.name, player.handle)
            self._connect(player.client)
        everyone = [running.client, host, *(p.client for p in players if p.client)]
        await asyncio.wait_for(asyncio.gather(*(c.wait_ready() for c in everyone)), 60)
        printer.note(f"the bot ({BOT_NAME}, * in {ROOM_TITLE}), {HOST_NAME} (@) and {len(players)} AI players are in")

        room = self._room()
        mods = f" {','.join(setup.mods)}" if setup.mods else ""
        host.say(ROOM, f"{DEFAULT_PREFIX}host {setup.theme}{mods}")
        await _wait_for(lambda: room.signups is not None, 30, "signups to open")
        for key, value in setup.options:
            host.say(ROOM, f"{DEFAULT_PREFIX}set {key} {value}")
        for player in players:
            assert player.client is not None
            player.client.send_command(ROOM, "/me in")
        joined = len(players)
        await _wait_for(lambda: room.signups is not None and len(room.signups.players) >= joined, 60, "sign-ups")
        host.say(ROOM, f"{DEFAULT_PREFIX}start")
        await _wait_for(lambda: room.game is not None, 30, "the game to start")
        game = room.game
        assert game is not None
        await _wait_for(lambda: game.finished and room.game is not game, setup.timeout, "the game to end")
        self.record = game.record()
        await _drained(running.client)
        await asyncio.sleep(1.0)  # the last lines reach the watchers
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
    return f"{winner} won after {count} rounds" if winner else f"the game ended after {count} rounds, no winner"


async def _main(setup: DemoSetup, workdir: Path, printer: Printer) -> int:
    demo = Demo(setup, workdir, printer)
    task = asyncio.current_task()
    assert task is not None  # run by asyncio.run
    loop = asyncio.get_running_loop()
    stopped = closing = False

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
        printer.note(f"game over: {_summary(demo.record)} (seed {demo.seed})")
        return code
    finally:
        closing = True
        await demo.close()
        printer.note("stopped the bot, the players and the local servers")


def run_demo(setup: DemoSetup, out: TextIO = sys.stdout) -> int:
    """Run the demo; 0 when the game was played to its end, 1 on a failure, 130 on Ctrl-C or SIGTERM."""
    setup.check()
    printer = Printer(out)
    cache = setup.cache_dir or default_cache_dir()
    if not is_installed(cache):
        printer.note(f"first run: installing pokemon-showdown@{PS_VERSION} with npm into {cache} (a minute or two)")
    try:
        ensure_ps_installed(cache)
    except Exception as error:  # PSServerError, a timeout, a full disk: say it plainly
        printer.note(f"could not install the Showdown server: {error}")
        return 1
    logging.basicConfig(stream=sys.stderr, level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="survivor-host-demo-") as workdir:
        try:
            return asyncio.run(_main(setup, Path(workdir), printer))
        except (KeyboardInterrupt, asyncio.CancelledError):
            printer.note("interrupted")
            return 130
        except (DemoError, TimeoutError) as error:
            printer.note(f"demo failed: {error}")
            return 1
