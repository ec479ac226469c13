"""The compiled engine (`make native`): the import guard, what this process really loaded, and that the
compiled engine plays exactly the games the pure-Python one plays."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from survivor_host import _native
from survivor_host.themes import THEMES

REPO = Path(__file__).resolve().parent.parent
EXT_SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))
DIFF_GAMES = 20
ASKED = {"SURVIVOR_HOST_NATIVE": "1"}
"""The environment that asks for the compiled engine (the default is pure Python)."""


def load(relative: str) -> ModuleType:
    """A script of this checkout (tools/, bench/) as a module."""
    path = REPO / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The guard's process-wide state (its verdict, sys.meta_path, sys.modules) restored after the test."""
    monkeypatch.setattr(_native, "_verdict", _native._verdict)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        del sys.modules[name]


def fake_build(src: Path, package: str) -> Path:
    """A package with one 'compiled' module (its extension file is junk), one dependency and a fresh manifest."""
    root = src / package
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "mod.py").write_text("from . import dep\nVALUE = dep.VALUE + 1\n")
    (root / "dep.py").write_text("VALUE = 41\n")
    (root / "sub" / "__init__.py").write_text("FROM = 'source'\n")
    (root / "sub" / "leaf.py").write_text("LEAF = 1\n")
    for junk in (root / f"mod{EXT_SUFFIX}", root / "sub" / f"__init__{EXT_SUFFIX}", root / f"lib__mypyc{EXT_SUFFIX}"):
        junk.write_bytes(b"not a shared object")
    modules = [(f"{package}.mod", "mod"), (f"{package}.sub", "sub/__init__")]
    manifest = {
        "cache_tag": sys.implementation.cache_tag,
        "ext_suffix": EXT_SUFFIX,
        "modules": [
            {
                "name": name,
                "source": f"{package}/{stem}.py",
                "sha256": sha256(root / f"{stem}.py"),
                "extension": f"{package}/{stem}{EXT_SUFFIX}",
            }
            for name, stem in modules
        ],
        "depends": [{"source": f"{package}/dep.py", "sha256": sha256(root / "dep.py")}],
        "support": [f"{package}/lib__mypyc{EXT_SUFFIX}"],
    }
    (root / "native.json").write_text(json.dumps(manifest))
    return root


def test_fresh_build_is_compiled(tmp_path: Path) -> None:
    verdict = _native.check(fake_build(tmp_path, "fresh"), ASKED)
    assert (verdict.compiled, verdict.stale, verdict.status) == (2, False, "compiled (2 modules)")


@pytest.mark.parametrize("changed", ["mod.py", "sub/__init__.py", "dep.py"])
def test_changed_source_is_stale_and_names_the_file(tmp_path: Path, changed: str) -> None:
    root = fake_build(tmp_path, "changed")
    with (root / changed).open("a") as source:
        source.write("# edited\n")
    verdict = _native.check(root, ASKED)
    assert not verdict.compiled and verdict.stale
    assert verdict.status == f"pure Python: changed/{changed} changed since it was compiled"


def test_deleted_source_is_stale(tmp_path: Path) -> None:
    root = fake_build(tmp_path, "deleted")
    (root / "dep.py").unlink()
    assert _native.check(root, ASKED).reason == "deleted/dep.py changed since it was compiled"


@pytest.mark.parametrize("missing", [f"mod{EXT_SUFFIX}", f"sub/__init__{EXT_SUFFIX}", f"lib__mypyc{EXT_SUFFIX}"])
def test_missing_extension_is_stale(tmp_path: Path, missing: str) -> None:
    root = fake_build(tmp_path, "missing")
    (root / missing).unlink()
    verdict = _native.check(root, ASKED)
    assert (verdict.compiled, verdict.stale, verdict.reason) == (0, True, f"missing/{missing} is missing")


@pytest.mark.parametrize(("key", "value"), [("ext_suffix", ".cpython-399-x.so"), ("cache_tag", "pypy-73")])
def test_other_interpreter_is_stale(tmp_path: Path, key: str, value: str) -> None:
    root = fake_build(tmp_path, "abi")
    manifest = json.loads((root / "native.json").read_text())
    (root / "native.json").write_text(json.dumps({**manifest, key: value}))
    verdict = _native.check(root, ASKED)
    assert not verdict.compiled and verdict.stale and verdict.reason.startswith("compiled for ")


@pytest.mark.parametrize("text", ["{", "[]", '{"cache_tag": "x"}'])
def test_unreadable_manifest_is_stale(tmp_path: Path, text: str) -> None:
    root = fake_build(tmp_path, "unreadable")
    (root / "native.json").write_text(text)
    verdict = _native.check(root, ASKED)
    assert not verdict.compiled and verdict.stale and "native.json is unreadable" in verdict.reason


def test_pure_python_unless_asked_for_and_never_a_warning(tmp_path: Path) -> None:
    root = fake_build(tmp_path, "env")
    for environ in ({}, {"SURVIVOR_HOST_NATIVE": "0"}, {"SURVIVOR_HOST_NATIVE": "yes"}):
        verdict = _native.check(root, environ)
        assert (verdict.compiled, verdict.stale) == (0, False)
        assert verdict.status == "pure Python: the default (SURVIVOR_HOST_NATIVE=1 runs the compiled engine)"
    assert _native.check(root, ASKED).compiled == 2


