"""Exclusions (`exclusions`): exclusions.txt as the bot-games README applies it, with Golf. Nicknames
first, then rounds of attacks by username, guesses of the nicknames nobody attacked, and duels named by
nickname (`phases.py`, `guesses.py`)."""

from __future__ import annotations

from typing import ClassVar

from survivor_host.engine.duel_facts import ATTACK, GameBegins
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.engine.nicknames import ATTACKS_AFTER_NICKS, NICK, Nicknames
from survivor_host.themes.exclusions.facts import SUSPECT
from survivor_host.themes.exclusions.phases import NICKNAMES
from survivor_host.themes.exclusions.spec import SPEC
from survivor_host.themes.exclusions.state import ExcState
from survivor_host.themes.exclusions.view import ExcView, view_of


class Exclusions(ExcState):
    """Exclusions, alone or with Golf."""

    spec = SPEC
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = (NICK, ATTACK, SUSPECT)
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = (NICK, ATTACK, SUSPECT)
    SECRET_ACTIONS: ClassVar[tuple[str, ...]] = (NICK, ATTACK)
    ACTION_ALIASES: ClassVar[dict[str, str]] = {"destroy": ATTACK}
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {NICK: ("target",), ATTACK: ("target",), SUSPECT: ("target",)}

    def _start(self) -> list[Event]:
        return [GameBegins(self.title, len(self.seats), self.mods), *self.move_to(NICKNAMES)]

    def refusal(self, action: str, seat: Seat) -> str:
        if action == NICK:
            return "Nicknames are chosen before the first round only."
        if action == SUSPECT:
            return "Only the player asked to guess an exposed nickname suspects, when asked."
        if isinstance(self.current, Nicknames):
            return ATTACKS_AFTER_NICKS
        return "There is no attack to send now: wait for the next round."

    def view(self, name: str) -> ExcView:
        return view_of(self, self.seat(name))
