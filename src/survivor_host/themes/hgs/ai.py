"""Hunger Games Spotlight strategies for AI seats: whom the spotlight attacks."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked
from survivor_host.themes.hgs.view import HgsView


class RandomHgs:
    """Attacks anyone at random."""

    name = "random"

    def choose(self, view: HgsView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


class Leveller:
    """Attacks a player with the most lives (Second Wind): whoever is left to face in the final is then
    as worn down as the rest, instead of the one nobody touched."""

    name = "leveller"

    def choose(self, view: HgsView, options: Sequence[Input], rng: random.Random) -> Input:
        lives = dict(view.lives)
        most = max(lives.get(option.target or "", 0) for option in options)
        picks = [option for option in options if lives.get(option.target or "", 0) == most]
        return picks[rng.randrange(len(picks))]


HGS_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(HgsView, {"random": RandomHgs, "leveller": Leveller})
