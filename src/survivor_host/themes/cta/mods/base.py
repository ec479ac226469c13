"""The hooks Chase the Ace calls on every active mod. A mod overrides the ones it changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import trait

from survivor_host.engine.events import Event

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce


@trait  # a mod that is also a phase inherits from both (a trait, for the compiled engine)
class CtaMod:
    """A mod of Chase the Ace; one instance per game, holding that game's mod state."""

    id: ClassVar[str] = ""
    bars_targets: ClassVar[bool] = False
    """True for a mod whose `barred_targets` bars anyone (then every stick and swap is checked again)."""

    def card_die(self) -> int | None:
        """The die cards are dealt with, when this mod changes it (C3: 14 instead of 13)."""
        return None

    def must_redeal(self, cards: dict[int, int]) -> bool:
        """True when the dealt `cards` cannot stand and everything is dealt again."""
        return False

    def after_deal(self, game: ChaseTheAce) -> list[Event]:
        """Announcements and eliminations once the Kings are known."""
        return []

    def before_swaps(self, game: ChaseTheAce) -> list[Event] | None:
        """Something that comes between the deal and the swap phase (it then starts the swaps); None if not."""
        return None

    def swap_block(self, game: ChaseTheAce, by: int, target: int) -> str | None:
        """Why this mod forbids `by` from targeting `target` now, or None."""
        return None

    def barred_targets(self, game: ChaseTheAce, by: int) -> set[int]:
        """Every seat `swap_block` bars `by` from targeting now (the same rule, all at once).

        It may depend only on the round's `stuck` and `exchanges` (the core caches it by them)."""
        return set()

    def swap_phase(self, game: ChaseTheAce) -> list[Event] | None:
        """This mod's own swap phase, replacing the turns (C6); None if the mod leaves the turns alone."""
        return None

    def secret_actions(self) -> tuple[str, ...]:
        """Actions this mod makes secret (sent by PM only, G3)."""
        return ()

    def swap_round_now(self) -> int:
        """The All At Once swap round under way (0 when the mod has none)."""
        return 0

    def jesters(self, game: ChaseTheAce) -> list[int]:
        """Seats holding a Jester this round (Jester's Duel only)."""
        return []

    def choice_of(self, game: ChaseTheAce, seat: int) -> str | None:
        """A secret swap choice `seat` has made this swap round (`stick` or a name), if the mod keeps them."""
        return None

    def secret_choices(self) -> dict[int, int | None]:
        """Secret swap choices this mod holds now: seat to target seat, None to stick."""
        return {}

    def new_round(self) -> None:
        """A new round begins: forget this round's mod state."""
