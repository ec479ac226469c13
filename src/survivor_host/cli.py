"""The `survivor-host` command: play, scenario, replay, odds, simulate, serve."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from survivor_host.engine.errors import DiceError, SetupError
from survivor_host.engine.scenario import ScenarioError, mismatches, replay, run_scenario
from survivor_host.host.terminal import TerminalTable, seat_names
from survivor_host.themes import THEMES, new_game


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SetupError(f"--option takes NAME=VALUE, not {pair!r}.")
        options[key.strip()] = value.strip()
    return options


def cmd_play(args: argparse.Namespace) -> int:
    # A number is the same seed as in a scenario file ("seed": 7); any other text is a seed too.
    seed: int | str = (
        secrets.randbits(32) if args.seed is None else int(args.seed) if args.seed.isdigit() else args.seed
    )
    options: dict[str, object] = dict(_options(args.option))
    if args.elim is not None:
        options["elim"] = args.elim
    you = None if args.auto else args.name
    mods = [mod for mod in (args.mods or "").split(",") if mod.strip()]
    game = new_game(args.theme, seat_names(args.players, you), mods=mods, options=options, seed=seed)
    print(f"(seed {seed})")
    table = TerminalTable(game, ai_seed=seed, you=you, strategy=args.strategy, pace=args.pace)
    record = table.run()  # a closed pipe, `quit`, Ctrl-D or Ctrl-C end it cleanly, the record unfinished
    if args.record:
        Path(args.record).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        print(f"(record written to {args.record})")
    return table.exit_code


def cmd_scenario(args: argparse.Namespace) -> int:
    try:
        data: Any = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except OSError as error:
        print(f"scenario: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as error:
        print(f"scenario: {args.file} is not valid JSON: {error}", file=sys.stderr)
        return 2
    try:
        record = run_scenario(data)
    except ScenarioError as error:
        print(f"scenario: {args.file}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(record, indent=2))
    if "expect" in data:
        wrong = mismatches(data["expect"], record)
        for line in wrong:
            print(f"scenario: {args.file}: {line}", file=sys.stderr)
        return 1 if wrong else 0
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a seeded game record: print what the room saw and check the outcome matches."""
    from survivor_host.engine.render import render
    from survivor_host.host.room import commitment

    try:
        record: Any = json.loads(Path(args.file).read_text(encoding="utf-8"))
        game = replay(record, on_events=lambda events: [print(t) for e in events if e.to is None and (t := render(e))])
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as error:
        print(f"replay: {args.file}: {error}", file=sys.stderr)
        return 2
    print(f"(seed {game.seed}, sha256 {commitment(str(game.seed))})")
    again = game.record()
    same = all(again[key] == record.get(key) for key in ("winner", "second", "placements", "rounds"))
    print("The replay matches the record." if same else "The replay does NOT match the record.")
    return 0 if same else 1


def cmd_odds(args: argparse.Namespace) -> int:
    from survivor_host.analysis.report import cta_odds, ftl_odds

    lines = ftl_odds(args.players) if args.theme == "ftl" else cta_odds(args.players, args.elim)
    print("\n".join(lines))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from survivor_host.analysis.report import plot_simulation
    from survivor_host.analysis.simulate import SimSetup, simulate, summary

    strategies = tuple(s for s in (args.strategies or "").split(",") if s)
    mods = tuple(m for m in (args.mods or "").split(",") if m)
    setup = SimSetup(args.theme, args.players, mods, tuple(_options(args.option).items()), strategies, args.seed)
    # Build one game first, so a wrong mod or option is reported before any process starts.
    new_game(args.theme, [f"P{i}" for i in range(args.players)], mods=mods, options=dict(setup.options), seed=0)
    result = simulate(setup, args.games, workers=args.workers)
    print("\n".join(summary(result, strategies)))
    if args.plot:
        plot_simulation(result, args.plot, f"{args.theme} {'+'.join(mods) or ''} ({args.players} players)")
        print(f"(plot written to {args.plot})")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from survivor_host.host.serve import serve_main

    return serve_main(args.config)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="survivor-host", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal against AI seats, or watch one")
    play.add_argument("theme", help="ftl or cta")
    play.add_argument("--mods", default="", help="comma-separated mods, e.g. tug-of-war,no-mercy")
    play.add_argument("--players", type=int, default=8, help="number of seats (default 8)")
    play.add_argument("--seed", help="the game's seed (default: random)")
    play.add_argument("--auto", action="store_true", help="every seat is an AI: watch the whole game")
    play.add_argument("--record", help="write the JSON game record to this file")
    play.add_argument("--elim", type=int, help="Chase the Ace: players eliminated per round")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    play.add_argument("--strategy", help="AI strategy, or a comma list for the AI seats in turn (default: sensible)")
    play.add_argument("--name", default="Earth", help="your name when you play (default Earth)")
    play.add_argument("--pace", type=float, metavar="SECONDS", help="wait before each line (default 0.3 on a terminal)")
    play.set_defaults(run=cmd_play)

    scenario = sub.add_parser("scenario", help="run a scripted scenario file and print its record")
    scenario.add_argument("file")
    scenario.set_defaults(run=cmd_scenario)

    again = sub.add_parser("replay", help="replay a seeded game record and check it (fair dice)")
    again.add_argument("file", help="a JSON game record (play --record, or one the bot stored)")
    again.set_defaults(run=cmd_replay)

    odds = sub.add_parser("odds", help="exact odds: survival by choice, battles, elimination by card")
    odds.add_argument("theme", choices=tuple(THEMES))
    odds.add_argument("--players", type=int, default=8)
    odds.add_argument("--elim", type=int, default=1)
    odds.set_defaults(run=cmd_odds)

    simulate = sub.add_parser("simulate", help="Monte Carlo: many whole games with AI seats")
    simulate.add_argument("theme", choices=tuple(THEMES))
    simulate.add_argument("--games", type=int, default=2000)
    simulate.add_argument("--players", type=int, default=10)
    simulate.add_argument("--mods", default="")
    simulate.add_argument("--strategies", default="", help="comma-separated, assigned to seats in turn")
    simulate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    simulate.add_argument("--plot", help="write a PNG of game lengths and wins by seat")
    simulate.set_defaults(run=cmd_simulate)

    serve = sub.add_parser("serve", help="run the Pokémon Showdown bot")
    serve.add_argument("--config", required=True, help="the bot's TOML config file")
    serve.set_defaults(run=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.run(args)
    except (SetupError, ValueError, DiceError) as error:
        print(f"survivor-host: {error}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, EOFError):
        print()
        return 130
    return result


if __name__ == "__main__":
    sys.exit(main())
