"""Russian Roulette strategies for AI seats: each plays one rule of `policy.py` (which the exact odds
follow too). `early` wins more than its share among random players and `hoarder` less
(tests/ai/test_rr_ai.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked
from survivor_host.themes.rr.policy import POLICIES, Policy, Spot
from survivor_host.themes.rr.rules import STEAL
from survivor_host.themes.rr.view import RrView


def spot_of(view: RrView, options: Sequence[Input]) -> Spot:
    """The spot a decision depends on, from what the player knows and may do."""
    rival = [name for name in view.players if name != view.name]
    rival_pass = view.final and bool(rival) and rival[0] not in view.passed
    targets = sum(1 for option in options if option.action == STEAL)
    return Spot(view.chamber, view.final, view.name not in view.passed, targets, rival_pass)


class PolicyStrategy:
    """Plays a policy: an action drawn by its weights, a steal's target evenly among the open ones."""

    name = ""
    policy: Policy

    def choose(self, view: RrView, options: Sequence[Input], rng: random.Random) -> Input:
        weights = {action: weight for action, weight in self.policy(spot_of(view, options)).items() if weight}
        actions = sorted(weights)
        total = sum(weights.values())
        draw = rng.randrange(total)
        for action in actions:
            if draw < weights[action]:
                picks = [option for option in options if option.action == action]
                return picks[rng.randrange(len(picks))]
            draw -= weights[action]
        raise AssertionError("a policy gave no action")


class RandomRr(PolicyStrategy):
    """Any open option at random."""

    name = "random"
    policy = staticmethod(POLICIES["random"])


class Early(PolicyStrategy):
    """Passes at once, steals at chamber 2 or below, plays the final best."""

    name = "early"
    policy = staticmethod(POLICIES["early"])


class Hoarder(PolicyStrategy):
    """Keeps its pass for chamber 2, steals there once it is gone, plays the final best."""

    name = "hoarder"
    policy = staticmethod(POLICIES["hoarder"])


RR_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(
    RrView, {"random": RandomRr, "early": Early, "hoarder": Hoarder}
)
