"""Shared helpers for the bot-hosting e2e tests (test_bot_games.py, test_bot_hosting.py).

- `Chooser`: a deterministic button/command policy with a per-player counter, used both by the
  clicking `Table` against the real bot and by `simulate` offline (to pick seeds for a situation).
- `simulate`: play a game with the engine alone under a policy (what the bot will do with that seed).
- `expected_output`: replay a finished game's stored inputs through the bot's own room host
  (harness.replay) and say exactly what the room and each player must have received.
- transcript digests: the bot's lines in a room, the bot's PMs to a player (boxes parsed).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import json
import re
import sqlite3
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.bot import BOT_NAME
from harness.player import Player
from harness.replay import Replayed, parse_pm, replay_through_host
from harness.table import PlayerTasks
from text_prompts import read_prompt

from survivor_host.bot.room import REACH_CHECK
from survivor_host.engine.events import Event
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input, parse_command
from survivor_host.themes import new_game

# Bot lines in the room that are not game events (signups, fair-dice commitment, points, reminders).
EXTRA_ROOM = re.compile(r"^Waiting on: ")
# A reminder PM depends on how fast the game went, not on what happened in it.
REMINDER_PM = re.compile(r"^\d+ seconds left: you still owe an action in ")
ROLL_RE = re.compile(r"Roll \(1 - (\d+)\)(?:\+(\d+))? for (.+?): (\d+)")

Rule = Callable[[str, list[str], int], str | None]


# ----------------------------------------------------------------- policies


def hashed_pick(salt: str, player: str, n: int, commands: Sequence[str]) -> str:
    digest = hashlib.sha256(f"{salt}|{to_id(player)}|{n}".encode()).digest()
    return commands[int.from_bytes(digest[:4], "big") % len(commands)]


@dataclass
class Chooser:
    """`policy(player, commands) -> command`; `rule(player, commands, n)` sees the player's n-th prompt."""

    rule: Rule
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def __call__(self, player: str, commands: list[str]) -> str | None:
        key = to_id(player)
        n = self.counts[key]
        self.counts[key] += 1
        return self.rule(player, commands, n)


def random_rule(salt: str, prefer: Sequence[str] = ()) -> Rule:
    """A pseudo-random button; a command starting with a word in `prefer` is taken when offered."""

    def rule(player: str, commands: list[str], n: int) -> str | None:
        if not commands:
            return None
        for word in prefer:
            liked = [c for c in commands if c.split(" ", 1)[0] == word]
            if liked:
                return hashed_pick(salt, player, n, liked)
        return hashed_pick(salt, player, n, commands)

    return rule


def commands_of(game: Game, name: str) -> list[str]:
    """The commands behind the bot's buttons for `name` (room._prompt's wording)."""
    return [f"{o.action} {o.target or ''}".strip() for o in game.legal_inputs(name)]


def simulate(
    theme: str,
    names: Sequence[str],
    policy: Callable[[str, list[str]], str | None],
    *,
    mods: Sequence[str] = (),
    options: dict[str, object] | None = None,
    seed: str = "",
    max_steps: int = 3000,
) -> tuple[Game, list[Event]]:
    """Play the game offline as the clicking Table would; returns the game and every event."""
    game = new_game(theme, list(names), mods=mods, options=options, seed=seed)
    events = list(game.start())
    for _ in range(max_steps):
        if game.finished:
            return game, events
        waits = game.awaiting()
        assert waits, f"stuck in phase {game.phase}"
        chosen: str | None = None
        for wait in waits:
            chosen = policy(wait.player, commands_of(game, wait.player))
            if chosen is not None:
                events += game.apply(parse_command(chosen, wait.player))
                break
        if chosen is None:
            events += game.apply(Input("timeout"))
    raise AssertionError("the simulated game did not end")


def find_seed(
    check: Callable[[Game, list[Event]], bool],
    make: Callable[[str], tuple[Game, list[Event]]],
    prefix: str = "e2e",
    tries: int = 5000,
) -> str:
    for i in range(tries):
        seed = f"{prefix}-{i}"
        game, events = make(seed)
        if check(game, events):
            return seed
    raise AssertionError(f"no seed with {prefix!r} in {tries} tries")


# ----------------------------------------------------------------- expected output by replay


def expected_output(record: dict[str, Any], html_ok: bool, room: str = "survivor") -> Replayed:
    """What the room (the game's lines only) and each player must have received for `record`,
    from the bot's own room host replaying the stored inputs (PM'd prompts name their room)."""
    replayed = replay_through_host(record, room, html_ok)
    replayed.room = slice_game(replayed.room)
    return replayed


