"""Hunger Games Spotlight turns on the replay page: who was in (lives under Second Wind), whom the dice put
in the spotlight, the duel that player chose, who went out; the final's duels; a last battle."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.duel_story import duel_round, with_hearts
from survivor_host.engine.story import names, the_rest


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The turn's facts, in the order a reader follows them."""
    final = rnd.get("final") is True
    before = (
        ("players", "In the final" if final else "Still in", lambda _: with_hearts(rnd, "players")),
        *(() if final else (("spotlight", "In the spotlight (drawn by the dice)", names),)),
    )
    facts, known = duel_round(rnd, before)
    return facts + the_rest(rnd, (*known, "spotlight"))
