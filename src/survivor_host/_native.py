"""The guard in front of the compiled engine: it runs only when asked for and when it matches its
sources; otherwise the engine is pure Python.

`tools/build_native.py` (`make native`) compiles modules with mypyc next to their `.py` files and
writes `native.json`. The compiled engine is for speed (simulations, benchmarks) and is opt-in:
`SURVIVOR_HOST_NATIVE=1`. At import time `activate` checks the request and the manifest (interpreter
ABI, every extension present, every source hash); unless all is well, a meta-path finder loads every
module of the package from its `.py` (all or nothing: compiled modules call each other directly)
and, when the compiled engine was asked for but is missing or stale, one warning says why.
Compiled games cannot be copied or pickled, hold no `__dict__`, and their classes cannot be
subclassed: the bot, the terminal and the tests run the pure engine (`bench/engine_diff.py
--native` and `tests/test_native.py` check that the compiled one plays exactly the same games).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

ENV = "SURVIVOR_HOST_NATIVE"
"""Set to 1 to run the compiled engine (when it is built and fresh)."""
MANIFEST = "native.json"
PACKAGE_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Verdict:
    """Whether the compiled modules may run: their count, or why not (and whether to warn)."""

    compiled: int = 0
    reason: str = ""
    stale: bool = False

    @property
    def status(self) -> str:
        return f"compiled ({self.compiled} modules)" if self.compiled else f"pure Python: {self.reason}"


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _stale(reason: str) -> Verdict:
    return Verdict(reason=reason, stale=True)


def check(package_dir: Path, environ: Mapping[str, str]) -> Verdict:
    """Judge the build of the package at `package_dir` (its manifest's paths are relative to the parent)."""
    if environ.get(ENV) != "1":
        return Verdict(reason=f"the default ({ENV}=1 runs the compiled engine)")
    path = package_dir / MANIFEST
    if not path.exists():
        return _stale("not compiled (`make native` compiles it)")
    src = package_dir.parent
    try:
        manifest = json.loads(path.read_text())
        tag, suffix = manifest["cache_tag"], manifest["ext_suffix"]
        modules = manifest["modules"]
        extensions = [module["extension"] for module in modules] + list(manifest["support"])
        sources = [(entry["source"], entry["sha256"]) for entry in [*modules, *manifest["depends"]]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        return _stale(f"{path.name} is unreadable ({error!r})")
    here = (sys.implementation.cache_tag, sysconfig.get_config_var("EXT_SUFFIX"))
    if (tag, suffix) != here:
        return _stale(f"compiled for {tag} {suffix}, this interpreter is {here[0]} {here[1]}")
    for extension in extensions:
        if not (src / extension).is_file():
            return _stale(f"{extension} is missing")
    for source, sha256 in sources:
        if _digest(src / source) != sha256:
            return _stale(f"{source} changed since it was compiled")
    return Verdict(compiled=len(modules))


class SourceFinder:
    """Loads the submodules of `package` from their `.py` files where an extension module would win."""

    def __init__(self, package: str) -> None:
        self.prefix = package + "."

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith(self.prefix):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return spec
        origin = Path(str(spec.origin))
        stem = origin.name.split(".")[0]
        source = origin.with_name(stem + ".py")
        if not source.is_file():
            return spec  # compiled without a source (not ours): nothing to fall back to
        search = [str(origin.parent)] if stem == "__init__" else None
        return importlib.util.spec_from_file_location(fullname, source, submodule_search_locations=search)


_verdict = Verdict(reason="the guard has not run")


def activate(package: str, package_dir: Path = PACKAGE_DIR, environ: Mapping[str, str] = os.environ) -> Verdict:
    """Check the build once; unless it may run, make every submodule load from source (and warn if stale)."""
    global _verdict
    _verdict = check(package_dir, environ)
    if not _verdict.compiled:
        if not any(isinstance(finder, SourceFinder) and finder.prefix == package + "." for finder in sys.meta_path):
            sys.meta_path.insert(0, SourceFinder(package))
        if _verdict.stale:
            warnings.warn(
                f"{package}: {ENV}=1, but {_verdict.reason}; running the pure-Python engine (slower)."
                " `make native` rebuilds it.",
                RuntimeWarning,
                stacklevel=3,
            )
    return _verdict


def native_status() -> str:
    """What this process runs, as the guard decided: `compiled (N modules)` or `pure Python: <reason>`."""
    return _verdict.status
