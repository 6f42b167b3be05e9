"""Batch simulation: seeds per shot, the local pool, a real local Ray runtime, the output."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator

import pytest

from cuesport.cli import main
from cuesport.envs import batch
from cuesport.physics import Stroke, StrokeNoise, simulate


def test_a_shot_depends_only_on_the_master_seed_and_its_index() -> None:
    spec = batch.drill("nine-ball", "cut")
    rows = batch.run(spec, 12, seed=5, workers=1)
    assert [r["index"] for r in rows] == list(range(12))
    again = batch.run(spec, 4, seed=5, workers=1, chunk=1)
    assert again == rows[:4]  # the first shots do not depend on the batch size or chunks
    other = batch.run(spec, 4, seed=6, workers=1)
    assert [r["angle"] for r in other] != [r["angle"] for r in rows[:4]]
    r = rows[3]  # a row is the simulation of its noisy stroke
    import random

    stroke = spec.noise.apply(spec.stroke, random.Random(batch.shot_seed(5, 3)))
    shot = simulate(spec.table, spec.position, stroke, record=False)
    assert r["potted"] == shot.pocketed and r["angle"] == stroke.angle


def test_the_local_pool_gives_the_rows_of_one_process() -> None:
    spec = batch.drill("snooker", "cut")
    assert batch.run(spec, 40, seed=2, workers=2) == batch.run(spec, 40, seed=2, workers=1)


def test_the_local_pool_is_kept_between_batches_and_made_again_when_a_worker_dies() -> None:
    import os
    import signal

    spec = batch.drill("nine-ball", "cut")
    ref = batch.run(spec, 8, seed=3, workers=1)
    batch.close()
    assert batch.run(spec, 8, seed=3, workers=2) == ref
    pool = batch._pools[2]
    pids = set(pool._processes)
    assert batch.run(spec, 8, seed=3, workers=2) == ref
    assert batch._pools[2] is pool and set(pool._processes) == pids  # the same workers
    victim = pool._processes[min(pids)]
    os.kill(victim.pid, signal.SIGKILL)
    victim.join(timeout=10)  # dead before the next batch asks the pool
    assert batch.run(spec, 8, seed=3, workers=2) == ref  # a fresh pool, the same rows
    assert batch._pools[2] is not pool
    batch.close()
    assert 2 not in batch._pools


EXIT_WITH_A_KEPT_POOL = """
import atexit

def at_exit():  # registered first, so it runs after the hooks the imports register
    print("kept pools:", len(batch._pools))

atexit.register(at_exit)
from cuesport.envs import batch

