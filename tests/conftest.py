"""Fixtures shared across the test folders."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from survivor_host.engine.theme import ThemeSpec
from survivor_host.themes import THEMES
from tests.lowball import SPEC


@pytest.fixture
def lowball() -> Iterator[ThemeSpec]:
    """Lowball (tests/lowball), a third theme, in the registry for one test."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(THEMES, SPEC.id, SPEC)  # the one registry line a theme needs
        yield SPEC
