"""Hunger Games Anon rounds on the replay page. A round names players by nickname, as the room saw it: the
nicknames still in (lives under Second Wind) apart from the names still in, attacks and duels by nickname,
and an owner only in the round their nickname is revealed (they went out, or won)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.duel_story import duel_round, with_hearts
from survivor_host.engine.story import e, names, the_rest


def revealed(value: object) -> str:
    """`Nightlock3 was Ceres`: the nicknames whose owners went out (or won) this round."""
    if not isinstance(value, Mapping) or not value:
        return "none"
    return ", ".join(f"{e(nick)} was {e(owner)}" for nick, owner in value.items())


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The round's facts, in the order a reader follows them; never an owner beside a nickname still in."""
    final = rnd.get("final") is True
    before = (
        ("nicks", "Nicknames in the final" if final else "Nicknames still in", lambda _: with_hearts(rnd, "nicks")),
        ("names", "Players still in (whose nickname is whose stays secret)", names),
    )
    after = (("revealed", "Nicknames revealed", revealed),)
    facts, known = duel_round(rnd, before if rnd.get("names") else before[:1], after)
    return facts + the_rest(rnd, (*known, "names"))
