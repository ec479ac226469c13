"""`survivor-host report`: its options and what it runs (the study itself loads on use)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from survivor_host.cli_flags import check_output
from survivor_host.engine.errors import SetupError


def cmd_report(args: argparse.Namespace) -> int:
    from survivor_host.studies.report import write_report

    if args.games < 100 or args.cta_games < 100:
        raise SetupError("--games and --cta-games must be at least 100.")
    check_output("--out", args.out)
    out = Path(args.out)
    headlines = write_report(
        out, args.games, args.cta_games, progress=lambda what: print(f"  {what}", file=sys.stderr, flush=True)
    )
    print("\n".join(headlines))
    print(f"(written {out} and its plots in {out.parent / 'findings'})")
    return 0


def add_report_command(sub: Any) -> None:
    """Add `report` to the CLI's subcommands (`sub`, from `ArgumentParser.add_subparsers`)."""
    report = sub.add_parser("report", help="write docs/FINDINGS.md and its plots (fast simulations)")
    report.add_argument(
        "--out",
        default="docs/FINDINGS.md",
        help="the Markdown file to write (default: docs/FINDINGS.md in this folder)",
    )
    report.add_argument("--games", type=int, default=20_000, help="games per FTL figure (default 20000)")
    report.add_argument("--cta-games", type=int, default=8_000, help="games per CTA figure (default 8000)")
    report.set_defaults(run=cmd_report)
