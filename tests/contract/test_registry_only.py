"""A theme is its package and one registry line: nothing else names it, the layer contracts included."""

from __future__ import annotations

import tomllib
from pathlib import Path

from survivor_host import themes
from survivor_host.themes import THEMES

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_import_contracts_name_no_theme() -> None:
    """The contracts cover every theme by pattern (`survivor_host.themes.*.game`), so a new one is covered."""
    contracts = tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["contracts"]
    text = repr(contracts)
    for theme in THEMES:
        assert f"survivor_host.themes.{theme}" not in text, f"a layer contract names the theme {theme}"
    patterns = [
        c for c in contracts if c["type"] == "forbidden" and "survivor_host.themes.*.game" in c["forbidden_modules"]
    ]
    assert patterns and patterns[0]["source_modules"] == ["survivor_host.themes.**"]


def test_every_theme_package_is_one_registry_line() -> None:
    """Each package under themes/ with a spec is registered by its one line in `PACKAGES`, and is in `THEMES`."""
    folder = Path(themes.__file__).parent
    found = sorted(path.parent.name for path in folder.glob("*/spec.py"))
    assert sorted(themes.PACKAGES) == found
    lines = Path(themes.__file__).read_text().splitlines()
    for package in themes.PACKAGES:
        assert lines.count(f'    "{package}",') == 1
    assert len(THEMES) == len(themes.PACKAGES)
