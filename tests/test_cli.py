"""The command line as a new user meets it (issue 18, item 3): each defect found, one test."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cuesport.cli import main
from cuesport.cli.report import Reporter, board, shot_line
from cuesport.game import Match, MatchFormat, Step, make_player
from cuesport.storage import Store

NAMES = ["Ann", "Bob"]
NINE_LEFT = {"balls": {"cue": [635.0, 1900.0], "9": [635.0, 2400.0]}, "to_play": 0,
             "breaking": False}


def shot(player: int = 0, pots: tuple[str, ...] = ()) -> dict[str, Any]:
    events: list[dict[str, Any]] = [{"t": 0, "hit": ["cue", "1"]}]
    events += [{"t": 1, "pot": b, "pocket": "top-left"} for b in pots]
    return {"shot": {"player": player, "events": events}}


def ruling(**kw: Any) -> dict[str, Any]:
    return {"action": 3, "legal": True, "to_play": 0, "score": [0, 0], "break": 0,
            "announce": [], **kw}


def reporter(quiet: bool = False, discipline: str = "snooker") -> tuple[Reporter, io.StringIO]:
    out = io.StringIO()
    return Reporter(Console(file=out, width=200), discipline, NAMES, quiet=quiet), out


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, int]:
    """A finished nine-ball match (one rack from a position with the 9 alone): its db URL
    and id."""
    url = f"sqlite:///{tmp_path_factory.mktemp('cli') / 'm.db'}"
    store = Store(url)
    m = Match("nine-ball", [make_player("bot:strong", seed=0), make_player("bot:strong", seed=1)],
              fmt=MatchFormat(frames=1), store=store, start=NINE_LEFT,
              specs=["bot:strong", "bot:strong"])
    for _ in range(200):
        if m.over:
            break
        m.step()
    assert m.over and m.match_id is not None
    store.close()
    return url, m.match_id


# ---------------------------------------------------------------- what play prints


def test_calls_are_printed_as_text_not_markup() -> None:
    rep, out = reporter()
    step = Step("action", 1, 0, shot(0, ("9",)), ruling(announce=["one", "[eight] wins"]))
    rep.action(step, 1, [0, 0])
    assert "(one; [eight] wins)" in out.getvalue()
    rep.say("[bold]Ann[/bold] [one]")
    assert "[bold]Ann[/bold] [one]" in out.getvalue()


def test_the_running_break_is_shown_live() -> None:
    rep, out = reporter()
    rep.action(Step("action", 1, 0, shot(0, ("red3",)), ruling(**{"break": 15})), 1, [0, 0])
    assert "break 15" in out.getvalue()


def test_quiet_piped_prints_each_result_at_once() -> None:
    class Pipe(io.StringIO):
        flushed: list[str]

        def flush(self) -> None:
            self.flushed = [*getattr(self, "flushed", []), self.getvalue()]

    pipe = Pipe()
    rep = Reporter(Console(file=pipe, width=200), "nine-ball", NAMES, quiet=True)
    rep.action(Step("action", 1, 0, shot(), ruling(to_play=1)), 1, [0, 0])
    assert pipe.getvalue() == ""  # quiet: no commentary, no line for a visit that scored 0
    rep.frame_result(1, 0, (0, 0), [1, 0])
    assert "Rack 1 to Ann" in pipe.flushed[-1]  # ... but each result, flushed at once


def test_quiet_prints_a_line_per_visit_that_scored() -> None:
    rep, out = reporter(quiet=True)
    for brk in (1, 8, 9):  # Ann: a red, the black, a red ...
        rep.action(Step("action", 1, 0, shot(0, ("red",)), ruling(**{"break": brk})), 1,
                   [0, 0])
    assert out.getvalue() == ""  # nothing while the visit goes on
    rep.action(Step("action", 1, 0, shot(0), ruling(to_play=1, score=[9, 0])), 1, [0, 0])
    assert out.getvalue() == "  Ann: break 9 — Frame 1 | Ann 9 – 0 Bob | frames 0-0\n"
    # the winning pot ends a visit too; a visit that scored nothing prints nothing
    rep.action(Step("action", 1, 1, shot(1), ruling(to_play=0)), 1, [0, 0])
    rep.action(Step("action", 1, 0, shot(0, ("black",)), ruling(
        **{"break": 7}, score=[16, 0], frame_over=True, winner=0)), 1, [0, 0])
    assert out.getvalue().splitlines()[-1].startswith("  Ann: break 7 — Frame 1")
    assert len(out.getvalue().splitlines()) == 2


def test_labels_say_what_happened() -> None:
    safe_potting = shot_line(NAMES, shot(0, ("9",)), ruling(), "safety", "1")
    assert "plays safe" not in safe_potting and "potted: 9" in safe_potting
    break_off = shot_line(NAMES, shot(0), ruling(action=0), "escape", "red")
    assert "escape" not in break_off and "breaks off" in break_off
    missed = shot_line(NAMES, shot(0), ruling(), "pot", "3")
    assert missed.endswith("— missed")
    assert "missed" not in shot_line(NAMES, shot(0, ("red5",)), ruling(), "pot", "red")


def test_pool_boards_count_racks_and_name_the_groups() -> None:
    r = ruling(score=[0, 0], groups=["stripes", "solids"])
    assert board("nine-ball", NAMES, 2, [1, 0], ruling()) == "Rack 2 | Ann 1 – 0 Bob"
    assert board("eight-ball", NAMES, 1, [0, 0], r).endswith("Ann: stripes, Bob: solids")
    assert "open table" in board("eight-ball", NAMES, 1, [0, 0], ruling(groups=[None, None]))
    snooker = board("snooker", NAMES, 1, [0, 1], ruling(score=[7, 15], **{"break": 7}))
    assert snooker == "Frame 1 | Ann 7 – 15 Bob | frames 0-1 | break 7"


# ---------------------------------------------------------------- play, resume, Ctrl-C


def test_resume_of_a_finished_match_tells_its_result(stored: tuple[str, int],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    url, match_id = stored
    winner = Store(url).match(match_id).winner
    assert winner is not None
    assert main(["play", "--resume", str(match_id), "--db", url]) == 0
    out = capsys.readouterr().out
    assert f"match {match_id} is already over" in out
    name = ["bot:strong (1)", "bot:strong (2)"][winner]
    assert f"Rack 1 to {name}" in out and f"{name} wins the match 1-0" in out


def test_ctrl_c_says_the_match_id_and_how_to_resume(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(self: Match) -> Step:
        raise KeyboardInterrupt

    monkeypatch.setattr(Match, "step", interrupted)
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["play", "nine-ball", "--players", "bot:easy", "bot:easy", "--db", url]) == 130
    err = capsys.readouterr().err
    assert "match 1 is stored" in err and f"cuesport play --resume 1 --db {url}" in err


def test_race_to_and_frames_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (["--race-to", "0"], ["--frames", "0"], ["--target", "-5"]):
        with pytest.raises(SystemExit) as exc:
            main(["play", "nine-ball", *bad])
        assert exc.value.code == 2
        assert "must be at least 1" in capsys.readouterr().err


# ---------------------------------------------------------------- the database


def test_a_missing_database_folder_is_a_clear_error(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'nowhere' / 'm.db'}"
    for argv in (["matches", "--db", url], ["stats", "--db", url],
                 ["play", "nine-ball", "--db", url]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "does not exist" in err and "Traceback" not in err
        assert not (tmp_path / "nowhere").exists()


def test_cuesport_db_chooses_the_database(stored: tuple[str, int],
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    url, match_id = stored
    monkeypatch.setenv("CUESPORT_DB", url)
    assert main(["matches"]) == 0
    out = capsys.readouterr().out
    assert url in out.replace("\n", "") and "nine-ball" in out
    assert main(["export", str(match_id)]) == 0  # every command reads it
    assert '"discipline": "nine-ball"' in capsys.readouterr().out


def test_the_default_database_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    assert "CUESPORT_DB" in top and "data folder" in top
    docs = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text("utf-8")
    assert "CUESPORT_DB" in docs and "~/.local/share/cuesport/cuesport.db" in docs


# ---------------------------------------------------------------- stats, export, replay


def test_stats_refuses_an_unknown_discipline(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["stats", "--discipline", "nonsense"])
    assert exc.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_stats_tables_per_discipline_and_h2h_by_discipline(
        stored: tuple[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    url, _ = stored
    assert main(["stats", "--db", url]) == 0
    out = capsys.readouterr().out
    assert "nine-ball (won/played; breaks in balls)" in out and "snooker" not in out
    a, b = "bot:strong", "bot:easy"
    assert main(["stats", "--db", url, "--h2h", a, b]) == 0
    assert ": 0 matches," in capsys.readouterr().out
    assert main(["stats", "--db", url, "--h2h", a, b, "--discipline", "snooker"]) == 0
    assert "(snooker): 0 matches," in capsys.readouterr().out


def test_stats_one_bot_level_is_one_player(
        stored: tuple[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    url, _ = stored
    assert main(["stats", "--db", url]) == 0
    out = capsys.readouterr().out
    # bot:strong v bot:strong: one row, the rack counted on both seats, won once
    assert "(1)" not in out and "(2)" not in out
    (row,) = [line for line in out.splitlines() if "bot:strong" in line]
    assert re.search(r"bot:strong\s*│\s*1/2\s*│\s*1/2\s*│", row), row
    assert main(["stats", "--db", url, "--h2h", "bot:strong (1)", "bot:strong (2)"]) == 2
    assert "the same player" in capsys.readouterr().err


def test_missing_matches_and_frames_are_named_plainly(
        stored: tuple[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    url, match_id = stored
    for command in ("export", "replay"):
        assert main([command, "999", "--db", url]) == 2
        err = capsys.readouterr().err
        assert f"cuesport {command}: no match 999\n" in err and "'" not in err
    assert main(["replay", str(match_id), "--frame", "5", "--db", url]) == 2
    assert f"match {match_id} has no frame 5" in capsys.readouterr().err
    assert main(["stats", "--match", "999", "--db", url]) == 2
    assert "no match 999" in capsys.readouterr().out


def test_replay_svg_has_captions_and_a_chart_with_an_axis(
        stored: tuple[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url, match_id = stored
    assert main(["replay", str(match_id), "--db", url, "--svg", str(tmp_path)]) == 0
    strokes = sorted(tmp_path.glob("stroke-*.svg"))
    assert strokes
    first = strokes[0].read_text("utf-8")
    assert re.search(r"<text [^>]*>Stroke \d+: bot:strong \(\d\) · ", first)
    chart = (tmp_path / "breaks.svg").read_text("utf-8")
    assert chart.count("<line") >= 3  # two axes and ticks
    assert re.search(r'text-anchor="end">0</text>', chart)
    assert "break in balls" in chart


# ---------------------------------------------------------------- help and simulate


def test_top_level_help_is_for_users(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "simulated table" in out and "register" not in out and "sub-command" not in out


def test_play_help_explains_lang_seed_and_target(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "language of the commentary" in out
    assert "the same seed plays the same match (default 0)" in out
    assert "(default: the discipline's, 100)" in out


def test_simulate_out_does_not_dump_the_events(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "nine-ball", "--speed", "8", "--out", str(tmp_path / "s.svg")]) == 0
    out = capsys.readouterr().out
    assert '"t"' not in out and len(out.splitlines()) == 1 and "events" in out


def test_the_progress_bar_moves_with_the_strokes(tmp_path: Path) -> None:
    from cuesport.cli.play import play_out

    store = Store(f"sqlite:///{tmp_path / 'p.db'}")
    m = Match("nine-ball", [make_player("bot:strong", seed=0), make_player("bot:strong", seed=1)],
              fmt=MatchFormat(frames=1), store=store, start=NINE_LEFT)
    out = io.StringIO()
    term = Console(file=out, force_terminal=True, width=120)
    rep = Reporter(term, m.discipline, m.names, quiet=True)
    assert play_out(m, rep, term, Console(file=io.StringIO())) == 0
    text = out.getvalue()
    # the strokes counter is drawn while the rack is played, with the score of the frame
    assert re.search(r"frame 1: \d+-\d+, strokes", text), text[-500:]
    store.close()
