"""The SVG renderer: structure, coordinates, colours, markings, trajectories and the CLI."""

from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET

import pytest

from cuesport.cli import main
from cuesport.disciplines import ball_set, ids, setup, table_for
from cuesport.equipment import (
    POCKET_NAMES,
    POOL_7FT,
    POOL_9FT,
    SNOOKER,
    TableSpec,
    cushions,
    pockets,
    rack_outline,
    snooker_spots,
)
from cuesport.render import position_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in e.get("class", "").split()]


def ball_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-ball"): g for g in by_class(root, "ball")}


def body(group: ET.Element) -> ET.Element:
    (circle,) = [e for e in group if e.get("class") == "body"]
    return circle


def centre(el: ET.Element) -> tuple[float, float]:
    return float(el.get("cx")), float(el.get("cy"))


def points(el: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in el.get("points").split()]


def flipped(table: TableSpec, p: tuple[float, float]) -> tuple[float, float]:
    return (p[0], table.length - p[1])


def close(a: tuple[float, ...], b: tuple[float, ...], tol: float = 0.011) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


# ---------------------------------------------------------------- frame


@pytest.mark.parametrize("table", [SNOOKER, POOL_9FT, POOL_7FT], ids=lambda t: t.name)
def test_viewbox_is_the_playing_area_plus_cushions_and_rails(table):
    root = parse(position_svg(table, {}))
    m = table.cushion_width + table.rail_width
    vb = tuple(map(float, root.get("viewBox").split()))
    assert close(vb, (-m, -m, table.width + 2 * m, table.length + 2 * m))
    # The wooden rail fills exactly that frame; the cloth bed sits inside the cushions.
    rail = next(by_class(root, "rail")[0].iter(f"{NS}rect"))
    assert close(tuple(float(rail.get(k)) for k in ("x", "y", "width", "height")), vb)


def test_size_sets_pixel_width_and_keeps_the_table_aspect():
    root = parse(position_svg(SNOOKER, {}, size=400))
    _, _, w, h = map(float, root.get("viewBox").split())
    assert float(root.get("width")) == 400
    assert float(root.get("height")) == pytest.approx(400 * h / w, abs=0.01)
    assert "width" not in parse(position_svg(SNOOKER, {})).attrib


# ---------------------------------------------------------------- balls


@pytest.mark.parametrize("discipline", ids())
def test_every_ball_is_drawn_in_its_colour_at_its_flipped_place(discipline):
    table = table_for(discipline)
    position = dict(setup(discipline, table, rng=3))
    cue = ball_set(discipline)[0].name
    position[cue] = (table.width * 0.4, table.length * 0.1)
    groups = ball_groups(parse(position_svg(table, position, discipline)))
    assert set(groups) == set(position)
    colours = {b.name: b.colour for b in ball_set(discipline)}
    for name, p in position.items():
        c = body(groups[name])
        assert c.get("fill") == colours[name], name
        assert close(centre(c), flipped(table, p)), name
        assert float(c.get("r")) == pytest.approx(table.ball_radius, abs=0.01)


def test_flip_views_the_table_from_the_other_end():
    pos = {"black": snooker_spots()["black"], "cue": (300.0, 200.0)}
    groups = ball_groups(parse(position_svg(SNOOKER, pos, flip=True)))
    assert close(centre(body(groups["cue"])), (SNOOKER.width - 300.0, 200.0))
    assert close(centre(body(groups["black"])), (889.0, 3245.0))


def test_pool_balls_carry_their_numbers_and_stripes_their_band():
    table = POOL_9FT
    position = setup("eight-ball", table, rng=1)
    groups = ball_groups(parse(position_svg(table, position, "eight-ball")))
    for name, g in groups.items():
        (text,) = [e for e in g if e.tag == f"{NS}text"]
        assert text.text == name
        # The number sits on a white disc centred on the ball.
        (disc,) = [e for e in g if e.get("class") == "number-disc"]
        assert centre(disc) == centre(body(g))
        caps = [e for e in g if e.get("class") == "cap"]
        if int(name) > 8:
            assert "striped" in g.get("class").split()
            assert len(caps) == 2 and all(c.get("fill").lower() == "#f8f6ee" for c in caps)
        else:
            assert "striped" not in g.get("class").split() and not caps


