"""The practice room's world: the demo's local servers and bot, a stand-in of the room bot, AI players.

The person at the terminal types as any user; `Practice` keeps one connection per user they have
been, shows the room once and every PM those users get, and remembers each user's last buttons.
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import itertools
import random
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from survivor_host.ai import make_strategy
from survivor_host.devserver.demo_player import AIPlayer
from survivor_host.devserver.demo_run import Demo, _client
from survivor_host.devserver.demo_setup import BOT_NAME, ROOM, DemoError, DemoSetup
from survivor_host.devserver.roombot_standin import RoomBotRules, RoomBotState
from survivor_host.devserver.roomview import buttons_in, html_to_text, pm_lines, printable
from survivor_host.devserver.story import Story
from survivor_host.engine.ids import to_id
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.messages import Chat, Error, Generic, Message, Popup, PrivateMessage
from survivor_host.terminal.table import seat_names, strategy_names
from survivor_host.themes import theme_class

ROOM_BOT = "Sir Vivor"
AUTH_NAME = "Room Auth"
_LINK = re.compile(r'<a [^>]*href="/(view-[^"]+)"[^>]*>(.*?)</a>', re.S)
"""A link to another page (`/view-bot-BOT-PAGE`): a browser opens it; here `/join view-bot-...` does."""
_SURVGAME = re.compile(r"\*\*SURVGAME:\*\* (.+?) is hosting")
"""The room bot's wall naming its new host, as typed after `.host` (any spelling of a name)."""
_BUTTON = re.compile(r'<button[^>]*name="send"[^>]*value="([^"]*)"[^>]*>(.*?)</button>', re.S)


def buttons_of(markup: str) -> list[tuple[str, str]]:
    """Each `send` button of a box: (its label as text, what a click sends)."""
    return [(printable(html_to_text(label)).strip(), html.unescape(value)) for value, label in _BUTTON.findall(markup)]


def practice_seeds(word: str) -> Callable[[], str]:
    """`--seed WORD`'s server seeds: a new one for each game and session, the same series for the same
    word, each 64 hex digits as in a room (so `verify --chat` reads a session's seed line)."""
    count = itertools.count(1)
    return lambda: hashlib.sha256(f"practice|{word}|{next(count)}".encode()).hexdigest()


def click_labels(buttons: list[tuple[str, str]]) -> list[str]:
    """Each button's label; a label several buttons share (a page's Eliminate per player) also says
    what its click sends the bot."""
    shared = Counter(label for label, _ in buttons)

    def sent(value: str) -> str:
        commands = buttons_in(f'name="send" value="{html.escape(value)}"')
        return printable(commands[0] if commands else value)

    return [label if shared[label] == 1 else f"{label} ({sent(value)})" for label, value in buttons]


def links_of(markup: str) -> list[tuple[str, str]]:
    """Each link of a page to another page: (its label as text, the page's room id)."""
    return [(printable(html_to_text(label)).strip(), html.unescape(room)) for room, label in _LINK.findall(markup)]


def page_of(message: Message) -> tuple[str, str] | None:
    """A bot page a user was sent (`/sendhtmlpage`: `>view-bot-BOT-PAGE`, `|pagehtml|HTML`): its id and
    HTML, else None. The server sends it in a frame with `|init|`, so it counts as scrollback."""
    if isinstance(message, Generic) and message.type == "pagehtml" and message.room.startswith("view-bot-"):
        return message.room.removeprefix("view-bot-"), message.line.partition("|pagehtml|")[2]
    return None


def page_text(markup: str) -> list[str]:
    """A page's lines as text, all of them (a record on a page is copied from them)."""
    return [printable(line) for line in html_to_text(markup).split("\n") if line]


def box_markup(text: str) -> str | None:
    """The HTML of a `/uhtml`, `/uhtmlchange` or `/raw` line, else None."""
    if text.startswith(("/uhtml ", "/uhtmlchange ")):
        return text.partition(",")[2]
    return text[5:] if text.startswith("/raw ") else None


