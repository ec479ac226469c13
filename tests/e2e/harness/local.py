"""The devserver pieces bound to the repo's ``.e2e-cache/`` (the demo uses the user's cache instead)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from survivor_host.devserver import ps_install, ps_options, ps_server

REPO_ROOT = Path(__file__).resolve().parents[3]  # harness -> e2e -> tests -> repo
CACHE_DIR = REPO_ROOT / ".e2e-cache"


class PSServer(ps_server.PSServer):
    """A PS server whose package and instance folders live under ``<repo>/.e2e-cache``."""

    def __init__(self, options: ps_options.ServerOptions, *, cache_dir: Path = CACHE_DIR, **kwargs: Any) -> None:
        super().__init__(options, cache_dir=cache_dir, **kwargs)


def ensure_ps_installed(cache_dir: Path = CACHE_DIR, **kwargs: Any) -> Path:
    """Install pokemon-showdown into ``.e2e-cache`` once; return the package folder."""
    return ps_install.ensure_ps_installed(cache_dir, **kwargs)
