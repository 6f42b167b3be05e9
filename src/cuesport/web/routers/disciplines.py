"""``/api/disciplines``: every discipline's facts, in menu order, for the page to read."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from cuesport import disciplines
from cuesport.disciplines import Discipline
from cuesport.rules.registry import referee_class

router = APIRouter(prefix="/api/disciplines", tags=["disciplines"])


def discipline_json(d: Discipline) -> dict[str, Any]:
    """The facts a client needs to offer and show a discipline (no referee internals)."""
    return {
        "id": d.id,
        "names": {"en": d.names.en, "ru": d.names.ru},
        "family": d.family,
        "table": d.table,
        "sizes": list(d.sizes),
        "cue_balls": list(d.cue_balls),
        "balls": [
            {"name": b.name, **({"value": b.value} if b.value is not None else {})}
            for b in d.balls
        ],
        "called_shots": d.called_shots,
        "nominates": d.nominates,
        "push_out": d.push_out,
        "lag": d.lag,
        "target": d.target,
        "frame_word": d.frame_word,
        "break_unit": d.break_unit,
        "stalemate_rule": d.stalemate_rule,
        "marker": marker_json(d),
    }


def marker_json(d: Discipline) -> dict[str, Any]:
    """What a marker may declare in a record without positions (protocol 1.1): the judgement
    flags and rest facts the discipline's referee takes, and its rule options."""
    ref = referee_class(d.id)
    return {"flags": sorted(ref.declared_flags), "rest": sorted(ref.rest_facts),
            "options": sorted(ref.options_model.model_fields)}


@router.get("")
def list_disciplines() -> list[dict[str, Any]]:
    return [discipline_json(d) for d in disciplines.all()]
