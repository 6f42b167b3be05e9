import subprocess
import sys

import cuesport
from cuesport.disciplines import ids, setup


def test_version_is_exposed():
    assert cuesport.__version__ == "0.1.0"


def test_every_discipline_has_a_setup():
    for d in ids():
        assert setup(d, rng=1), d


def test_cli_show_all_writes_one_svg_per_discipline(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "cuesport", "show", "all", "--out", str(tmp_path)],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    assert sorted(p.rsplit("/", 1)[-1] for p in out) == sorted(f"{d}.svg" for d in ids())
    for p in out:
        with open(p) as f:
            assert f.read().startswith("<svg")
