"""Compile the engine and theme modules with mypyc, in place, and write the manifest the import guard reads.

Run: .venv/bin/python tools/build_native.py [--strict] [--clean] [--modules PATTERN ...] [--sources]

The extension modules land next to their `.py` files in src/ (the editable install picks them first);
`src/survivor_host/native.json` records the interpreter's ABI and the hash of each compiled module and
of each package module they import, so `survivor_host._native` can fall back to the pure-Python
sources when anything changed. A failed compile (or a build that does not import) leaves no compiled
module behind: even SURVIVOR_HOST_NATIVE=1 then runs pure Python (slower), and the tool exits 0 (1 with
`--strict`). Only the standard library is needed for `--clean` and `--sources`.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))  # the guard's names: it needs only the standard library, so no venv is needed
from survivor_host._native import ENV as NATIVE_ENV  # noqa: E402
from survivor_host._native import MANIFEST  # noqa: E402

PACKAGE = "survivor_host"
BUILD = ROOT / "build" / "native"
LOG = BUILD / "build.log"
GROUP = f"{PACKAGE}_native"
"""The shared library's name (mypyc adds `__mypyc`): a top-level module in src/, where mypyc needs it (it
derives each compiled module's `__file__` and `__path__` from the library's place)."""

NATIVE_MODULES: tuple[str, ...] = (
    "survivor_host/engine/*.py",
    "!survivor_host/engine/errors.py",
    "!survivor_host/engine/events.py",
    "survivor_host/themes/**/*.py",
    "!survivor_host/themes/**/facts.py",
    "survivor_host/trust/stream.py",
)
"""The modules to compile: globs relative to src/, in order; a leading `!` takes matches out again."""

EXTENSION_SUFFIXES = (".so", ".pyd")


def select(patterns: Iterable[str], src: Path = SRC) -> list[Path]:
    """The `.py` files the patterns name, sorted."""
    chosen: set[Path] = set()
    for pattern in patterns:
        if pattern.startswith("!"):
            chosen -= set(src.glob(pattern[1:]))
        else:
            chosen |= {path for path in src.glob(pattern) if path.suffix == ".py" and path.is_file()}
    return sorted(chosen)


def module_name(path: Path, src: Path = SRC) -> str:
    """The dotted module name of a source file under `src`."""
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def module_file(name: str, src: Path = SRC) -> Path | None:
    """The source file of a dotted module name under `src`, if it is one."""
    base = src.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported(path: Path, src: Path = SRC) -> set[Path]:
    """The package's source files that `path` imports by name (not their parent packages)."""
    tree = ast.parse(path.read_bytes(), str(path))
    package = module_name(path, src).split(".")
    if path.name != "__init__.py":
        package.pop()
    found: set[Path | None] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {module_file(alias.name, src) for alias in node.names if alias.name.split(".")[0] == PACKAGE}
        elif isinstance(node, ast.ImportFrom):
            parent = package[: len(package) - node.level + 1] if node.level else []
            base = ".".join([*parent, *([node.module] if node.module else [])])
            if base.split(".")[0] == PACKAGE:  # `from base import name`: the submodule `name`, else base itself
                found |= {module_file(f"{base}.{alias.name}", src) or module_file(base, src) for alias in node.names}
    return {file for file in found if file is not None}


def dependencies(compiled: Sequence[Path], src: Path = SRC) -> list[Path]:
    """Non-compiled package modules the compiled ones import, directly or through each other.

    mypyc compiles against their types and constants, so a change there makes the build stale too.
    """
    seen, todo = set(compiled), list(compiled)
    while todo:
        for file in imported(todo.pop(), src) - seen:
            seen.add(file)
            todo.append(file)
    return sorted(seen - set(compiled))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension_files(src: Path = SRC) -> list[Path]:
    """Every extension module under src/ (only this tool puts any there)."""
    return sorted(path for path in src.rglob("*") if path.suffix in EXTENSION_SUFFIXES and path.is_file())


def clean(src: Path = SRC) -> list[Path]:
    """Remove the manifest and every extension module under src/; what was removed."""
    removed = [path for path in [*extension_files(src), src / PACKAGE / MANIFEST] if path.exists()]
    for path in removed:
        path.unlink()
    return removed


def manifest(compiled: Sequence[Path], outputs: Sequence[Path], src: Path = SRC) -> dict[str, object]:
    """The manifest of a finished build: ABI, compiled modules with their hashes, what else it checks."""
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    modules = []
    for path in compiled:
        stem = "__init__" if path.name == "__init__.py" else path.stem
        extension = path.with_name(stem + suffix)
        if extension not in outputs:
            raise FileNotFoundError(f"mypyc built no {extension.relative_to(src)}")
        modules.append(
            {
                "name": module_name(path, src),
                "source": path.relative_to(src).as_posix(),
                "sha256": digest(path),
                "extension": extension.relative_to(src).as_posix(),
            }
        )
    shims = {src / str(module["extension"]) for module in modules}
    return {
        "cache_tag": sys.implementation.cache_tag,
        "ext_suffix": suffix,
        "modules": modules,
        "depends": [
            {"source": path.relative_to(src).as_posix(), "sha256": digest(path)} for path in dependencies(compiled, src)
        ],
        "support": [path.relative_to(src).as_posix() for path in outputs if path not in shims],
    }


