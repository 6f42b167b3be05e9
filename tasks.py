#!/usr/bin/env python3
"""The two commands a newcomer runs: ``python3 tasks.py start`` and ``python3 tasks.py test``.

Each one creates ``.venv`` when it is missing, installs the project with its extras
when ``pyproject.toml`` changed since the last install, then does its job. Only the
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".setup-stamp"
EXTRAS = "dev"


def venv_python() -> Path:
    sub = "Scripts/python.exe" if os.name == "nt" else "bin/python"
    return VENV / sub


def setup() -> Path:
    """Create the environment if needed; reinstall when the project metadata changed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py may be run by an older python3
        sys.exit("cuesport needs Python 3.11 or newer")
    if not venv_python().exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != digest:
        print("installing cuesport and its dependencies into .venv ...", flush=True)
        py = str(venv_python())
        subprocess.run([py, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
        subprocess.run(
            [py, "-m", "pip", "install", "-q", "-e", f".[{EXTRAS}]"], check=True, cwd=ROOT
        )
        STAMP.write_text(digest)
    return venv_python()


def start(args: list[str]) -> int:
    """The main job: the browser table (``cuesport serve``), which prints its address."""
    py = str(setup())
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
    py = str(setup())
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
    jobs = {"start": start, "test": test, "setup": lambda _: (setup(), 0)[1]}
    if len(sys.argv) < 2 or sys.argv[1] not in jobs:
        print("usage: python3 tasks.py start|test|setup [extra arguments]")
        return 2
    return jobs[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
