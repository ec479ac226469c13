"""What one player of Chase the Ace knows, for AI seats."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.cta.state import CtaState


@dataclass(frozen=True)
class CtaView:
    """What one player knows: their own card and the public facts, nothing else."""

    name: str
    card: int | None
    round: int
    phase: str
    k: int
    mods: tuple[str, ...]
    players: tuple[str, ...]
    in_play: tuple[str, ...]
    kings: tuple[str, ...]
    advanced: tuple[str, ...]
    jesters: tuple[str, ...]
    stuck: tuple[str, ...]
    swaps: tuple[tuple[str, str, bool], ...]
    """Swaps carried out this round, in order: (swapper, target, whether cards changed hands)."""
    turn: str | None
    had_turn: tuple[str, ...]
    swap_round: int
    my_choice: str | None
    """All At Once: `stick`, the target's name, or None before choosing."""
    known: tuple[tuple[str, int], ...]
    """Cards this player knows another holds now (from swaps this player took part in)."""


def view_of(game: CtaState, seat: Seat) -> CtaView:
    """What the player in `seat` knows now."""
    known: dict[int, int] = {}
    for by, target, mine, theirs in game.history:
        if by == seat.index:
            known[target] = mine
        elif target == seat.index:
            known[by] = theirs
        else:
            known.pop(by, None)
            known.pop(target, None)
    choice = next((c for plugin in game.plugins if (c := plugin.choice_of(game, seat.index))), None)

    def names(indexes: list[int]) -> tuple[str, ...]:
        return tuple(game.seats[i].name for i in indexes if game.seats[i].alive)

    return CtaView(
        name=seat.name,
        card=game.cards.get(seat.index) if seat.alive else None,
        round=game.round,
        phase=game.phase,
        k=game.k,
        mods=game.mods,
        players=tuple(s.name for s in game.alive()),
        in_play=tuple(game.names(game.in_play())),
        kings=names(game.kings),
        advanced=names(game.advanced),
        jesters=tuple(game.names([i for plugin in game.plugins for i in plugin.jesters(game)])),
        stuck=tuple(game.names(game.stuck)),
        swaps=tuple((game.seats[a].name, game.seats[b].name, bool(ok)) for a, b, ok in game.attempts),
        turn=None if game.turn is None else game.seats[game.turn].name,
        had_turn=tuple(game.names(game.had_turn)),
        swap_round=game.swap_round,
        my_choice=choice,
        known=tuple((game.seats[i].name, card) for i, card in known.items() if game.seats[i].alive),
    )
