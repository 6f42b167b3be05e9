#!/usr/bin/env python3
"""The two commands a newcomer runs: ``python3 tasks.py start`` and ``python3 tasks.py test``.

Each one creates ``.venv`` when it is missing and installs into it what it needs when
``pyproject.toml`` changed since the last install: ``start`` the project alone (a quick
start), ``test`` the development extras too. Then it does its job. Only the
standard library is used here, so a bare Python 3.11 is enough.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import venv
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".setup-stamp"
RUN, DEV = "accel", "dev"  # what `start` needs (the project, Cython), what `test` adds


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


def accelerate(py: str) -> None:
    """Compile the referee, the physics and the bots (``python -m cuesport.accel``) where
    their sources changed; without a C compiler they run as plain Python, about 1.3 times
    slower, and we say so."""
    if subprocess.call([py, "-m", "cuesport.accel"], cwd=ROOT) != 0:
        _loud("NOT COMPILED: compiling the referee, physics and bots with Cython failed (is there "
              "a C compiler and Python's headers? apt-get install gcc python3-dev). Everything "
              "works as plain Python, about 1.3 times slower.")


def start(args: list[str]) -> int:
    """The main job: the browser table (``cuesport serve``), which prints its address."""
    py = str(setup(RUN))
    accelerate(py)
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


def _loud(message: str) -> None:
    bar = "!" * 78
    print(f"{bar}\n{message}\n{bar}", flush=True)


def _apt_install(package: str) -> bool:
    apt = shutil.which("apt-get")
    if not (apt and hasattr(os, "geteuid") and os.geteuid() == 0):
        return False
    print(f"installing {package} (apt-get) for the tests ...", flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return subprocess.call([apt, "update", "-q"], env=env) == 0 and subprocess.call(
        [apt, "install", "-y", "-q", package], env=env) == 0


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl); apt-get when we can."""
    for attempt in (0, 1):
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                       key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                       else 0)
        if found:
            return found[-1].parent
        initdb = shutil.which("initdb")
        if initdb and shutil.which("pg_ctl"):
            return Path(initdb).parent
        if attempt == 0 and not _apt_install("postgresql"):
            return None
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres() -> Iterator[str | None]:
    """A throw-away PostgreSQL cluster (temporary folder, free port) for the tests: its URL,
    or None (the PostgreSQL tests are then skipped). It is stopped and removed at the end.
    PostgreSQL refuses to run as root, so as root it runs as the ``postgres`` user."""
    if os.environ.get("CUESPORT_TEST_PG"):
        yield os.environ["CUESPORT_TEST_PG"]  # the caller's own server
        return
    bin_dir = postgres_bin()
    if bin_dir is None:
        _loud("NO POSTGRESQL: the PostgreSQL storage tests will be SKIPPED. Install it "
              "(apt-get install postgresql, as root) or set CUESPORT_TEST_PG to a server URL.")
        yield None
        return
    uid: int | None = None
    gid: int | None = None
    folder = Path(tempfile.mkdtemp(prefix="cuesport-pg-"))
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        import pwd

        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            pw = None
        if pw is None:
            _loud("NO POSTGRESQL: running as root and there is no 'postgres' user to run the "
                  "server as; the PostgreSQL storage tests will be SKIPPED.")
            shutil.rmtree(folder, ignore_errors=True)
            yield None
            return
        os.chown(folder, pw.pw_uid, pw.pw_gid)
        uid, gid = pw.pw_uid, pw.pw_gid
    data, port = folder / "data", _free_port()

    def pg(*cmd: str) -> None:
        subprocess.run(cmd, check=True, cwd=folder, stdout=subprocess.DEVNULL,
                       stderr=subprocess.STDOUT, user=uid, group=gid,
                       extra_groups=[] if uid is not None else None)

    started = False
    try:
        pg(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
           "-E", "UTF8", "--no-sync")
        opts = (f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c max_connections=200")
        pg(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-t",
           "60", "-o", opts, "start")
        started = True
    except (OSError, subprocess.CalledProcessError) as err:
        _loud(f"NO POSTGRESQL: the test cluster did not start ({err}); the PostgreSQL "
              "storage tests will be SKIPPED.")
    try:
        if started:
            print(f"PostgreSQL test cluster on 127.0.0.1:{port} ({folder})", flush=True)
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres" if started else None
    finally:
        if started:
            with contextlib.suppress(OSError, subprocess.CalledProcessError):
                pg(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def test(args: list[str]) -> int:
    py = str(setup(DEV))
    accelerate(py)
    chromium()
    rc = subprocess.call([py, "-m", "ruff", "check", "src", "tests", "bench", "docs", "tasks.py"],
                         cwd=ROOT)
    if rc:
        return rc
    rc = subprocess.call([py, "-m", "mypy", "--strict", "src/cuesport"], cwd=ROOT)
    if rc:
        return rc
    with tempfile.TemporaryDirectory(prefix="cuesport-site-") as site:
        rc = subprocess.call([py, "-m", "mkdocs", "build", "--strict",
                              "--site-dir", site], cwd=ROOT,
                             env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    if rc:
        return rc
    workers = os.environ.get("CUESPORT_TEST_WORKERS", "auto")
    with postgres() as pg_url:
        env = dict(os.environ, CUESPORT_TEST_PG=pg_url) if pg_url else dict(os.environ)
        return subprocess.call([py, "-m", "pytest", "-n", workers, *args], cwd=ROOT, env=env)


def main() -> int:
    jobs: dict[str, Callable[[list[str]], int]] = {
        "start": start, "test": test, "setup": lambda _: (setup(DEV), 0)[1]}
    if len(sys.argv) < 2 or sys.argv[1] not in jobs:
        print("usage: python3 tasks.py start|test|setup [extra arguments]")
        return 2
    return jobs[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
