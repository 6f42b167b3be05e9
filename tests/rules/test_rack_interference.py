"""P141-4.8: rack interference of straight pool."""


import pytest

from cuesport.equipment import (
    POOL_9FT,
    rack_outline,
)
from cuesport.rules.in_hand import (
    behind_head_string,
)
from cuesport.rules.rack_interference import (
    inside_rack_outline,
    interferes_with_rack,
    rack_outline_distance,
)

PR = 28.575  # pool


def test_p141_4_8_rack_outline_inside_and_distance():
    apex, left, right = rack_outline(POOL_9FT)
    assert inside_rack_outline((635.0, 2000.0), POOL_9FT)
    assert all(inside_rack_outline(v, POOL_9FT) for v in (apex, left, right))
    assert rack_outline_distance((635.0, 2000.0), POOL_9FT) == 0.0
    assert rack_outline_distance((635.0, 1847.85 - 10.0), POOL_9FT) == pytest.approx(10.0)
    below_base = rack_outline_distance((635.0, 2131.548 + 20.0), POOL_9FT)
    assert below_base == pytest.approx(20.0, abs=1e-3)
    assert not inside_rack_outline((635.0, 1800.0), POOL_9FT)



def test_p141_4_8_every_rack_ball_interferes():
    from cuesport.equipment import straight_pool_rack

    for p in straight_pool_rack(POOL_9FT, rng=0).values():
        assert interferes_with_rack(p, POOL_9FT)



def test_p141_4_8_interferes_when_projection_overlaps_outline():
    apex_y = 1847.85
    assert interferes_with_rack((635.0, apex_y - PR + 0.01), POOL_9FT)
    assert not interferes_with_rack((635.0, apex_y - PR), POOL_9FT)  # just tangent
    base_y = 2131.548
    assert interferes_with_rack((635.0, base_y + PR - 0.01), POOL_9FT)
    assert not interferes_with_rack((635.0, base_y + PR + 0.01), POOL_9FT)



def test_p141_checklist_36_to_38_positions():
    # 36: 15th ball inside the outline; cue ball outside
    assert interferes_with_rack((635.0, 2000.0), POOL_9FT)
    assert not interferes_with_rack((635.0, 1200.0), POOL_9FT)
    # 37/38: 15th ball at y = 900 is in front of the string, at y = 400 behind it
    assert not behind_head_string((635.0, 900.0), POOL_9FT)
    assert behind_head_string((635.0, 400.0), POOL_9FT)
