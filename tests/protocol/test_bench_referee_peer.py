"""bench/referee_peer.py: what it times is real refereeing (no timing asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import referee_peer


def test_ours_referees_a_played_rack_without_errors() -> None:
    us = referee_peer.ours(racks=1, repeat=1)
    assert us["actions"] >= us["shots"] > 0
    assert us["events"] > 0  # the break at least hit the rack
    assert us["whole"] > 0 and us["feed"] > 0


def test_peer_without_pooltool_is_reported_not_raised() -> None:
    # this interpreter has no pooltool: the bench says so and goes on
    assert referee_peer.peer(sys.executable, 1, 1) is None
