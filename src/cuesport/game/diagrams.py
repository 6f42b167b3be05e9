"""Diagrams of a stored frame: each stroke re-simulated (the physics is deterministic) and
drawn with the balls' paths, and a break chart (the score of every visit, as bars)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from cuesport import disciplines
from cuesport.bots.search import playable
from cuesport.physics import Stroke, simulate
from cuesport.rules.session import RefereeSession
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
            svg = position_svg(table, pos, record["discipline"], trajectories=paths)
            caption = stroke_caption(int(row["seq"]), record["players"], shot, row["ruling"])
            out.append((int(row["seq"]), captioned(svg, caption)))
        session.feed(action)
    return out


def stroke_caption(seq: int, names: Sequence[str], shot: Mapping[str, Any],
                   ruling: Mapping[str, Any]) -> str:
    """What a stroke's diagram shows: who played, what was potted, fouls, the score."""
    pots = [str(e["pot"]) for e in shot.get("events", ()) if "pot" in e]
    parts = [f"Stroke {seq}: {names[int(shot['player'])]}",
             f"potted {', '.join(pots)}" if pots else "nothing potted"]
    fouls = [f["rule"] for f in ruling.get("fouls", ())]
    if fouls:
        parts.append(f"foul ({', '.join(fouls)})")
    score = ruling.get("score")
    if score is not None:
        parts.append(f"score {score[0]}-{score[1]}")
    return " · ".join(parts)


_VIEWBOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"')


def captioned(svg: str, caption: str) -> str:
    """The diagram with a caption band under it (the table keeps its own coordinates)."""
    m = _VIEWBOX.search(svg)
    if m is None:
        return svg
    x, y, w, h = (float(v) for v in m.groups())
    band = 0.07 * h
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x:g} {y:g} {w:g} {h + band:g}">'
            f'\n<title>{escape(caption)}</title>\n'
            f'<svg x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" '
            f'viewBox="{x:g} {y:g} {w:g} {h:g}">{svg.split(">", 1)[1]}\n'
            f'<rect x="{x:g}" y="{y + h:g}" width="{w:g}" height="{band:g}" fill="white"/>\n'
            f'<text x="{x + 0.03 * w:g}" y="{y + h + 0.65 * band:g}" font-size="{0.4 * band:g}" '
            f'font-family="sans-serif">{escape(caption)}</text>\n</svg>')


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
    left, base, roof = 44, height - 28, 30  # plot area: x from left, y from roof to base
    bar = (width - left - 10) / len(scoring)
    colours = ("#1f77b4", "#d62728")
    unit = "balls" if disciplines.find(discipline).frame_word == "rack" else "points"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             f'<title>Breaks of the frame, in {unit}</title>',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<line x1="{left}" y1="{roof}" x2="{left}" y2="{base}" stroke="black"/>',
             f'<line x1="{left}" y1="{base}" x2="{width - 10}" y2="{base}" stroke="black"/>']
    for tick in sorted({0, top // 2, top}):  # the value axis
        y = base - (base - roof) * tick / top
        parts.append(f'<line x1="{left - 4}" y1="{y:.1f}" x2="{left}" y2="{y:.1f}" '
                     f'stroke="black"/><text x="{left - 6}" y="{y + 4:.1f}" font-size="11" '
                     f'text-anchor="end">{tick}</text>')
    for i, (p, b) in enumerate(scoring):
        h = (base - roof) * b / top
        x = left + 2 + i * bar
        parts.append(f'<rect x="{x:.1f}" y="{base - h:.1f}" width="{max(bar - 2, 1):.1f}" '
                     f'height="{h:.1f}" fill="{colours[p]}"><title>{escape(names[p])}: {b}'
                     '</title></rect>')
        if b:
            parts.append(f'<text x="{x + max(bar - 2, 1) / 2:.1f}" y="{base - h - 3:.1f}" '
                         f'font-size="10" text-anchor="middle">{b}</text>')
    for i, n in enumerate(names):
        parts.append(f'<text x="{left + 200 * i}" y="16" font-size="13" fill="{colours[i]}">'
                     f'{escape(n)}</text>')
    parts.append(f'<text x="{left}" y="{height - 8}" font-size="11">scoring visits in order; '
                 f'break in {unit} (highest {top})</text>')
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
