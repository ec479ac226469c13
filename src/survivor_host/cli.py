"""The `survivor-host` command: play, demo, scenario, replay, verify, export, odds, simulate, report, serve."""

from __future__ import annotations

import argparse
import copy
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from survivor_host.engine.dice import dice_fields
from survivor_host.engine.errors import DiceError, SetupError
from survivor_host.host.terminal import TerminalTable, seat_names, silence_stdout
from survivor_host.scenario import ScenarioError, mismatches, run_scenario
from survivor_host.studies.command import add_report_command
from survivor_host.themes import DEFAULT_THEME, THEMES, new_game, theme_spec


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SetupError(f"--option takes NAME=VALUE, not {pair!r}.")
        options[key.strip()] = value.strip()
    return options


def cmd_play(args: argparse.Namespace) -> int:
    # The seed is text (a number too: `--seed 7` is the seed "7"); by default 256 random bits.
    seed = secrets.token_hex(32) if args.seed is None else args.seed
    options: dict[str, object] = dict(_options(args.option))
    if args.elim is not None:
        options["elim"] = args.elim
    you = None if args.auto else args.name
    mods = [mod for mod in (args.mods or "").split(",") if mod.strip()]
    game = new_game(args.theme, seat_names(args.players, you), mods=mods, options=options, seed=seed)
    fields = dice_fields(game.dice)
    print(f"(dice commitment sha256 {fields['commitment']}, client seed {fields['client_seed']!r})")
    table = TerminalTable(game, ai_seed=seed, you=you, strategy=args.strategy, pace=args.pace)
    record = table.run()  # a closed pipe, `quit`, Ctrl-D or Ctrl-C end it cleanly, the record unfinished
    print(f"(dice seed revealed: {seed})")
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
    """Replay a game record as `play --auto` shows it (or the room's text, `--plain`) and check its outcome."""
    from survivor_host.host.rewatch import replay_plain, replay_terminal
    from survivor_host.trust.verify import algorithm_of, outcome_difference

    try:
        record: Any = json.loads(Path(args.file).read_text(encoding="utf-8"))
        game = replay_plain(record) if args.plain else replay_terminal(record, pace=args.pace)
    except (OSError, json.JSONDecodeError, KeyError, TypeError, DiceError) as error:
        print(f"replay: {args.file}: {error}", file=sys.stderr)
        return 2
    print(f"(dice {algorithm_of(record)}{'' if game.seed is None else f', seed {game.seed}'})")
    wrong = outcome_difference(record, game.record())
    print("The replay matches the record." if wrong is None else f"The replay does NOT match the record: {wrong}")
    return 0 if wrong is None else 1


def _read_record(command: str, file: str) -> Any:
    """A JSON record from `file`, or None after saying why not (exit status 2)."""
    try:
        record: Any = json.loads(Path(file).read_text(encoding="utf-8"))
    except OSError as error:
        print(f"{command}: cannot read {file}: {error.strerror}", file=sys.stderr)
        return None
    except json.JSONDecodeError as error:
        print(f"{command}: {file} is not valid JSON: {error}", file=sys.stderr)
        return None
    if isinstance(record, dict) and record.get("kind") == "hand-session":
        return record  # a hand-hosted session (docs/FAIRNESS.md "Hosting sessions")
    if not isinstance(record, dict) or not all(k in record for k in ("theme", "players", "inputs")):
        print(f"{command}: {file} is not a game record (theme, players, inputs)", file=sys.stderr)
        return None
    return record


def cmd_verify(args: argparse.Namespace) -> int:
    """Check a record's commitment, client seed and draws, and replay its inputs (docs/FAIRNESS.md)."""
    from survivor_host.trust.session import is_session, verify_session
    from survivor_host.trust.verify import report_lines, verify

    if args.chat:
        return _verify_chat(args.file)
    record = _read_record("verify", args.file)
    if record is None:
        return 2
    try:
        verdict = verify_session(record) if is_session(record) else verify(record)
    except (KeyError, TypeError, ValueError) as error:
        print(f"verify: {args.file}: malformed record ({type(error).__name__}: {error})", file=sys.stderr)
        return 2
    lines = report_lines(verdict)
    if is_session(record) and verdict.ok:
        lines = [*lines[:-1], "verified: every draw of the session is the dice of its committed seed and client seed."]
    print("\n".join(lines))
    return 0 if verdict.ok else 1