class PracticeRoomBot(RoomBotRules):
    """The room bot's stand-in on its own connection (`.host`, its queue, `.win`, `.addbot`, `.dehost`)."""

    def __init__(self, note: Callable[[str], None] = lambda text: None) -> None:
        self.games = RoomBotState()
        self.client: ShowdownClient | None = None
        self.note = note
        """The practice room's own word to the person (the real bot's failures go only to its log)."""

    def _failed(self, text: str, error: Exception) -> None:
        hint = " (its .host NAME, THEME form fails at its current version: type .host NAME alone)"
        shown = hint if text.startswith(".host ") and "," in text else ""
        self.note(f"{ROOM_BOT} did nothing with {printable(text)!r}: the command failed ({error}){shown}")

    def _not_the_host(self, text: str) -> None:
        host = self.games.host
        whose = f"its host, {printable(host)}" if host is not None else "its host (nobody is hosted now)"
        self.note(
            f"{ROOM_BOT} did nothing with {printable(text)!r}: it takes {text.split(' ', 1)[0]} only from {whose}, "
            "and says nothing to anyone else (room auth end a hosting with .dehost)"
        )

    def handle(self, message: Message) -> None:
        mine = isinstance(message, Chat) and message.user.userid == to_id(ROOM_BOT)
        if isinstance(message, Chat) and message.room == ROOM and not message.history and not mine:
            self._chat_message(message.user.rank, message.user.name, message.text)

    def _say(self, room: str, text: str) -> None:
        if self.client is not None:
            if text.startswith("/"):
                self.client.send_command(room, text)
            else:
                self.client.say(room, text)

    def _whisper(self, userid: str, text: str) -> None:
        if self.client is not None:
            self.client.pm(userid, text)

    def _in_room(self, name: str) -> str | None:
        if self.client is None or self.client.rank_of(ROOM, to_id(name)) is None:
            return None
        return name.strip()


@dataclass
class Typist:
    """A user the person types as: their connection and the buttons of the last box they were shown."""

    name: str
    client: ShowdownClient | None = None
    buttons: list[tuple[str, str]] = field(default_factory=list)


