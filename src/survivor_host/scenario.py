"""Scenarios: a scripted game as plain data, run to a game record (README "Scenarios")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from survivor_host.engine.dice import FairDice, ScriptedDice, dice_for_record
from survivor_host.engine.errors import DiceError, IllegalAction, SetupError
from survivor_host.engine.events import Event
from survivor_host.engine.game import Game
from survivor_host.engine.ids import quoted_words
from survivor_host.engine.inputs import Input
from survivor_host.fair.stream import client_seed
from survivor_host.themes import THEMES, new_game, theme_spec

SCENARIO_FIELDS = (
    "description", "theme", "mods", "options", "players", "dice", "seed", "shuffles", "picks", "inputs", "expect",
)  # fmt: skip


class ScenarioError(ValueError):
    """The scenario file itself is wrong; the message names what."""


def _list_of(data: Mapping[str, Any], key: str, kind: type, default: list[Any]) -> list[Any]:
    value = data.get(key, default)
    if not isinstance(value, list) or not all(isinstance(v, kind) and not isinstance(v, bool) for v in value):
        raise ScenarioError(f"'{key}' must be a list of {kind.__name__}s")
    return value


def load_scenario(data: object) -> tuple[Game, list[Input]]:
    """Build the game a scenario describes and read its inputs; ScenarioError names any fault."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    unknown = sorted(set(data) - set(SCENARIO_FIELDS))
    if unknown:
        raise ScenarioError(f"unknown field(s): {quoted_words(unknown)}")
    theme = data.get("theme")
    if not isinstance(theme, str):
        raise ScenarioError("'theme' must be " + " or ".join(f'"{theme}"' for theme in THEMES))
    players = _list_of(data, "players", str, [])
    mods = _list_of(data, "mods", str, [])
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError("'options' must be an object")
    raw_inputs = data.get("inputs", [])
    if not isinstance(raw_inputs, list):
        raise ScenarioError("'inputs' must be a list")
    inputs: list[Input] = []
    for index, raw in enumerate(raw_inputs):
        try:
            inputs.append(Input.from_dict(raw))
        except ValueError as error:
            raise ScenarioError(f"inputs[{index}]: {error}") from None
    if "dice" in data and "seed" in data:
        raise ScenarioError("give 'dice' (scripted results) or a 'seed' (fair dice), not both")
    if "seed" in data and ("shuffles" in data or "picks" in data):
        raise ScenarioError("'shuffles' and 'picks' go with scripted 'dice'; a 'seed' draws its own")
    if "dice" in data:
        shuffles = data.get("shuffles", [])
        if not isinstance(shuffles, list) or not all(isinstance(order, list) for order in shuffles):
            raise ScenarioError("'shuffles' must be a list of name lists")
        dice: ScriptedDice | FairDice = ScriptedDice(
            _list_of(data, "dice", int, []), shuffles=shuffles, picks=_list_of(data, "picks", str, [])
        )
    elif "seed" in data and isinstance(data["seed"], int | str):
        dice = FairDice(str(data["seed"]), client_seed(players))
    else:
        raise ScenarioError("a scenario needs 'dice' (a list of results) or a 'seed'")
    try:
        theme_spec(theme).check_options_read(mods, options)
        game = new_game(theme, players, mods=mods, options=options, dice=dice)
    except SetupError as error:
        raise ScenarioError(str(error)) from None
    return game, inputs


def run_scenario(data: object) -> dict[str, Any]:
    """Play a scenario to its record. Rejected inputs are listed, not fatal; dice faults are."""
    game, inputs = load_scenario(data)
    rejected: list[dict[str, Any]] = []
    try:
        game.start()
        for index, inp in enumerate(inputs):
            try:
                game.apply(inp)
            except IllegalAction as error:
                rejected.append({"index": index, "error": str(error)})
    except DiceError as error:
        raise ScenarioError(f"dice: {error}") from None
    record = game.record()
    record["rejected"] = rejected
    return record


def replay(record: Mapping[str, Any], on_events: Callable[[list[Event]], object] | None = None) -> Game:
    """Rebuild a game from its record's dice (seeds, or the scripted draws) and accepted inputs."""
    dice = dice_for_record(record)
    game = new_game(record["theme"], record["players"], mods=record["mods"], options=record["options"], dice=dice)
    events = game.start()
    if on_events:
        on_events(events)
    for raw in record["inputs"]:
        events = game.apply(Input.from_dict(raw))
        if on_events:
            on_events(events)
    return game


def mismatches(expected: object, actual: object, path: str = "record") -> list[str]:
    """Where `actual` differs from `expected`: objects match on the keys `expected` names,
    lists item by item, anything else by equality. An empty list means it matches."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        found: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{path}.{key}: missing")
            else:
                found += mismatches(value, actual[key], f"{path}.{key}")
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        return [
            m for i, (e, a) in enumerate(zip(expected, actual, strict=True)) for m in mismatches(e, a, f"{path}[{i}]")
        ]
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]
