"""The trust tests' shared fixture: one headless Chromium per test module (tests/trust/browser.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .browser import Browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = Browser()
    try:
        yield chromium
    finally:
        chromium.close()