class Practice(Demo):
    """The demo's world without its scripted host: the person types, AI players play."""

    server_name = "practice"

    def __init__(
        self,
        setup: DemoSetup,
        workdir: Path,
        story: Story,
        auth: tuple[str, ...] = (AUTH_NAME,),
        log: TextIO | None = None,
    ) -> None:
        super().__init__(setup, workdir, story)
        self.auth = auth
        self.log = log
        """Where the room's lines and the typists' PMs are copied as the server sent them (`--log`)."""
        self.seed = setup.seed  # type: ignore[assignment]  # None: each game and session draws its own seed
        self.typists: dict[str, Typist] = {}
        self.current: Typist | None = None
        self.urls = ("", "")
        self.roombot = PracticeRoomBot(story.note)
        self.room_buttons: list[tuple[str, str]] = []
        """The buttons of the room's last box (shown again only when they change)."""

    def room_auth(self) -> dict[str, str]:
        return {ROOM_BOT: "@", **dict.fromkeys(self.auth, "@")}

    async def start(self, first: str) -> None:
        """Servers, bot, room bot, AI players and the first typist, all in the room."""
        ws_url, login_url = await self._start_servers()
        self.urls = (ws_url, login_url)
        running = self._start_bot(ws_url, login_url, room_bot_handback_seconds=15.0)
        if self.seed is not None:
            self._room().state.new_seed = practice_seeds(self.seed)
        self.roombot.client = _client(ws_url, login_url, ROOM_BOT, self.roombot.handle)
        self._connect(self.roombot.client)
        waiting = [running.client, self.roombot.client]
        for player in self._ai_players():
            player.client = _client(ws_url, login_url, player.name, self._joiner(player))
            self._connect(player.client)
            waiting.append(player.client)
        await asyncio.wait_for(asyncio.gather(*(c.wait_ready() for c in waiting)), 60)
        await self.become(first)

    def _ai_players(self) -> list[AIPlayer]:
        setup = self.setup
        rng = random.Random(f"practice-ai|{self.seed}" if self.seed is not None else None)
        theme = theme_class(setup.theme).theme
        kinds = strategy_names(setup.strategy)
        names = [f"AI {name}" for name in seat_names(setup.players)]
        return [
            AIPlayer(name, make_strategy(theme, kinds[n % len(kinds)]), random.Random(rng.random()), setup.think,
                     self._game)
            for n, name in enumerate(names)
        ]  # fmt: skip

    def _joiner(self, player: AIPlayer) -> Callable[[Message], Awaitable[None]]:
        """An AI player's handler: `/me in` whenever signups open (ours, or a person's the room bot walls)."""

        async def handle(message: Message) -> None:
            if isinstance(message, Chat) and message.room == ROOM and not message.history and player.client:
                text, by = message.text, message.user.userid
                ours = by == to_id(BOT_NAME) and text.startswith("/uhtml ") and "signups are open" in text
                hosted = _SURVGAME.search(text) if by == to_id(ROOM_BOT) else None
                wall = hosted is not None and to_id(hosted[1]) != to_id(BOT_NAME)  # a person's game, not ours
                if ours or wall:
                    await asyncio.sleep(player.rng.uniform(0.2, 0.2 + player.think))
                    player.client.send_command(ROOM, "/me in")
            await player.handle(message)

        return handle

    async def become(self, name: str) -> Typist:
        """Type as `name` from now on (a new user joins the room first)."""
        typist = self.typists.get(to_id(name))
        if typist is None:
            ws_url, login_url = self.urls
            printer = not self.typists
            new = typist = Typist(name)
            client = _client(ws_url, login_url, name, lambda message: self._heard(new, message, printer))
            typist.client = client
            self.typists[to_id(name)] = typist
            self._connect(client)
            try:
                await asyncio.wait_for(client.wait_ready(), 20)
            except TimeoutError:
                del self.typists[to_id(name)]
                await client.close()
                self.clients.remove(client)
                for task in [t for t in self.tasks if t.get_name() == name]:
                    task.cancel()
                    self.tasks.remove(task)
                raise DemoError(f"{name} could not log in (the server's reason is logged above)") from None
        self.current = typist
        return typist

    def _heard(self, typist: Typist, message: Message, printer: bool) -> None:
        if (page := page_of(message)) is not None:
            self._page(typist, *page)
            return
        if message.history:
            return
        if isinstance(message, Error | Popup):  # the server's answer to what this user typed, to them alone
            text = printable(" ".join(message.text.split()))
            self.story.line(f"┃ {typist.name} (from the server) {text}")
            return
        self._copy(typist, message, printer)
        if printer:
            self.story.room_message(message)
        if isinstance(message, Chat) and message.room == ROOM and (markup := box_markup(message.text)):
            buttons = buttons_of(markup)
            if buttons and printer:
                for each in self.typists.values():
                    each.buttons = buttons
                if buttons != self.room_buttons:
                    self._show_buttons(buttons, "")
                self.room_buttons = buttons
        if isinstance(message, PrivateMessage) and message.sender.userid != to_id(typist.name):
            lines = pm_lines(message, message.sender.name)
            sender = printable(message.sender.name)
            for number, text in enumerate(lines):
                self.story.line(f"┃ {typist.name} (PM from {sender}) {text}" if number == 0 else f"┃     {text}")
            markup = box_markup(message.text)
            buttons = buttons_of(markup) if markup else []
            if buttons:
                typist.buttons = buttons
                self._show_buttons(buttons, "┃     ")

    def _copy(self, typist: Typist, message: Message, printer: bool) -> None:
        """The room's chat lines (heard once) and the PMs a typist got, in the server's own form: a raw
        protocol log, the room named by its `>ROOM` line, which `verify --chat` reads."""
        if self.log is None:
            return
        room_line = printer and isinstance(message, Chat) and message.room == ROOM
        pm = isinstance(message, PrivateMessage) and message.sender.userid != to_id(typist.name)
        if room_line or pm:
            self.log.write(f">{ROOM}\n{message.line}\n" if room_line else f"{message.line}\n")
            self.log.flush()

    def _page(self, typist: Typist, page: str, markup: str) -> None:
        """A bot page opened for `typist` (a replay, a host's list): its text and its buttons by number."""
        self.story.line(f"┃ {typist.name} (bot page {printable(page)})")
        for text in page_text(markup):
            self.story.line(f"┃     {text}")
        buttons = buttons_of(markup)
        if buttons:
            typist.buttons = buttons
            self._show_buttons(buttons, "┃     ")
        if links := dict(links_of(markup)):  # a page linked twice (above and below it) is listed once
            self.story.line("┃     links: " + "  ".join(f"{label} = /join {room}" for label, room in links.items()))

    def _show_buttons(self, buttons: list[tuple[str, str]], margin: str) -> None:
        numbered = "  ".join(f"/click {n} = {label}" for n, label in enumerate(click_labels(buttons), 1))
        self.story.line(margin + "buttons: " + numbered)
