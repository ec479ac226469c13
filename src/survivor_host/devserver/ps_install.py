"""Installing the real Pokémon Showdown server (npm ``pokemon-showdown``) once into a cache folder.

``ensure_ps_installed(cache_dir)`` installs the package once into the cache folder (under a file lock,
into a temporary folder renamed into place when complete) and reuses it afterwards. The default
folder is ``$SURVIVOR_HOST_CACHE`` or ``~/.cache/survivor-host`` (``$XDG_CACHE_HOME`` honoured);
the end-to-end tests pass ``<repo>/.e2e-cache``.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

PS_VERSION = "0.11.11"
CACHE_ENV = "SURVIVOR_HOST_CACHE"

# Seconds the last install took (None when the cache was reused); for reports.
last_install_seconds: float | None = None


class PSServerError(RuntimeError):
    pass


# ---------------------------------------------------------------- install


def default_cache_dir() -> Path:
    """``$SURVIVOR_HOST_CACHE``, else ``$XDG_CACHE_HOME/survivor-host``, else ``~/.cache/survivor-host``."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "survivor-host"


def is_installed(cache_dir: Path | None = None, version: str = PS_VERSION) -> bool:
    """Whether ensure_ps_installed would reuse a finished install (no npm run)."""
    return (install_dir(cache_dir, version) / ".complete").exists()


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def install_dir(cache_dir: Path | None = None, version: str = PS_VERSION) -> Path:
    """The npm prefix of the cached install (holds ``node_modules/``)."""
    return (cache_dir or default_cache_dir()) / f"pokemon-showdown-{version}"


def ensure_ps_installed(
    cache_dir: Path | None = None,
    version: str = PS_VERSION,
    *,
    with_optional: bool = False,
    timeout: float = 900.0,
) -> Path:
    """Install pokemon-showdown@version into cache_dir once; return the package folder.

    Optional dependencies (sqlite3, better-sqlite3, ...) are left out unless with_optional: they
    compile SQLite from source (about 2 minutes here) and the server does not use them unless
    ``Config.usesqlite`` is set, which the test config does not do.
    """
    global last_install_seconds
    cache_dir = cache_dir or default_cache_dir()
    prefix = install_dir(cache_dir, version)
    package = prefix / "node_modules" / "pokemon-showdown"
    marker = prefix / ".complete"
    if marker.exists():
        return package
    with _file_lock(cache_dir / ".install.lock"):
        if marker.exists():
            return package
        if shutil.which("npm") is None or shutil.which("node") is None:
            raise PSServerError("node and npm are needed to run a local Showdown server (apt-get install nodejs npm)")
        tmp = cache_dir / f".install-{os.getpid()}-{secrets.token_hex(4)}"
        tmp.mkdir(parents=True)
        cmd = [
            "npm",
            "install",
            f"pokemon-showdown@{version}",
            "--no-audit",
            "--no-fund",
            "--prefix",
            str(tmp),
        ]
        if not with_optional:
            cmd.append("--omit=optional")
        started = time.monotonic()
        try:
            proc = subprocess.run(
                cmd, cwd=tmp, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
            )
            (tmp / "npm-install.log").write_text(proc.stdout + proc.stderr)
            if proc.returncode != 0:
                raise PSServerError(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
            pkg_json = json.loads((tmp / "node_modules" / "pokemon-showdown" / "package.json").read_text())
            if pkg_json.get("version") != version:
                raise PSServerError(f"npm installed pokemon-showdown {pkg_json.get('version')}, not {version}")
            if not (tmp / "node_modules" / "pokemon-showdown" / "dist" / "server" / "index.js").exists():
                raise PSServerError("the installed package has no dist/server/index.js")
            last_install_seconds = time.monotonic() - started
            (tmp / ".complete").write_text(f"{version} installed in {last_install_seconds:.1f}s\n")
            if prefix.exists():  # an incomplete leftover
                shutil.rmtree(prefix)
            os.rename(tmp, prefix)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
    return package
