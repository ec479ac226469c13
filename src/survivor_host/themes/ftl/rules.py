"""Follow the Leader's numbers (F2-F10), shared by the game, its mods, the odds and the simulator."""

from __future__ import annotations

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
