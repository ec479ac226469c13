"""Chase the Ace's kinds of things: stages, causes, why a card is told, where a player stands."""

from __future__ import annotations

from enum import StrEnum

STICK_SWAP = ("stick", "swap")
"""What a player in the swap phase may send."""


class CtaStage(StrEnum):
    """The stages of a Chase the Ace round (`game.phase`)."""

    DEAL = "deal"
    DUEL = "duel"
    SWAP = "swap"
    ALL_AT_ONCE = "aao"
    REVEAL = "reveal"
    FINALS = "finals"


class CtaCause(StrEnum):
    """How Chase the Ace takes players out (besides `Cause`)."""

    LOWEST_CARD = "lowest card"
    JOKER = "drew the Joker"
    DUEL = "lost the Jester's duel"
    JESTERS = "lost the Jesters' battle"


class CardWhy(StrEnum):
    """Why a player is told their card."""

    DEALT = "dealt"
    ASKED = "asked"
    SWAPPED_AWAY = "swapped away"
    SWAPPED_WITH = "swapped with"
    AFTER_SWAP_ROUND = "after swap round"
    TAKEOVER = "takeover"


class Standing(StrEnum):
    """Where a player stands at the end of a round, as its table shows it."""

    SAFE = "safe"
    KING = "king"
    ADVANCED = "advanced"
    LOWEST = "lowest"
    TIE_LOST = "tie lost"
    TIE_WON = "tie won"
    JOKER = "joker"
    DUEL_LOST = "duel lost"
    JESTERS_LOST = "jesters lost"
    MODKILLED = "modkilled"
