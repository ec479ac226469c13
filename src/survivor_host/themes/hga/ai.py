"""Hunger Games Anon strategies for AI seats: a nickname, then whom to attack."""

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
    """Attacks a nickname with the most lives (Second Wind): whoever is left to face in the final is then
    as worn down as the rest, instead of the one nobody touched."""

    name = "leveller"

    def choose(self, view: HgaView, options: Sequence[Input], rng: random.Random) -> Input:
        lives = dict(view.lives)
        most = max(lives.get(option.target or "", 0) for option in options)
        picks = [option for option in options if lives.get(option.target or "", 0) == most]
        return picks[rng.randrange(len(picks))]


HGA_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(HgaView, {"random": RandomHga, "leveller": Leveller})
