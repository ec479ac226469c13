"""Nicknames (hunger-games-anon.txt 3.1, BG8): letters and digits, at most 15, no stretching, not the
room's signup word, and not another player's name or nickname (compared as user ids)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id

MAX_NICK = 15
SIGNUP_WORD = "survgame"
_STRETCH = re.compile(r"(.)\1{7,}|(.{2,}?)\2{4,}", re.IGNORECASE)
SUGGESTED = (
    "Mockingjay", "Nightlock", "Tracker", "Jabberjay", "Tribute", "Cornucopia", "Arena", "Sponsor", "Mentor",
    "Victor", "District", "Katniss", "Peeta", "Gale", "Rue", "Thresh", "Clove", "Cato", "Foxface", "Marvel",
    "Glimmer", "Haymitch", "Effie", "Cinna", "Finnick", "Johanna", "Beetee", "Wiress", "Mags", "Boggs",
)  # fmt: skip
"""Words the nicknames a player may take by a button are made of."""
POOL = (*SUGGESTED, *(f"{word}{number}" for number in (2, 3) for word in SUGGESTED))
"""Nicknames to deal out as buttons, three to a player, in an order the game's dice draw (secret until the
seed is revealed: a player who takes one tells nobody who they are)."""
OFFERED = 3


def check_nick(nick: str, taken: Iterable[str]) -> str:
    """`nick` as typed, once it is a usable nickname; IllegalAction says why not. `taken`: every other
    player's name and nickname."""
    nick = nick.strip()
    if not nick:
        raise IllegalAction("Choose your nickname: nick NAME (letters and digits, at most 15).")
    if SIGNUP_WORD in to_id(nick):
        raise IllegalAction("That nickname is the room's signup word; choose another.")
    if not re.fullmatch(r"[A-Za-z0-9]+", nick):
        raise IllegalAction("A nickname is letters and digits only, no spaces.")
    if len(nick) > MAX_NICK:
        raise IllegalAction(f"A nickname is at most {MAX_NICK} characters.")
    if _STRETCH.search(nick):
        raise IllegalAction("That nickname stretches one letter or block too far; choose another.")
    if to_id(nick) in {to_id(name) for name in taken}:
        raise IllegalAction("That nickname is taken (another player's name or nickname); choose another.")
    return nick


def free_suggestions(taken: Iterable[str], count: int = OFFERED) -> tuple[str, ...]:
    """The first `count` suggested nicknames nobody holds or is named."""
    used = {to_id(name) for name in taken}
    pool = itertools.chain(SUGGESTED, (f"Tribute{number}" for number in itertools.count(1)))
    return tuple(itertools.islice((nick for nick in pool if to_id(nick) not in used), count))
