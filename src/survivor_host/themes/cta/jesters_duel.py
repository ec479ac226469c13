"""Jester's Duel (C5): a 14 is a Jester, who duels before the swap phase.

One Jester names, in chat, another player who is neither a King nor a Jester: roll battle
100 vs 100 (Jester first), the winner advances (safe like a King), the loser is eliminated.
Two or more Jesters name nobody: they all roll 100 together, the highest advances and the other
Jesters are eliminated, but never so many that fewer than 2 players are left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from survivor_host.engine.battle import battle
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, PhaseChanged, Prompt, Say
from survivor_host.engine.render import join_names

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce

MOD = "jesters-duel"
JESTER = 14


def jesters(game: ChaseTheAce) -> list[int]:
    """The seats dealt a Jester this round (none without Jester's Duel), in list order."""
    if not game.has_mod(MOD):
        return []
    return [index for index, card in game.cards.items() if card == JESTER and game.seats[index].alive]


def opponents(game: ChaseTheAce, jester: int) -> list[int]:
    """Whom a lone Jester may name: another player still in, not a King, Jester or advanced."""
    return [
        seat.index
        for seat in game.alive()
        if seat.index != jester
        and seat.index not in game.kings
        and seat.index not in game.advanced
        and game.cards.get(seat.index) != JESTER
    ]


def begin_duels(game: ChaseTheAce) -> list[Event]:
    """Start this round's duels; returns with a wait for a lone Jester, or carries on."""
    found = jesters(game)
    if not found:
        return game.begin_swaps()
    if len(found) >= 2:
        return _jesters_battle(game, found)
    jester = found[0]
    if not opponents(game, jester):
        game.advance(jester)
        name = game.seats[jester].name
        game.rec["duels"].append(
            {"jester": name, "jesters": [name], "target": None, "rolls": [], "winner": name, "eliminated": []}
        )
        return [
            Say(f"**{name}** has nobody to duel and advances to the next round."),
            *game.begin_swaps(),
        ]
    game.phase = "duel"
    game.duel_jester = jester
    game.arm()
    return [PhaseChanged("duel", game.round), duel_prompt(game)]


def duel_prompt(game: ChaseTheAce) -> Prompt:
    """Ask the lone Jester to name an opponent in chat."""
    assert game.duel_jester is not None
    jester = game.duel_jester
    name = game.seats[jester].name
    targets = tuple(game.names(opponents(game, jester)))
    return Prompt(
        to=name,
        text=f"**{name}**, you are the Jester: name your opponent with **duel NAME** ({join_names(targets)}).",
        actions=("duel",),
        targets=targets,
        secret=False,
    )


def check_duel(game: ChaseTheAce, by: int, target_name: str | None) -> int:
    """The seat a duel input names, once everything about it is legal."""
    if game.phase != "duel" or game.duel_jester is None:
        raise IllegalAction("There is no duel to call now.")
    if by != game.duel_jester:
        raise IllegalAction("Only the Jester can call the duel.")
    target = game.alive_target(target_name, "duel")
    if target.index == by:
        raise IllegalAction("You can't duel yourself.")
    if target.index in game.kings:
        raise IllegalAction("Kings cannot be chosen for the duel.")
    if target.index not in opponents(game, by):
        raise IllegalAction(f"{target.name} cannot be chosen for the duel.")
    return target.index


def run_duel(game: ChaseTheAce, jester: int, target: int) -> list[Event]:
    """Jester 100 vs target 100 (G1); the winner advances, the loser is eliminated."""
    game.duel_jester = None
    j_name, t_name = game.seats[jester].name, game.seats[target].name
    result = battle(game.dice, [(j_name, 100), (t_name, 100)], purpose="duel")
    winner = game.seat(result.winners[0])
    loser = game.seat(result.losers[0])
    game.advance(winner.index)
    events: list[Event] = [Say(f"**{j_name}** duels **{t_name}**: roll battle 100 vs 100."), *result.events]
    events.append(Say(f"**{winner.name}** wins the duel and advances to the next round."))
    events.append(game.eliminate([loser], "lost the Jester's duel"))
    game.rec["duels"].append(
        {
            "jester": j_name,
            "jesters": [j_name],
            "target": t_name,
            "rolls": result.rolls,
            "winner": winner.name,
            "eliminated": [loser.name],
        }
    )
    return [*events, *game.after_step(game.begin_swaps)]


def _jesters_battle(game: ChaseTheAce, found: list[int]) -> list[Event]:
    names = game.names(found)
    out = min(len(found) - 1, len(game.alive()) - 2)
    result = battle(game.dice, [(name, 100) for name in names], keep=len(found) - out, purpose="jesters")
    events: list[Event] = [
        Say(f"**{join_names(names)}** are Jesters: they roll battle 100, the highest advances."),
        *result.events,
    ]
    winner: str | None = None
    if len(result.winners) == 1:
        winner = result.winners[0]
        game.advance(game.seat(winner).index)
        events.append(Say(f"**{winner}** wins the Jesters' battle and advances to the next round."))
    losers = [game.seat(name) for name in result.losers]
    if losers:
        events.append(game.eliminate(losers, "lost the Jesters' battle"))
    record: dict[str, Any] = {
        "jester": None,
        "jesters": names,
        "target": None,
        "rolls": result.rolls,
        "winner": winner,
        "eliminated": list(result.losers),
    }
    game.rec["duels"].append(record)
    return [*events, *game.after_step(game.begin_swaps)]