def test_labels_false_leaves_pool_balls_unnumbered():
    root = parse(position_svg(POOL_9FT, setup("nine-ball", POOL_9FT, 1), "nine-ball",
                              labels=False))
    assert len(ball_groups(root)) == 9
    assert not [e for e in root.iter(f"{NS}text")]


def test_snooker_balls_are_plain():
    root = parse(position_svg(SNOOKER, setup("snooker")))
    assert len(ball_groups(root)) == 21
    assert not [e for e in root.iter(f"{NS}text")]
    assert not by_class(root, "cap")


def test_one_red_cue_balls_white_and_yellow():
    pos = {"white": (700.0, 500.0), "yellow": (1000.0, 600.0), "red": (889.0, 3245.0)}
    groups = ball_groups(parse(position_svg(SNOOKER, pos, "snooker-one-red")))
    assert body(groups["white"]).get("fill") == "#f8f6ee"
    assert body(groups["yellow"]).get("fill") == "#f5d000"
    assert body(groups["red"]).get("fill") == "#c8102e"


def test_unknown_names_and_undrawable_positions_do_not_crash():
    pos = {
        "cue": (100.0, 100.0),
        "mystery": (500.0, 500.0),  # not in the set: grey, labelled
        "<&\"odd>": (600.0, 600.0),  # must be escaped, not break the XML
        "far": (1e9, 10.0),  # beyond the rails: left out
        "nan": (math.nan, 10.0),
        "none": None,
        "short": (1.0,),
        "on-rail": (-100.0, 500.0),  # off the cloth but inside the picture: drawn
    }
    root = parse(position_svg(SNOOKER, pos))
    groups = ball_groups(root)
    assert set(groups) == {"cue", "mystery", "<&\"odd>", "on-rail"}
    assert body(groups["mystery"]).get("fill") == "#9a9a9a"
    assert [e.text for e in groups["mystery"] if e.tag == f"{NS}text"] == ["mys"]


def test_unknown_discipline_is_a_value_error():
    with pytest.raises(ValueError, match=r"unknown discipline 'carom'.*snooker"):
        position_svg(SNOOKER, {}, "carom")


def test_default_discipline_follows_the_table():
    assert "snooker on the snooker table" in position_svg(SNOOKER, {})
    groups = ball_groups(parse(position_svg(POOL_9FT, {"15": (600.0, 600.0)})))
    assert "striped" in groups["15"].get("class")


# ---------------------------------------------------------------- table


def test_snooker_markings_baulk_line_d_and_six_spots():
    root = parse(position_svg(SNOOKER, {}))
    (line,) = by_class(root, "baulk-line")
    y = SNOOKER.length - 737.0
    assert float(line.get("y1")) == float(line.get("y2")) == pytest.approx(y)
    assert float(line.get("x1")) == 0 and float(line.get("x2")) == pytest.approx(SNOOKER.width)
    (d,) = by_class(root, "d")
    path = d.get("d")
    # The D runs from the green spot through the bottom of the arc to the yellow spot.
    assert path.startswith(f"M 597 {y:g}") and path.endswith(f"1181 {y:g}")
    assert f"889 {y + 292:g}" in path
    spots = {e.get("class").split()[1]: centre(e) for e in by_class(root, "spot")}
    assert spots == {f"spot-{k}": flipped(SNOOKER, v) for k, v in snooker_spots().items()}
    assert not by_class(root, "head-string") and not by_class(root, "diamond")


