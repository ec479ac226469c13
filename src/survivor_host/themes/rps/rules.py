"""Rock, Paper, Scissors' numbers and words: the weapons of each variant, who beats whom, the dice.

rock-paper-scissors.txt 3.1: rock > scissors > paper > rock; the Lizard, Spock variant adds: rock beats
lizard, paper beats spock, scissors beat lizard, lizard beats paper and spock, spock beats rock and scissors.
"""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine.theme import ModSpec

ATTACK = "attack"
THROW = "throw"
LIZARD_SPOCK = "lizard-spock"
LIZARD_SPOCK_MOD = ModSpec(LIZARD_SPOCK, "Lizard Spock", ("rpsls", "rpslsp", "ls", "spock", "lizardspock"))
FAVOURED_DIE = 125
"""4.4: the player whose weapon wins the matchup rolls 1-125, the other 1-100."""
OTHER_DIE = 100

ROCK, PAPER, SCISSORS, LIZARD, SPOCK = "rock", "paper", "scissors", "lizard", "spock"
STANDARD = (ROCK, PAPER, SCISSORS)
VARIANT = (ROCK, PAPER, SCISSORS, LIZARD, SPOCK)
BEATS: dict[str, frozenset[str]] = {
    ROCK: frozenset({SCISSORS, LIZARD}),
    PAPER: frozenset({ROCK, SPOCK}),
    SCISSORS: frozenset({PAPER, LIZARD}),
    LIZARD: frozenset({PAPER, SPOCK}),
    SPOCK: frozenset({ROCK, SCISSORS}),
}
SHORT = {"r": ROCK, "p": PAPER, "s": SCISSORS, "l": LIZARD, "sp": SPOCK}
"""3.1: the short forms."""


def weapons_of(mods: Sequence[str]) -> tuple[str, ...]:
    """The weapons of the variant in play."""
    return VARIANT if LIZARD_SPOCK in mods else STANDARD


def beats(weapon: str, other: str) -> bool:
    """True when `weapon` wins the matchup against `other`."""
    return other in BEATS[weapon]


def read_weapon(text: str, weapons: Sequence[str]) -> str | None:
    """The weapon `text` names (case, spaces and punctuation ignored; short forms too), if it is one of `weapons`."""
    key = "".join(ch for ch in text.lower() if ch.isalnum())
    weapon = SHORT.get(key, key)
    return weapon if weapon in weapons else None
