"""Exclusions strategies for AI seats: a nickname, whom to attack, and whom to suspect.

A duel is even, so what a player can know is what matters: a duel is named by nicknames, so an attacker
learns the nickname of the user they attacked. The sleuth uses it: asked to guess a nickname its attacks
have named, it names the owner, and otherwise leaves out whoever it can rule out (tests/ai/
test_exclusions_ai.py: 48% of its guesses right against 28% for random guessers at the same tables). A
right guess takes an opponent out, a small edge where guesses are a large part of the game: one sleuth
among three random players won 28.0% (26.7%-29.4%) of 4,000 games (fair 25.0%); among five, 17.5%
(16.2%-18.9%, fair 16.7%).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from survivor_host.engine.duel_facts import ATTACK
from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked
from survivor_host.themes.exclusions.facts import SUSPECT
from survivor_host.themes.exclusions.view import ExcView


class RandomExc:
    """Takes any offered nickname, attacks anyone and suspects anyone at random."""

    name = "random"

    def choose(self, view: ExcView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


class Sleuth:
    """Suspects the owner its own attacks revealed, else someone it cannot rule out (`ruled_out`); attacks
    someone whose nickname it has not learned yet (to learn it), else anyone."""

    name = "sleuth"

    def choose(self, view: ExcView, options: Sequence[Input], rng: random.Random) -> Input:
        known = dict(view.known)
        if options[0].action == SUSPECT and view.guessing is not None:
            owner = known.get(view.guessing)
            named = [option for option in options if option.target == owner]
            if named:
                return named[0]
            options = [option for option in options if option.target not in view.ruled_out] or list(options)
        elif options[0].action == ATTACK:
            unknown = set(known.values())
            options = [option for option in options if option.target not in unknown] or list(options)
        return options[rng.randrange(len(options))]


EXC_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(ExcView, {"random": RandomExc, "sleuth": Sleuth})
