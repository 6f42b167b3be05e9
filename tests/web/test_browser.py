"""End to end, in a real browser: Debian's Chromium driven by Playwright.

The server runs in a thread on 127.0.0.1 (a free port) with its own database; screenshots go
to ``out/screenshots/`` (or ``$CUESPORT_SCREENSHOTS``). Chromium is the system one (never
``playwright install``); ``python3 tasks.py test`` installs it with apt-get when it can.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOTS = Path(os.environ.get("CUESPORT_SCREENSHOTS",
                            Path(__file__).resolve().parents[2] / "out" / "screenshots"))
READY = ("() => window.cuesport && window.cuesport.match && !window.cuesport.match.busy"
         " && document.body.dataset.animating === '0' && window.cuesport.queue.length === 0")

if CHROMIUM is None:
    pytest.skip("BROWSER TESTS SKIPPED: no Chromium on this machine (python3 tasks.py test "
                "installs it with apt-get when run as root; or: apt-get install chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    import uvicorn

    from cuesport.storage import Store
    from cuesport.web import create_app

    db = tmp_path_factory.mktemp("browser") / "web.db"
    app = create_app(Store(f"sqlite:///{db}"), bot_delay=0.2, seed=2)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))  # tests only ever talk to this machine
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(5)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def new_page(browser, width: int = 1280, height: int = 800):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def table_point(page, x: float, y: float) -> tuple[float, float]:
    """Page coordinates of a table point (mm)."""
    box = page.locator("#table").bounding_box()
    sx, sy = page.evaluate("([x, y]) => window.cuesport.table.toScreen(x, y)", [x, y])
    return box["x"] + sx, box["y"] + sy


def start(page, base: str, discipline: str, mode: str, level: str = "easy") -> None:
    page.goto(base)
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#discipline", discipline)
    page.check(f"input[name=mode][value={mode}]")
    if mode == "bot":
        page.select_option("select[name=level]", level)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_function(READY)


def drag_cue_ball(page, to: tuple[float, float]) -> None:
    at = page.evaluate("window.cuesport.table.placing.at")
    page.mouse.move(*table_point(page, *at))
    page.mouse.down()
    page.mouse.move(*table_point(page, *to), steps=5)
    page.mouse.up()
    page.wait_for_function("([x, y]) => { const p = window.cuesport.place;"
                           " return Math.abs(p[0] - x) < 2 && Math.abs(p[1] - y) < 2; }",
                           arg=list(to))


def aim_and_strike(page, target: tuple[float, float], power: int) -> None:
    page.mouse.click(*table_point(page, *target))
    page.evaluate("(v) => { const p = document.querySelector('#power');"
                  " p.value = v; p.dispatchEvent(new Event('input')); }", power)
    page.click("#strike")
    # A free ball, a push out or a call is asked for in a dialog: take its first answer.
    page.wait_for_function("() => document.querySelector('#declare').open || "
                           "document.body.dataset.animating === '1'")
    if page.evaluate("document.querySelector('#declare').open"):
        page.click("#declare-buttons button >> nth=0")


def my_turn(page) -> None:
    page.wait_for_function(READY + " && !document.querySelector('#strike').disabled")


def test_nine_ball_against_a_bot(server, browser):
    page = new_page(browser)
    start(page, server, "nine-ball", "bot")
    my_turn(page)
    r = page.evaluate("window.cuesport.match.ruling")
    assert r["in_hand"] == "kitchen"  # seed 2: the human wins the lag and breaks
    cue_at = (500.0, 450.0)
    drag_cue_ball(page, cue_at)
    shot(page, "nine-ball-placed")
    board_before = page.inner_text("#scoreboard")
    calls_before = page.locator("#calls li").count()
    # A soft stroke into the head cushion: it touches nothing, a foul (deterministic).
    aim_and_strike(page, (cue_at[0], cue_at[1] - 300), power=12)
    page.wait_for_function("() => document.body.dataset.animating === '1'")
    page.wait_for_timeout(700)  # into the stroke
    shot(page, "nine-ball-moving")
    page.wait_for_function("(n) => document.body.dataset.animating === '0' && "
                           "document.querySelectorAll('#calls li').length > n",
                           arg=calls_before, timeout=20000)
    shot(page, "nine-ball-after")
    calls = page.locator("#calls li").all_inner_texts()
    assert any(c.startswith("Player 1") and "Foul" in c for c in calls), calls
    assert page.inner_text("#scoreboard") != board_before  # the turn and the fouls moved
    # A reload resumes the match where it stands (the seat token is in the URL fragment).
    page.wait_for_function(READY)
    board = page.inner_text("#scoreboard")
    page.reload()
    page.wait_for_function(READY)
    assert page.inner_text("#scoreboard") == board
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / "nine-ball-phone.png"), full_page=True)
    assert page.errors == []


def test_snooker_foul_offers_play_or_pass(server, browser):
    page = new_page(browser)
    start(page, server, "snooker", "hotseat")
    my_turn(page)
    assert page.evaluate("window.cuesport.match.ruling.in_hand") == "D"
    cue_at = (820.0, 640.0)
    drag_cue_ball(page, cue_at)
    aim_and_strike(page, (cue_at[0], cue_at[1] - 300), power=10)
    page.wait_for_selector("#decision[open]", timeout=20000)
    buttons = page.locator("#decision-buttons button")
    choices = [buttons.nth(i).get_attribute("data-choice") for i in range(buttons.count())]
    assert choices[:2] == ["play", "pass"]  # and "replace" when the referee calls a miss
    shot(page, "snooker-play-or-pass")
    page.click("#decision-buttons button[data-choice=pass]")
    page.wait_for_selector("#decision:not([open])", state="hidden")
    page.wait_for_function(READY + " && window.cuesport.match.ruling.to_play === 0")
    assert "Player 1 to play" in page.inner_text("#status")
    assert page.errors == []


def test_two_browsers_play_through_an_invite_link(server, browser):
    ann = new_page(browser)
    start(ann, server, "snooker", "invite")
    invite = ann.input_value("#invite-url")
    assert "token=," in invite
    bob = browser.new_context(viewport={"width": 1100, "height": 760}).new_page()
    bob.errors = []
    bob.on("pageerror", lambda e: bob.errors.append(str(e)))
    bob.goto(invite)
    bob.wait_for_function(READY)
    assert bob.locator("#strike").is_disabled()  # Ann breaks
    my_turn(ann)
    cue_at = (820.0, 640.0)
    drag_cue_ball(ann, cue_at)
    aim_and_strike(ann, (cue_at[0], cue_at[1] - 300), power=10)
    # Bob sees the stroke, then decides and plays.
    bob.wait_for_selector("#decision[open]", timeout=20000)
    shot(bob, "invite-bob-decides")
    bob.click("#decision-buttons button[data-choice=play]")
    my_turn(bob)
    cue = bob.evaluate("window.cuesport.table.balls.cue")
    aim_and_strike(bob, (cue[0], cue[1] - 300), power=8)
    ann.wait_for_selector("#decision[open]", timeout=20000)
    shot(ann, "invite-ann-decides")
    assert "Player 2" in ann.inner_text("#calls")
    assert ann.errors == [] and bob.errors == []