# ----------------------------------------------------------------- transcripts


def bot_lines(player: Player, room: str) -> list[str]:
    """Everything the bot said in `room` as `player` saw it."""
    return [m.text for m in player.chat(room) if to_id(m.user) == to_id(BOT_NAME)]


def slice_game(lines: list[str], game_number: int = 1) -> list[str]:
    """The lines of one game: after its client seed (posted at `.start`), up to its seed reveal, reminders left out."""
    starts = [i for i, t in enumerate(lines) if t.startswith("Dice client seed")]
    start = starts[game_number - 1] + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("Dice seed: ")), len(lines))
    return [t for t in lines[start:end] if not EXTRA_ROOM.match(t)]


def game_lines(player: Player, room: str, game_number: int = 1) -> list[str]:
    """The bot's room lines of one game as `player` saw them."""
    return slice_game(bot_lines(player, room), game_number)


def bot_pms(player: Player, since: int = 0) -> list[Any]:
    """The bot's PMs to `player`, HTML boxes parsed to ("box", text, commands); the check at `/me in`
    that PMs reach them (before any game) and a prompt box changed in place to show a choice (what the
    game said is in the rest) are left out."""
    return [
        parse_pm(pm.text)
        for pm in player.pms(with_user=BOT_NAME, since=since)
        if to_id(pm.sender) == to_id(BOT_NAME)
        and not pm.text.endswith(REACH_CHECK)
        and not REMINDER_PM.match(pm.text)
        and not pm.text.startswith("/uhtmlchange ")
    ]


def game_record(database: Path, room: str, timeout: float = 60.0) -> dict[str, Any]:
    """The finished game's record in the bot's database (polled: it is written once the game's last lines
    went out, which under the throttle and a loaded machine can trail the end line by many seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        db = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5)
        try:
            row = db.execute(
                "SELECT record FROM games WHERE room = ? AND record IS NOT NULL ORDER BY id DESC LIMIT 1", (room,)
            ).fetchone()
        except sqlite3.OperationalError:
            row = None
        finally:
            db.close()
        if row and row[0]:
            record: dict[str, Any] = json.loads(row[0])
            return record
        if time.monotonic() > deadline:
            raise AssertionError(f"no finished game record for {room} in {database}")
        time.sleep(0.1)


def no_deadline_passed(record: dict[str, Any]) -> None:
    """Every player answered every prompt in time: a player who missed one (a prompt the table did not
    recognise) would make the game wait out the deadline and go on without their choice."""
    timeouts = [inp for inp in record["inputs"] if inp["action"] == "timeout"]
    assert not timeouts, timeouts


async def eventually(check: Callable[[], bool], timeout: float = 15.0, what: str = "condition") -> None:
    """Poll `check` (transcripts fill in as frames arrive) until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def gather(*aws: Awaitable[Any]) -> list[Any]:
    return list(await asyncio.gather(*aws))


def items(lines: Sequence[str]) -> list[str]:
    """Room lines with the packed ones (`a · b · c`) split into their items, in order."""
    return [item for line in lines for item in line.split(" · ")]


def is_subsequence(part: Sequence[str], whole: Sequence[str]) -> bool:
    """`part` is `whole` with some items left out (none added or moved)."""
    rest = iter(whole)
    return all(any(item == other for other in rest) for item in part)


TABLE_ROW = re.compile(r"<tr>((?:<td>.*?</td>)+)</tr>")
ROUND_TABLE = r"<th>Player</th>"
"""A round table box in a room line (regex for `wait_for`)."""


