"""Chase the Ace on numpy: what the swaps need to know of the table (the seats' policies, the mods and
the rule figures), read by every swap round of a batch."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.themes.cta.bits import Bits, Seats

RANDOM, STICK, THRESHOLD = range(3)
"""The policy kinds a seat plays (`CtaPolicy.kind`)."""
STUCK_WORTH, AVERAGE, LOST_WORTH = 8, 7, 4
"""What a threshold seat expects a card to be worth (as `Threshold.worth`) when it does not know it;
one it took by a swap of its own is worth 0."""


@dataclass
class Table:
    """What the swaps need to know of the game: the seats' policies, the mods and the rule figures."""

    bits: Bits
    kind: Seats
    """Each seat's policy kind."""
    limits: Seats
    """(seats, table sizes): the highest card that still swaps, by players still in."""
    adhesive: bool
    backsies: bool
    both_ways: bool
    swap_win: float
    all_at_once: bool

    def __post_init__(self) -> None:
        self.kinds = {int(k) for k in self.kind}
        self.smart = THRESHOLD in self.kinds
        self.memory = self.all_at_once and (self.backsies or self.smart)
        """Whether the seats that won a swap of their own are kept per swap round, and with No Backsies
        (bit-sliced) whom they took a card from (All At Once's second swap round: No Backsies, and a
        threshold seat never swaps back for the low card it gave); in the turns, who took from a seat is
        read off the round's won swaps."""
        self.same_limits = bool((self.limits == self.limits[:1]).all())
