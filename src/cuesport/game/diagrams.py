"""Diagrams of a stored frame: each stroke re-simulated (the physics is deterministic) and
drawn with the balls' paths, and a break chart (the score of every visit, as bars)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from cuesport.bots.search import playable
from cuesport.physics import Stroke, simulate
from cuesport.protocol import RefereeSession
from cuesport.storage import Store


def stroke_svgs(record: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]
                ) -> list[tuple[int, str]]:
    """(sequence number, SVG) for every simulated stroke of a frame."""
    from cuesport.render import position_svg

    session = RefereeSession({k: v for k, v in record.items() if k != "actions"})
    table = session.referee.table
    out = []
    for row in rows:
        action, params = row["action"], row.get("stroke")
        if "shot" in action and params:
            pos = dict(session.state.balls)
            shot = action["shot"]
            if shot.get("cue_ball") is not None:
                pos[params["cue_ball"]] = tuple(shot["cue_ball"])
            pos = playable(table, pos)
            stroke = Stroke(params["angle"], params["speed"], params["side"],
                            params["height"], params["elevation"], params["cue_ball"])
            sim = simulate(table, pos, stroke)
            paths = {b: sim.polyline(b) for b in sim.trajectories}
            paths = {b: p for b, p in paths.items() if len(p) > 1 and p[0] != p[-1]}
            out.append((int(row["seq"]), position_svg(table, pos, record["discipline"],
                                                      trajectories=paths)))
        session.feed(action)
    return out


def break_chart(names: Sequence[str], rows: Sequence[Mapping[str, Any]], discipline: str,
                width: int = 640, height: int = 240) -> str:
    """Bars for each scoring visit, in order, coloured by player (an SVG document)."""
    visits: list[tuple[int, int]] = []
    last: int | None = None
    for row in rows:
        shot = row["action"].get("shot")
        if shot is None:
            continue
        p = int(shot["player"])
        b = int(row["ruling"].get("break", 0) or 0) if row["ruling"].get("to_play") == p else 0
        if p == last and visits:
            visits[-1] = (p, max(visits[-1][1], b))
        else:
            visits.append((p, b))
        last = p
    scoring = [v for v in visits if v[1] > 0] or [(0, 0)]
    top = max(b for _, b in scoring) or 1
    bar = (width - 40) / len(scoring)
    colours = ("#1f77b4", "#d62728")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for i, (p, b) in enumerate(scoring):
        h = (height - 50) * b / top
        x = 30 + i * bar
        parts.append(f'<rect x="{x:.1f}" y="{height - 25 - h:.1f}" width="{max(bar - 2, 1):.1f}" '
                     f'height="{h:.1f}" fill="{colours[p]}"><title>{escape(names[p])}: {b}'
                     '</title></rect>')
    for i, n in enumerate(names):
        parts.append(f'<text x="{30 + 200 * i}" y="16" font-size="13" fill="{colours[i]}">'
                     f'{escape(n)}</text>')
    parts.append(f'<text x="4" y="{height - 8}" font-size="11">breaks (max {top})</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def draw_frame(store: Store, frame_id: int, folder: str | Path) -> list[Path]:
    """Write ``stroke-NNN.svg`` for every stroke and ``breaks.svg``; returns the paths."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    record = store.frame_record(frame_id)
    rows = store.strokes(frame_id)
    paths = []
    for seq, svg in stroke_svgs(record, rows):
        path = out / f"stroke-{seq:03d}.svg"
        path.write_text(svg, encoding="utf-8")
        paths.append(path)
    chart = out / "breaks.svg"
    chart.write_text(break_chart(record["players"], rows, record["discipline"]),
                     encoding="utf-8")
    paths.append(chart)
    return paths
