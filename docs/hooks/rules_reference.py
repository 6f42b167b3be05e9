"""The rules reference: the hand-written statements of ``docs/rules/*.yaml`` joined with
where the code applies each rule (a grep of ``src/``) and which tests are named after it.

Two users: the MkDocs hook below (``on_files`` writes one page per discipline family at build
time, so the pages cannot drift from the code) and the rule-ID meta-test
(``tests/test_rule_ids.py``), which holds the code and the tests to this reference.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "docs" / "rules"
FAMILIES = ("snooker", "snooker-one-red", "pool")

# SNK-3.12(a)(v), ONE-2.5.4(3), POOL-6.14, P9-2.3(2), SNK-X.2
RULE_ID = re.compile(
    r"\b(?:SNK|ONE|POOL|P9|P8|P10|P141)-(?:X|\d+)(?:\.\d+)*(?:\((?:[a-z]{1,4}|\d{1,2})\))*"
)
# the code writes "SNK-3.7(f),(g)" and "SNK-3.12(d)(i)/(v)" for two rules of one section
CONTINUED = re.compile(r"\s*[,/]\s*(\((?:[a-z]{1,4}|\d{1,2})\))")
TEST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w+)", re.M)


@dataclass(frozen=True)
class Rule:
    """One entry of the reference."""

    id: str
    title: str
    text: str
    family: str
    discipline: str


@dataclass(frozen=True)
class Family:
    """One page of the reference: a discipline family and its rules, in file order."""

    name: str
    title: str
    intro: str
    disciplines: tuple[str, ...]
    rules: tuple[Rule, ...]
    checklist: int  # items of the specification's acceptance checklist


@dataclass(frozen=True)
class NamedTest:
    """A test function found in ``tests/``: where it is and its source text."""

    path: str  # relative to the repository root
    name: str
    line: int
    body: str


def normalise(rule_id: str) -> str:
    """The form a rule ID takes in a test name: ``SNK-3.12(a)(v)`` -> ``snk_3_12_a_v``."""
    return re.sub(r"[^0-9a-z]+", "_", rule_id.lower()).strip("_")


def names_rule(test_name: str, rule_id: str) -> bool:
    """Whether a test name claims the rule: its normalised ID is a whole part of the name."""
    return re.search(rf"(?:^|_){re.escape(normalise(rule_id))}(?:_|$)", test_name) is not None


def sort_key(rule_id: str) -> tuple[Any, ...]:
    """Natural order: SNK-2.9 before SNK-2.10, (ii) before (iv), X-rules last."""
    prefix, rest = rule_id.split("-", 1)
    roman = {r: i for i, r in enumerate(
        "i ii iii iv v vi vii viii ix x xi xii".split(), start=1)}
    parts: list[tuple[int, int, str]] = []
    for token in re.findall(r"X|\d+|\([a-z0-9]+\)", rest):
        if token == "X":
            parts.append((0, 10**6, ""))
        elif token.isdigit():
            parts.append((0, int(token), ""))
        else:
            inner = token[1:-1]
            depth = sum(1 for p in parts if p[0] > 0)
            if inner.isdigit():
                parts.append((1, int(inner), ""))
            elif depth >= 1 and inner in roman:  # the second level of letters is roman
                parts.append((2, roman[inner], ""))
            else:
                parts.append((3, 0, inner))
    return (prefix, parts)


def load_family(name: str, rules_dir: Path = RULES_DIR) -> Family:
    raw = yaml.safe_load((rules_dir / f"{name}.yaml").read_text(encoding="utf-8"))
    prefixes: Mapping[str, str] = raw.get("prefixes", {})
    disciplines = tuple(raw["disciplines"])
    rules = []
    for rule_id, entry in raw["rules"].items():
        if not RULE_ID.fullmatch(rule_id):
            raise ValueError(f"{name}.yaml: {rule_id!r} is not a rule ID")
        discipline = prefixes.get(rule_id.split("-", 1)[0], ", ".join(disciplines))
        rules.append(Rule(rule_id, entry["title"], entry["rule"], name, discipline))
    return Family(name, raw["title"], raw.get("intro", ""), disciplines, tuple(rules),
                  int(raw.get("checklist", 0)))


def load_reference(rules_dir: Path = RULES_DIR) -> dict[str, Rule]:
    """Every rule of the reference by ID; an ID written twice is an error."""
    out: dict[str, Rule] = {}
    for name in FAMILIES:
        for rule in load_family(name, rules_dir).rules:
            if rule.id in out:
                raise ValueError(f"{rule.id} is in the reference twice")
            out[rule.id] = rule
    return out


def ids_in(text: str) -> list[str]:
    """The rule IDs a text cites, continuations included: ``SNK-3.7(f),(g)`` cites
    SNK-3.7(f) and SNK-3.7(g) (a continuation replaces the last parenthesised part)."""
    out: list[str] = []
    for m in RULE_ID.finditer(text):
        rule_id = m.group(0)
        out.append(rule_id)
        pos = m.end()
        while "(" in rule_id and (c := CONTINUED.match(text, pos)):
            rule_id = rule_id[: rule_id.rindex("(")] + c.group(1)
            out.append(rule_id)
            pos = c.end()
    return out


def citations(root: Path = ROOT) -> dict[str, list[tuple[str, int]]]:
    """Every rule ID cited in ``src/``, with the file and line of each citation."""
    found: dict[str, list[tuple[str, int]]] = {}
    for path in sorted((root / "src").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for rule_id in ids_in(line):
                found.setdefault(rule_id, []).append((rel, lineno))
    return found


def collect_tests(root: Path = ROOT) -> list[NamedTest]:
    """Every ``def test_...`` under ``tests/``, with its source up to the next definition."""
    out: list[NamedTest] = []
    for path in sorted((root / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(root).as_posix()
        matches = list(TEST_DEF.finditer(text))
        for i, m in enumerate(matches):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            line = text.count("\n", 0, m.start()) + 1
            out.append(NamedTest(rel, m.group(1), line, text[m.start():end]))
    return out


def tests_naming(rule_id: str, tests: Iterable[NamedTest]) -> list[NamedTest]:
    pattern = re.compile(rf"(?:^|_){re.escape(normalise(rule_id))}(?:_|$)")
    return [t for t in tests if pattern.search(t.name)]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_family(family: Family, cited: Mapping[str, list[tuple[str, int]]],
                  tests: list[NamedTest]) -> str:
    """The Markdown page of one family."""
    lines = [f"# {family.title}", "", family.intro, "",
             f"Disciplines: {', '.join(f'`{d}`' for d in family.disciplines)}. "
             f"{len(family.rules)} rules; generated from `docs/rules/{family.name}.yaml`, "
             "a grep of `src/` and the test names.", ""]
    for rule in sorted(family.rules, key=lambda r: sort_key(r.id)):
        lines += [f"## {rule.id} {rule.title} {{ #{normalise(rule.id)} }}", "",
                  f"*{rule.discipline}*. {rule.text}", ""]
        where = cited.get(rule.id, [])
        if where:
            lines.append("Applied in: " + ", ".join(f"`{f}:{n}`" for f, n in where))
        else:
            lines.append("Applied in: not cited in the code.")
        lines.append("")
        named = tests_naming(rule.id, tests)
        if named:
            lines.append("Tests: " + ", ".join(f"`{t.path}::{t.name}`" for t in named))
        else:
            lines.append("Tests: none named after it.")
        lines.append("")
    return "\n".join(lines)


def render_index(families: list[Family], cited: Mapping[str, list[tuple[str, int]]]) -> str:
    lines = ["# Rules reference", "",
             "Every rule ID the code cites and every rule of the specification that matters "
             "to a user, in cuesport's own words: its discipline, a short statement, where the "
             "code applies it and which tests are named after it. The statements are written "
             "from the original Russian rule texts (they win where they speak) and the official "
             "WPBSA and WPA rules; the pages are generated at build time from "
             "`docs/rules/*.yaml`, the source and the tests, so they follow the code.", "",
             "Tests are named after the rules they check: `SNK-3.12(a)(v)` becomes "
             "`test_..._snk_3_12_a_v_...`.", "",
             "| family | rules | cited in the code |", "|---|---|---|"]
    for fam in families:
        n_cited = sum(1 for r in fam.rules if r.id in cited)
        lines.append(f"| [{fam.title}]({fam.name}.md) | {len(fam.rules)} | {n_cited} |")
    lines += ["", "The 1-red game is the Russian federation's *Снукер – 1 красный*: a white "
              "and a yellow cue ball and one red, scored by cannons, pots and in-offs; not "
              "the club game of one red and six colours.", ""]
    return "\n".join(lines)


def pages(root: Path = ROOT) -> dict[str, str]:
    """The generated pages, by their path under the docs folder."""
    families = [load_family(name, root / "docs" / "rules") for name in FAMILIES]
    cited = citations(root)
    tests = collect_tests(root)
    out = {"rules/index.md": render_index(families, cited)}
    for fam in families:
        out[f"rules/{fam.name}.md"] = render_family(fam, cited, tests)
    return out


def on_files(files: Any, config: Any) -> Any:
    """MkDocs hook: add the generated rules pages to the site."""
    from mkdocs.structure.files import File

    for path, content in pages().items():
        files.append(File.generated(config, path, content=content))
    return files
