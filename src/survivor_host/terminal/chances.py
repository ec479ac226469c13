"""`odds` in terminal play: your exact chance to stay in for each choice you can make now.

Each theme works its figures out (its spec's `load_chances`, from its exact odds); each line says
what it assumes (what you cannot know yet).
"""

from __future__ import annotations

from survivor_host.engine.game import Game
from survivor_host.engine.theme import Chance


def chances_now(game: Game, name: str) -> tuple[list[Chance], str]:
    """Your chance for each choice open to you now, and a note on what the figures assume."""
    chances = game.spec.chances()
    if chances is None:
        return [], ""
    return chances(game.view(name), game.legal_inputs(name))
