"""Issue 8, "every PM gets an answer": random PMs and room commands from players, non-players and
auth, in two rooms at once; each one gets a reply to its sender or a visible effect in its room.
Issue 19 bounds it: what is not ours stays unanswered (an unknown word in the room, `/me in` or
`/me out` without our signups open, a second unknown PM within a minute)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from survivor_host.bot.bot import Bot
from survivor_host.bot.command_words import is_command_word
from survivor_host.bot.config import BotConfig
from survivor_host.bot.player_commands import UNKNOWN_PM_EVERY
from survivor_host.bot.signups_box import LIST_EVERY
from survivor_host.engine.ids import to_id
from survivor_host.store.db import Store
from tests.host.fakes import FakeClock, FakeOutbox

ROOMS = ("one", "two")
PLAYERS = ["Venus", "Mars", "Io", "Ceres", "Pluto", "Vesta", "Juno"]
OUTSIDERS = ["Lurker", "Guest"]
AUTH = ["Hostess"]
HOSTILE = ["/blockpms", "!dt", ">> 1", "  /leave", "\ufeff/nick x", "／me"]

ACTIONS = [
    "follow", "rebel", "revolt", "stick", "card", "nosuspect", "noscapegoat",
    "vote {p}", "swap {p}", "suspect {p}", "scapegoat {p}", "duel {p}", "swap", "vote",
]  # fmt: skip
INFO = ["points", "points {p}", "lb", "leaderboard", "rules", "help", "pl", "lastgame", "games", "replay 1", "salt {h}"]
OTHER = ["in", "out", "join", "leave", "hello", "", "xyzzy {p}", "vote {h}", "swap {h}", "points {h}"]
HOST = [
    "host ftl", "host cta", "host ftl tug-of-war", "host cta all-at-once", "host cta jesters-duel",
    "start", "end", "pick", "pick {p}", "modkill {p}", "sub {p}, Newbie", "extend 30", "elim 2",
    "set leader pick", "set leader {h}", "resetpoints", "host nonsense",
]  # fmt: skip


def make_bot(tmp_path: Path) -> tuple[Bot, FakeOutbox, FakeClock]:
    config = BotConfig(
        server_url="ws://127.0.0.1:1/showdown/websocket",
        login_url="http://127.0.0.1:1/api/login",
        username="Bot",
        password=None,
        rooms=ROOMS,
        fixed_seed="dropped",
        prefix=".",
    )
    out = FakeOutbox(html_rooms=("two",))
    clock = FakeClock()
    return Bot(config, out, Store(tmp_path / "bot.db"), clock=clock), out, clock  # type: ignore[arg-type]


def fill(rng: random.Random, template: str) -> str:
    return template.format(p=rng.choice(PLAYERS + OUTSIDERS), h=rng.choice(HOSTILE))


def answered(sent: list[tuple[str, str, str]], sender: str, room: str | None) -> bool:
    """Something went to the sender, or something changed where a room can see it (the room the line
    was said in; for a PM, any room: a turn clicked by PM shows in its room)."""
    for kind, where, text in sent:
        if kind in ("pm", "pmuhtml") and where.lower() == sender.lower():
            return True
        if kind == "htmlpage" and text.lower().startswith(sender.lower() + "|"):  # a page opened for them
            return True
        if kind in ("say", "uhtml", "uhtmlchange", "htmlbox") and where == (room or where):
            return True
    return False


@pytest.mark.parametrize("seed", range(12))
def test_every_message_gets_a_reply_or_a_visible_effect(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    bot, out, clock = make_bot(tmp_path)
    for room in ROOMS:  # both rooms start with a game on, most of the time
        if rng.random() < 0.8:
            host = bot.rooms[room]
            host.handle_chat("#", "Hostess", "." + rng.choice(["host ftl", "host cta", "host cta all-at-once"]))
            for name in rng.sample(PLAYERS, rng.randint(3, 6)):
                host.handle_chat(" ", name, "/me in")
            host.handle_chat("#", "Hostess", ".start")
    unknown_at: dict[str, float] = {}
    for step in range(250):
        if rng.random() < 0.05:
            clock.advance(rng.choice([5, 30, 200]))
        sender = rng.choice(PLAYERS + PLAYERS + OUTSIDERS + AUTH)
        rank = "#" if sender in AUTH else rng.choice([" ", " ", "+"]) if sender in PLAYERS[:1] else " "
        pool = ACTIONS + INFO + OTHER + (HOST if sender in AUTH or rng.random() < 0.2 else [])
        text = fill(rng, rng.choice(pool))
        before = len(out.sent)
        silent = False
        if rng.random() < 0.5:
            if rng.random() < 0.2:
                text = f"{rng.choice(ROOMS)} {text}"
            first, _, rest = text.strip().partition(" ")
            body = rest.strip() if first in ROOMS and rest.strip() else text.strip()
            word = body.partition(" ")[0].lower()
            bot._route_pm(sender, text)
            room = None
            if not is_command_word(word):
                last = unknown_at.get(to_id(sender))
                silent = last is not None and clock.now() - last < UNKNOWN_PM_EVERY
                if not silent and out.sent[before:]:
                    unknown_at[to_id(sender)] = clock.now()
        else:
            room = rng.choice(ROOMS)
            line = rng.choice(["/me in", "/me out"]) if rng.random() < 0.1 else f".{text}"
            if line == ".":
                continue  # a lone prefix is chat, not a command
            signups_open = bot.rooms[room].signups is not None
            silent = (line.startswith("/me") and not signups_open) or (
                not line.startswith("/me") and not is_command_word(text.split(" ")[0].lower())
            )
            bot.rooms[room].handle_chat(rank, sender, line)
            if not silent and line.startswith("/me") and not answered(out.sent[before:], sender, room):
                clock.advance(LIST_EVERY)  # a list's line comes once the one before is LIST_EVERY s old
        if silent:
            assert not answered(out.sent[before:], sender, room), (seed, step, sender, room, text)
        else:
            assert answered(out.sent[before:], sender, room), (seed, step, sender, room, text, out.sent[before:])
