"""Random games for the contract suite: one game from a case and a seed, every input checked as it goes.

Random games mix legal inputs with illegal ones, timeouts, host modkills, substitutes, renames and
extensions. At every step: someone is awaited and has something legal to send; a rejected input
changes nothing; an accepted player input was offered by `legal_inputs`, and every input it offers
is accepted. `check_game` then checks the end, the secrets, the words and the record.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from dataclasses import dataclass, field, replace

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, GameOver
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.record import record_problems
from survivor_host.trust.export import replay_page
from survivor_host.trust.story import steps
from survivor_host.trust.verify import verify
from tests.contract.registry import Case, secret_facts_astray, secret_leaks, unworded

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou")
KINDS = ("legal", "junk", "timeout", "modkill", "sub", "rename", "extend", "card", "end")
MAX_INPUTS = 3000


@dataclass
class Run:
    """One random game and what the checks saw."""

    case: Case
    seed: int
    game: Game
    events: list[Event] = field(default_factory=list)
    facts: list[Event] = field(default_factory=list)
    rejected: int = 0
    accepted: int = 0


def snapshot(game: Game) -> bytes:
    return pickle.dumps(game.__dict__)


def options_for(case: Case, rng: random.Random) -> dict[str, object]:
    """Random values for the theme's options with choices, and small counts where the theme has them."""
    options: dict[str, object] = {}
    for name, spec in case.options.items():
        if spec.choices and rng.random() < 0.6:
            options[name] = rng.choice(spec.choices)
    if "elim" in case.options and rng.random() < 0.5:
        options["elim"] = rng.randint(1, 3)
    return options


def new_run(case: Case, seed: int) -> Run:
    rng = random.Random(f"setup-{case.label}-{seed}")
    players = list(NAMES[: rng.randint(case.min_players, 10)])
    game = case.make(players, options_for(case, rng), seed)
    return Run(case, seed, game)


def junk(rng: random.Random, game: Game, actions: tuple[str, ...]) -> Input:
    """A random input, most often illegal: wrong player or phase, bad target, unused fields."""
    names = [seat.name for seat in game.seats]
    return Input(
        rng.choice([*actions, "dance", "", "FOLLOW"]),
        by=rng.choice([None, "Stranger", *names]),
        target=rng.choice([None, None, "Nobody", "", *names]),
        new=rng.choice([None, None, "", "Zed", "x" * 30, *names]),
        count=rng.choice([None, None, 0, 2]),
        seconds=rng.choice([None, None, 0, 30, 601]),
    )


def offered(game: Game, inp: Input) -> bool:
    """True when `inp` is one of the inputs `legal_inputs` offers its sender."""
    assert inp.by is not None
    named = replace(inp, action=game.ACTION_ALIASES.get(inp.action, inp.action))
    return named in game.legal_inputs(inp.by)


def send(run: Run, inp: Input) -> bool:
    """Apply `inp`, checking the contract for an accepted or a rejected input."""
    game = run.game
    before = snapshot(game)
    action = game.ACTION_ALIASES.get(inp.action, inp.action)
    was_offered = inp.by is not None and offered(game, inp)
    logged = len(game.log)
    try:
        facts = game.step(inp)
    except IllegalAction as error:
        assert str(error), f"{run.case.label} seed {run.seed}: an empty error for {inp}"
        assert snapshot(game) == before, f"{run.case.label} seed {run.seed}: rejected {inp} changed the state"
        assert not was_offered, f"{run.case.label} seed {run.seed}: offered {inp} was refused: {error}"
        run.rejected += 1
        return False
    run.accepted += 1
    run.facts += facts
    run.events += game.present(facts)
    question = action in run.case.questions
    assert len(game.log) == logged + (0 if question else 1), f"{run.case.label}: {inp} logged wrongly"
    if question:
        assert snapshot(game) == before, f"{run.case.label} seed {run.seed}: the question {inp} changed the state"
    if inp.by is not None and action in game.PLAYER_ACTIONS and action not in run.case.questions:
        assert was_offered, f"{run.case.label} seed {run.seed}: accepted {inp}, which legal_inputs did not offer"
    return True


def check_every_offer_accepted(run: Run, rng: random.Random) -> None:
    """Each input `legal_inputs` offers one awaited player is accepted (tried on copies)."""
    game = run.game
    wait = rng.choice(game.awaiting())
    for option in game.legal_inputs(wait.player):
        trial = copy.deepcopy(game)
        try:
            trial.apply(option)
        except IllegalAction as error:
            raise AssertionError(f"{run.case.label} seed {run.seed}: offered {option} refused: {error}") from None


