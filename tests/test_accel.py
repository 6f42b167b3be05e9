"""The compiled referee, physics and bots (:mod:`cuesport.accel`): imported only when built
from the sources as they are, and ruling, simulating and choosing exactly as the Python
source does.

The rest of the suite imports every module as Python (``tests/rule_claims.py`` sets
``CUESPORT_PURE``), so the compiled modules are run here, in child processes without it:
the example records and random pool games refereed both ways byte for byte, strokes
simulated both ways to the same bits, bot matches played both ways stroke for stroke, and
the rules, protocol, physics and bots tests run on the compiled modules. Where nothing was
compiled (no C compiler: ``python3 tasks.py test`` says so loudly) those tests are skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cuesport import accel

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))
# every module compiled from its source as it is now (else the guard imports it as Python)
COMPILED = accel.built() == {accel.module_name(p): accel.digest(p) for p in accel.sources()} \
    and all(accel.compiled_files(p) for p in accel.sources())
compiled = pytest.mark.skipif(not COMPILED, reason="not compiled, or compiled from other "
                              "sources (python -m cuesport.accel; no C compiler?)")


def child_env(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k != accel.PURE and not k.startswith("PYTEST_")}
    if pure:
        env[accel.PURE] = "1"
    return env


def python(args: list[str], pure: bool, timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=child_env(pure),
                          capture_output=True, timeout=timeout, check=False)


def test_an_edited_source_is_imported_as_python() -> None:
    """The guard gives the source's spec unless the source is the one compiled."""
    source = accel.HERE / "rules" / "pool.py"
    name = "cuesport.rules.pool"
    same = {name: accel.digest(source)}
    assert accel.Guard({name: source}, same, pure=False).find_spec(name) is None
    for guard in (accel.Guard({name: source}, {name: "0" * 64}, pure=False),  # edited since
                  accel.Guard({name: source}, {}, pure=False),  # no manifest
                  accel.Guard({name: source}, same, pure=True)):  # CUESPORT_PURE
        spec = guard.find_spec(name)
        assert spec is not None and spec.origin == str(source)
    assert accel.Guard({name: source}, same, pure=True).find_spec("cuesport.record") is None


def test_the_suite_itself_imports_python() -> None:
    from cuesport.rules import pool

    assert not accel.loaded_compiled(pool)


LOADED = ("import cuesport.accel as a, importlib; "
          "print(sum(a.loaded_compiled(importlib.import_module(a.module_name(p))) "
          "for p in a.sources()), len(a.sources()))")


@compiled
def test_compiled_modules_are_imported_unless_pure() -> None:
    n = len(accel.sources())
    assert python(["-c", LOADED], pure=False).stdout.split() == [str(n).encode(), str(n).encode()]
    assert python(["-c", LOADED], pure=True).stdout.split() == [b"0", str(n).encode()]


def _rulings(path: Path, lang: str, pure: bool) -> bytes:
    done = python(["-m", "cuesport", "referee", str(path), "--lang", lang], pure)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


@compiled
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_compiled_rulings_equal_python_rulings_on_the_examples(lang: str) -> None:
    for path in EXAMPLES:
        assert _rulings(path, lang, pure=False) == _rulings(path, lang, pure=True), path.name


MANY = """import json, sys
from cuesport.cli.referee import write_rulings
from cuesport.protocol import referee
for rec in json.load(open(sys.argv[1], encoding="utf-8")):
    write_rulings(json.dumps(rec).encode(), "en", sys.stdout.buffer)
    sys.stdout.buffer.write(json.dumps(referee(rec, "ru")).encode() + b"\\n")
"""


@compiled
def test_compiled_rulings_equal_python_rulings_on_random_pool_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random legal-looking play (bench/referee_pool.py): 40 racks of each rack game and
    a 14.1 game of 2,000 actions, by the CLI's path and the dict API."""
    import json

    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    from referee_pool import GAMES, long_record

    records = [long_record(game, 2000, seed=seed) for game in GAMES
               for seed in range(1 if game == "straight-pool" else 40)]
    path = tmp_path / "records.json"
    path.write_text(json.dumps(records), "utf-8")
    out = {pure: python(["-c", MANY, str(path)], pure) for pure in (False, True)}
    assert out[False].returncode == 0, out[False].stderr.decode()
    actions = sum(len(r["actions"]) for r in records)
    assert actions > 3000
    # each action's ruling twice: the CLI's line and the dict API's
    assert out[False].stdout.count(b'{"action":') == 2 * actions
    assert out[False].stdout == out[True].stdout


@compiled
@pytest.mark.slow
def test_the_rules_protocol_physics_and_bots_tests_pass_on_the_compiled_modules() -> None:
    """(The rule-claims check profiles Python calls and is left out of this run.)"""
    done = python(["-m", "pytest", "-q", "-x", "-p", "no:rule_claims", "-p", "no:cacheprovider",
                   "tests/rules", "tests/protocol", "tests/disciplines", "tests/physics",
                   "tests/bots"],
                  pure=False, timeout=900)
    tail = done.stdout.decode()[-3000:]
    assert done.returncode == 0, tail
    assert " passed" in tail and "failed" not in tail


@compiled
def test_compiled_physics_gives_the_same_bits() -> None:
    """bench/physics_hash.py: one digest over random flat and jumping strokes and noisy
    breaks (every float of events, positions, contacts and segments)."""
    args = ["bench/physics_hash.py", "150", "80", "5", "10"]
    compiled_out = python(args, pure=False)
    assert compiled_out.returncode == 0, compiled_out.stderr.decode()
    assert compiled_out.stdout.count(b"sha256") == 3
    assert compiled_out.stdout == python(args, pure=True).stdout


@compiled
@pytest.mark.parametrize("args", [["nine-ball", "--seed", "5"],
                                  ["snooker-one-red", "--seed", "2", "--target", "30"]])
def test_a_bot_match_is_the_same_compiled(args: list[str], tmp_path: Path) -> None:
    """Strong bots, a seed: the stored match (every stroke, exported) is the same."""
    exported = []
    for pure in (False, True):
        db = f"sqlite:///{tmp_path / f'{pure}.db'}"
        played = python(["-m", "cuesport", "play", *args, "--players", "bot:strong",
                         "bot:strong", "--db", db, "--quiet"], pure)
        assert played.returncode == 0, played.stderr.decode()
        done = python(["-m", "cuesport", "export", "1", "--db", db], pure)
        assert done.returncode == 0 and done.stdout.count(b'"shot"') > 5, done.stderr.decode()
        exported.append(done.stdout)
    assert exported[0] == exported[1]


@compiled
def test_an_up_to_date_build_compiles_nothing() -> None:
    done = python(["-m", "cuesport.accel"], pure=False)
    assert done.returncode == 0
    assert done.stdout.decode().strip() == "cuesport.accel: the compiled modules are up to date"
