"""Every parameter without a published source is named as an assumption, in the code and in
the users' docs (issue 13, §6: ground each value or say plainly that it is assumed)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cuesport.physics.params import ASSUMED, PhysicsParams

DOC = Path(__file__).resolve().parents[2] / "docs" / "physics.md"


def test_assumed_names_are_parameters() -> None:
    fields = {f.name for f in dataclasses.fields(PhysicsParams)}
    assert set(ASSUMED) <= fields, set(ASSUMED) - fields
    assert "rail_height" in ASSUMED and "slate_restitution" in ASSUMED


def test_docs_list_every_assumption() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Assumptions", 1)[1]
    missing = [name for name in ASSUMED if f"`{name}`" not in section]
    assert not missing, missing
    assert "rail top's surface" in section
