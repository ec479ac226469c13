"""All At Once (C7): two swap rounds of secret choices, carried out in a shuffled order.

Every player in play sends `stick` or `swap NAME` by PM (changeable until every choice is in).
Then the choices are carried out in a shuffled order, each against the cards as they are at that
moment: a swap that has become illegal by then (Adhesive, No Backsies, its target gone) is void.
A player counts as having stuck once their `stick` has been carried out. After the first swap
round every player in play is told their current card; after the second come the reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import CardTold, Event, Prompt, Say
from survivor_host.engine.render import card_name, join_names

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce

MOD = "all-at-once"
SWAP_ROUNDS = 2


def begin_swap_round(game: ChaseTheAce, number: int) -> list[Event]:
    """Open swap round `number`: ask every player in play for a secret choice."""
    game.phase = "aao"
    game.swap_round = number
    game.choices = {}
    in_play = game.in_play()
    if not in_play:
        return game.reveal()
    events: list[Event] = [
        Say(
            f"**Swap round {number} of {SWAP_ROUNDS}:** {join_names(game.names(in_play))}, "
            "send **stick** or **swap NAME** by PM."
        )
    ]
    for index in in_play:
        if not game.swap_targets(index):
            game.choices[index] = None
            events.append(Say(f"**{game.seats[index].name}** has nobody to swap with and will stick."))
    if not pending(game):
        return [*events, *carry_out(game)]
    game.arm()
    events.extend(prompt(game, index) for index in pending(game))
    return events


def pending(game: ChaseTheAce) -> list[int]:
    """Players in play whose choice for this swap round is not in yet."""
    return [index for index in game.in_play() if index not in game.choices]


def prompt(game: ChaseTheAce, index: int) -> Prompt:
    name = game.seats[index].name
    targets = tuple(game.names(game.swap_targets(index)))
    return Prompt(
        to=name,
        text=f"Swap round {game.swap_round}: PM **stick** or **swap NAME** ({join_names(targets)}).",
        actions=("stick", "swap"),
        targets=targets,
        secret=True,
    )


def choose(game: ChaseTheAce, by: int, target: int | None) -> list[Event]:
    """Record (or change) a secret choice; `target` was already checked. Carries out when all are in."""
    if by not in game.in_play():
        raise IllegalAction("You are safe this round and make no swap choice.")
    game.choices[by] = target
    said = "stick" if target is None else f"swap with {game.seats[target].name}"
    events: list[Event] = [
        Say(
            f"Your choice for swap round {game.swap_round}: **{said}**. You can change it until everyone has chosen.",
            to=game.seats[by].name,
        )
    ]
    if not pending(game):
        events.extend(carry_out(game))
    return events


def timeout(game: ChaseTheAce) -> list[Event]:
    """Missing choices: modkill (G4) or stick under `idle=default`."""
    missing = pending(game)
    if game.opt_str("idle") == "default":
        for index in missing:
            game.choices[index] = None
        return [
            Say(f"**{join_names(game.names(missing))}** sent no choice and will stick."),
            *carry_out(game),
        ]
    return game.remove([game.seats[index] for index in missing], "idle")


def after_removal(game: ChaseTheAce) -> list[Event]:
    """Drop the choices of removed players; carry out once the rest are in."""
    for index in list(game.choices):
        if not game.seats[index].alive:
            del game.choices[index]
    if not pending(game):
        return carry_out(game)
    return []


def carry_out(game: ChaseTheAce) -> list[Event]:
    """Carry out the choices in a shuffled order, then the next swap round or the reveal."""
    number = game.swap_round
    chosen = [index for index in game.in_play() if index in game.choices]
    names = game.names(chosen)
    order = game.dice.shuffle(names) if len(names) >= 2 else names
    events: list[Event] = [Say(f"Swap round {number} is carried out in this order: {join_names(order)}.")]
    for name in order:
        by = game.seat(name).index
        target = game.choices[by]
        if target is None:
            events.extend(game.stick(by, swap_round=number))
            continue
        block = game.swap_block(by, target)
        if block is not None:
            target_name = game.seats[target].name
            events.append(Say(f"**{name}**'s swap with **{target_name}** is void ({block[1]})."))
            game.rec["swaps"].append(
                {
                    "by": name,
                    "target": target_name,
                    "rolls": [],
                    "swapped": False,
                    "void": True,
                    "why": block[1],
                    "swap_round": number,
                }
            )
            continue
        events.extend(game.swap(by, target, swap_round=number))
    game.choices = {}
    if number < SWAP_ROUNDS:
        for index in game.in_play():
            card = game.cards[index]
            events.append(
                CardTold(
                    game.seats[index].name,
                    card,
                    f"After swap round {number} your card is **{card_name(card)}**.",
                )
            )
        return [*events, *begin_swap_round(game, number + 1)]
    return [*events, *game.reveal()]