@pytest.mark.parametrize("table", [POOL_9FT, POOL_7FT], ids=lambda t: t.name)
def test_pool_markings_head_string_spots_and_diamonds(table):
    root = parse(position_svg(table, {}, "nine-ball"))
    (line,) = by_class(root, "head-string")
    y = table.length - table.length / 4.0
    assert float(line.get("y1")) == float(line.get("y2")) == pytest.approx(y, abs=0.01)
    spots = {e.get("class").split()[1]: centre(e) for e in by_class(root, "spot")}
    w, ln = table.width / 2.0, table.length
    assert close(spots["spot-foot"], (w, ln / 4.0))
    assert close(spots["spot-head"], (w, 3 * ln / 4.0))
    assert close(spots["spot-centre"], (w, ln / 2.0))
    assert len(by_class(root, "diamond")) == 18
    assert not by_class(root, "baulk-line")


def test_six_pockets_with_their_holes():
    for table in (SNOOKER, POOL_9FT):
        root = parse(position_svg(table, {}))
        holes = {g.get("data-pocket"): g for g in by_class(root, "pocket")}
        assert tuple(holes) == POCKET_NAMES
        for p in pockets(table):
            (circle,) = holes[p.name].iter(f"{NS}circle")
            assert close(centre(circle), flipped(table, p.capture.centre))
            assert float(circle.get("r")) == pytest.approx(p.capture.radius, abs=0.01)


def test_cushions_follow_the_nose_lines_to_the_knuckles():
    for table in (SNOOKER, POOL_9FT):
        root = parse(position_svg(table, {}))
        filled = [e for e in by_class(root, "cushions")[0] if e.get("fill", "").startswith("#")]
        assert len(filled) == 6
        for path, seg in zip(filled, cushions(table), strict=True):
            d = path.get("d")
            assert d.count(" A ") == 2  # one knuckle arc at each end
            nums = [float(t) for t in d.replace(",", " ").split() if t not in ("M", "L", "A", "Z")]
            pairs = list(itertools.pairwise(nums))
            for end in (seg.a, seg.b):
                assert any(close(q, flipped(table, end)) for q in pairs), (d, end)


def test_rack_outline_for_straight_pool_only_unless_asked():
    root = parse(position_svg(POOL_9FT, {}, "straight-pool"))
    (tri,) = by_class(root, "rack-outline")
    expected = [flipped(POOL_9FT, p) for p in rack_outline(POOL_9FT)]
    assert all(close(a, b) for a, b in zip(points(tri), expected, strict=True))
    assert not by_class(parse(position_svg(POOL_9FT, {}, "nine-ball")), "rack-outline")
    assert by_class(parse(position_svg(POOL_9FT, {}, "nine-ball", rack=True)), "rack-outline")
    assert not by_class(parse(position_svg(POOL_9FT, {}, "straight-pool", rack=False)),
                        "rack-outline")


# ---------------------------------------------------------------- trajectories


def test_trajectories_are_polylines_in_the_ball_colour_with_a_ghost():
    path = [(700.0, 400.0), (889.0, 2000.0), (1200.0, 3000.0)]
    root = parse(position_svg(SNOOKER, {"black": (889.0, 3245.0)}, trajectories={"black": path}))
    (line,) = by_class(root, "trajectory")
    assert line.tag == f"{NS}polyline" and line.get("data-ball") == "black"
    assert line.get("stroke") == "#111111" and line.get("fill") == "none"
    assert points(line) == [flipped(SNOOKER, p) for p in path]
    (ghost,) = by_class(root, "ghost")
    assert centre(ghost) == flipped(SNOOKER, path[0])
    # Trajectories lie under the balls.
    order = [e.get("class") for e in root]
    assert order.index("trajectories") < order.index("balls")
    no_ghost = parse(position_svg(SNOOKER, {}, trajectories={"black": path}, ghosts=False))
    assert not by_class(no_ghost, "ghost")