def play(case: Case, seed: int) -> Run:
    run = new_run(case, seed)
    game = run.game
    rng = random.Random(f"inputs-{case.label}-{seed}")
    run.facts += game.begin()
    run.events += game.present(run.facts)
    calm = rng.random() < 0.6
    weights = [70, 20, 1 if calm else 8, 0.2 if calm else 3, 1, 1, 1, 1, 0.05]
    for step in range(MAX_INPUTS):
        if game.finished:
            break
        waits = game.awaiting()
        assert waits, f"{case.label} seed {seed}: nobody is awaited in phase {game.phase}"
        for wait in waits:
            assert game.legal_inputs(wait.player), f"{case.label} seed {seed}: {wait.player} awaited, no input"
        if step % 7 == 0:
            check_every_offer_accepted(run, rng)
        kind = rng.choices(KINDS, weights=weights)[0]
        alive = [seat.name for seat in game.alive()]
        if kind == "legal":
            wait = rng.choice(waits)
            inp = rng.choice(game.legal_inputs(wait.player))
            assert send(run, inp), f"{case.label} seed {seed}: legal {inp} was refused"
        elif kind == "junk":
            send(run, junk(rng, game, case.actions))
        elif kind == "timeout":
            assert send(run, Input("timeout")), f"{case.label} seed {seed}: timeout refused while awaiting"
        elif kind == "modkill":
            send(run, Input("modkill", target=rng.choice(alive), reason=rng.choice(["idle", None])))
        elif kind == "sub":
            send(run, Input("sub", target=rng.choice(alive), new=f"Sub{step}"))
        elif kind == "rename":
            send(run, Input("rename", by=rng.choice(alive), new=f"Re{step}"))
        elif kind == "extend":
            send(run, Input("extend", seconds=rng.choice([None, 30, 0])))
        elif kind == "card" and "card" in case.actions:
            send(run, Input("card", by=rng.choice(alive)))
        elif kind == "end":
            send(run, Input("end"))
    return run


def replay(run: Run) -> Game:
    """A fresh game from the same setup, fed the logged inputs."""
    record = run.game.record()
    fresh = run.case.make(list(record["players"]), dict(record["options"]), run.seed)
    fresh.start()
    for inp in run.game.log:
        fresh.apply(inp)
    return fresh


def check_game(case: Case, seed: int) -> Run:
    """Play the game of `case` and `seed` and check the whole contract (AssertionError names the seed)."""
    run = play(case, seed)
    game = run.game
    label = f"{case.label} seed {seed}"
    assert game.finished, f"{label}: no end after {MAX_INPUTS} inputs"
    assert not game.awaiting()
    over = [event for event in run.events if isinstance(event, GameOver)]
    assert len(over) == 1, f"{label}: {len(over)} game-over events"
    if game.winner is not None:
        assert game.placements[game.winner] == 1
        assert sorted(game.placements) == sorted(seat.name for seat in game.seats)
        assert {seat.name for seat in game.seats if seat.alive} <= {game.winner, *game.at_place(2)}
    silent = unworded(run.events)
    assert not silent, f"{label}: eliminations without words: {silent[:3]}"
    leaks = secret_leaks(case, run.events) + secret_facts_astray(run.game, run.facts)
    assert not leaks, f"{label}: secrets leaked: {leaks[:3]}"
    assert replay(run).record() == game.record(), f"{label}: replay differs"
    check_record(run)
    return run


def check_record(run: Run) -> None:
    """The record contract (engine.record): its fields and rounds, built from the facts alone by the
    theme's recorder, verified from its JSON, and told round by round on the replay page."""
    game, label = run.game, f"{run.case.label} seed {run.seed}"
    record = game.record()
    problems = record_problems(record)
    assert not problems, f"{label}: the record breaks the contract: {problems}"
    assert game.recorder is not None, f"{label}: the theme keeps no recorder (engine.record.Recorder)"
    again = type(game.recorder)()
    again.take(run.facts)
    assert list(again.rounds) == list(game.round_record()), f"{label}: the record is not built from the facts"
    if run.seed % 4 == 0:  # the slower checks on a quarter of the games
        verdict = verify(json.loads(json.dumps(record)))
        assert verdict.ok, f"{label}: verify says {verdict.difference}"
        assert len(steps(record)) == len(record["rounds"]) + 2, f"{label}: the replay page misses rounds"
        assert replay_page(record)
