"""The hooks Chase the Ace calls on every active mod. A mod overrides the ones it changes, or plays
phases of its own by name (`phases`: All At Once's swaps, Jester's Duel's duel)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from survivor_host.engine.events import Event
from survivor_host.themes.cta.phases.base import CtaPhase
from survivor_host.themes.cta.state import CtaState


class CtaMod:
    """A mod of Chase the Ace; one instance per game. Its state lives in `game.mod_state[id]`."""

    id: ClassVar[str] = ""
    phases: ClassVar[Mapping[str, CtaPhase]] = {}
    """Phases the mod adds, or plays instead of the theme's, by name."""

    def new_round(self, game: CtaState) -> None:
        """A new round begins: the mod's state for it, fresh."""

    def card_die(self) -> int | None:
        """The die cards are dealt with, when this mod changes it (C3: 14 instead of 13)."""
        return None

    def must_redeal(self, cards: dict[int, int]) -> bool:
        """True when the dealt `cards` cannot stand and everything is dealt again."""
        return False

    def after_deal(self, game: CtaState) -> list[Event]:
        """Announcements and eliminations once the Kings are known."""
        return []

    def before_swaps(self, game: CtaState) -> list[Event]:
        """What comes between the deal and the swap phase without a wait (C5: the Jesters' battle)."""
        return []

    def phase_before_swaps(self, game: CtaState) -> str | None:
        """The mod's phase to play between the deal and the swap phase now, by name; None if none."""
        return None

    def swap_block(self, game: CtaState, by: int, target: int) -> str | None:
        """Why this mod forbids `by` from targeting `target` now, or None."""
        return None

    def secret_actions(self) -> tuple[str, ...]:
        """Actions this mod makes secret (sent by PM only, G3)."""
        return ()

    def swap_round(self, game: CtaState) -> int:
        """The All At Once swap round under way (0 when the mod has none)."""
        return 0

    def jesters(self, game: CtaState) -> list[int]:
        """Seats holding a Jester this round (Jester's Duel only)."""
        return []

    def choice_of(self, game: CtaState, seat: int) -> str | None:
        """A secret swap choice `seat` has made this swap round (`stick` or a name), if the mod keeps them."""
        return None
