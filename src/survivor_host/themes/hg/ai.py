"""Hunger Games strategies for AI seats: whom to attack.

Every duel is even, so the one lever is whom to attack: an attack is dropped, and its attacker spared
the duel, when its target is out before its turn comes. A player who has already sent their own attack
fights it before yours, and one with fewer lives (Second Wind) goes out at a first loss.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked
from survivor_host.themes.hg.view import HgView


class RandomHg:
    """Attacks anyone at random."""

    name = "random"

    def choose(self, view: HgView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


class Opportunist:
    """Attacks whoever is likeliest out before its attack comes up: fewest lives, then one who has sent."""

    name = "opportunist"

    def choose(self, view: HgView, options: Sequence[Input], rng: random.Random) -> Input:
        lives, sent = dict(view.lives), set(view.sent)

        def weight(option: Input) -> tuple[int, int]:
            target = option.target or ""
            return lives.get(target, 0), 0 if target in sent else 1

        best = min(map(weight, options))
        picks = [option for option in options if weight(option) == best]
        return picks[rng.randrange(len(picks))]


HG_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(HgView, {"random": RandomHg, "opportunist": Opportunist})
