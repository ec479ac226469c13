"""Every command and example in the README and the guides of docs/ runs as written.

All blocks run in order in one folder, so a file written by one (`game.json`, `example.json`) is
there for the next. Commands that need the local Showdown server (`demo`, `serve` with the real
config) and the room command for `*` run in tests/e2e/test_readme_e2e.py; the `make` targets that
run this very suite or take minutes (`test`, `test-fast`, `bench`, `bench-bot`) are checked with
`make -n`; `make play` runs the command it stands for.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

from survivor_host.terminal.table import SEAT_NAMES
from tests.readme import BIN, README, REPO, Block, blocks, commands, guides, is_e2e, local

# `play` without --auto waits for the person at the first seat: these answers cover every prompt
# (refused ones are answered with the reason and the next line is read).
ANSWERS = [
    "follow", "vote Venus", "vote Mars", "nosuspect", "noscapegoat", "stick",
    *(f"duel {name}" for name in SEAT_NAMES[:12]),  # a Jester must name someone still in play
]  # fmt: skip
MAKE_DRY_RUN = {
    "make test": [
        "ruff check src tests bench",
        "ruff format --check",
        "mypy --strict src",
        "lint-imports",
        "pytest -q -n 6",
    ],
    "make test-fast": [
        "ruff check src tests bench",
        "ruff format --check",
        "mypy --strict src",
        "pytest -q -n 6",
        '-m "not e2e"',
    ],
    "make bench": ["bench/engine_speed.py", "bench/host_speed.py"],
    "make bench-bot": ["bench/bot_overhead.py"],
}
LINKS = re.compile(r"\]\(([^)]+)\)")
_LIVE: list[object] = []  # databases held open during a test, as the running bot holds its own


def _run(command: str, cwd: Path, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SURVIVOR_HOST_PASSWORD"}
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, input=stdin, capture_output=True, text=True, timeout=timeout, env=env
    )


def _make_dry_run(target: str) -> str:
    return subprocess.run(["make", "-n", target], cwd=REPO, capture_output=True, text=True, check=True).stdout


def _run_sh(command: str, cwd: Path) -> None:
    if command in MAKE_DRY_RUN:
        planned = _make_dry_run(command.split()[1])
        for step in MAKE_DRY_RUN[command]:
            assert step in planned, (command, planned)
        return
    if command == "make play":  # the target's command, with this environment's survivor-host
        planned = [line for line in _make_dry_run("play").splitlines() if "survivor-host play" in line]
        assert len(planned) == 1, planned
        command = planned[0]
    stdin = ""
    if "survivor-host play" in command and "--auto" not in command:
        stdin = "\n".join(itertools.islice(itertools.cycle(ANSWERS), 5000)) + "\n"
    if command.startswith(".venv/bin/python") and "backup" in command:
        _live_database(cwd / "survivor-host.db")
    result = _run(local(command), cwd, stdin)
    assert result.returncode == 0, (command, result.stdout[-3000:], result.stderr[-3000:])
    if "survivor-host play" in command:
        assert "wins the game!" in result.stdout, result.stdout[-3000:]
    if "backup" in command:
        copy = sqlite3.connect(cwd / "backup.db")
        assert copy.execute("SELECT count(*) FROM games").fetchone() == (3,)
        copy.close()


def _live_database(path: Path) -> None:
    """A WAL database with writes not yet checkpointed, held open as the running bot would hold it."""
    from survivor_host.store.db import Store

    store = Store(str(path))
    for i in range(3):
        store.begin_game("survivor", "ftl", [], {}, ["Venus", "Mars", "Io"], f"seed{i}", 1000.0 + i)
    assert Path(f"{path}-wal").stat().st_size > 0  # the rows are (also) in the -wal file
    _LIVE.append(store)


def _run_console(block: Block, cwd: Path) -> None:
    """`$ COMMAND` lines followed by exactly what it prints; `serve` with a bad config exits 2."""
    lines = block.body.rstrip("\n").splitlines()
    assert lines and lines[0].startswith("$ ")
    command, expected = lines[0][2:], lines[1:]
    result = _run(local(command), cwd)
    assert result.returncode == 2, result
    assert (result.stdout + result.stderr).splitlines() == expected


def test_every_readme_block_runs(tmp_path: Path) -> None:
    shutil.copy(REPO / "bot.example.toml", tmp_path / "bot.example.toml")
    ran = {"sh": 0, "json": 0, "toml": 0, "console": 0}
    try:
        for block in blocks():
            if block.filename:
                (tmp_path / block.filename).write_text(block.body, encoding="utf-8")
            if block.lang == "sh":
                for command in commands(block):
                    if not is_e2e(command):
                        _run_sh(command, tmp_path)
                ran["sh"] += 1
            elif block.lang == "console":
                _run_console(block, tmp_path)
                ran["console"] += 1
            elif block.lang in ("json", "toml"):
                assert block.filename, f"{block.document} line {block.line}: a {block.lang} block names no file"
                ran[block.lang] += 1
            else:
                assert block.lang == "text", block  # shown, not run (`/roompromote`: tests/e2e)
    finally:
        for store in _LIVE:
            store.close()  # type: ignore[attr-defined]
        _LIVE.clear()
    assert all(ran.values()), ran
    assert (tmp_path / "bot.toml").exists()  # `cp bot.example.toml bot.toml` ran
    assert (tmp_path / "game.json").exists() and (tmp_path / "sim.png").exists()


def test_readme_json_example_is_a_passing_scenario(tmp_path: Path) -> None:
    """The scenario example (it used to fail: `scripted shuffle ... is not an order of ...`)."""
    (example,) = [b for b in blocks() if b.lang == "json"]
    (tmp_path / "example.json").write_text(example.body)
    result = _run(f"{BIN}/survivor-host scenario example.json", tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"winner": "Mars"' in result.stdout


def test_readme_starts_with_make_play_and_make_test() -> None:
    first = blocks()[0]
    assert first.line == 3
    assert commands(first) == ["make play", "make test"]


def test_links_point_inside_the_repo() -> None:
    for document in [README, *sorted((REPO / "docs").glob("*.md"))]:
        text = document.read_text(encoding="utf-8")
        assert "../shared" not in text, document
        for target in LINKS.findall(text):
            if target.startswith(("http://", "https://")):
                continue
            path = (document.parent / target.split("#", 1)[0]).resolve()
            assert path.exists() and REPO in path.parents, (document.name, target)


def test_the_systemd_unit_runs_serve_and_keeps_config_errors_down() -> None:
    import configparser
    import shlex

    from survivor_host.cli import build_parser

    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(REPO / "docs" / "survivor-host.service")
    service = unit["Service"]
    argv = shlex.split(service["ExecStart"])
    assert argv[0].endswith("/.venv/bin/survivor-host")
    args = build_parser().parse_args(argv[1:])
    assert args.command == "serve" and args.config.endswith("bot.toml")
    assert service["RestartPreventExitStatus"].split() == ["2", "3"]
    assert service["KillSignal"] == "SIGTERM"
    assert "survivor-host.service" in (REPO / "docs" / "OPERATING.md").read_text()


def test_the_readme_links_every_guide_once() -> None:
    """The README is short: everything else is a document of docs/, each linked once from it."""
    text = README.read_text(encoding="utf-8")
    for guide in guides()[1:]:
        assert text.count(f"](docs/{guide.name})") == 1, guide.name
    assert len(text.splitlines()) < 120


def test_the_backup_command_run_in_the_wrong_folder_fails(tmp_path: Path) -> None:
    """Run where there is no database, OPERATING.md's backup fails instead of backing up an empty one."""
    (backup,) = [c for block in blocks() if block.lang == "sh" for c in commands(block) if "backup.db" in c]
    result = _run(local(backup), tmp_path)
    assert result.returncode != 0 and "unable to open database file" in result.stderr, result
    assert not (tmp_path / "survivor-host.db").exists() and not (tmp_path / "backup.db").exists()