def test_trajectories_split_at_bad_points_and_accept_unknown_balls():
    traj = {
        "cue": [(100.0, 100.0), (200.0, 300.0), (math.nan, 0.0), (400.0, 500.0), (500.0, 500.0)],
        "ghostly": [(10.0, 10.0), (20.0, 20.0)],
        "single": [(50.0, 50.0)],
        "junk": 5,
    }
    root = parse(position_svg(SNOOKER, {}, trajectories=traj))
    lines = by_class(root, "trajectory")
    cue = [points(e) for e in lines if e.get("data-ball") == "cue"]
    assert cue == [
        [flipped(SNOOKER, (100.0, 100.0)), flipped(SNOOKER, (200.0, 300.0))],
        [flipped(SNOOKER, (400.0, 500.0)), flipped(SNOOKER, (500.0, 500.0))],
    ]
    (unknown,) = [e for e in lines if e.get("data-ball") == "ghostly"]
    assert unknown.get("stroke") == "#9a9a9a"
    assert not [e for e in lines if e.get("data-ball") in ("single", "junk")]


# ---------------------------------------------------------------- determinism


def test_same_input_same_bytes_whatever_the_mapping_order():
    pos = setup("straight-pool", POOL_9FT, rng=5)
    pos["cue"] = (500.0, 400.0)
    traj = {"cue": [(500.0, 400.0), (635.0, 1800.0)], "3": [(600.0, 2000.0), (0.0, 2540.0)]}
    a = position_svg(POOL_9FT, pos, "straight-pool", trajectories=traj, size=500)
    b = position_svg(POOL_9FT, dict(reversed(list(pos.items()))), "straight-pool",
                     trajectories=dict(reversed(list(traj.items()))), size=500)
    assert a == b
    assert a == position_svg(POOL_9FT, pos, "straight-pool", trajectories=traj, size=500)
    assert a != position_svg(POOL_9FT, pos, "straight-pool", trajectories=traj, size=500,
                             flip=True)


# ---------------------------------------------------------------- CLI


def test_cli_show_all_writes_one_parsable_svg_per_discipline(tmp_path, capsys):
    assert main(["show", "all", "--out", str(tmp_path), "--seed", "2", "--size", "300"]) == 0
    written = capsys.readouterr().out.split()
    assert sorted(written) == sorted(str(tmp_path / f"{d}.svg") for d in ids())
    for d in ids():
        root = parse((tmp_path / f"{d}.svg").read_text(encoding="utf-8"))
        assert float(root.get("width")) == 300
        assert len(ball_groups(root)) == len(setup(d, table_for(d), 2))


