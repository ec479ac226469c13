"""Hunger Games Anon's nicknames to offer as buttons (the checks are `engine.nicknames`')."""

from __future__ import annotations

from survivor_host.engine.nicknames import nick_pool

SUGGESTED = (
    "Mockingjay", "Nightlock", "Tracker", "Jabberjay", "Tribute", "Cornucopia", "Arena", "Sponsor", "Mentor",
    "Victor", "District", "Katniss", "Peeta", "Gale", "Rue", "Thresh", "Clove", "Cato", "Foxface", "Marvel",
    "Glimmer", "Haymitch", "Effie", "Cinna", "Finnick", "Johanna", "Beetee", "Wiress", "Mags", "Boggs",
)  # fmt: skip
"""Words the nicknames a player may take by a button are made of."""
POOL = nick_pool(SUGGESTED)
"""Nicknames to deal out as buttons, three to a player."""
