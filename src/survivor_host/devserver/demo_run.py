"""One demo run: the local servers, the bot as `serve` runs it, a host and the AI players, one game."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from survivor_host.ai import make_strategy
from survivor_host.bot.config import BotConfig
from survivor_host.bot.config_schema import DEFAULT_PREFIX
from survivor_host.bot.room import RoomHost
from survivor_host.bot.serve import RunningBot
from survivor_host.devserver.demo_player import AIPlayer
from survivor_host.devserver.demo_setup import BOT_NAME, HOST_NAME, PASSWORD, ROOM, ROOM_TITLE, DemoError, DemoSetup
from survivor_host.devserver.fake_login import FakeLoginServer
from survivor_host.devserver.ps_install import default_cache_dir
from survivor_host.devserver.ps_options import ServerOptions
from survivor_host.devserver.ps_server import PSServer
from survivor_host.devserver.rsakeys import load_or_create_key
from survivor_host.devserver.story import Story
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.messages import Message
from survivor_host.terminal.table import seat_names, strategy_names
from survivor_host.themes import theme_class

log = logging.getLogger("survivor_host.devserver.demo")  # the demo logs under the command's module name


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

    server_name = "demo"  # the local server's folder under <cache>/instances starts with it

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

    def room_auth(self) -> dict[str, str]:
        """The room's auth on the local server, by name."""
        return {HOST_NAME: "@"}

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
            room_auth={ROOM_TITLE: self.room_auth()},
        )
        self.server = PSServer(options, cache_dir=self.cache_dir, name=self.server_name)
        await asyncio.to_thread(self.server.start)
        self.story.note(f"local Showdown server on {self.server.ws_url}; fake login on {self.login.base_url}")
        return self.server.ws_url, self.login.login_url

    def _start_bot(self, ws_url: str, login_url: str, **settings: object) -> RunningBot:
        config = BotConfig(
            server_url=ws_url,
            login_url=login_url,
            username=BOT_NAME,
            password=PASSWORD,
            rooms=(ROOM,),
            database=str(self.workdir / "demo.db"),
            fixed_seed=self.seed,
            **settings,  # type: ignore[arg-type]
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
                log.error("%s stopped: %s", task.get_name(), task.exception())
            task.cancel()
        if self.server is not None:
            await asyncio.to_thread(self.server.close)
        if self.login is not None:
            await self.login.stop()
