"""Exclusions rounds on the replay page, as the room saw them: the names still in, each guess of an exposed
nickname, the attacks by nickname (dropped and fought; a defended attack puts nobody out), and an owner
only in the round their nickname is revealed (they went out, or won)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from survivor_host.engine.duel_story import attacks, last_battle, one_duel
from survivor_host.engine.story import e, names, the_rest, told


def revealed(value: object) -> str:
    """`Shadow was Ceres`: the nicknames whose owners went out (or won) this round."""
    if not isinstance(value, Mapping) or not value:
        return "none"
    return ", ".join(f"{e(nick)} was {e(owner)}" for nick, owner in value.items())


def guesses(value: object) -> str:
    """`Mars, asked who Shadow is, suspects Ceres: wrong`, each in turn."""
    if not isinstance(value, list) or not value:
        return "none"
    told_guesses = []
    for guess in value:
        if not isinstance(guess, Mapping):
            continue
        head = f"{e(guess.get('guesser'))}, asked who {e(guess.get('nick'))} is, "
        if guess.get("suspect") is None:
            told_guesses.append(head + "named nobody in time and is out")
        else:
            told_guesses.append(head + f"suspects {e(guess.get('suspect'))}: {e(guess.get('outcome'))}")
    return " · ".join(told_guesses)


def duels(value: object, final: bool = False) -> str:
    """Every duel in the order fought; a target who won defended, and nobody went out."""
    if not isinstance(value, list) or not value:
        return "none"
    shown = []
    for duel in value:
        if not isinstance(duel, Mapping):
            continue
        if duel.get("lives_left") == 0 or final:
            shown.append(one_duel(duel, final))
        else:
            line = one_duel({**duel, "lives_left": None}, final)
            shown.append(line.rsplit("; ", 1)[0] + "; the target defends: nobody is out")
    return " · ".join(shown)


def story(rnd: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The round's facts, in the order a reader follows them; never an owner beside a nickname still in."""
    final = rnd.get("final") is True
    fields = [
        ("names", "Players still in (whose nickname is whose stays secret)", names),
        ("exposed", "Nicknames nobody attacked", names),
        ("guesses", "Their guesses, in turn", guesses),
        ("found_out", "Found out by a guess", names),
        ("dropped", "Attacks not fought (a side was already out)", attacks),
        ("duels", "The final duel" if final else "Attacks fought, in the order sent", lambda v: duels(v, final)),
        ("last_battle", "Last battle (everyone left went out together)", last_battle),
        ("eliminated", "Out by a lost duel", names),
        ("idle", "Out for not acting in time", names),
        ("modkilled", "Modkilled", names),
        ("revealed", "Nicknames revealed", revealed),
    ]
    empty = {key for key, value in rnd.items() if value == [] or value is None}
    shown = [field for field in fields if field[0] not in empty or field[0] in ("duels",)]
    return told(rnd, shown) + the_rest(rnd, ("number", "final", *(key for key, _, _ in fields)))
