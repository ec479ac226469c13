"""Follow the Leader's numbers (F2-F10), shared by the game, its mods, the odds and the simulator."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.odds import battle_win

TUG_OF_WAR = "tug-of-war"
NO_MERCY = "no-mercy"
"""The ids of the theme's mods, as hosts type them."""

CHOICES = ("follow", "rebel")
"""F3: what a player who owes a choice sends by PM."""
LEADER_DIE, LEADER_BONUS = 109, 20
"""F5: the leader rolls 109+20 (21..129)."""
PLAYER_DIE, SUSPECT_DIE = 150, 120
"""F5: every other player rolls 150, the suspect 120."""
SCAPEGOAT_SUSPECT_DIE, SCAPEGOAT_TARGET_DIE = 70, 100
"""F7: the suspect rolls 70 against the scapegoat's 100."""
TIE_DIE = 100
"""F2, F9: a tie for the most votes, or for the lowest or highest roll, is a roll battle of 100."""
FINALS_DIE = 150
"""F10: the finals and the battle for second place."""
SUSPECTS_FROM = 5
"""F4: suspecting happens only when the round starts with this many players or more."""
TIES_IMMUNE_FROM = 4
"""F6: a tie gives immunity only when the round starts with this many players or more."""
START_DIE = 150
"""F12: Tug of War's running die at the start of a round."""
STEP = 20
"""F12: under Tug of War a rebel rolls the running die minus this, a follower plus this."""


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
