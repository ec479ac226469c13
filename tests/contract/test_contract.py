"""One contract for every game: each theme, each legal mod set from the registry, random play.

Each theme plays about `GAMES_PER_THEME` random games (at least `LEAST_PER_SET` of each legal mod set),
each checked input by input and at its end (`games.check_game`): someone is always awaited and has
something legal to send, rejected inputs change nothing, offered inputs are accepted, every game
ends with one winner (or the host's end), every elimination is worded, secrets travel only to their
holder, and the record keeps the record contract (engine.record). A failing game's test id names
its case and seed; `python -m tests.contract.replay CASE SEED` plays that one game again, outside
pytest, and prints every input and line.
"""

from __future__ import annotations

import os
import random
import zlib

import pytest

from survivor_host.engine.events import Prompt
from tests.contract.games import check_game, new_run
from tests.contract.registry import CASES, Case

GAMES_PER_THEME = int(os.environ.get("CONTRACT_GAMES", "120"))
"""Random games per theme, spread over its legal mod sets (CONTRACT_GAMES=2000 for a deep run)."""
LEAST_PER_SET = 6


def seeds(case: Case) -> list[int]:
    """The seeds `case` plays: its share of the theme's games, different for every case."""
    count = max(LEAST_PER_SET, GAMES_PER_THEME // len(case.spec.legal_mod_sets()))
    return [zlib.crc32(f"{case.label}-{number}".encode()) for number in range(count)]


GAMES = [(case, seed) for case in CASES for seed in seeds(case)]


@pytest.mark.parametrize(("case", "seed"), GAMES, ids=[f"{case.label}-{seed}" for case, seed in GAMES])
def test_contract_random_games(case: Case, seed: int) -> None:  # G1-G7 for every theme and mod set
    check_game(case, seed)


@pytest.mark.parametrize("case", CASES, ids=[case.label for case in CASES])
def test_contract_prompts_name_awaited_players(case: Case) -> None:  # G3, G4
    """Every prompt asks someone the game then waits for; secret prompts go by PM to that player."""
    run = new_run(case, 11)
    game = run.game
    events = game.start()
    rng = random.Random(11)
    for _ in range(400):
        if game.finished:
            break
        waiting = {wait.player: wait for wait in game.awaiting()}
        for event in events:
            if isinstance(event, Prompt):
                assert event.to in waiting, f"{case.label}: prompt to {event.to}, who is not awaited"
                assert event.secret == waiting[event.to].secret
        wait = rng.choice(list(waiting.values()))
        events = game.apply(rng.choice(game.legal_inputs(wait.player)))
    assert game.finished


def test_one_game_replays_by_its_case_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """The helper a failing test id points to: the same game, every input and line printed."""
    from tests.contract import replay

    case, seed = GAMES[0]
    assert replay.main([case.label, str(seed)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{case.label} seed {seed}: ") and "  input: " in out and "wins the game!" in out
    assert out.rstrip().endswith("the contract holds")
