"""Hot Potato strategies for AI seats: whom the holder passes to.

Every pass has the same chance whoever receives it, so whom to pass to matters only through what the
others do next: against players who pass at random every choice is alike, and the game is luck
(tests/ai/test_hp_ai.py).
`grudge` passes the potato back to whoever last passed it to them: among grudge players the potato goes back
and forth between the holder drawn and the first player they pass to.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked
from survivor_host.themes.hp.view import HpView


def _any(options: Sequence[Input], rng: random.Random) -> Input:
    return options[rng.randrange(len(options))]


class RandomHp:
    """Passes to anyone at random."""

    name = "random"

    def choose(self, view: HpView, options: Sequence[Input], rng: random.Random) -> Input:
        return _any(options, rng)


class Grudge:
    """Passes the potato back to whoever last passed it to them in this game (when still in), else at random."""

    name = "grudge"

    def choose(self, view: HpView, options: Sequence[Input], rng: random.Random) -> Input:
        sender = dict(view.last_from).get(view.name)
        back = [option for option in options if option.target == sender]
        return back[0] if back else _any(options, rng)


HP_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(HpView, {"random": RandomHp, "grudge": Grudge})
