"""bench/referee_long.py: the child's own CPU and peak RSS (no timing asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    import referee_long

    return referee_long


def test_usage_figures_add_user_and_system_time_and_give_megabytes(bench: ModuleType) -> None:
    usage = SimpleNamespace(ru_utime=1.5, ru_stime=0.25, ru_maxrss=81_760)  # kB on Linux
    cpu, rss = bench.usage_figures(usage)
    assert cpu == pytest.approx(1.75)
    assert rss == pytest.approx(81_760 / 1024)  # 79.8 MB


def test_peak_rss_is_the_childs_own_not_an_earlier_larger_child(
        bench: ModuleType, tmp_path: Path) -> None:
    # a larger child first (as the record's builder is): RUSAGE_CHILDREN would report it
    subprocess.run([sys.executable, "-c", "b = bytearray(400 * 2**20); b[::4096] = b'x' * "
                    "len(b[::4096])"], check=True)
    empty = tmp_path / "empty.json"
    empty.write_text('{"discipline": "straight-pool", "actions": []}', "utf-8")
    cpu, wall, out, rss = bench.child(empty, "en")
    assert out == b""  # no actions, no rulings
    assert 0 < rss < 300  # MB: the referee's own peak, not the 400 MB child's
    assert cpu > 0 and wall > 0


def test_peak_rss_is_the_childs_own_not_its_large_parents(
        bench: ModuleType, tmp_path: Path) -> None:
    # a forked child's ru_maxrss starts from the parent's resident size (a pytest worker's
    # after many tests): the child's own peak must not
    big = bytearray(400 * 2**20)
    big[::4096] = b"x" * len(big[::4096])
    empty = tmp_path / "empty.json"
    empty.write_text('{"discipline": "straight-pool", "actions": []}', "utf-8")
    _, _, _, rss = bench.child(empty, "en")
    assert 0 < rss < 300, rss
    del big


def test_outputs_compare_by_bytes_then_by_json_values(bench: ModuleType) -> None:
    assert bench.compare(b'{"a":1}\n', b'{"a":1}\n') == "identical"
    # another encoder's spacing and float form: the same values
    assert bench.compare(b'{"a":1,"b":0.00001}\n', b'{"a": 1, "b": 1e-05}\n').startswith(
        "equal as JSON values")
    assert bench.compare(b'{"a":1}\n{"a":2}\n', b'{"a":1}\n{"a":3}\n') == (
        "DIFFERENT: 1 of 2 rulings")
    assert bench.compare(b'{"a":1}\n', b'{"a":1}\n{"a":2}\n') == "DIFFERENT: 1 of 2 rulings"