assert len(batch.run(batch.drill("nine-ball", "cut"), 8, seed=3, workers=2)) == 8
assert len(batch._pools) == 1  # kept for the next batch, which never comes
"""


def test_a_kept_local_pool_is_closed_before_the_interpreter_finalises() -> None:
    # Left to finalisation, the pool's weakref callback printed "Exception ignored ...
    # 'NoneType' object has no attribute 'util'" (concurrent.futures already torn down).
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", EXIT_WITH_A_KEPT_POOL], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.strip() == "kept pools: 0"


def test_noise_free_cut_drill_pots_its_ball() -> None:
    for d in ("nine-ball", "snooker", "eight-ball"):
        spec = batch.drill(d, "cut", noise=StrokeNoise(0, 0, 0, 0, 0))
        rows = batch.run(spec, 2, seed=0, workers=1)
        target = next(b for b in spec.position if b not in ("cue",))
        assert all(target in r["potted"] for r in rows), d


def test_bad_input_is_refused_clearly(tmp_path) -> None:
    spec = batch.drill("nine-ball", "cut")
    with pytest.raises(batch.BatchError, match="backend"):
        batch.run(spec, 3, backend="spark")
    with pytest.raises(batch.BatchError, match="drill"):
        batch.drill("nine-ball", "masse")
    with pytest.raises(batch.BatchError, match="format"):
        batch.write([], tmp_path / "x.csv")
    with pytest.raises(batch.BatchError, match="position"):
        batch.from_position("nine-ball", {"cue": [1e6, 0]}, Stroke(90, 2))


def test_parquet_without_pyarrow_says_how_to_get_it(tmp_path, monkeypatch) -> None:
    import builtins

    real = builtins.__import__

    def no_pyarrow(name: str, *a: object, **k: object) -> object:
        if name.startswith("pyarrow"):
            raise ImportError(name)
        return real(name, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(batch.BatchError, match=r"pip install 'cuesport\[parquet\]'"):
        batch.write([], tmp_path / "x.parquet")


def test_cli_writes_json_lines_and_parquet(tmp_path, capsys) -> None:
    out = tmp_path / "b.jsonl"
    assert main(["batch", "nine-ball", "--drill", "cut", "--shots", "6", "--seed", "3",
                 "--workers", "1", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in rows] == list(range(6))
    summary = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    assert summary["shots"] == 6 and 0.0 <= summary["pot_rate"] <= 1.0
    pq = pytest.importorskip("pyarrow.parquet")
    pout = tmp_path / "b.parquet"
    assert main(["batch", "nine-ball", "--drill", "cut", "--shots", "6", "--seed", "3",
                 "--workers", "1", "--out", str(pout)]) == 0
    table = pq.read_table(pout).to_pylist()
    assert [json.loads(r["potted"]) for r in table] == [r["potted"] for r in rows]
    assert main(["batch", "nine-ball", "--position", str(out)]) == 2  # no --stroke
    assert "needs --stroke" in capsys.readouterr().err
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps({"balls": {"cue": [635, 600], "9": [635, 1800]}}))
    straight = tmp_path / "s.jsonl"
    assert main(["batch", "nine-ball", "--position", str(pos), "--stroke", "90", "3",
                 "--noise", "0", "0", "0", "0", "0", "--shots", "2", "--workers", "1",
                 "--out", str(straight)]) == 0
    rows = [json.loads(line) for line in straight.read_text().splitlines()]
    assert [(r["angle"], r["speed"], r["first_hit"]) for r in rows] == [(90.0, 3.0, "9")] * 2


# ---------------------------------------------------------------- Ray

try:
    import ray
except ImportError:  # pragma: no cover - ray is in the dev extras
    ray = None
    warnings.warn("RAY IS NOT INSTALLED: the Ray backend tests are SKIPPED", stacklevel=1)


@pytest.fixture(scope="module")
def ray_runtime() -> Iterator[None]:
    if ray is None:
        pytest.skip("ray is not installed (pip install 'cuesport[cluster]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_same_rows_as_the_local_pool(ray_runtime: None) -> None:
    spec = batch.drill("ten-ball", "cut")
    local = batch.run(spec, 40, seed=11, workers=2)
    on_ray = batch.run(spec, 40, seed=11, backend="ray")
    assert on_ray == local
    assert batch.run(spec, 40, seed=11, backend="ray", chunk=7) == local
    assert batch.run(spec, 40, seed=11, backend="ray", workers=1, chunk=3) == local
    brk = batch.drill("nine-ball", "break", seed=4)  # a full rack too
    assert batch.run(brk, 4, seed=1, backend="ray") == batch.run(brk, 4, seed=1, workers=1)


def test_cli_on_ray_uses_the_running_runtime(ray_runtime: None, tmp_path, capsys) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["batch", "snooker", "--drill", "cut", "--shots", "10", "--seed", "1",
                 "--backend", "ray", "--address", "auto", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    spec = batch.drill("snooker", "cut", seed=1)
    assert rows == json.loads(json.dumps(batch.run(spec, 10, seed=1, workers=1)))
    assert json.loads(capsys.readouterr().err.strip().splitlines()[-1])["backend"] == "ray"
