"""Differential check: the same random games on another checkout and on this one, compared input by input.

Each game mixes legal inputs with illegal ones, timeouts, host modkills, substitutes, renames,
extensions and copies of the game. After every input it compares the outcome (the presented events,
or the error's message), `awaiting()`, every seat's `legal_inputs()`, often each seat's view and
private state, and at the end the record's JSON. The two sides run in subprocesses, each with its
checkout's `src` first on PYTHONPATH; a game that differs is replayed verbosely and its first
differing lines printed.

Run: .venv/bin/python bench/engine_diff.py --baseline /work/wt/baseline/src [--games N] [--theme ftl]
"""

from __future__ import annotations

import argparse
import copy
import difflib
import hashlib
import json
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve()
SRC = HERE.parent.parent / "src"
POOL = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Mr. X", "zoë")
JUNK_ACTIONS = ("dance", "", "FOLLOW", "revolt", "card", "elim", "pick", "end", "swap", "stick", "duel")
KINDS = ("legal", "junk", "timeout", "modkill", "sub", "rename", "extend", "copy", "end")
WEIGHTS = (70, 14, 5, 2, 2, 2, 2, 1, 0.1)
MAX_INPUTS = 800


def host(rng: random.Random, names: list[str]) -> str | None:
    """Mostly the host (None), sometimes a player trying a host command."""
    return None if rng.random() < 0.75 else rng.choice(names)


def someone(rng: random.Random, alive: list[str], names: list[str]) -> str:
    """Mostly a player still in, sometimes anyone or nobody known."""
    return rng.choice(alive) if alive and rng.random() < 0.8 else rng.choice([*names, "Nobody"])


def game_lines(theme: str, mods: tuple[str, ...], seed: int, copies: bool = True) -> Iterator[str]:
    """Play one random game and say everything observable about it, line by line."""
    from survivor_host.engine.errors import IllegalAction
    from survivor_host.engine.inputs import Input
    from survivor_host.themes import THEMES

    spec = THEMES[theme]
    rng = random.Random(f"{theme}-{'+'.join(mods)}-{seed}")
    pool = list(POOL)
    rng.shuffle(pool)
    players = pool[: rng.randint(spec.min_players, 10)]
    options: dict[str, object] = {}
    for name, option in spec.option_specs().items():
        if option.choices and rng.random() < 0.6:
            options[name] = rng.choice(option.choices)
    if "elim" in spec.option_specs() and rng.random() < 0.4:
        options["elim"] = rng.randint(1, 3)
    if "tug_floor" in spec.option_specs() and rng.random() < 0.3:
        options["tug_floor"] = rng.choice([1, 20, 60, 140])
    game_seed: int | str = seed if rng.random() < 0.7 else f"s{seed}"
    use_step = seed % 2 == 0
    game = spec.game(players, mods=mods, options=options, seed=game_seed)
    yield f"setup {players} {options} {game_seed}"
    if use_step:
        facts = game.begin()
        yield f"begin {facts!r}"
        yield f"shown {game.present(facts)!r}"
    else:
        yield f"start {game.start()!r}"
    actions = spec.game.PLAYER_ACTIONS + spec.game.THEME_HOST_ACTIONS + JUNK_ACTIONS
    for number in range(MAX_INPUTS):
        if game.finished:
            break
        names = [seat.name for seat in game.seats]
        alive = [seat.name for seat in game.seats if seat.alive]
        waits = game.awaiting()
        kind = rng.choices(KINDS, WEIGHTS)[0]
        inp: Input
        if kind == "legal" and waits:
            wait = rng.choice(waits)
            offers = game.legal_inputs(wait.player)
            if not offers:
                continue
            inp = rng.choice(offers)
            if inp.action == "rebel" and rng.random() < 0.2:
                inp = Input("revolt", by=inp.by)
            elif rng.random() < 0.1 and inp.by is not None:
                inp = Input(inp.action, by=inp.by.upper(), target=None if inp.target is None else inp.target.lower())
        elif kind == "timeout":
            inp = Input("timeout", by=rng.choice([None, None, None, *names]))
        elif kind == "modkill":
            inp = Input(
                "modkill",
                by=host(rng, names),
                target=someone(rng, alive, names),
                reason=rng.choice([None, None, "idle", "left the room", "Rude"]),
            )
        elif kind == "sub":
            inp = Input(
                "sub",
                by=host(rng, names),
                target=someone(rng, alive, names),
                new=f"Sub {number}" if rng.random() < 0.6 else rng.choice([f"sub{number}", "", "x" * 19, *names]),
            )
        elif kind == "rename":
            inp = Input(
                "rename",
                by=rng.choice([*names, "Stranger", None]),
                new=f"New{number}" if rng.random() < 0.6 else rng.choice([f"new {number}", "", "!!", *names]),
            )
        elif kind == "extend":
            inp = Input("extend", by=host(rng, names), seconds=rng.choice([None, 0, 30, 600, 601]))
        elif kind == "copy":
            deep = rng.random() < 0.5
            if copies:
                game = copy.deepcopy(game) if deep else pickle.loads(pickle.dumps(game))
            yield "copied"
            continue
        elif kind == "end":
            inp = Input("end", by=host(rng, names))
        else:
            inp = Input(
                rng.choice(actions),
                by=rng.choice([None, "Stranger", *names, *(n.lower() for n in names)]),
                target=rng.choice([None, None, "Nobody", "", *names, *(n.upper() for n in names)]),
                new=rng.choice([None, None, None, "", "Zed", *names]),
                count=rng.choice([None, None, None, 0, 2]),
                seconds=rng.choice([None, None, None, 0, 30]),
                reason=rng.choice([None, None, None, "why"]),
            )
        try:
            if use_step:
                facts = game.step(inp)
                yield f"in {inp!r} ok {facts!r}"
                yield f"shown {game.present(facts)!r}"
            else:
                yield f"in {inp!r} ok {game.apply(inp)!r}"
        except IllegalAction as error:
            yield f"in {inp!r} refused {error}"
        yield f"phase {game.phase} round {game.round} await {game.awaiting()!r} deadline {game.deadline_seconds()}"
        for name in [seat.name for seat in game.seats] + ["Stranger"]:
            yield f"legal {name} {game.legal_inputs(name)!r}"
        if number % 4 == 0:
            for seat in game.seats:
                yield f"view {game.view(seat.name)!r} private {game.private_state(seat.name)!r}"
            yield f"tally {game.vote_tally()!r}"
    yield f"record {json.dumps(game.record(), sort_keys=True, default=str)}"


