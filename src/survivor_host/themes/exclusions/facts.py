"""Exclusions' facts: what happened, as data, for its presenter and its record. Duels name players by
nickname; a real name appears beside a nickname only once its owner is out (or has won). Its attacks
are the shared facts of `engine.duel_facts`: `AttackTaken` names a user, `AttackFought` nicknames, and its
`left` is 1 when the attacker lost (which costs nothing)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from survivor_host.engine.events import Asked, Fact

SUSPECT = "suspect"


class ExcStage(StrEnum):
    """The stages of a game (`game.phase`)."""

    NICKS = "nicknames"
    ATTACKS = "attacks"
    GUESSES = "guesses"
    DUELS = "duels"


class ExcCause(StrEnum):
    """How Exclusions takes a player out, besides duels and removals."""

    FOUND_OUT = "found out"


@dataclass(frozen=True, slots=True)
class RoundBegins(Fact):
    """Round `number`: the real names still in, sorted (attacks name a username, 3.2)."""

    number: int
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Exposed(Fact):
    """The nicknames of the players still in whom nobody attacked, in the order their owners joined: each
    is guessed in turn (none: nothing to guess)."""

    nicks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GuessAsked(Asked):
    """`player` (drawn from everyone still in but the owner, BG9) guesses who owns `nick`, which nobody
    attacked: `suspect NAME` in the room."""

    nick: str


@dataclass(frozen=True, slots=True)
class Guessed(Fact):
    """`player` suspects `suspect` of being `nick`; `correct`: they are (and go out)."""

    player: str
    nick: str
    suspect: str
    correct: bool


@dataclass(frozen=True, slots=True)
class FoundOut(Fact):
    """`player`, nicknamed `nick`, was found out by `guesser` and is out."""

    player: str
    nick: str
    guesser: str


@dataclass(frozen=True, slots=True)
class NoGuess(Fact):
    """`player` named nobody for `nick` by the deadline, and goes out for it (3.4d)."""

    player: str
    nick: str


@dataclass(frozen=True, slots=True)
class AttacksBegin(Fact):
    """The guesses are over: the round's `count` attacks follow in the order they were sent, each fought
    or, when its attacker or target is out by then, dropped."""

    count: int


@dataclass(frozen=True, slots=True)
class Defended(Fact):
    """`target` won the duel `attacker` started: nobody is out (4.5)."""

    target: str
    attacker: str


@dataclass(frozen=True, slots=True)
class FinalPair(Fact):
    """Two are left, named by their real names (4.7; sorted): the final, where either loser is out."""

    names: tuple[str, ...]
