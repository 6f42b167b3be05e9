"""The page's static files hold no discipline's id: the page asks the server for the facts."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

STATIC = Path(__file__).resolve().parents[2] / "src" / "cuesport" / "web" / "static"


def test_disciplines_api_gives_the_facts_the_page_reads(client: TestClient) -> None:
    ds = client.get("/api/disciplines").json()
    assert [d["id"] for d in ds][:1] == ["snooker"]
    for d in ds:
        assert set(d) >= {"id", "names", "family", "table", "sizes", "cue_balls", "balls",
                          "called_shots", "nominates", "push_out", "target", "frame_word"}
        assert d["names"]["en"] and d["names"]["ru"]
        assert d["family"] in ("snooker", "pool")


def test_no_discipline_id_in_the_static_files(client: TestClient) -> None:
    ids = [d["id"] for d in client.get("/api/disciplines").json()]
    for f in STATIC.iterdir():
        text = f.read_text(encoding="utf-8")
        for i in ids:
            # an id as a word of its own (a family "snooker" is a fact's value: allowed in
            # a comparison with .family, so look for the quoted id outside such a test)
            for m in re.finditer(rf"[\"'`]{re.escape(i)}[\"'`]", text):
                before = text[max(0, m.start() - 20):m.start()]
                assert "family" in before, f"{f.name}: {text[m.start() - 40:m.end() + 20]!r}"