def test_asked_for_without_a_build_is_pure_and_warned_about(tmp_path: Path) -> None:
    root = fake_build(tmp_path, "none")
    (root / "native.json").unlink()
    verdict = _native.check(root, ASKED)
    assert not verdict.compiled and verdict.stale and verdict.status.startswith("pure Python: not compiled")
    assert _native.check(root, {}).stale is False  # not asked for: nothing to warn about


def test_stale_build_loads_every_module_from_source_and_warns_once(tmp_path: Path, isolated: None) -> None:
    root = fake_build(tmp_path, "stalepkg")
    (root / "dep.py").write_text("VALUE = 1\n")
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises(ImportError):  # unguarded, the junk extension file wins over mod.py
            importlib.import_module("stalepkg.mod")
        stale = r"NATIVE=1, but stalepkg/dep\.py changed since it was compiled.*make native"
        with pytest.warns(RuntimeWarning, match=stale):
            _native.activate("stalepkg", root, ASKED)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            _native.activate("stalepkg", root, {})  # not asked for: no warning
        mod = importlib.import_module("stalepkg.mod")
        sub = importlib.import_module("stalepkg.sub")
        leaf = importlib.import_module("stalepkg.sub.leaf")
    finally:
        sys.path.remove(str(tmp_path))
    assert (mod.VALUE, sub.FROM, leaf.LEAF) == (2, "source", 1)
    assert [Path(m.__file__ or "").name for m in (mod, sub, leaf)] == ["mod.py", "__init__.py", "leaf.py"]
    assert _native.native_status() == "pure Python: the default (SURVIVOR_HOST_NATIVE=1 runs the compiled engine)"
    assert [finder for finder in sys.meta_path if getattr(finder, "prefix", "") == "stalepkg."] == [sys.meta_path[0]]


def test_fresh_build_installs_no_finder(tmp_path: Path, isolated: None) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        verdict = _native.activate("freshpkg", fake_build(tmp_path, "freshpkg"), ASKED)
    assert verdict.compiled == 2 and _native.native_status() == "compiled (2 modules)"
    assert not any(getattr(finder, "prefix", "") == "freshpkg." for finder in sys.meta_path)


MANIFEST = REPO / "src" / "survivor_host" / "native.json"
NOT_BUILT = "the compiled engine is not built or is stale: `make native` builds it (`make test` does first)"


def compiled_names() -> list[str]:
    """The modules the build lists (or, unbuilt, would compile)."""
    if MANIFEST.exists():
        return [module["name"] for module in json.loads(MANIFEST.read_text())["modules"]]
    tool = load("tools/build_native.py")
    return [tool.module_name(path) for path in tool.select(tool.NATIVE_MODULES)]


def test_this_process_runs_the_pure_engine() -> None:
    """Not asked for (the tests, the bot, the terminal): every module is loaded from its .py, built or not."""
    assert os.environ.get("SURVIVOR_HOST_NATIVE") != "1", "run the tests without SURVIVOR_HOST_NATIVE=1"
    files = {name: str(importlib.import_module(name).__file__) for name in compiled_names()}
    assert files and _native.native_status().startswith("pure Python: the default")
    assert {name: file for name, file in files.items() if not file.endswith(".py")} == {}


