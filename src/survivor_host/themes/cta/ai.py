"""Chase the Ace seat strategies: they read only the player's `CtaView` and the legal options.

>>> strategy = CTA_STRATEGIES["threshold"]()
>>> # strategy.choose(game.view("Venus"), game.legal_inputs("Venus"), random.Random(1))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, ThemeStrategy, bucket_table, checked, first_of, of_action
from survivor_host.themes.cta.view import CtaView

AVERAGE_CARD = 7
"""What an unknown card is worth on average (1..13)."""


def name_opponent(options: Sequence[Input], rng: random.Random) -> Input | None:
    """A Jester names any legal opponent: every duel is 100 vs 100, so all are alike."""
    duels = of_action(options, "duel")
    return duels[rng.randrange(len(duels))] if duels else None


class RandomCta:
    """Any legal input, uniformly."""

    name = "random"

    def choose(self, view: CtaView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


class AlwaysStick:
    """Always sticks; as a Jester, names a random opponent."""

    name = "always-stick"

    def choose(self, view: CtaView, options: Sequence[Input], rng: random.Random) -> Input:
        duel = name_opponent(options, rng)
        if duel is not None:
            return duel
        return first_of(options, "stick") or options[0]


@dataclass(frozen=True)
class CtaPolicy:
    """A simple Chase the Ace policy both simulators run: `random`, `stick`, or `threshold`.

    `threshold[n]` is the highest card that still swaps when `n` players are still in the game
    (the last entry covers larger tables); targets are chosen as `Threshold` does.
    """

    kind: str
    threshold: tuple[int, ...] = (6,)

    def threshold_for(self, alive: int) -> int:
        return self.threshold[min(alive, len(self.threshold) - 1)]

    @staticmethod
    def by_size(*thresholds: int) -> CtaPolicy:
        """Swap thresholds for the table sizes in SIZE_BUCKETS (3, 4, 5-6, 7-9, 10-14, 15+ players)."""
        return CtaPolicy("threshold", tuple(int(t) for t in bucket_table(thresholds)))


class Threshold:
    """Swap when the card is at or below `threshold`, with the target most likely to hold a better card.

    What the player knows decides the target: a card seen in one of their own swaps (never swap
    for a card no better than theirs, so never back with whom they just gave a low card), players
    who stuck (they like their card), players who have not lost a card this round (their card is
    still an unknown deal), and last those who lost a card to a swap (they likely got a low one).
    """

    name = "threshold"

    def __init__(self, threshold: int = 6) -> None:
        self.policy = CtaPolicy("threshold", (threshold,))

    def policy_for(self, view: CtaView) -> CtaPolicy:
        return self.policy

    def choose(self, view: CtaView, options: Sequence[Input], rng: random.Random) -> Input:
        duel = name_opponent(options, rng)
        if duel is not None:
            return duel
        stick = first_of(options, "stick")
        swaps = of_action(options, "swap")
        card = view.card or 0
        if stick is not None and (card > self.policy_for(view).threshold_for(len(view.players)) or not swaps):
            return stick
        scored = [(self.worth(view, option.target or ""), rng.random(), option) for option in swaps]
        scored = [item for item in scored if item[0] > card]
        if not scored:
            return stick or options[0]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    @staticmethod
    def worth(view: CtaView, target: str) -> float:
        """What `view.name` expects `target`'s card to be worth."""
        known = dict(view.known)
        if target in known:
            return known[target]
        given_to = {by_target for by, by_target, swapped in view.swaps if swapped and by == view.name}
        if target in given_to:
            return 0
        if target in view.stuck:
            return AVERAGE_CARD + 1
        lost = {by_target for _, by_target, swapped in view.swaps if swapped}
        if target in lost:
            return AVERAGE_CARD - 3
        return AVERAGE_CARD


SMART_CTA: dict[tuple[str, ...], CtaPolicy] = {
    # mods -> the best swap thresholds for a seat among random players at 5, 10 and 20 players, at 3, 4,
    # 5-6, 7-9, 10-14 and 15+ players, printed by `python -m survivor_host.studies.search cta --games-scale 0.5`
    (): CtaPolicy.by_size(10, 4, 4, 3, 4, 5),
    ("adhesive",): CtaPolicy.by_size(10, 8, 4, 4, 6, 7),
    ("jesters-duel",): CtaPolicy.by_size(9, 5, 6, 4, 6, 5),
    ("no-backsies",): CtaPolicy.by_size(6, 5, 4, 3, 2, 2),
    ("the-joker",): CtaPolicy.by_size(6, 10, 6, 3, 5, 6),
    ("all-at-once",): CtaPolicy.by_size(10, 4, 5, 7, 5, 7),
}


def tuned(table: dict[tuple[str, ...], CtaPolicy], mods: Sequence[str]) -> CtaPolicy:
    """The tuned policy for these mods; a combination not searched falls back to its first searched mod."""
    key = tuple(sorted(mods))
    if key in table:
        return table[key]
    for mod in key:
        if (mod,) in table:
            return table[(mod,)]
    return table[()]


def smart_policy(mods: Sequence[str]) -> CtaPolicy:
    return tuned(SMART_CTA, mods)


class SmartCta(Threshold):
    """`Threshold` with the swap thresholds the strategy search found best among random players (SMART_CTA)."""

    name = "smart"

    def policy_for(self, view: CtaView) -> CtaPolicy:
        return tuned(SMART_CTA, view.mods)


def named_policy(name: str, mods: Sequence[str]) -> CtaPolicy | None:
    """The policy a named strategy plays (for the fast simulator), or None if it is not a policy."""
    fixed = {
        "random": CtaPolicy("random"),
        "always-stick": CtaPolicy("stick"),
        "threshold": CtaPolicy("threshold", (6,)),
        "smart": tuned(SMART_CTA, mods),
    }
    return fixed.get(name)


CTA_KINDS: dict[str, Callable[[], ThemeStrategy[CtaView]]] = {
    "random": RandomCta,
    "always-stick": AlwaysStick,
    "threshold": Threshold,
    "smart": SmartCta,
}
"""The strategies by name, typed on the view: mypy refuses them a view of another theme."""
CTA_STRATEGIES: dict[str, Callable[[], Strategy]] = checked(CtaView, CTA_KINDS)
"""The same, for front ends that choose a theme at run time: another theme's view raises TypeError."""

__all__ = ["CTA_KINDS", "CTA_STRATEGIES", "AlwaysStick", "CtaPolicy", "RandomCta", "SmartCta", "Threshold"]
