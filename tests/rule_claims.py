"""Part (c) of the rule-ID meta-test: a test named after a rule ID must exercise it.

The operationalisation (tests/test_rule_ids.py holds the rest of the meta-test). While a
test whose name claims rule IDs runs, a profiler (the plugin at the end of this file)
records which modules of ``src/cuesport`` it calls functions of. Afterwards, for every
claimed ID that the source cites, the test must have run at least one function of a module
that cites it: the module where the code says "this is where rule X is applied". A test
that never enters that code (it checks something else, or only reads data of another
module) fails, naming the ID and the modules.

- Claims are read with the longest match: ``test_snk_3_2_a_i_...`` claims SNK-3.2(a)(i),
  not also SNK-3.2 and SNK-3.2(a); ``test_snk_3_10_a_snk_3_10_a_i_...`` claims both.
- An ID the source does not cite names no code path; it must be a rule of the repository's
  reference (docs/rules/*.yaml), which ``unknown_claims`` checks for every test name.
- Module granularity, not function granularity: the code often cites a rule where it is
  decided and implements its parts in helpers of the same module.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

# The profiler sees the Python calls only: every module is imported as Python, not in
# its compiled form (cuesport.accel; tests/test_accel.py runs the rules tests compiled).
os.environ["CUESPORT_PURE"] = "1"

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "cuesport"
if str(ROOT / "docs" / "hooks") not in sys.path:
    sys.path.insert(0, str(ROOT / "docs" / "hooks"))

import rules_reference as ref  # noqa: E402

__all__ = ["CallRecorder", "claimed_ids", "ref", "unexercised", "unknown_claims"]


@cache
def _citations() -> dict[str, list[tuple[str, int]]]:
    return ref.citations(ROOT)


def citing_files(rule_id: str) -> set[str]:
    """The source files that cite a rule ID (absolute paths)."""
    return {str(ROOT / rel) for rel, _ in _citations().get(rule_id, [])}


ID_START = re.compile(r"(?:^|_)((?:snk|one|pool|p9|p8|p10|p141)_(?:x|\d+)_)")


@cache
def _known_ids() -> tuple[str, ...]:
    """Cited and reference IDs, longest normalised form first (for the longest match)."""
    ids = set(_citations()) | set(ref.load_reference())
    return tuple(sorted(ids, key=lambda r: -len(ref.normalise(r))))


@cache
def claimed_ids(test_name: str) -> tuple[str, ...]:
    """The rule IDs a test name claims: at each place where an ID starts, the longest known
    ID that is a whole part of the name there (``test_snk_3_2_a_i_...`` claims SNK-3.2(a)(i),
    not also SNK-3.2 and SNK-3.2(a))."""
    claims: dict[int, str] = {}
    for rid in _known_ids():
        norm = ref.normalise(rid)
        for m in re.finditer(rf"(?:^|_)({re.escape(norm)})(?=_|$)", test_name):
            claims.setdefault(m.start(1), rid)
    return tuple(sorted(set(claims.values())))


class CallRecorder:
    """A profile function: the source files of src/cuesport whose functions were called."""

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.prefix = str(SRC)

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(self.prefix):
            self.files.add(frame.f_code.co_filename)

    def ran_any(self, paths: set[str]) -> bool:
        return not self.files.isdisjoint(paths)


def unknown_claims(test_name: str) -> list[str]:
    """Places in a test name where a rule ID starts (``snk_3_``, ``p9_2_`` ...) but no rule of
    the reference or the code is named there: the name claims a rule that does not exist."""
    known = _known_ids()
    out = []
    for m in ID_START.finditer(test_name):
        tail = test_name[m.start(1):]
        if not any(re.match(rf"{re.escape(ref.normalise(r))}(?:_|$)", tail) for r in known):
            out.append(tail)
    return out


def unexercised(test_name: str, recorder: CallRecorder) -> dict[str, list[str]]:
    """Claimed IDs cited in src of which the test ran no citing module's code."""
    missing: dict[str, list[str]] = {}
    for rid in claimed_ids(test_name):
        files = citing_files(rid)
        if files and not recorder.ran_any(files):
            missing[rid] = sorted(str(Path(f).relative_to(ROOT)) for f in files)
    return missing


# ---------------------------------------------------------------- the pytest plugin
# (loaded by ``-p rule_claims`` in pyproject.toml, for every test of the suite)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    name = getattr(item, "originalname", None) or item.name
    if not claimed_ids(name):
        return (yield)
    recorder = CallRecorder()
    old = sys.getprofile()
    sys.setprofile(recorder)
    threading.setprofile(recorder)
    try:
        result = yield  # a failing test raises here: its own report comes first
    finally:
        sys.setprofile(old)
        threading.setprofile(None)  # type: ignore[arg-type, unused-ignore]
    missing = unexercised(name, recorder)
    if missing:
        pytest.fail(
            f"{name} is named after rule IDs it never exercises:\n" + "\n".join(
                f"  {rid}: no function of the modules citing it ran ({', '.join(where)})"
                for rid, where in sorted(missing.items())), pytrace=False)
    return result