def setup(files: Sequence[str]) -> None:
    """The compile itself (in a child process, with src/ as the working directory): mypycify and build_ext."""
    mypyc_build = importlib.import_module("mypyc.build")
    setuptools = importlib.import_module("setuptools")
    options = ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(BUILD / "mypy-cache")]
    extensions = mypyc_build.mypycify([*options, *files], target_dir=str(BUILD / "c"), group_name=GROUP)
    jobs = str(os.cpu_count() or 1)
    build = ["build_ext", "--inplace", "--build-temp", str(BUILD / "temp"), "--build-lib", str(BUILD / "lib")]
    setuptools.setup(
        name="survivor-host-native",
        packages=[],
        py_modules=[],
        ext_modules=extensions,
        script_args=[*build, "--parallel", jobs],
    )


def compile_error() -> str | None:
    """Why compiling cannot even start, if it cannot."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) on PATH"
    for needed in ("mypyc.build", "setuptools"):
        try:
            importlib.import_module(needed)
        except ImportError as error:
            return f"cannot import {needed} ({error})"
    return None


def run_compile(compiled: Sequence[Path], src: Path) -> str | None:
    """Compile `compiled` in place; None when it worked, else what failed (the log holds the rest)."""
    problem = compile_error()
    if problem:
        return problem
    BUILD.mkdir(parents=True, exist_ok=True)
    files = [path.relative_to(src).as_posix() for path in compiled]
    argv = [sys.executable, str(Path(__file__).resolve()), "--setup", *files]
    with LOG.open("w") as log:
        done = subprocess.run(argv, cwd=src, stdout=log, stderr=subprocess.STDOUT, check=False)
    if done.returncode == 0:
        return None
    errors = [line for line in LOG.read_text(errors="replace").splitlines() if "error" in line.lower()]
    shown = "\n".join(f"  {line}" for line in errors[:8])
    more = f"\n  ... {len(errors) - 8} more" if len(errors) > 8 else ""
    return f"mypyc or the C compiler failed (exit {done.returncode}):\n{shown}{more}" if shown else "mypyc failed"


SMOKE = """import importlib, sys
import survivor_host.cli  # the entry point imports nearly everything: no interpreted class may subclass a compiled one
for name in sys.argv[2:]:
    file = importlib.import_module(name).__file__ or ""
    if not file.endswith(sys.argv[1]):
        sys.exit(f"{name} was loaded from {file}, not from its extension module")
"""
"""Imports the package and every compiled module in a fresh interpreter: the guard must let the extensions run."""


def import_problem(names: Sequence[str], src: Path) -> str | None:
    """Why the freshly built modules do not import as extensions, if they do not (a compile is not enough)."""
    env = dict(os.environ, **{NATIVE_ENV: "1"})
    env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [env.get("PYTHONPATH")])])
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    argv = [sys.executable, "-c", SMOKE, suffix, *names]
    done = subprocess.run(argv, cwd=src, env=env, capture_output=True, text=True, check=False)
    if done.returncode == 0:
        return None
    shown = "\n".join(f"  {line}" for line in done.stderr.strip().splitlines()[-4:])
    return f"the compiled modules do not import:\n{shown}"


def finish(compiled: Sequence[Path], src: Path) -> str | None:
    """Write the manifest of a compile that worked, then try the result; what is wrong with it, if anything."""
    try:
        written = manifest(compiled, extension_files(src), src)
    except FileNotFoundError as error:
        return str(error)
    (src / PACKAGE / MANIFEST).write_text(json.dumps(written, indent=1) + "\n")
    return import_problem([module_name(path, src) for path in compiled], src)


def build(patterns: Sequence[str], strict: bool, src: Path = SRC) -> int:
    """Remove the old build, compile, write the manifest; 0 unless the compile failed under `strict`."""
    clean(src)
    compiled = select(patterns, src)
    if not compiled:
        print(f"build_native: no module matches {' '.join(patterns)}", file=sys.stderr)
        return 1
    print(f"build_native: compiling {len(compiled)} modules with mypyc (log: {LOG})", flush=True)
    problem = run_compile(compiled, src) or finish(compiled, src)
    if problem is None:
        print(f"build_native: compiled {len(compiled)} modules; manifest {src / PACKAGE / MANIFEST}")
        return 0
    clean(src)
    print(
        f"build_native: {problem}\nNo compiled module was kept, so even with {NATIVE_ENV}=1 the engine runs as "
        f"pure Python (the same games, about half as fast; everything else runs it anyway). Details in {LOG}; "
        "`make native` tries again.",
        file=sys.stderr,
    )
    return 1 if strict else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 when the compile fails")
    parser.add_argument("--clean", action="store_true", help="remove the extension modules, manifest and build/native")
    parser.add_argument("--modules", nargs="+", metavar="PATTERN", help="compile these globs instead of the list")
    parser.add_argument("--sources", action="store_true", help="print the files a build depends on (for make)")
    parser.add_argument("--setup", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    patterns = args.modules or NATIVE_MODULES
    if args.setup:
        setup(args.setup)
        return 0
    if args.clean:
        for path in clean():
            print(f"removed {path.relative_to(ROOT)}")
        shutil.rmtree(BUILD, ignore_errors=True)
        return 0
    if args.sources:
        compiled = select(patterns)
        print(" ".join(path.relative_to(ROOT).as_posix() for path in [*compiled, *dependencies(compiled)]))
        return 0
    return build(patterns, args.strict)


if __name__ == "__main__":
    sys.exit(main())
