"""A PS server instance's own folder (the server writes under its package folder), and the removal of
folders left by test processes that are gone."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
from pathlib import Path

from .ps_options import ServerOptions


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def make_instance_folder(folder: Path, package: Path, options: ServerOptions, port: int) -> None:
    """A hard-linked copy of the package, a ``node_modules`` symlink to the shared dependencies, and fresh
    ``config/`` files written from options for port."""
    folder.parent.mkdir(parents=True, exist_ok=True)

    def link_or_copy(src: str, dst: str) -> object:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)
        return dst

    top_skip = {"config", "logs", "node_modules", ".git"}
    shutil.copytree(
        package,
        folder,
        copy_function=link_or_copy,
        ignore=lambda d, names: [n for n in names if n in top_skip] if Path(d) == package else [],
        symlinks=True,
    )
    (folder / "node_modules").symlink_to(package.parent, target_is_directory=True)
    config = folder / "config"
    config.mkdir()
    for item in (package / "config").iterdir():
        if item.is_file():
            shutil.copy2(item, config / item.name)  # real copies: the server may rewrite config files
    for sub in ("logs/repl", "logs/chat", "logs/modlog", "config/chat-plugins"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    example = (package / "config" / "config-example.js").read_text()
    (config / "config.js").write_text(options.config_js(example, port))
    (config / "chatrooms.json").write_text(json.dumps(options.chatrooms(), indent=1) + "\n")
    (config / "usergroups.csv").write_text(options.usergroups_csv())


def remove_stale_instances(root: Path) -> None:
    """Remove instance folders whose test process is gone, ending the node server each may have
    left running (a test run killed with SIGKILL cannot clean up after itself)."""
    if not root.is_dir():
        return
    for entry in root.iterdir():
        try:
            owner = int(entry.name.split("-")[-2])
        except (ValueError, IndexError):
            continue
        if owner == os.getpid() or _pid_alive(owner):
            continue
        with contextlib.suppress(OSError, ValueError):
            node_pid = int((entry / "server.pid").read_text())
            # only if that pid is still the server started in this folder
            if Path(f"/proc/{node_pid}/cwd").resolve() == entry.resolve():
                os.killpg(node_pid, signal.SIGKILL)
        shutil.rmtree(entry, ignore_errors=True)
