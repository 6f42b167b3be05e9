"""``/api/tables``: a discipline's table as JSON, everything the page needs to draw it to scale."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query

from cuesport import disciplines
from cuesport.equipment import (
    baulk_line_y,
    cushions,
    d_centre,
    diamonds,
    head_string_y,
    pockets,
    spots,
)
from cuesport.render.svg import CLOTH, CUSHION, WOOD

router = APIRouter(prefix="/api/tables", tags=["tables"])
SizeQuery = Annotated[str | None, Query(max_length=8, pattern=r"^[0-9a-z]+$")]


def _pt(p: tuple[float, float]) -> list[float]:
    return [round(p[0], 3), round(p[1], 3)]


def table_json(discipline: str, size: str | None = None) -> dict[str, Any]:
    d = disciplines.find(discipline)
    table = disciplines.table_for(discipline, size)
    out: dict[str, Any] = {
        "discipline": discipline,
        "name": table.name,
        "kind": table.kind,
        "width": table.width,
        "length": table.length,
        "ball_radius": table.ball_radius,
        "cushion_width": table.cushion_width,
        "rail_width": table.rail_width,
        "colours": {"cloth": CLOTH[table.kind], "cushion": CUSHION[table.kind],
                    "wood": list(WOOD)},
        "pockets": [
            {
                "name": p.name,
                "kind": p.kind,
                "axis": _pt(p.axis),
                "mouth_centre": _pt(p.mouth_centre),
                "points": [_pt(q) for q in p.points],
                "nose_ends": [_pt(q) for q in p.nose_ends],
                "knuckles": [{"centre": _pt(k.centre), "radius": k.radius, "start": k.start,
                              "end": k.end} for k in p.knuckles],
                "facings": [[_pt(f.a), _pt(f.b)] for f in p.facings],
                "capture": {"centre": _pt(p.capture.centre), "radius": p.capture.radius},
                "mouth": p.spec.mouth,
            }
            for p in pockets(table)
        ],
        "cushions": [[_pt(c.a), _pt(c.b)] for c in cushions(table)],
        "spots": {k: _pt(v) for k, v in spots(table).items()},
        "diamonds": [_pt(d) for d in diamonds(table)],
        "balls": [
            {"name": b.name, "colour": b.colour, "number": b.number, "striped": b.striped,
             "value": b.value}
            for b in d.balls
        ],
        "cue_balls": list(d.cue_balls),
        "lines": [],
    }
    if table.kind == "snooker":
        y = baulk_line_y(table)
        out["lines"].append({"name": "baulk", "a": [0.0, y], "b": [table.width, y]})
        out["d"] = {"centre": _pt(d_centre(table)), "radius": table.d_radius}
    else:
        y = head_string_y(table)
        out["lines"].append({"name": "head-string", "a": [0.0, y], "b": [table.width, y]})
    return out


@router.get("")
def list_tables() -> dict[str, Any]:
    pool = next(d for d in disciplines.all() if d.table == "pool")
    return {"disciplines": list(disciplines.ids()), "pool_sizes": list(pool.sizes)}


@router.get("/{discipline}")
def get_table(discipline: str, size: SizeQuery = None) -> dict[str, Any]:
    if discipline not in disciplines.ids():
        raise HTTPException(404, f"unknown discipline {discipline!r}")
    try:
        return table_json(discipline, size)
    except ValueError as err:
        raise HTTPException(422, str(err)) from err
