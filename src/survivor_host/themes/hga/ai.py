"""Hunger Games Anon strategies for AI seats: a nickname, then whom to attack.

Nobody knows who is behind a nickname or in what order attacks were sent, and a duel is even in every
mode, so nicknames differ only in lives (Second Wind). Against random players no target rule wins
measurably more or less than a fair share (tests/ai/test_hga_ai.py, docs/FINDINGS.md): the game is luck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked
from survivor_host.themes.hga.view import HgaView


class RandomHga:
    """Takes any offered nickname and attacks anyone at random."""

    name = "random"

    def choose(self, view: HgaView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


class Leveller:
    """Attacks a nickname with the most lives (Second Wind), spreading the lives left thin; no edge here
    (a dropped attack, on a target already out, is likelier against the fewest)."""

    name = "leveller"

    def choose(self, view: HgaView, options: Sequence[Input], rng: random.Random) -> Input:
        lives = dict(view.lives)
        most = max(lives.get(option.target or "", 0) for option in options)
        picks = [option for option in options if lives.get(option.target or "", 0) == most]
        return picks[rng.randrange(len(picks))]


class Finisher:
    """Attacks a nickname with the fewest lives (Second Wind): a won duel puts them out, and the attack is
    likelier dropped (its target out before it comes up); no edge among random players."""

    name = "finisher"

    def choose(self, view: HgaView, options: Sequence[Input], rng: random.Random) -> Input:
        lives = dict(view.lives)
        fewest = min(lives.get(option.target or "", 0) for option in options)
        picks = [option for option in options if lives.get(option.target or "", 0) == fewest]
        return picks[rng.randrange(len(picks))]


class Avenger:
    """Attacks the nickname that attacked it last and is still in (the room names every duel's attacker);
    else anyone at random. No edge among random players, whose attacks follow no grudge."""

    name = "avenger"

    def choose(self, view: HgaView, options: Sequence[Input], rng: random.Random) -> Input:
        for nick in reversed(view.attacked_by):
            for option in options:
                if option.target == nick:
                    return option
        return options[rng.randrange(len(options))]


HGA_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(
    HgaView, {"random": RandomHga, "leveller": Leveller, "finisher": Finisher, "avenger": Avenger}
)
