import json

from cuesport.cli import main


def test_physics_cli_simulate_writes_svg_and_json(tmp_path, capsys):
    svg, js = tmp_path / "shot.svg", tmp_path / "shot.json"
    assert main(["simulate", "nine-ball", "--speed", "8", "--angle", "90", "--out", str(svg),
                 "--json", str(js)]) == 0
    out = capsys.readouterr().out.splitlines()  # saving: a summary, not every event
    assert len(out) == 1 and out[0].split()[1] == "events;"
    assert svg.read_text().startswith("<svg") and "<polyline" in svg.read_text()
    data = json.loads(js.read_text())
    assert set(data) >= {"events", "after", "trajectories"}
    assert any(e.get("hit") == ["cue", "1"] for e in data["events"])
    assert main(["simulate", "nine-ball", "--speed", "8", "--angle", "90"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert events == data["events"]  # without --out / --json the events go to stdout


def test_physics_cli_simulate_bad_stroke_is_an_error(capsys):
    assert main(["simulate", "snooker", "--speed", "-1"]) == 2
    assert "speed" in capsys.readouterr().err
