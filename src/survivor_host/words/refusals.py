"""Refusals that say what is allowed: the engine's reason, the closest word or name, the legal targets, `help`.

Built from the refused text and the game's `legal_inputs` (the engine's message is kept as it is), so the
terminal and the bot answer a wrong word the same way.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence

from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import join_names


def closest(word: str, choices: Sequence[str]) -> str | None:
    """The choice `word` was most likely meant to be: the only one it begins (`ai mer`: AI Mercury), else a typo
    away, or None."""
    starts = [choice for choice in choices if to_id(word) and to_id(choice).startswith(to_id(word))]
    if len(starts) == 1:
        return starts[0]
    found = difflib.get_close_matches(word.lower(), [choice.lower() for choice in choices], n=1, cutoff=0.6)
    if not found:
        return None
    return next(choice for choice in choices if choice.lower() == found[0])


def legal_forms(options: Sequence[Input], usage: Mapping[str, str]) -> list[str]:
    """`ACTION`, `ACTION NAME` (or the theme's `usage`): each action the player may send now, once."""
    forms = (
        usage.get(option.action) or (f"{option.action} NAME" if option.target else option.action) for option in options
    )
    return list(dict.fromkeys(forms))


def refusal(game: Game, player: str | None, text: str, reason: str, verb: str = "type") -> str:
    """`reason`, then what `player` may `verb` instead (`type` in the terminal, `send` to the bot): the
    closest action or name, the legal targets, and `help`. Only the game's own words and names are added."""
    if player is None or game.finished or to_id(player) not in {seat.uid for seat in game.alive()}:
        return reason  # nothing to offer someone who does not play
    options = game.legal_inputs(player)
    words = text.strip().split(None, 1)
    word = words[0].lower().lstrip(".!/") if words else ""
    action = game.ACTION_ALIASES.get(word, word)
    target = words[1].strip() if len(words) > 1 else ""
    said = [reason]
    legal_now = list(dict.fromkeys(option.action for option in options))
    if word and action not in game.PLAYER_ACTIONS:
        said.append(meant_action(game, word, legal_now))
    elif action in legal_now and target and action not in game.spec.usage:
        names = [option.target for option in options if option.action == action and option.target]
        if names and to_id(target) not in {to_id(name) for name in names}:
            seated = to_id(target) in {seat.uid for seat in game.seats}
            guess = None if seated else closest(target, names)  # a typo of a name, not a player barred now
            if guess is not None:
                said.append(f"Did you mean **{action} {guess}**?")
            if action in game.spec.suggested:
                said.append(f"For example: {join_names(names, last='or')}.")
            elif not all(name in reason for name in names):  # a theme's reason may list them already (BG2)
                said.append(f"You can {action}: {join_names(names)}.")
    forms = legal_forms(options, game.spec.usage)
    if options and all(named(form, reason) for form in forms):  # a theme's reason may list them already (BG2)
        said.append("**help** says more.")
    elif options:
        listed = " or ".join(f"**{form}**" for form in forms)
        said.append(f"Now you can {verb} {listed}; **help** says more.")
    else:
        said.append(f"**help** says what you can {verb}.")
    return " ".join(part for part in said if part)


def named(form: str, reason: str) -> bool:
    """`reason` names `form` as words of its own (a form inside a longer word is not named)."""
    return re.search(rf"(?<!\w){re.escape(form)}(?!\w)", reason) is not None


def meant_action(game: Game, word: str, legal_now: Sequence[str]) -> str:
    """`Did you mean **ACTION**?` for a typo of an action (`It is not for now.` if it is not legal now); else ''."""
    guess = closest(word, list(legal_now))
    if guess is not None:
        return f"Did you mean **{guess}**?"
    later = closest(word, list(game.PLAYER_ACTIONS))
    return f"Did you mean **{later}**? It is not for now." if later is not None else ""
