"""Each theme's strategies are typed on its view, checked by mypy and at run time."""

from __future__ import annotations

import ast
import random
import shutil
from pathlib import Path

import pytest
from mypy import api

import survivor_host.ai
from survivor_host.ai import make_strategy
from survivor_host.themes import new_game
from survivor_host.themes.cta.ai import CTA_STRATEGIES
from survivor_host.themes.ftl.ai import FTL_STRATEGIES

SRC = Path(survivor_host.ai.__file__).parents[2]
AI = Path(survivor_host.ai.__file__).parent
STRATEGY_FILES = [*AI.glob("*.py"), AI.parent / "engine" / "strategy.py", *AI.parent.glob("themes/*/ai.py")]

GIVEN = """
import random
from survivor_host.themes.cta.ai import CTA_KINDS, SmartCta
from survivor_host.themes.cta.game import ChaseTheAce
from survivor_host.themes.ftl.ai import FTL_KINDS, SmartFtl
from survivor_host.themes.ftl.game import FollowTheLeader

def play(ftl: FollowTheLeader, cta: ChaseTheAce, rng: random.Random) -> None:
"""


@pytest.fixture
def mypy_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MYPYPATH", str(SRC))


ACCEPTED = (
    'SmartFtl().choose(ftl.view("A"), ftl.legal_inputs("A"), rng)',
    'CTA_KINDS["smart"]().choose(cta.view("A"), cta.legal_inputs("A"), rng)',
)
REFUSED = (
    'SmartCta().choose(ftl.view("A"), ftl.legal_inputs("A"), rng)',
    'CTA_KINDS["threshold"]().choose(ftl.view("A"), ftl.legal_inputs("A"), rng)',
    'FTL_KINDS["smart"]().choose(cta.view("A"), cta.legal_inputs("A"), rng)',
)


def mypy_report(tmp_path: Path, calls: tuple[str, ...]) -> tuple[dict[int, str], str]:
    """mypy --strict once on a small module calling strategies with views: what it says of each call (by
    place in `calls`), and its whole report."""
    lines = GIVEN.splitlines()
    first = len(lines) + 1  # mypy numbers lines from 1
    module = tmp_path / "calls.py"
    module.write_text("\n".join([*lines, *(f"    {call}" for call in calls)]) + "\n", encoding="utf-8")
    lint_cache = SRC.parent / ".mypy_cache"  # `make lint`'s: the modules it checked are read, not checked again
    if lint_cache.is_dir():
        shutil.copytree(lint_cache, tmp_path / "cache")
    out, err, _ = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), str(module)])
    assert "Cannot find implementation" not in out, out  # the package itself must be found, or the check is idle
    by_call: dict[int, str] = {}
    for line in out.splitlines():
        number, _, message = line.partition("calls.py:")[2].partition(":")
        if number.isdigit():
            by_call[int(number) - first] = by_call.get(int(number) - first, "") + message + "\n"
    return by_call, out + err


@pytest.mark.usefixtures("mypy_path")
def test_mypy_accepts_each_theme_s_strategies_with_their_own_view_and_refuses_another_s(tmp_path: Path) -> None:
    by_call, report = mypy_report(tmp_path, ACCEPTED + REFUSED)
    assert set(by_call) == set(range(len(ACCEPTED), len(ACCEPTED) + len(REFUSED))), report
    for number, call in enumerate(REFUSED, start=len(ACCEPTED)):
        said = by_call[number]
        assert "arg-type" in said and ("FtlView" in said or "CtaView" in said), (call, report)


def test_a_strategy_picked_by_theme_name_refuses_another_theme_s_view_at_run_time() -> None:
    ftl = new_game("ftl", ["A", "B", "C", "D"], seed="1")
    ftl.begin()
    name = ftl.awaiting()[0].player
    with pytest.raises(TypeError, match="CtaView"):
        CTA_STRATEGIES["smart"]().choose(ftl.view(name), ftl.legal_inputs(name), random.Random(1))
    move = FTL_STRATEGIES["smart"]().choose(ftl.view(name), ftl.legal_inputs(name), random.Random(1))
    assert move in ftl.legal_inputs(name)
    assert make_strategy("ftl", "smart").name == "smart"


def test_no_any_in_the_ai_package() -> None:
    for path in sorted(STRATEGY_FILES):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        names |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
        assert "Any" not in names, f"{path.name} uses typing.Any"
