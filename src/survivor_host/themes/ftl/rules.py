"""Follow the Leader's numbers, shared by the game, its exact odds, its AI and its numpy kernel."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.odds import battle_win

CHOICES = ("follow", "rebel")
"""What a non-leader chooses each round (F3)."""
LEADER_DIE, LEADER_BONUS = 109, 20
"""The leader rolls 109+20 (F5)."""
PLAYER_DIE, SUSPECT_DIE = 150, 120
"""Everyone else rolls 150; a caught suspect 120 (F4, F5)."""
SCAPEGOAT_SUSPECT_DIE, SCAPEGOAT_TARGET_DIE = 70, 100
"""The scapegoat battle, suspect against the named scapegoat (F7)."""
TIE_DIE = 100
FINALS_DIE = 150
"""The two finalists battle with 150s (F10)."""
START_DIE = 150
"""Tug of War's running die at the start of a round (F12)."""
STEP = 20
"""Tug of War: a rebel rolls the running die minus this, a follower plus this (F12)."""


@dataclass(frozen=True)
class KernelRules:
    """The figures the numpy kernels use; a test perturbs one to show the agreement tests catch a wrong rule."""

    leader_die: int = LEADER_DIE
    leader_bonus: int = LEADER_BONUS
    player_die: int = PLAYER_DIE
    suspect_die: int = SUSPECT_DIE
    scapegoat_win: float = float(battle_win(SCAPEGOAT_SUSPECT_DIE, SCAPEGOAT_TARGET_DIE))
    tug_step: int = STEP


KERNEL_RULES = KernelRules()
