"""Dropped attacks are said (hunger-games.txt 4.2, exclusions.txt 4.2, rock-paper-scissors.txt 4.2): an attack
whose attacker or target is out when its turn comes is not fought, and the room is told so in its place, so
the attacks the room was told are in add up to the attacks it then reads about, fought or dropped."""

from __future__ import annotations

import random
import re

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.events import Event
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game

TOLD = {
    "hg": re.compile(r"The attacks are in \((\d+)\)"),
    "hga": re.compile(r"The attacks are in \((\d+)\)"),
    "rps": re.compile(r"The attacks are in \((\d+)\)"),
    "exclusions": re.compile(r"The attacks begin \((\d+)\)"),
}
ATTACK_LINE = re.compile(r"^\*\*[^*]+\*\*(?: \(\w+\))? attacks \*\*|is dropped: ")


def public(events: list[Event]) -> list[str]:
    return [line for event in events if event.to is None and (line := render(event))]


def test_a_dropped_attack_is_said_in_its_place_among_the_duels() -> None:  # hunger-games.txt 4.2
    game = new_game("hg", ["Ann", "Bob", "Cid", "Dee", "Eve"], dice=ScriptedDice([30, 70, 55, 20, 10, 90, 40, 60]))
    game.start()
    lines: list[str] = []
    for by, target in (("Bob", "Ann"), ("Ann", "Cid"), ("Cid", "Ann"), ("Dee", "Ann"), ("Eve", "Dee")):
        lines += public(game.apply(Input("attack", by=by, target=target)))
    shown = [line for line in lines if ATTACK_LINE.search(line)]
    assert shown == [
        "**Bob** attacks **Ann**!",
        "**Ann** attacks **Cid**!",
        "The attack of **Cid** on **Ann** is dropped: Cid is already out.",
        "**Dee** attacks **Ann**!",
        "The attack of **Eve** on **Dee** is dropped: Dee is already out.",
    ]


@pytest.mark.parametrize("theme", sorted(TOLD))
def test_every_attack_the_room_is_told_of_is_fought_or_said_dropped(theme: str) -> None:
    dropped = 0
    for seed in range(12):
        game = new_game(theme, seat_names(7), seed=f"dropped-{seed}")
        rng = random.Random(seed)
        lines = public(game.start())
        while not game.finished:
            player = game.awaiting()[0].player
            lines += public(game.apply(rng.choice(game.legal_inputs(player))))
        told: int | None = None
        counted = 0
        for line in [*lines, "**Round end"]:
            if line.startswith(("**Round", "**Final")) or "wins the game" in line:
                assert told is None or counted == told, (seed, lines)
                told = None
            elif match := TOLD[theme].search(line):
                told, counted = int(match.group(1)), 0
            elif told is not None and ATTACK_LINE.search(line):
                counted += 1
                dropped += "is dropped" in line
    assert dropped  # the seeds drop some attacks