def _verify_chat(file: str) -> int:
    """`verify --chat LOG`: every hand-hosted session in a copy of the room's chat, from its lines alone."""
    from survivor_host.trust.chatlog import verify_chat

    try:
        lines = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as error:
        print(f"verify: cannot read {file}: {error.strerror}", file=sys.stderr)
        return 2
    verdicts = list(verify_chat(lines))
    if not verdicts:
        print(f"verify: {file} shows no session's commitment line (Fair dice session …)", file=sys.stderr)
        return 2
    for verdict in verdicts:
        print("\n".join(f"ok: {line}" for line in verdict.checked))
        print(f"NOT verified: {verdict.problem}" if verdict.problem else f"verified: session {verdict.session.id}.")
    return 1 if any(verdict.problem for verdict in verdicts) else 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write a record as one self-contained HTML replay page that re-checks its dice in the browser."""
    from survivor_host.trust.export import replay_page
    from survivor_host.trust.session import is_session
    from survivor_host.trust.session_page import session_page

    record = _read_record("export", args.file)
    if record is None:
        return 2
    verdict = _export_verdict(record)
    if verdict is not None and not args.force:
        print(f"export: {args.file} does not verify ({verdict}); no page written (--force writes it anyway)")
        return 1
    page = session_page(record) if is_session(record) else replay_page(record)
    Path(args.html).write_text(page, encoding="utf-8")
    print(f"(replay page written to {args.html})")
    if verdict is not None:
        print(f"export: written although {args.file} does not verify ({verdict}): the page flags it")
    return 0


def _export_verdict(record: Any) -> str | None:
    """Why `record` does not verify (its first difference, in `verify`'s words), or None when it does."""
    from survivor_host.trust.session import is_session, verify_session
    from survivor_host.trust.verify import verify

    try:
        verdict = verify_session(record) if is_session(record) else verify(record)
    except (KeyError, TypeError, ValueError) as error:
        return f"malformed record: {type(error).__name__}: {error}"
    return None if verdict.ok else f"first difference at {verdict.difference}"


def _analysis_setting(args: argparse.Namespace, options: dict[str, object]) -> tuple[str, ...]:
    """Check theme, players, mods, --elim and options the way a game would; the mods in canonical order."""
    if args.players < 3:
        raise SetupError(f"--players must be at least 3 (F1, C1), not {args.players}.")
    if args.elim is not None:
        spec = theme_spec(args.theme)
        if "elim" not in spec.option_specs():
            takers = " and ".join(other.title for other in THEMES.values() if "elim" in other.option_specs())
            raise SetupError(f"--elim is for {takers}; {spec.title} eliminates by its own rules.")
        if args.elim < 1:
            raise SetupError(f"--elim must be at least 1 (C2), not {args.elim}.")
        options["elim"] = args.elim
    mods = [mod for mod in (args.mods or "").split(",") if mod.strip()]
    game = new_game(args.theme, [f"P{i + 1}" for i in range(args.players)], mods=mods, options=options, seed=0)
    return tuple(game.mods)


def cmd_odds(args: argparse.Namespace) -> int:
    from survivor_host.analysis.tables import render_text, setting_title

    options: dict[str, object] = dict(_options(args.option))
    mods = _analysis_setting(args, options)
    spec = theme_spec(args.theme)
    odds_tables = spec.odds()
    if odds_tables is None:
        print(f"odds: no exact odds for this theme ({spec.title}); `simulate` estimates its figures", file=sys.stderr)
        return 2
    game = new_game(args.theme, [f"P{i + 1}" for i in range(args.players)], mods=mods, options=options, seed=0)
    sections = odds_tables(game)
    title = f"Exact odds: {setting_title(args.theme, mods, args.players)}"
    if args.json:
        from survivor_host.analysis.odds_data import odds_data

        print(json.dumps(odds_data(title, sections), indent=2))
    else:
        print("\n".join(render_text(title, sections)))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from survivor_host.analysis.present import as_json, check_plot_path, plot_simulation, summary
    from survivor_host.analysis.progress import LazyProgress
    from survivor_host.analysis.simulate import SimSetup, seat_strategies, simulate

    if args.games < 1:
        raise SetupError(f"--games must be at least 1, not {args.games}.")
    if args.workers < 1:
        raise SetupError(f"--workers must be at least 1, not {args.workers}.")
    options: dict[str, object] = dict(_options(args.option))
    mods = _analysis_setting(args, options)
    strategies = tuple(s.strip() for s in (args.strategy or "").split(",") if s.strip())
    setup = SimSetup(args.theme, args.players, mods, tuple(options.items()), strategies, args.seed)
    from survivor_host.ai import make_strategy

    for kind in dict.fromkeys(seat_strategies(setup)):
        make_strategy(args.theme, kind)  # an unknown strategy is named before any game is played
    plot = check_plot_path(args.plot) if args.plot else None
    with LazyProgress(f"{args.games:,} games") as progress:
        result = simulate(setup, args.games, args.workers, progress, "engine" if args.engine else "auto")
    if args.json:
        print(json.dumps(as_json(result, setup), indent=2))
    else:
        print("\n".join(summary(result, setup)))
    if plot is not None:
        plot_simulation(result, setup, plot)
        print(f"(plot written to {plot})", file=sys.stderr if args.json else sys.stdout)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from survivor_host.host.serve import serve_main

    return serve_main(args.config)


def cmd_demo(args: argparse.Namespace) -> int:
    from survivor_host.devserver.demo import DemoSetup, run_demo

    mods = tuple(m.strip() for m in (args.mods or "").split(",") if m.strip())
    setup = DemoSetup(
        theme=args.theme,
        mods=mods,
        players=args.players,
        seed=args.seed,
        strategy=args.strategy,
        options=tuple(_options(args.option).items()),
        think=args.think,
        pace=args.pace,
        watch=args.watch,
        record=args.record,
    )
    return run_demo(setup)


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the catalogue's line breaks in the epilog; says each option's default unless its help does."""

    def _format_action(self, action: argparse.Action) -> str:
        default = action.default
        has_default = default is not None and default is not False and default not in ([], "", argparse.SUPPRESS)
        has_default = has_default and bool(action.option_strings)
        if has_default and "default" not in (action.help or ""):
            action = copy.copy(action)
            action.help = f"{action.help} (default %(default)s)" if action.help else "default %(default)s"
        return super()._format_action(action)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("survivor-host")
    except PackageNotFoundError:
        return "unknown (not installed)"


MODS_HELP = "comma-separated mods, e.g. " + ",".join(mod.id for mod in THEMES[DEFAULT_THEME].mods[:2])


def build_parser() -> argparse.ArgumentParser:
    from survivor_host.catalogue import catalogue

    parser = argparse.ArgumentParser(
        prog="survivor-host",
        description=__doc__,
        epilog=catalogue() + "\n\n`survivor-host COMMAND --help` shows each command's options.",
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"survivor-host {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser(
        "play",
        help="play a game in the terminal against AI seats, or watch one",
        epilog=catalogue(),
        formatter_class=_HelpFormatter,
    )
    play.add_argument("theme", help=" or ".join(THEMES))
    play.add_argument("--mods", default="", help=MODS_HELP)
    play.add_argument("--players", type=int, default=8, help="number of seats (default 8)")
    play.add_argument("--seed", help="the game's seed (default: random)")
    play.add_argument("--auto", action="store_true", help="every seat is an AI: watch the whole game")
    play.add_argument("--record", help="write the JSON game record to this file")
    play.add_argument("--elim", type=int, help="where the theme has an elim option: players eliminated per round")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    play.add_argument(
        "--strategy", help="AI strategy, or a comma list for the AI seats in turn (default: the theme's sensible one)"
    )
    play.add_argument("--name", default="Earth", help="your name when you play (default Earth)")
    play.add_argument("--pace", type=float, metavar="SECONDS", help="wait before each line (default 0.3 on a terminal)")
    play.set_defaults(run=cmd_play)

    scenario = sub.add_parser("scenario", help="run a scripted scenario file and print its record")
    scenario.add_argument("file")
    scenario.set_defaults(run=cmd_scenario)

    again = sub.add_parser("replay", help="show a game record again as `play` does, and check it (fair dice)")
    again.add_argument("file", help="a JSON game record (play --record, or one the bot stored)")
    again.add_argument("--plain", action="store_true", help="the room's text instead: each line as the bot posts it")
    again.add_argument("--pace", type=float, metavar="SECONDS", help="wait before each line (default 0)")
    again.set_defaults(run=cmd_replay)

    check = sub.add_parser("verify", help="check a game record: commitment, client seed, every draw, the replay")
    check.add_argument("file", help="a JSON game or session record (with --chat: a copy of the room's chat)")
    check.add_argument(
        "--chat", action="store_true", help="FILE is a copy of the room's chat: check every hand-hosted session in it"
    )
    check.set_defaults(run=cmd_verify)

    export = sub.add_parser("export", help="write a game record as a self-checking HTML replay page")
    export.add_argument("file", help="a JSON game record")
    export.add_argument("--html", required=True, metavar="FILE.html", help="the page to write")
    export.add_argument("--force", action="store_true", help="write the page of a record that does not verify")
    export.set_defaults(run=cmd_export)

    odds = sub.add_parser(
        "odds", help="exact odds from a theme's rules: each chance as a fraction", formatter_class=_HelpFormatter
    )
    odds.add_argument("theme", choices=tuple(THEMES))
    odds.add_argument("--players", type=int, default=8, help="players at the table (default 8)")
    odds.add_argument("--mods", default="", help=MODS_HELP)
    odds.add_argument(
        "--elim", type=int, help="where the theme has an elim option: the k lowest cards eliminated (default 1)"
    )
    odds.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    odds.add_argument("--json", action="store_true", help="print JSON, fractions as strings like '149/248'")
    odds.set_defaults(run=cmd_odds)

    simulate = sub.add_parser(
        "simulate",
        help="Monte Carlo: many whole games with AI seats",
        epilog=catalogue(),
        formatter_class=_HelpFormatter,
    )
    simulate.add_argument("theme", choices=tuple(THEMES))
    simulate.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    simulate.add_argument("--players", type=int, default=10, help="seats at the table (default 10)")
    simulate.add_argument("--mods", default="", help=MODS_HELP)
    simulate.add_argument(
        "--strategy",
        default="",
        help="AI strategy, or a comma list assigned to the seats in turn (default: the theme's sensible one)",
    )
    simulate.add_argument("--strategies", dest="strategy", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    simulate.add_argument(
        "--elim", type=int, help="where the theme has an elim option: the k lowest cards eliminated each round"
    )
    simulate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    simulate.add_argument("--seed", type=int, default=0, help="the run's seed: the same seed, the same figures")
    simulate.add_argument("--workers", type=int, default=2, help="processes for the engine path (default 2)")
    simulate.add_argument("--engine", action="store_true", help="play every game through the engine")
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")
    simulate.add_argument("--plot", help="write a plot (.png, .svg or .pdf): wins with CIs and game length")
    simulate.set_defaults(run=cmd_simulate)

    add_report_command(sub)

    demo = sub.add_parser(
        "demo",
        help="watch the real bot host a whole game for AI players on a local Showdown server (no account)",
        description="Starts a Pokémon Showdown server on 127.0.0.1 (installed with npm into ~/.cache/survivor-host "
        "on first use; $SURVIVOR_HOST_CACHE moves it), a fake login server, the bot at * in a room, a host "
        "and AI players, and prints the room while they play one whole game. Ctrl-C stops everything.",
        epilog=catalogue(),
        formatter_class=_HelpFormatter,
    )
    demo.add_argument("--theme", default=DEFAULT_THEME, help=f"{' or '.join(THEMES)} (default {DEFAULT_THEME})")
    demo.add_argument("--mods", default="", help="comma-separated mods")
    demo.add_argument("--players", type=int, default=6, help="number of AI players (default 6)")
    demo.add_argument("--seed", help="the game's seed; the AI players' choices follow it too (default: random)")
    demo.add_argument(
        "--strategy", help="AI strategy, or a comma list for the AI players in turn (default: the theme's sensible one)"
    )
    demo.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (.set)")
    demo.add_argument("--think", type=float, default=0.4, help="longest pause before an AI answers (default 0.4 s)")
    demo.add_argument(
        "--pace", type=float, metavar="SECONDS", help="wait between lines (default 0.5 on a terminal, 0 in a pipe)"
    )
    demo.add_argument("--as", dest="watch", metavar="NAME", help="show this player's PMs and buttons beside the room")
    demo.add_argument("--record", metavar="FILE", help="write the game's JSON record here (for verify and export)")
    demo.set_defaults(run=cmd_demo)

    serve = sub.add_parser(
        "serve",
        help="run the Pokémon Showdown bot",
        description="Checks the config (exit 2 naming each wrong key), then connects, logs in and hosts until "
        "SIGTERM or Ctrl-C. Logs go to stderr. See bot.example.toml and the README.",
        epilog=catalogue(strategies=False),
        formatter_class=_HelpFormatter,
    )
    serve.add_argument("--config", required=True, help="the bot's TOML config file")
    serve.set_defaults(run=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from survivor_host.cli_flags import parse

    args = parse(build_parser(), argv)
    try:
        result: int = args.run(args)
    except (SetupError, ValueError, DiceError) as error:
        print(f"survivor-host: {error}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, EOFError):
        print()
        return 130
    except BrokenPipeError:  # `odds ... | head`: the reader went away; stop quietly, as a Unix tool would
        silence_stdout()
        return 141
    return result


if __name__ == "__main__":
    sys.exit(main())
