"""Hunger Games' stages; its facts are the attack-and-duel games' shared ones (`engine.duel_facts`)."""

from __future__ import annotations

from enum import StrEnum


class HgStage(StrEnum):
    """The stages of a game (`game.phase`)."""

    ATTACKS = "attacks"
    DUELS = "duels"
