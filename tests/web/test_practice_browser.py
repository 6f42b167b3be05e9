"""Practice in a real browser (Chromium): drag, strike, undo, the aid, links and records.

Desktop and phone sizes; screenshots (``practice-*.png``, for a person to look at) go where
the ``shot`` fixture says (``$CUESPORT_SCREENSHOTS``, see live_server).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Iterator

import pytest
from live_server import chromium_or_skip, launch_chromium, serve_in_thread

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
READY = "() => document.body.dataset.ready === '1' && document.body.dataset.animating === '0'"

CHROMIUM = chromium_or_skip()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    from cuesport.storage import Store
    from cuesport.web import create_app

    db = tmp_path_factory.mktemp("practice") / "web.db"
    yield from serve_in_thread(create_app(Store(f"sqlite:///{db}"), bot_delay=0.0, seed=3))


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    yield from launch_chromium(CHROMIUM)


def open_page(browser, viewport: dict[str, int], url: str):
    touch = viewport is not DESKTOP
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch,
                              accept_downloads=True)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    page.wait_for_function(READY)
    return page


def balls(page) -> dict[str, list[float]]:
    return page.evaluate("window.cuesport.balls")


def table_point(page, x: float, y: float) -> tuple[float, float]:
    box = page.locator("#table").bounding_box()
    sx, sy = page.evaluate("([x, y]) => window.cuesport.table.toScreen(x, y)", [x, y])
    return box["x"] + sx, box["y"] + sy


def drag(page, ball: str, to: tuple[float, float]) -> None:
    page.mouse.move(*table_point(page, *balls(page)[ball]))
    page.mouse.down()
    page.mouse.move(*table_point(page, *to), steps=6)
    page.mouse.up()


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= vp["width"] + 0.5
            and box["y"] + box["height"] <= vp["height"] + 0.5)


def strike(page, touch: bool) -> int:
    done = page.evaluate("window.cuesport.strokes")
    if touch:
        box = page.locator("#strike").bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        page.locator("#strike").click()
    page.wait_for_function("(n) => window.cuesport.strokes > n && "
                           "document.body.dataset.animating === '0'", arg=done, timeout=30000)
    return done + 1


def near(a: dict[str, list[float]], b: dict[str, list[float]], tol: float = 1e-3) -> bool:
    return set(a) == set(b) and all(math.dist(a[k], b[k]) <= tol for k in a)


@pytest.mark.parametrize("viewport", [DESKTOP, PORTRAIT], ids=["desktop", "phone"])
def test_practice_drag_strike_undo_link_record_and_aid(server, browser, viewport, tmp_path, shot):
    touch = viewport is not DESKTOP
    size = "phone" if touch else "desktop"
    page = open_page(browser, viewport, f"{server}practice#practice=nine-ball")
    page.evaluate("window.cuesport.timeScale = 4")  # the animation at 4x: a shorter test
    rack = balls(page)
    assert set(rack) == {"cue", *map(str, range(1, 10))}
    if touch:  # the table and the stroke controls in view together, 44 px targets
        for sel in ("#table", "#strike", "#power", "#tip", "#undo"):
            assert in_view(page, sel), sel
        for sel in ("#strike", "#undo", "#aim-left", "#aim-right"):
            box = page.locator(sel).bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, (sel, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    # Drag the cue ball to a free place: moved, and one level of undo.
    drag(page, "cue", (400.0, 600.0))
    page.wait_for_function("() => Math.abs(window.cuesport.balls.cue[0] - 400) < 0.2")
    assert math.dist(balls(page)["cue"], (400.0, 600.0)) < 0.2
    assert page.evaluate("window.cuesport.undo.length") == 1
    # Onto the 1 ball: the physics refuses it, says why, and the cue ball stays.
    drag(page, "cue", tuple(rack["1"]))
    page.wait_for_function("() => !document.querySelector('#message').hidden")
    assert "overlap" in page.inner_text("#message")
    assert math.dist(balls(page)["cue"], (400.0, 600.0)) < 0.2
    assert page.evaluate("window.cuesport.undo.length") == 1

    # The aid: touching the 1 aims at it; the cue ball's path and the 1's are drawn.
    page.check("#aid")
    one = table_point(page, *rack["1"])
    if touch:
        page.touchscreen.tap(*one)
    else:
        page.mouse.click(*one)
    page.wait_for_function("() => { const a = window.cuesport.table.aid;"
                           " return a && a.first === '1' && a.paths.cue.length > 1"
                           " && a.paths['1'].length > 1; }")
    asked = page.evaluate("window.cuesport.aidRequests")
    assert 1 <= asked <= 6, asked  # debounced: a few requests, not one per pointer move
    shot(page, f"practice-{size}-aid-en")

    # Strike: the balls move, the referee's call is shown, and undo puts them back.
    page.evaluate("(v) => { const p = document.querySelector('#power');"
                  " p.value = v; p.dispatchEvent(new Event('input')); }", 45)
    before = balls(page)
    strike(page, touch)
    after = balls(page)
    assert not near(after, before)
    assert page.locator("#calls li").count() == 1
    assert "Stroke 1" in page.inner_text("#last-call")
    shot(page, f"practice-{size}-after-en")
    page.select_option("#lang", "ru")
    page.wait_for_function("() => document.querySelector('#last-call').textContent"
                           ".startsWith('Удар 1')")
    shot(page, f"practice-{size}-after-ru")
    page.select_option("#lang", "en")
    page.locator("#undo").click()
    assert near(balls(page), before)
    # Again, and a second stroke after it: several levels of undo.
    strike(page, touch)
    second = strike(page, touch)
    assert second == 3 and page.evaluate("window.cuesport.undo.length") == 3
    page.locator("#undo").click()
    page.locator("#undo").click()
    assert near(balls(page), before)

    # Save: the link reopens the same position in another tab.
    strike(page, touch)
    here = balls(page)
    page.locator("#copy-link").click()
    link = page.input_value("#link")
    assert "#practice=nine-ball" in link
    other = open_page(browser, viewport, link)
    assert near(balls(other), here)
    other.close()

    # ... and the record: the position and the stroke, which `cuesport referee` accepts.
    with page.expect_download() as info:
        page.locator("#download").click()
    path = tmp_path / "practice.json"
    info.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["discipline"] == "nine-ball" and len(record["actions"]) == 1
    assert near(record["start"]["balls"], before)
    out = subprocess.run([sys.executable, "-m", "cuesport", "referee", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    rulings = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(rulings) == 1 and "error" not in rulings[0]
    assert page.errors == []


def test_practice_add_remove_keys_and_other_disciplines(server, browser):
    page = open_page(browser, DESKTOP, f"{server}practice#practice=snooker")
    assert len(balls(page)) == 22  # 15 reds, 6 colours, the cue ball
    # Remove the pink (touch it, then Delete on the table), and add it back from the list.
    pink = table_point(page, *balls(page)["pink"])
    page.mouse.click(*pink)
    page.keyboard.press("Delete")
    page.wait_for_function("() => !window.cuesport.balls.pink")
    page.select_option("#add-ball", "pink")
    page.locator("#add").click()
    page.wait_for_function("() => !!window.cuesport.balls.pink")
    assert page.evaluate("window.cuesport.undo.length") == 2
    page.locator("#table").focus()  # keys act on the table only when it has the focus
    page.keyboard.press("u")  # U undoes (the add)
    page.wait_for_function("() => !window.cuesport.balls.pink")
    # Keys: Enter on the table strikes.
    done = page.evaluate("window.cuesport.strokes")
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => window.cuesport.strokes > n && "
                           "document.body.dataset.animating === '0'", arg=done, timeout=30000)
    # Reset: the rack again (one more level of undo).
    rack = page.evaluate("window.cuesport.undo[0].balls")
    levels = page.evaluate("window.cuesport.undo.length")
    page.locator("#reset").click()
    page.wait_for_function("(n) => window.cuesport.undo.length > n", arg=levels)
    assert near(balls(page), rack)
    # The tip pad (the match page's, controls.js): arrows move the tip, Home centres it.
    page.focus("#tip")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Shift+ArrowUp")
    assert page.evaluate("window.cuesport.tip") == {"side": -0.05, "height": 0.2}
    assert page.text_content("#tip-value") == "-0.05, 0.20"
    page.keyboard.press("Home")
    assert page.evaluate("window.cuesport.tip") == {"side": 0, "height": 0}
    # Every discipline opens with its rack, and snooker 1-red offers its two cue balls.
    for d in ("snooker-one-red", "eight-ball", "ten-ball", "straight-pool"):
        page.select_option("#discipline", d)
        page.wait_for_function("(d) => new URLSearchParams(location.hash.slice(1))"
                               ".get('practice') === d", arg=d)
        page.wait_for_function(READY)
    page.select_option("#discipline", "snooker-one-red")
    page.wait_for_function("() => !document.querySelector('#cue-row').hidden")
    assert page.locator("#cue-ball option").count() == 2
    assert page.errors == []


def test_screenshots_of_practice_at_every_size_in_both_languages(server, browser, shot):
    """Not a check of looks: it fails only on a page error; the pictures are for a person."""
    for name, vp in (("desktop", DESKTOP), ("portrait", PORTRAIT), ("landscape", LANDSCAPE)):
        page = open_page(browser, vp, f"{server}practice#practice=snooker")
        page.check("#aid")
        page.wait_for_function("() => !!window.cuesport.table.aid")
        for lg in ("en", "ru"):
            page.select_option("#lang", lg)
            page.wait_for_timeout(100)
            shot(page, f"practice-{name}-snooker-{lg}")
            shot(page, f"practice-{name}-snooker-{lg}-page", full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= vp["width"], lg
        page.select_option("#lang", "en")
        assert page.errors == [], (name, page.errors)
