"""Finished game records for the trust tests, played with random legal inputs."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from survivor_host.engine.dice import FairDice
from survivor_host.fair.stream import client_seed
from survivor_host.themes import new_game
from survivor_host.trust.verify import verify

DATA = Path(__file__).parent / "data"
SEED = "9f2c4e1a" * 8


def played_record(
    theme: str = "ftl",
    players: tuple[str, ...] = ("Venus", "Mars", "Io", "Ceres", "Pluto", "Vesta"),
    mods: tuple[str, ...] = (),
    salts: tuple[str, ...] = ("pepper",),
    seed: str = SEED,
    choices: int = 1,
) -> dict[str, Any]:
    """A finished game on the fair dice, its inputs chosen at random (by `choices`) among the legal ones."""
    dice = FairDice(seed, client_seed(players, salts), salts)
    game = new_game(theme, players, mods=mods, dice=dice)
    rng = random.Random(choices)
    game.start()
    while not game.finished:
        wait = game.awaiting()[0]
        game.apply(rng.choice(game.legal_inputs(wait.player)))
    return game.record()


def old_mt_record() -> dict[str, Any]:
    """A Chase the Ace record written before format 2 (Mersenne Twister dice, no draws)."""
    data: dict[str, Any] = json.loads((DATA / "format1-mt-cta.json").read_text(encoding="utf-8"))
    return data


def refused(record: dict[str, Any], where: str) -> str:
    """The difference `verify` finds in a forged record, which must lie at `where`."""
    verdict = verify(record)
    assert not verdict.ok and verdict.difference is not None, "the forgery verified"
    assert verdict.difference.where.startswith(where), verdict.difference
    return str(verdict.difference)


def export_forced(record: dict[str, Any], folder: Path, capsys: Any) -> None:
    """`export --force` writes a page for `record` (of any shape) without a traceback, and the page says it is
    not verified."""
    from survivor_host.cli import main

    path, page = folder / "forged.json", folder / "page.html"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["export", str(path), "--html", str(page), "--force"]) == 0
    said = capsys.readouterr()
    assert "Traceback" not in said.err + said.out
    assert "NOT verified by survivor-host verify" in page.read_text(encoding="utf-8")
