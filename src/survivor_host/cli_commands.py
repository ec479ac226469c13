"""The `survivor-host` commands, one function each, run with the parsed arguments."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from survivor_host.cli_flags import check_output
from survivor_host.engine.dice import SCRIPTED, dice_fields
from survivor_host.engine.errors import DiceError, IllegalAction, SetupError
from survivor_host.engine.options import option_key
from survivor_host.engine.theme import ThemeSpec
from survivor_host.scenario import ScenarioError, mismatches, run_scenario
from survivor_host.terminal.console import checked_pace
from survivor_host.terminal.table import TerminalTable, seat_names
from survivor_host.themes import THEMES, new_game, theme_spec


def _options(pairs: Sequence[str], elim: int | None = None) -> dict[str, str]:
    """`--option NAME=VALUE`s as options; SetupError for a NAME given twice, or also by `elim` (`--elim`),
    which would silently take the last value."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SetupError(f"--option takes NAME=VALUE, not {pair!r}.")
        if option_key(key) in options:
            raise SetupError(f"--option {option_key(key)} given more than once: give it once.")
        options[option_key(key)] = value.strip()
    if elim is not None and "elim" in options:
        raise SetupError("--elim and --option elim both set elim: give it once.")
    return options


def cmd_play(args: argparse.Namespace) -> int:
    # The seed is text (a number too: `--seed 7` is the seed "7"); by default 256 random bits.
    seed = secrets.token_hex(32) if args.seed is None else args.seed
    if not seed.isprintable():  # the seed is revealed and shown as text: no control characters
        raise SetupError(f"--seed {seed!r}: a seed is printable text.")
    if args.record:
        check_output("--record", args.record)
    options: dict[str, object] = dict(_options(args.option, args.elim))
    if args.elim is not None:
        options["elim"] = args.elim  # the number, as given
    you = None if args.auto else args.name
    spec = theme_spec(args.theme)
    check_players(spec, args.players, options)
    mods = [mod for mod in (args.mods or "").split(",") if mod.strip()]
    spec.check_options_read(mods, options)
    game = new_game(args.theme, seat_names(args.players, you), mods=mods, options=options, seed=seed)
    elim = game.options.get("elim")
    if isinstance(elim, int) and elim > len(game.seats) // 2:
        print(f"(elim {elim} is capped at half the players still in each round, C2: {len(game.seats) // 2} now)")
    # built before the commitment is shown: it checks --strategy and --pace
    table = TerminalTable(game, ai_seed=seed, you=you, strategy=args.strategy, pace=args.pace)
    fields = dice_fields(game.dice)
    print(f"(dice commitment sha256 {fields['commitment']}, client seed {fields['client_seed']!r})")
    record = table.run()  # a closed pipe, `quit`, Ctrl-D or Ctrl-C end it cleanly, the record unfinished
    print(f"(dice seed revealed: {seed})")
    if args.record:
        Path(args.record).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        print(f"(record written to {args.record})")
    return table.exit_code


def cmd_scenario(args: argparse.Namespace) -> int:
    from survivor_host.cli_trust import Unreadable, read_json

    try:
        data: Any = read_json("scenario", args.file)
    except Unreadable as error:
        print(error, file=sys.stderr)
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
    """Replay a game record as `play --auto` shows it (or the room's text, `--plain`), then check it as
    `verify` does: its dice, its inputs and its result."""
    from survivor_host.cli_trust import MALFORMED, escaped, read_record
    from survivor_host.engine.ids import printable
    from survivor_host.terminal.rewatch import replay_plain, replay_terminal
    from survivor_host.trust.record_shape import algorithm_of
    from survivor_host.trust.session import is_session
    from survivor_host.trust.verify import verify

    if args.pace is not None:
        checked_pace(args.pace)  # a wrong flag is not the record's fault
    record = read_record("replay", args.file)
    if record is None:
        return 2
    if is_session(record):
        print(
            f"replay: {args.file} is a hand-hosted session: no game to replay (`verify` checks its dice)",
            file=sys.stderr,
        )
        return 2
    try:
        verdict = verify(record)
    except MALFORMED as error:
        print(
            f"replay: {args.file}: malformed record ({type(error).__name__}: {printable(str(error))[:200]})",
            file=sys.stderr,
        )
        return 2
    replayed = True
    shown = escaped(record)  # the game as drawn: a record's text can never rewrite the terminal
    try:
        game = replay_plain(shown) if args.plain else replay_terminal(shown, pace=args.pace)
    except BrokenPipeError:
        raise  # the reader went away (`replay FILE | head`): not the file's fault
    except (SetupError, IllegalAction, DiceError, *MALFORMED) as error:
        replayed = False
        reason = f"it has no field {error}" if isinstance(error, KeyError) else str(error)
        print(printable(f"replay: the record's game cannot be replayed: {reason}"))
    else:
        print(printable(f"(dice {algorithm_of(record)}{'' if game.seed is None else f', seed {game.seed}'})"))
    if verdict.difference is not None:
        print(printable(f"The record does NOT verify: first difference at {verdict.difference}"))
        return 1
    if not replayed:  # nothing to match: the game itself could not be played again
        return 1
    fair = "scripted dice, not checked as fair" if record.get("dice") == SCRIPTED else "its dice verify"
    print(f"The replay matches the record ({fair}).")
    return 0


