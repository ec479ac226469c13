"""How many lines a round costs the send queue at ordinary rank (no `*`): room lines and PMs per round.

Twelve players, the in-process room host with the fake outbox; every wait answered with a random
legal input (seeded), as a player would send it. Without `*` every line is paced (600 ms at ordinary
rank), so fewer lines per round is a faster game.

Run: .venv/bin/python bench/round_lines.py [--games 20] [--players 12]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.room import RoomHost
from survivor_host.store.db import Store
from survivor_host.terminal.table import seat_names
from tests.host.fakes import FakeClock, FakeOutbox


def play(theme: str, mods: str, players: int, seed: int, html: bool, db: Path) -> tuple[int, int]:
    """(room lines, PMs) from the line that opens round 1 to the one that opens round 2."""
    out = FakeOutbox(html_rooms=("room",) if html else ())
    host = RoomHost("room", out, FakeClock(), Store(db), HostSettings(), lambda: f"lines-{seed}")
    host.handle_chat("+", "Hostess", f".host {theme} {mods}".strip())
    for name in seat_names(players):
        host.handle_chat(" ", name, "/me in")
    out.clear()
    host.handle_chat("+", "Hostess", ".start")
    rng = random.Random(seed)
    game = host.game
    assert game is not None
    while host.game is not None and game.round < 2:
        wait = game.awaiting()[0]
        choice = rng.choice(game.legal_inputs(wait.player))
        text = f"{choice.action} {choice.target or ''}".strip()
        if wait.secret:
            host.handle_pm(wait.player, text)
        else:
            host.handle_chat(" ", wait.player, "." + text)
    says = [i for i, (kind, _, text) in enumerate(out.sent) if kind == "say"]
    begin = next(i for i in says if "**Round 1" in out.sent[i][2])
    end = next((i for i in says if "**Round 2" in out.sent[i][2]), len(out.sent))
    sent = out.sent[begin:end]
    room = sum(1 for kind, _, _ in sent if kind in ("say", "htmlbox", "uhtml", "uhtmlchange"))
    pms = sum(1 for kind, _, _ in sent if kind in ("pm", "pmuhtml"))
    return room, pms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for theme, mods in (("ftl", ""), ("ftl", "no-mercy"), ("cta", ""), ("cta", "jesters-duel")):
            per_room, per_pm = [], []
            for seed in range(args.games):
                room, pms = play(theme, mods, args.players, seed, False, Path(tmp) / f"{theme}{mods}{seed}.db")
                per_room.append(room)
                per_pm.append(pms)
            label = f"{theme} {mods}".strip()
            print(
                f"{label:18} {args.players} players, ordinary rank: "
                f"{statistics.mean(per_room):5.1f} room lines + {statistics.mean(per_pm):5.1f} PMs in round 1 "
                f"= {statistics.mean(per_room) + statistics.mean(per_pm):5.1f} sends"
            )


if __name__ == "__main__":
    main()
