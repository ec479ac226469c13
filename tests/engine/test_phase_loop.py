"""The engine loop and the phase files: one current phase, mods that name phases instead of importing
their game, the F6 verdict written once, and mod state that copies and pickles with the game."""

from __future__ import annotations

import ast
import copy
import pickle
import random
from pathlib import Path

import pytest

from survivor_host.engine.events import PhaseChanged
from survivor_host.engine.inputs import Input
from survivor_host.themes import new_game
from survivor_host.themes.cta.mods.all_at_once import SecretSwaps
from survivor_host.themes.cta.mods.jesters_duel import Duel
from survivor_host.themes.ftl.facts.kinds import Verdict
from survivor_host.themes.ftl.no_mercy import NoMercyRolls
from survivor_host.themes.ftl.phases.rolls import judge

THEMES = Path(__file__).resolve().parents[2] / "src" / "survivor_host" / "themes"
PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]


def imported(path: Path) -> set[str]:
    """Every module `path` imports, at any depth of the file (TYPE_CHECKING blocks included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_phases_and_mods_never_import_their_game(theme: str) -> None:
    files = [*THEMES.joinpath(theme, "phases").glob("*.py"), *THEMES.joinpath(theme, "mods").glob("*.py")]
    files += [THEMES / theme / name for name in ("mod.py", "tug_of_war.py", "no_mercy.py")]
    files = [path for path in files if path.exists()]
    assert files
    for path in files:
        assert f"survivor_host.themes.{theme}.game" not in imported(path), path


@pytest.mark.parametrize("theme", ["ftl", "cta"])
def test_each_phase_fits_in_one_file_of_at_most_150_lines(theme: str) -> None:
    for path in THEMES.joinpath(theme, "phases").glob("*.py"):
        assert len(path.read_text().splitlines()) <= 150, path


def test_mods_replace_or_add_phases_by_name() -> None:
    assert isinstance(new_game("ftl", PLAYERS, mods=["no-mercy"], seed=1).phases["rolls"], NoMercyRolls)
    assert not isinstance(new_game("ftl", PLAYERS, seed=1).phases["rolls"], NoMercyRolls)
    assert isinstance(new_game("cta", PLAYERS, mods=["all-at-once"], seed=1).phases["swap"], SecretSwaps)
    assert isinstance(new_game("cta", PLAYERS, mods=["jesters-duel"], seed=1).phases["duel"], Duel)
    assert "duel" not in new_game("cta", PLAYERS, seed=1).phases


def test_f6_the_verdict_of_a_roll() -> None:  # F6, F13
    assert judge("follow", 90, 80, protected=False) is Verdict.OUT
    assert judge("follow", 70, 80, protected=False) is Verdict.SAFE
    assert judge("rebel", 70, 80, protected=False) is Verdict.OUT
    assert judge("rebel", 90, 80, protected=False) is Verdict.SAFE  # succeeded (F8); deposes under No Mercy
    assert judge("rebel", 80, 80, protected=False) is Verdict.TIED
    assert judge(None, 80, 80, protected=True) is Verdict.TIED  # the immune roll too, and may tie again
    assert judge(None, 140, 80, protected=True) is Verdict.SAFE


LOOP_CASES = [("ftl", ()), ("ftl", ("no-mercy",)), ("cta", ("all-at-once",)), ("cta", ("jesters-duel",))]


@pytest.mark.parametrize(("theme", "mods"), LOOP_CASES)
def test_the_game_rests_only_in_a_phase_that_waits(theme: str, mods: tuple[str, ...]) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        game = new_game(theme, PLAYERS, mods=mods, seed=seed)
        facts = game.begin()
        while True:
            announced = [fact.phase for fact in facts if isinstance(fact, PhaseChanged)]
            if announced and not game.finished:
                # the last phase announced is the one the game rests in (All At Once plays the swap phase)
                assert announced[-1] in (game.phase, "swap"), (announced, game.phase)
            if game.finished:
                assert game.phase == "over" and game.awaiting() == []
                break
            assert game.phase == game.current.name and not game.current.done(game)
            options = game.legal_inputs(game.awaiting()[0].player)
            facts = game.step(options[rng.randrange(len(options))])


COPY_CASES = [("cta", ("all-at-once", "adhesive")), ("cta", ("jesters-duel",)), ("ftl", ("tug-of-war",))]


@pytest.mark.parametrize(("theme", "mods"), COPY_CASES)
def test_a_copied_or_pickled_game_plays_on_as_the_original(theme: str, mods: tuple[str, ...]) -> None:
    for seed in range(10):
        rng = random.Random(seed)
        game = new_game(theme, PLAYERS, mods=mods, seed=seed)
        game.begin()
        for _ in range(rng.randint(1, 12)):
            if game.finished:
                break
            options = game.legal_inputs(game.awaiting()[0].player)
            game.step(options[rng.randrange(len(options))])
        copies = [copy.deepcopy(game), pickle.loads(pickle.dumps(game))]
        while not game.finished:
            options = game.legal_inputs(game.awaiting()[0].player)
            choice = options[rng.randrange(len(options))]
            expected = game.step(choice)
            for other in copies:
                assert other.legal_inputs(choice.by or "") == options
                assert other.step(choice) == expected
        assert all(other.record() == game.record() for other in copies)


def test_a_copy_keeps_its_own_mod_state() -> None:
    game = new_game("cta", PLAYERS, mods=["all-at-once"], options={"idle": "default"}, seed=4)
    game.begin()
    twin = copy.deepcopy(game)
    game.step(Input("timeout"))  # everyone sticks: swap round 1 is carried out, round 2 asked for
    assert (game.phase, game.swap_round) == ("aao", 2)
    assert (twin.phase, twin.swap_round) == ("aao", 1) and len(twin.awaiting()) == len(twin.in_play())
