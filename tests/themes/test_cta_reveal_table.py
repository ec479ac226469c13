"""Chase the Ace's reveal table: a player out before the reveal shows no card (never a `?`)."""

from __future__ import annotations

from survivor_host.engine.events import RoundTable
from survivor_host.engine.inputs import Input
from survivor_host.themes.cta.game import ChaseTheAce


def test_a_player_modkilled_before_the_reveal_has_empty_card_cells() -> None:
    game = ChaseTheAce(["P0", "P1", "P2", "P3"], seed=3)
    game.start()
    shown = game.apply(Input("modkill", target="P1"))
    while not any(isinstance(event, RoundTable) for event in shown):
        shown = game.apply(Input("stick", by=game.awaiting()[0].player))
    table = next(event for event in shown if isinstance(event, RoundTable))
    row = next(row for row in table.rows if row[0] == "P1")
    assert row[1:3] == ("", "") and row[4] == "out: modkilled"
    assert all("?" not in cell for row in table.rows for cell in row)
