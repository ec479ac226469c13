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


class Finisher:
    """Attacks a nickname with the fewest lives (Second Wind): a win puts its owner out, and a player with
    one life is likelier out before the attack's turn (the attack is then dropped, no duel)."""

    name = "finisher"

    def choose(self, view: HgaView, options: Sequence[Input], rng: random.Random) -> Input:
        lives = dict(view.lives)
        fewest = min(lives.get(option.target or "", 0) for option in options)
        picks = [option for option in options if lives.get(option.target or "", 0) == fewest]
        return picks[rng.randrange(len(picks))]


HGA_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(HgaView, {"random": RandomHga, "finisher": Finisher})
