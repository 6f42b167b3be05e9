#!/usr/bin/env python3
"""The two commands a newcomer runs: ``python3 tasks.py start`` and ``python3 tasks.py test``.

Each one creates ``.venv`` when it is missing and installs into it what it needs when
``pyproject.toml`` changed since the last install: ``start`` the project alone (a quick
start), ``test`` the development extras too. Then it does its job. Only the
standard library is used here, so a bare Python 3.11 is enough.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".setup-stamp"
RUN, DEV = "", "dev"  # what `start` needs (the project alone), what `test` adds (.[dev])


def venv_python() -> Path:
    sub = "Scripts/python.exe" if os.name == "nt" else "bin/python"
    return VENV / sub


def installed(digest: str) -> str | None:
    """The extras installed for this pyproject.toml ("" or "dev"), None when out of date."""
    if not STAMP.exists():
        return None
    saved, _, extras = STAMP.read_text().strip().partition(" ")
    return extras if saved == digest else None


def setup(extras: str = DEV) -> Path:
    """Create the environment if needed; install what ``extras`` needs when the project
    metadata changed or that part was not installed yet (``dev`` includes running)."""
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py may be run by an older python3
        sys.exit("cuesport needs Python 3.11 or newer")
    if not venv_python().exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    have = installed(digest)
    if have is None or (extras == DEV and have != DEV):
        what = "its development tools" if extras == DEV else "what it needs to run"
        print(f"installing cuesport and {what} into .venv ...", flush=True)
        target = f".[{extras}]" if extras else "."
        subprocess.run([str(venv_python()), "-m", "pip", "install", "-q", "-e", target],
                       check=True, cwd=ROOT)
        STAMP.write_text(f"{digest} {extras}")
    return venv_python()


def start(args: list[str]) -> int:
    """The main job: the browser table (``cuesport serve``), which prints its address."""
    py = str(setup(RUN))
    try:
        return subprocess.call([py, "-m", "cuesport", "serve", *args])
    except KeyboardInterrupt:
        return 0


def chromium() -> str | None:
    """The system Chromium for the browser tests; installed with apt-get when we can."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    apt = shutil.which("apt-get")
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    if apt and root:
        print("installing chromium (apt-get) for the browser tests ...", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        ok = subprocess.call([apt, "update", "-q"], env=env) == 0 and subprocess.call(
            [apt, "install", "-y", "-q", "chromium"], env=env) == 0
        found = shutil.which("chromium") if ok else None
    if not found:
        bar = "!" * 78
        print(f"{bar}\nNO CHROMIUM: the browser tests will be SKIPPED. Install it "
              f"(apt-get install chromium, as root) and run again.\n{bar}", flush=True)
    return found


def test(args: list[str]) -> int:
    py = str(setup(DEV))
    chromium()
    rc = subprocess.call([py, "-m", "ruff", "check", "src", "tests", "bench", "docs", "tasks.py"],
                         cwd=ROOT)
    if rc:
        return rc
    with tempfile.TemporaryDirectory(prefix="cuesport-site-") as site:
        rc = subprocess.call([py, "-m", "mkdocs", "build", "--strict", "--quiet",
                              "--site-dir", site], cwd=ROOT,
                             env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    if rc:
        return rc
    workers = os.environ.get("CUESPORT_TEST_WORKERS", "auto")
    return subprocess.call([py, "-m", "pytest", "-n", workers, *args], cwd=ROOT)


def main() -> int:
    jobs: dict[str, Callable[[list[str]], int]] = {
        "start": start, "test": test, "setup": lambda _: (setup(DEV), 0)[1]}
    if len(sys.argv) < 2 or sys.argv[1] not in jobs:
        print("usage: python3 tasks.py start|test|setup [extra arguments]")
        return 2
    return jobs[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
