"""The `survivor-host` commands, one function each, run with the parsed arguments."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from survivor_host.cli_flags import check_output
from survivor_host.engine.dice import dice_fields
from survivor_host.engine.errors import DiceError, SetupError
from survivor_host.host.terminal import TerminalTable, seat_names
from survivor_host.scenario import ScenarioError, mismatches, run_scenario
from survivor_host.themes import THEMES, new_game, theme_spec


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
    if args.record:
        check_output("--record", args.record)
    options: dict[str, object] = dict(_options(args.option))
    if args.elim is not None:
        options["elim"] = args.elim
    you = None if args.auto else args.name
    mods = [mod for mod in (args.mods or "").split(",") if mod.strip()]
    game = new_game(args.theme, seat_names(args.players, you), mods=mods, options=options, seed=seed)
    elim = game.options.get("elim")
    if isinstance(elim, int) and elim > len(game.seats) // 2:
        print(f"(elim {elim} is capped at half the players still in each round, C2: {len(game.seats) // 2} now)")
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
    except BrokenPipeError:
        raise  # the reader went away (`replay FILE | head`): not the file's fault
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
        return _verify_chat(args.file, args.bot)
    record = _read_record("verify", args.file)
    if record is None:
        return 2
    try:
        verdict = verify_session(record) if is_session(record) else verify(record)
    except (KeyError, TypeError, ValueError) as error:
        print(f"verify: {args.file}: malformed record ({type(error).__name__}: {error})", file=sys.stderr)
        return 2
    lines = report_lines(verdict)
    if verdict.ok:
        lines = [*lines[:-1], _verified_line(record, is_session(record))]
    print("\n".join(lines))
    return 0 if verdict.ok else 1


def _verified_line(record: dict[str, Any], session: bool) -> str:
    """`verify`'s last line for a record that verifies, saying when no draw was there to check."""
    if record.get("draws"):
        if session:
            return "verified: every draw of the session is the dice of its committed seed and client seed."
        return "verified: the record is the game its seeds and inputs give."
    if session:
        return "verified: the commitment and client seed hold, but the session made no draws: no draw was checked."
    return "verified: the record is the game its inputs give, but it holds no draws: no dice were checked."


def _verify_chat(file: str, bot: str | None = None) -> int:
    """`verify --chat LOG [--bot NAME]`: every hand-hosted session in a copy of the room's chat (or only
    those NAME posted), from its lines alone; each is named with the account that posted it."""
    from survivor_host.engine.ids import to_id
    from survivor_host.trust.chatlog import verify_chat

    try:
        lines = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as error:
        print(f"verify: cannot read {file}: {error.strerror}", file=sys.stderr)
        return 2
    verdicts = [v for v in verify_chat(lines) if bot is None or to_id(v.session.bot) == to_id(bot)]
    if not verdicts:
        by = f" by {bot}" if bot else ""
        print(f"verify: {file} shows no session's commitment line{by} (Fair dice session …)", file=sys.stderr)
        return 2
    for verdict in verdicts:
        print("\n".join(f"ok: {line}" for line in verdict.checked))
        session = verdict.session
        verified = f"verified: session {session.id}, posted by {session.bot.strip()}."
        print(f"NOT verified: {verdict.problem}" if verdict.problem else verified)
    return 1 if any(verdict.problem for verdict in verdicts) else 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write a record as one self-contained HTML replay page that re-checks its dice in the browser."""
    from survivor_host.trust.export import replay_page
    from survivor_host.trust.session import is_session
    from survivor_host.trust.session_page import session_page

    check_output("--html", args.html)
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
    from survivor_host.devserver.demo import run_demo
    from survivor_host.devserver.demo_setup import DemoSetup

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


def cmd_practice(args: argparse.Namespace) -> int:
    from survivor_host.devserver.practice import PracticeSetup, run_practice

    setup = PracticeSetup(
        theme=args.theme, players=args.players, seed=args.seed, think=args.think, typist=args.typist, hand=args.hand
    )
    return run_practice(setup)