def worker(theme: str, mods: tuple[str, ...], start: int, count: int, verbose: bool, copies: bool) -> None:
    import survivor_host

    print(f"# {survivor_host.__file__}", flush=True)
    for seed in range(start, start + count):
        digest = hashlib.sha256()
        for line in game_lines(theme, mods, seed, copies):
            if verbose:
                print(line)
            digest.update(line.encode() + b"\n")
        print(f"{seed} {digest.hexdigest()}", flush=True)


@dataclass(frozen=True)
class Side:
    """One side of the comparison: a checkout's `src`, and whether copy steps copy the game."""

    src: str
    copies: bool = True


def run(side: Side, theme: str, mods: tuple[str, ...], start: int, count: int, verbose: bool = False) -> list[str]:
    env = dict(os.environ, PYTHONPATH=side.src)
    argv = (
        [
            sys.executable,
            str(HERE),
            "--worker",
            "--theme",
            theme,
            "--mods",
            ",".join(mods),
            "--start",
            str(start),
            "--games",
            str(count),
        ]
        + (["--verbose"] if verbose else [])
        + ([] if side.copies else ["--no-copy"])
    )
    out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout.splitlines()
    assert out and out[0].startswith(f"# {side.src}"), f"the worker imported {out[:1]}, not {side.src}"
    return out[1:]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", help="the other checkout's src folder")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--theme", action="append", help="a theme id (default every registered theme)")
    parser.add_argument("--mods", default=None, help="one mod set, comma separated (default every legal set)")
    parser.add_argument("--worker", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--no-copy", action="store_true", help="copy steps copy nothing")
    args = parser.parse_args()
    if args.worker:
        mods = tuple(m for m in (args.mods or "").split(",") if m)
        worker(args.theme[0], mods, args.start, args.games, args.verbose, not args.no_copy)
        return
    sys.path.insert(0, str(SRC))
    assert args.baseline, "--baseline PATH is needed"
    copies = not args.no_copy
    baseline = Side(str(Path(args.baseline).resolve()), copies=copies)
    current = Side(str(SRC), copies=copies)
    from survivor_host.themes import THEMES  # this checkout's registry (after SRC went first on the path)

    failed = False
    for theme in args.theme or list(THEMES):
        given = args.mods
        sets = [tuple(m for m in given.split(",") if m)] if given is not None else THEMES[theme].legal_mod_sets()
        for mods in sets:
            label = f"{theme}[{'+'.join(mods) or 'none'}]"
            old = run(baseline, theme, mods, args.start, args.games)
            new = run(current, theme, mods, args.start, args.games)
            bad = [a.split()[0] for a, b in zip(old, new, strict=True) if a != b]
            print(f"{label:45s} {len(old)} games, {len(bad)} differ", flush=True)
            if bad:
                failed = True
                seed = int(bad[0])
                before = run(baseline, theme, mods, seed, 1, verbose=True)
                after = run(current, theme, mods, seed, 1, verbose=True)
                diff = list(difflib.unified_diff(before, after, "baseline", "current", n=2, lineterm=""))
                print(f"  first differing seed {seed}:")
                print("\n".join(line[:600] for line in diff[:40]))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