def test_cli_show_one_discipline_to_file_and_stdout(tmp_path, capsys):
    out = tmp_path / "nine.svg"
    assert main(["show", "nine-ball", "--seed", "4", "--out", str(out), "--flip"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    groups = ball_groups(parse(out.read_text(encoding="utf-8")))
    expected = setup("nine-ball", POOL_9FT, 4)
    assert close(centre(body(groups["9"])), (POOL_9FT.width - expected["9"][0], expected["9"][1]))
    assert main(["show", "snooker"]) == 0
    assert len(ball_groups(parse(capsys.readouterr().out))) == 21
    assert main(["show", "ten-ball", "--table", "7ft", "--out", str(tmp_path) + "/"]) == 0
    root = parse((tmp_path / "ten-ball.svg").read_text(encoding="utf-8"))
    assert root.get("viewBox") == parse(position_svg(POOL_7FT, {})).get("viewBox")


def test_cli_show_draws_a_position_file(tmp_path, capsys):
    shot = tmp_path / "shot.json"
    shot.write_text(json.dumps({
        "position": {"cue": [300, 400], "1": [635, 1905]},
        "trajectories": {"cue": [[300, 400], [635, 1850]]},
    }))
    assert main(["show", "nine-ball", "--position", str(shot)]) == 0
    root = parse(capsys.readouterr().out)
    assert set(ball_groups(root)) == {"cue", "1"}
    assert len(by_class(root, "trajectory")) == 1
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert main(["show", "nine-ball", "--position", str(bad)]) == 2
    assert "expected a JSON object" in capsys.readouterr().err


# ---------------------------------------------------------------- flight (issue 13)


def test_flight_is_dashed_with_a_shadow_offset_by_the_apex_height():
    # (x, y, h): h is the height of the ball's bottom above the cloth, mm
    path = [(635.0, 300.0, 0.0), (635.0, 400.0, 0.0), (635.0, 500.0, 30.0),
            (635.0, 600.0, 60.0), (635.0, 700.0, 30.0), (635.0, 800.0, 0.0),
            (635.0, 900.0, 0.0)]
    root = parse(position_svg(POOL_9FT, {}, trajectories={"cue": path}))
    ground = by_class(root, "trajectory")
    (flight,) = by_class(root, "flight")
    assert flight.get("stroke-dasharray") and not any(g.get("stroke-dasharray") for g in ground)
    # the flight continues the bed path on both sides: the path has no gap
    assert [points(g)[-1] for g in ground][:1] == [points(flight)[0]]
    assert points(ground[1])[0] == points(flight)[-1]
    assert len(points(flight)) == 5
    (shadow,) = by_class(root, "shadow")
    (apex,) = by_class(root, "apex")
    assert centre(apex) == flipped(POOL_9FT, (635.0, 600.0))
    assert apex.get("data-height") == "60"
    sx, sy = centre(shadow)
    assert (sx - centre(apex)[0], sy - centre(apex)[1]) == pytest.approx((42.0, 42.0))
    r = POOL_9FT.ball_radius
    assert float(apex.get("r")) == pytest.approx(r * (1 + 60.0 / (8 * r)), abs=0.01)
    # a lower flight: a smaller outline and a shadow closer to the ball
    low = [(x, y, h / 2) for x, y, h in path]
    (apex_low,) = by_class(parse(position_svg(POOL_9FT, {}, trajectories={"cue": low})), "apex")
    assert r < float(apex_low.get("r")) < float(apex.get("r"))


def test_flat_points_draw_no_flight_and_the_same_bytes_as_pairs():
    pairs = [(635.0, 300.0), (700.0, 900.0), (800.0, 1500.0)]
    triples = [(x, y, 0.0) for x, y in pairs]
    a = position_svg(POOL_9FT, {}, trajectories={"cue": pairs})
    assert a == position_svg(POOL_9FT, {}, trajectories={"cue": triples})
    assert not by_class(parse(a), "flight") and not by_class(parse(a), "shadow")


def test_off_the_table_mark_where_a_simulated_ball_leaves():
    from cuesport.physics import Stroke, simulate

    # the physics tests' hard elevated stroke: the cue ball flies off over the top rail
    t = POOL_9FT
    shot = simulate(t, {"cue": (635.0, t.length - 300.0)},
                    Stroke(angle=90.0, speed=4.0, height=math.sin(math.radians(60.0)),
                           elevation=60.0))
    assert [e["off"] for e in shot.events if "off" in e] == ["cue"]
    off = shot.off_points()
    assert set(off) == {"cue"} and off["cue"][1] > t.length
    paths = {"cue": shot.flight_polyline("cue")}
    assert max(h for _, _, h in paths["cue"]) > 0.0
    root = parse(position_svg(t, shot.final, trajectories=paths, off=off))
    (mark,) = by_class(root, "off")
    assert mark.get("data-ball") == "cue" and mark.get("stroke") == "#d01010"
    assert by_class(root, "flight") and by_class(root, "shadow")
    # no mark without the argument, none for junk points
    assert not by_class(parse(position_svg(t, shot.final, trajectories=paths)), "off")
    assert not by_class(parse(position_svg(t, {}, off={"cue": (math.nan, 1.0)})), "off")