def check_players(spec: ThemeSpec, players: int, options: Mapping[str, object]) -> None:
    """`--players` within the theme's bounds before any seat is made: its least, and its `max_players` (as
    `--option` sets it, else the theme's default)."""
    if players < spec.min_players:
        raise SetupError(f"--players must be at least {spec.min_players} for {spec.title}, not {players}.")
    option = spec.option_specs()["max_players"]
    most = int(option.parse("max_players", options["max_players"]) if "max_players" in options else option.default)
    if players > most:
        more = f"; --option max_players=N raises it, up to {option.maximum:,}" if most < option.maximum else ""
        bound = f"at most {most:,} for {spec.title} (its max_players{more})"
        raise SetupError(f"--players must be {bound}, not {players:,}.")


def _analysis_setting(args: argparse.Namespace, options: dict[str, object]) -> tuple[str, ...]:
    """Check theme, players, mods, --elim and options the way a game would; the mods in canonical order, and
    `options` set to the values the game took (`ties=ALL` is `all`)."""
    spec = theme_spec(args.theme)
    check_players(spec, args.players, options)
    if args.elim is not None:
        if "elim" not in spec.option_specs():
            takers = " and ".join(other.title for other in THEMES.values() if "elim" in other.option_specs())
            raise SetupError(f"--elim is for {takers}; {spec.title} eliminates by its own rules.")
        if args.elim < 1:
            raise SetupError(f"--elim must be at least 1 (C2), not {args.elim}.")
        options["elim"] = args.elim
    mods = [mod for mod in (args.mods or "").split(",") if mod.strip()]
    spec.check_options_read(mods, options)
    game = new_game(args.theme, [f"P{i + 1}" for i in range(args.players)], mods=mods, options=options, seed=0)
    options.update({name: game.options[name] for name in options})
    return tuple(game.mods)


def cmd_odds(args: argparse.Namespace) -> int:
    from survivor_host.analysis.tables import render_text, setting_title

    options: dict[str, object] = dict(_options(args.option, args.elim))
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


MAX_GAMES = 1_000_000
"""The most games `simulate` plays: enough for every share to within a tenth of a point (95%), and a
run the machine finishes; more only burns time (and the engine path's list of chunks grows with it)."""
MAX_WORKERS = 64
"""The most processes `simulate` starts: more than the cores only wait, and each is a whole Python."""


def cmd_simulate(args: argparse.Namespace) -> int:
    from survivor_host.analysis.present import as_json, check_plot_path, count, plot_simulation, summary
    from survivor_host.analysis.progress import LazyProgress
    from survivor_host.analysis.simulate import SimSetup, seat_strategies, simulate

    if not 1 <= args.games <= MAX_GAMES:
        raise SetupError(
            f"--games must be 1 to {MAX_GAMES:,}, not {args.games:,} (a million give every share to within 0.1 points)."
        )
    if not 1 <= args.workers <= MAX_WORKERS:
        raise SetupError(f"--workers must be 1 to {MAX_WORKERS}, not {args.workers:,}.")
    if args.seed < 0:
        raise SetupError(f"--seed must be at least 0, not {args.seed}.")
    options: dict[str, object] = dict(_options(args.option, args.elim))
    mods = _analysis_setting(args, options)
    strategies = tuple(s.strip() for s in (args.strategy or "").split(",") if s.strip())
    if len(strategies) > args.players:
        raise SetupError(f"--strategy names {len(strategies)} strategies for {args.players} seats: at most one a seat.")
    setup = SimSetup(args.theme, args.players, mods, tuple(options.items()), strategies, args.seed)
    from survivor_host.ai import make_strategy

    for kind in dict.fromkeys(seat_strategies(setup)):
        make_strategy(args.theme, kind)  # an unknown strategy is named before any game is played
    plot = check_plot_path(args.plot) if args.plot else None
    if args.plot:
        check_output("--plot", args.plot)
    with LazyProgress(count(args.games, "game")) as progress:
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
    from survivor_host.bot.serve import serve_main

    return serve_main(args.config)


def cmd_demo(args: argparse.Namespace) -> int:
    from survivor_host.devserver.demo import run_demo
    from survivor_host.devserver.demo_setup import DemoSetup

    mods = tuple(m.strip() for m in (args.mods or "").split(",") if m.strip())
    options = _options(args.option)
    theme_spec(args.theme).check_options_read(mods, options)
    setup = DemoSetup(
        theme=args.theme,
        mods=mods,
        players=args.players,
        seed=args.seed,
        strategy=args.strategy,
        options=tuple(options.items()),
        think=args.think,
        pace=args.pace,
        watch=args.watch,
        record=args.record,
    )
    return run_demo(setup)


def cmd_practice(args: argparse.Namespace) -> int:
    from survivor_host.devserver.practice import PracticeSetup, run_practice

    setup = PracticeSetup(
        theme=args.theme,
        players=args.players,
        seed=args.seed,
        think=args.think,
        typist=args.typist,
        hand=args.hand,
        log=args.log,
    )
    return run_practice(setup)
