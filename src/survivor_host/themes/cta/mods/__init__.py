"""Chase the Ace's mods, each a class of hooks the core calls (see `state.CtaMod`)."""

from __future__ import annotations

from survivor_host.themes.cta.mods.adhesive import Adhesive
from survivor_host.themes.cta.mods.all_at_once import AllAtOnce
from survivor_host.themes.cta.mods.jesters_duel import JestersDuel
from survivor_host.themes.cta.mods.no_backsies import NoBacksies
from survivor_host.themes.cta.mods.the_joker import TheJoker
from survivor_host.themes.cta.state import CtaMod

MOD_CLASSES: dict[str, type[CtaMod]] = {cls.id: cls for cls in (Adhesive, JestersDuel, NoBacksies, TheJoker, AllAtOnce)}

__all__ = ["MOD_CLASSES", "CtaMod"]