def table_rows(text: str) -> list[list[str]]:
    """The cells of each row of a round table box (unescaped), header left out."""
    return [[html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", m.group(1))] for m in TABLE_ROW.finditer(text)]


def table_choices(text: str) -> dict[str, str]:
    """Follow the Leader's round table: each roller's choice (`immune` for none), by name."""
    return {row[0].removesuffix(" (suspect)"): row[1] for row in table_rows(text) if not row[0].endswith(" (leader)")}


def rolls_in(line: str) -> list[tuple[str, int, int, int]]:
    """(player, sides, bonus, result) of every roll in a room line."""
    return [(m.group(3), int(m.group(1)), int(m.group(2) or 0), int(m.group(4))) for m in ROLL_RE.finditer(line)]


# ----------------------------------------------------------------- signing up


async def connect(
    stack: contextlib.AsyncExitStack, env: Any, names: Sequence[str], rooms: Sequence[str]
) -> list[Player]:
    people = [await stack.enter_async_context(env.player(name)) for name in names]
    for person in people:
        for room in rooms:
            await person.join(room)
    return people


async def open_signups(host: Player, room: str, command: str, players: Sequence[Player]) -> None:
    """`.host ...`, then every player joins in order (each waits for the list to show them)."""
    mark = host.mark()
    await host.say(room, command)
    await host.wait_for(r"signups are open", room=room, since=mark, timeout=20)
    for count, player in enumerate(players, start=1):
        await player.say(room, "/me in")
        await host.wait_for(rf"PL \({count}\)", room=room, since=mark, timeout=20)


async def start_and_play(host: Player, room: str, table: PlayerTasks, timeout: float = 120) -> None:
    """`.start` with the signups open, the table's players playing until the seed is revealed."""
    table.start()
    mark = host.mark()
    await host.say(room, "$start")
    try:
        await host.wait_for(r"\|Dice seed: ", room=room, since=mark, timeout=timeout)
    finally:
        await table.stop()


# ----------------------------------------------------------------- typing players (no buttons)

PROMPT_LOOKBACK = 200
"""How many lines back a typing player looks for the first PM of a prompt split into parts."""


@dataclass
class TextTable(PlayerTasks):
    """Players who answer the bot's text prompts (a bot without `*` sends no buttons): secret prompts
    by PM, public prompts addressed to them in the room by saying `.COMMAND` there."""

    bot: str
    room: str
    players: Sequence[Player]
    policy: Callable[[str, list[str]], str | None]
    answers: list[tuple[str, str]] = field(default_factory=list)

    def _commands(self, player: Player, line: Any) -> tuple[list[str], bool] | None:
        if line.type == "pm" and to_id(line.parts[1]) == to_id(self.bot):
            read = read_prompt(self._bot_pms(player, line))
            if read is None:
                return None
            actions, targets = read
            commands = [a for a in actions if a != "swap"] + [f"swap {t}" for t in targets if "swap" in actions]
            return commands, True
        if line.room == self.room and line.type == "c:" and to_id(line.parts[2]) == to_id(self.bot):
            # the send queue may join short lines into one with " · " (at an ordinary rank)
            asked = [part for part in line.rest(3).split(" · ") if part.startswith(f"**{player.name}**, ")]
            if not asked:
                return None
            text = asked[-1].replace("**$", "**")  # a re-prompt names the words with the prefix
            if "**nosuspect**" in text:
                return ["nosuspect"], False
            if "**noscapegoat**" in text:
                return ["noscapegoat"], False
            listed = re.search(r"\(([^)]*)\)\.$", text)
            names = re.split(r", | and ", listed.group(1)) if listed else []
            if "**duel NAME**" in text:
                return [f"duel {n}" for n in names], False
            if "**stick**" in text:
                return ["stick", *(f"swap {n}" for n in names)], False
        return None

    def _bot_pms(self, player: Player, line: Any) -> list[str]:
        """The bot's PMs to `player` up to `line` (a split prompt's parts follow its first PM closely)."""
        recent = player.transcript[max(0, line.index - PROMPT_LOOKBACK) : line.index + 1]
        return [ln.rest(3) for ln in recent if ln.type == "pm" and to_id(ln.parts[1]) == to_id(self.bot)]

    async def _play(self, player: Player) -> None:
        from harness.player import WaitTimeout

        cursor = player.mark()
        while not self._stopped:
            try:
                line = await player.wait_for(
                    lambda ln: self._commands(player, ln) is not None, since=cursor, timeout=0.5, advance=False
                )
            except WaitTimeout:
                continue
            cursor = line.index + 1
            found = self._commands(player, line)
            assert found is not None
            commands, by_pm = found
            choice = self.policy(player.name, commands)
            if choice is None:
                continue
            self.answers.append((player.name, choice))
            if by_pm:
                await player.pm(self.bot, choice)
            else:
                await player.say(self.room, f"${choice}")


REFUSAL = re.compile(
    r"(?i)^(Only |You are not in a game|It is not your turn|Send that to me by PM|You can't|You cannot|"
    r"Unknown |.* is not in this game|You have been eliminated|There is no|Rebel or follow was already|"
    r"I don't know|None of your games|That could be for|You are already|You were not signed up|Signups are not|"
    r"The game in .* has (already started|not started yet)|No game is running|Something went wrong)"
)


def refusals(player: Player) -> list[str]:
    """The bot's PMs to `player` that refuse something."""
    return [m for m in bot_pms(player) if isinstance(m, str) and REFUSAL.match(m)]


def check_no_refusals(player: Player) -> None:
    assert refusals(player) == [], player.name