def test_asked_for_the_built_engine_runs_every_module_compiled() -> None:
    script = "import importlib, sys\nfrom survivor_host import _native\nprint(_native.native_status())\n"
    script += "for name in sys.argv[1:]: print(importlib.import_module(name).__file__)"
    names = compiled_names()
    env = dict(os.environ, SURVIVOR_HOST_NATIVE="1")
    out = subprocess.run(
        [sys.executable, "-c", script, *names], cwd=REPO, env=env, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == f"compiled ({len(names)} modules)", NOT_BUILT
    assert [file for file in out[1:] if not file.endswith(EXT_SUFFIX)] == []


def test_compiled_engine_plays_exactly_the_pure_python_games() -> None:
    """bench/engine_diff.py --native: random games of every legal mod set (legal and illegal inputs,
    timeouts, modkills, subs, renames, extensions), compared input by input with the pure engine."""
    env = {key: value for key, value in os.environ.items() if key != "SURVIVOR_HOST_NATIVE"}
    done = subprocess.run(
        [sys.executable, str(REPO / "bench" / "engine_diff.py"), "--native", "--games", str(DIFF_GAMES)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, (NOT_BUILT if "did not run the compiled engine" in done.stderr else "") + (
        done.stdout[-3000:] + done.stderr[-3000:]
    )
    reports = [line for line in done.stdout.splitlines() if " games, " in line]
    sets = sum(len(spec.legal_mod_sets()) for spec in THEMES.values())
    assert len(reports) == sets and all(line.endswith(f"{DIFF_GAMES} games, 0 differ") for line in reports)


def test_native_modules_list_the_engine_themes_and_stream_but_not_events_errors_facts() -> None:
    tool = load("tools/build_native.py")
    compiled = {path.relative_to(tool.SRC).as_posix() for path in tool.select(tool.NATIVE_MODULES)}
    assert {"survivor_host/engine/game.py", "survivor_host/themes/cta/mods/base.py"} <= compiled
    assert {"survivor_host/trust/stream.py", "survivor_host/themes/__init__.py"} <= compiled
    assert not {name for name in compiled if name.endswith(("/errors.py", "/events.py", "/facts.py"))}
    assert not {name for name in compiled if name.startswith("survivor_host/trust/") and "stream" not in name}
    depends = {path.relative_to(tool.SRC).as_posix() for path in tool.dependencies(tool.select(tool.NATIVE_MODULES))}
    assert {"survivor_host/engine/events.py", "survivor_host/themes/ftl/facts.py"} <= depends
    assert not depends & compiled


def fake_compiler(outputs: list[str], problem: str | None) -> object:
    """A stand-in for mypyc: writes `outputs` (relative to src) and reports `problem`.

    The tool's tests build a fake `survivor_host` package under a temporary src/: the manifest's place.
    """

    def run_compile(compiled: list[Path], src: Path) -> str | None:
        for output in outputs:
            (src / output).write_bytes(b"compiled")
        return problem

    return run_compile


@pytest.mark.parametrize("strict", [False, True])
def test_failed_compile_leaves_nothing_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], strict: bool
) -> None:
    tool = load("tools/build_native.py")
    root = fake_build(tmp_path, "survivor_host")
    monkeypatch.setattr(tool, "run_compile", fake_compiler([f"survivor_host/mod{EXT_SUFFIX}"], "mypyc failed"))
    assert tool.build(["survivor_host/mod.py", "survivor_host/sub/*.py"], strict, tmp_path) == int(strict)
    assert tool.extension_files(tmp_path) == [] and not (root / "native.json").exists()
    message = " ".join(capsys.readouterr().err.split())
    assert "mypyc failed" in message and "runs as pure Python" in message and "make native" in message


def test_build_writes_a_manifest_the_guard_accepts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = load("tools/build_native.py")
    root = fake_build(tmp_path, "survivor_host")
    (root / "native.json").unlink()
    outputs = [f"survivor_host/{stem}{EXT_SUFFIX}" for stem in ("mod", "sub/__init__", "native__mypyc")]
    monkeypatch.setattr(tool, "run_compile", fake_compiler(outputs, None))
    monkeypatch.setattr(tool, "import_problem", lambda names, src: None)  # the junk extensions would not import
    assert tool.build(["survivor_host/mod.py", "survivor_host/sub/__init__.py"], True, tmp_path) == 0
    assert not (root / f"lib__mypyc{EXT_SUFFIX}").exists()  # the old build's files went first
    manifest = json.loads((root / "native.json").read_text())
    assert [module["name"] for module in manifest["modules"]] == ["survivor_host.mod", "survivor_host.sub"]
    assert manifest["depends"] == [{"source": "survivor_host/dep.py", "sha256": sha256(root / "dep.py")}]
    assert manifest["support"] == [f"survivor_host/native__mypyc{EXT_SUFFIX}"]
    assert _native.check(root, ASKED).status == "compiled (2 modules)"
    (root / "sub" / "leaf.py").write_text("LEAF = 2\n")  # neither compiled nor imported by what is
    assert _native.check(root, ASKED).compiled == 2
    removed = sorted(path.name for path in tool.clean(tmp_path))
    assert removed == sorted([*(Path(output).name for output in outputs), "native.json"])
    assert _native.check(root, ASKED).reason.startswith("not compiled")


def test_missing_extension_after_build_fails_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = load("tools/build_native.py")
    root = fake_build(tmp_path, "survivor_host")
    monkeypatch.setattr(tool, "run_compile", fake_compiler([f"survivor_host/lib__mypyc{EXT_SUFFIX}"], None))
    assert tool.build(["survivor_host/mod.py"], True, tmp_path) == 1
    assert tool.extension_files(tmp_path) == [] and not (root / "native.json").exists()


def test_build_that_does_not_import_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = load("tools/build_native.py")
    root = fake_build(tmp_path, "survivor_host")
    monkeypatch.setattr(tool, "run_compile", fake_compiler([f"survivor_host/mod{EXT_SUFFIX}"], None))
    assert tool.build(["survivor_host/mod.py"], False, tmp_path) == 0
    assert tool.extension_files(tmp_path) == [] and not (root / "native.json").exists()
    message = capsys.readouterr().err
    assert "the compiled modules do not import" in message and "survivor_host.cli" in message


def test_no_compiler_is_a_failed_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = load("tools/build_native.py")
    monkeypatch.setenv("CC", "no-such-cc -O2")
    assert tool.compile_error() == "no C compiler (no-such-cc) on PATH"
    assert tool.run_compile([], tool.SRC) == "no C compiler (no-such-cc) on PATH"
