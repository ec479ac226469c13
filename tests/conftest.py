"""Fixtures shared across the test folders."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from survivor_host.engine.theme import ThemeSpec
from survivor_host.themes import THEMES
from tests.lowball import SPEC
from tests.slow_first import seconds, slow_first


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Tell each xdist worker how the controller hands out tests (workers only see `--dist no`)."""
    node.workerinput["dist"] = node.config.getoption("dist")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under `-n N --dist worksteal` the longest tests start first, one share at the head of each worker's
    slice (tests/slow_first.py); any other run keeps the collection order."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None or workerinput.get("dist") != "worksteal":
        return
    costs = [seconds(item.nodeid, item.get_closest_marker("e2e") is not None) for item in items]
    items[:] = slow_first(items, costs, int(workerinput["workercount"]))


@pytest.fixture
def lowball() -> Iterator[ThemeSpec]:
    """Lowball (tests/lowball), a third theme, in the registry for one test."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(THEMES, SPEC.id, SPEC)  # the one registry line a theme needs
        yield SPEC
