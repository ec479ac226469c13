"""The findings report's section on the Hunger Games family: what a player's choice can change there.

Its figures come from the tests named in it (exact, or simulated on the engine at fixed seeds).
"""

from __future__ import annotations

HUNGER_GAMES_SECTION = [
    "## The Hunger Games family",
    "",
    "Every duel is even in every mode (Golf and Roll Switch only change which roll wins), so a player's",
    "one lever is whom to attack; the tables below are one seat among random players.",
    "",
    "- **Hunger Games (`hg`)**: attacks are fought in the order sent, and an attack whose target is out",
    "  before it comes up is dropped, its attacker spared the duel. `opportunist` attacks whoever is",
    "  likeliest out first (fewest lives, then one who has sent) and beats `random`",
    "  (tests/ai/test_hg_ai.py). The simulator lets the awaited players act in a random order: in seat",
    "  order, seat 1 won 12.8% and seat 5 22.4% at 6 players; now every seat wins its share",
    "  (tests/analysis/test_sim_order.py).",
    "- **Spotlight (`hgs`)**: with one life each the game is pure luck (every target alike). Under Second",
    "  Wind `leveller` (attack the most lives) is the best target rule against random players, exactly",
    "  (a recursion over the lives left, checked against the engine in tests/ai/test_hgs_ai.py);",
    "  `finisher` (the fewest) loses:",
    "",
    "| players | fair share | `leveller` | `finisher` |",
    "|---|---|---|---|",
    "| 4 | 25.0% | 26.1% (1.04x) | 23.8% (0.95x) |",
    "| 5 | 20.0% | 21.1% (1.06x) | 18.8% (0.94x) |",
    "| 6 | 16.7% | 17.7% (1.06x) | 15.6% (0.93x) |",
    "| 8 | 12.5% | 13.4% (1.07x) | 11.6% (0.93x) |",
    "| 10 | 10.0% | 10.8% (1.08x) | 9.2% (0.92x) |",
    "",
    "- **Anon (`hga`)**: nobody knows who is behind a nickname or who has sent, so nicknames differ only",
    "  in lives (Second Wind), and what the room has shown (who attacked whom) says nothing about random",
    "  players. Attacking the fewest lives makes a dropped attack likelier; attacking the most spreads",
    "  the lives left thin; the two pulls nearly cancel. At 5 players, 6,000 games each, one seat wins",
    "  20.2% (19.2%-21.2%) with `leveller`, 20.2% (19.2%-21.3%) with `finisher`, 20.5% with `random`",
    "  (fair 20.0%). `avenger` attacks the nickname that last attacked it (the room names every duel's",
    "  attacker), which random players' attacks do not follow. The strategies do what their names say",
    "  (tests/ai/test_hga_ai.py); none has an edge: against random players Anon is a game of luck.",
    "",
]
