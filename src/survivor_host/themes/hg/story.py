"""Hunger Games rounds on the replay page: who was in (lives under Second Wind), the attacks in the order
sent, the duels in the order fought, who went out; the final's duels; a last battle."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.duel_story import duel_round, with_hearts
from survivor_host.engine.story import the_rest


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The round's facts, in the order a reader follows them."""
    label = "In the final" if rnd.get("final") is True else "Still in"
    facts, known = duel_round(rnd, (("players", label, lambda _: with_hearts(rnd, "players")),))
    return facts + the_rest(rnd, known)
