"""Russian Roulette's numbers and action words (russian-roulette.txt)."""

from __future__ import annotations

CHAMBERS = 6
"""The revolver's chambers: a pull is shot on a roll of the chambers left, reset to six on a shot (3.3)."""
STEAL_DIE = 100
"""A steal is a roll-off of 100 vs 100, the stealer rolling first (4.2, BG4)."""

PULL = "pull"
PASS = "pass"
STEAL = "steal"
TURN = "roulette"
"""The phase of a turn: the player drawn pulls, passes or steals in the room."""
FINAL = "finale"
"""The stage the room is told begins with the final's first turn (3.6)."""
