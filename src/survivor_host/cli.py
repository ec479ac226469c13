"""The `survivor-host` command: play, demo, practice, scenario, replay, verify, export, odds, simulate, report,
serve."""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Sequence

from survivor_host.cli_commands import (
    cmd_demo,
    cmd_odds,
    cmd_play,
    cmd_practice,
    cmd_replay,
    cmd_scenario,
    cmd_serve,
    cmd_simulate,
)
from survivor_host.cli_trust import cmd_export, cmd_verify
from survivor_host.engine.errors import DiceError, SetupError
from survivor_host.studies.command import add_report_command
from survivor_host.terminal.console import PipeClosed, silence_stdout
from survivor_host.themes import DEFAULT_THEME, THEMES


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


def room_catalogue() -> str:
    """The `--help` epilog of `practice` and `serve`, which take no `--mods` or `--option`: the themes,
    mods and game options as room auth type them (`$host THEME MODS`, `$set NAME VALUE`)."""
    from survivor_host.bot.config_schema import DEFAULT_PREFIX as P
    from survivor_host.bot.config_schema import ROOM_DEFAULTS
    from survivor_host.catalogue import options_text, themes_text

    themes, options = themes_text().partition("\n")[2], options_text().partition("\n")[2]  # their own headings go
    room = ", ".join(f"{name} {value}" for name, value in ROOM_DEFAULTS.items())
    return (
        f"themes and mods (in the room: {P}host THEME MODS, commas or spaces; the other names in [brackets] are "
        f"taken too):\n{themes}\n\ngame options ({P}set NAME VALUE before {P}start; [defaults] in the bot's "
        f"config; the bot's own default in a room: {room}):\n{options}"
    )


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
    play.add_argument("theme", help="one of " + ", ".join(THEMES))
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
    check.add_argument("--bot", metavar="NAME", help="with --chat: only the sessions this account posted (the bot's)")
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
    simulate.add_argument("--games", type=int, default=2000, help="games to play: 1 to 1,000,000 (default 2000)")
    simulate.add_argument(
        "--players", type=int, default=10, help="seats at the table: up to the theme's max_players (default 10)"
    )
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
    simulate.add_argument("--workers", type=int, default=2, help="processes for the engine path: 1 to 64 (default 2)")
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
    demo.add_argument("--theme", default=DEFAULT_THEME, help=f"one of {', '.join(THEMES)} (default {DEFAULT_THEME})")
    demo.add_argument("--mods", default="", help="comma-separated mods")
    demo.add_argument("--players", type=int, default=6, help="number of AI players (default 6)")
    demo.add_argument("--seed", help="the game's seed; the AI players' choices follow it too (default: random)")
    demo.add_argument(
        "--strategy", help="AI strategy, or a comma list for the AI players in turn (default: the theme's sensible one)"
    )
    demo.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (.set)")
    demo.add_argument(
        "--think", type=float, default=0.4, help="longest pause before an AI answers: 0 to 10 s (default 0.4)"
    )
    demo.add_argument(
        "--pace", type=float, metavar="SECONDS", help="wait between lines (default 0.5 on a terminal, 0 in a pipe)"
    )
    demo.add_argument("--as", dest="watch", metavar="NAME", help="show this player's PMs and buttons beside the room")
    demo.add_argument("--record", metavar="FILE", help="write the game's JSON record here (for verify and export)")
    demo.set_defaults(run=cmd_demo)

    practice = sub.add_parser(
        "practice",
        help="rehearse hosting in a local room: type as room auth or any user, beside the bot, a stand-in "
        "of the room bot and AI players",
        description="Starts the demo's local world (a Showdown server on 127.0.0.1, a fake login server, the bot "
        "at *), a stand-in of the room bot (Sir Vivor: .host, its queue, .win, .addbot, .dehost) and AI players "
        "who join every signups. Type room lines and PMs as any user, switch who you are, click a box's buttons "
        "by number (/help lists the commands). docs/ROOM.md walks through a hosted game and a hand-hosted session.",
        epilog=room_catalogue(),
        formatter_class=_HelpFormatter,
    )
    practice.add_argument("--theme", default=DEFAULT_THEME, help=f"the AI players' theme (default {DEFAULT_THEME})")
    practice.add_argument("--players", type=int, default=6, help="number of AI players (default 6)")
    practice.add_argument("--as", dest="typist", default="Room Auth", metavar="NAME",
                          help="who you type as first (default Room Auth, @ in the room)")  # fmt: skip
    practice.add_argument("--hand", action="store_true", help="walk through a hand-hosted session (you host)")
    practice.add_argument("--seed", metavar="WORD", help="fixes the bot's dice (each game and session its own "
                          "seed, drawn from WORD) and the AI players' choices (default: random)")  # fmt: skip
    practice.add_argument("--log", metavar="FILE", help="also write the room's lines and your PMs to FILE (anew "
                          "each run) as the server sent them: a copy of the chat for verify --chat")  # fmt: skip
    practice.add_argument(
        "--think", type=float, default=0.4, help="longest pause before an AI answers: 0 to 10 s (default 0.4)"
    )
    practice.set_defaults(run=cmd_practice)

    serve = sub.add_parser(
        "serve",
        help="run the Pokémon Showdown bot",
        description="Checks the config (exit 2 naming each wrong key), then connects, logs in and hosts until "
        "SIGTERM or Ctrl-C. Logs go to stderr. See bot.example.toml and the README.",
        epilog=room_catalogue(),
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
    except (BrokenPipeError, PipeClosed):  # `odds ... | head`: the reader went away; stop quietly, as a Unix tool would
        silence_stdout()
        return 141
    return result


if __name__ == "__main__":
    sys.exit(main())
