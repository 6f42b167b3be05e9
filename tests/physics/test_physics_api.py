import cuesport.physics as physics


def test_physics_public_api_is_pinned():
    assert sorted(physics.__all__) == sorted([
        "HAN2005_RESTITUTION", "POOL_PARAMS", "SNOOKER_MATHAVAN_PARAMS", "SNOOKER_PARAMS",
        "Contact", "PhysicsError", "PhysicsParams",
        "PositionError", "Segment", "Shot", "Stroke", "StrokeError", "StrokeNoise",
        "noisy_strokes", "params_for", "simulate", "simulate_batch",
    ])
    for name in physics.__all__:
        assert hasattr(physics, name)


def test_physics_imports_no_rules_or_game():
    import subprocess
    import sys

    code = ("import sys, cuesport.physics; "
            "print(any(m.startswith(('cuesport.rules', 'cuesport.game', 'cuesport.render')) "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"
