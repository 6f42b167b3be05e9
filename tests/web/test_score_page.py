"""The marker's page (/score) in a real browser at a phone size: a whole snooker frame with
a foul, a free ball, a foul and a miss with replace and a spot taken; a nine-ball rack with
a push-out and a three-foul warning; a 14.1 inning with a re-rack; doubles; undo, reload
and a dropped network; screenshots go where the ``shot`` fixture says (see live_server)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from live_server import chromium_or_skip, launch_chromium, serve_in_thread

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
IDLE = ("() => window.cuesportScore && window.cuesportScore.match && "
        "!window.cuesportScore.syncing && window.cuesportScore.match.queue.length === 0")

CHROMIUM = chromium_or_skip()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    from cuesport.storage import Store
    from cuesport.web import create_app

    db = tmp_path_factory.mktemp("score") / "web.db"
    app = create_app(Store(f"sqlite:///{db}"))
    yield from serve_in_thread(app)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    yield from launch_chromium(CHROMIUM)


def start(browser, server, discipline: str, size=PHONE):
    context = browser.new_context(viewport=size)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(server + "score")
    page.wait_for_selector("#setup:not([hidden])")
    page.select_option("#discipline", discipline)
    page.fill("#p0", "Ann")
    page.fill("#p1", "Bob")
    return context, page


def visit(page, first: str | None = None, potted: tuple[str, ...] = (),
          flags: tuple[str, ...] = (), rails: int | None = None, cue_rail: bool = False,
          call: str | None = None, spots: tuple[str, ...] = (),
          in_the_way: tuple[str, ...] = (), behind: tuple[str, ...] = (),
          called: tuple[str, str] | None = None, went: str | None = None) -> dict:
    """One visit as a marker taps it; ``called``: the call (ball, pocket) before the stroke;
    ``went``: the pocket the called ball went into when not the called one."""
    if called is not None:
        page.click(f"#calls-choice button[data-call='{called[0]}']")
        page.click(f"#call-pocket button[data-pocket='{called[1]}']")
    if first is not None:
        page.click(f"#first button[data-ball='{first}']")
    for b in potted:
        page.click(f"#potted button[data-ball='{b}']")
    if rails is not None:
        page.click(f"#rails button:text-is('{rails}')")
    if cue_rail:
        page.click("#cue-rail")
    if call is not None:
        page.click(f"#calls-choice button[data-call='{call}']")
    if went is not None:
        page.click(f"#went-in button[data-pocket='{went}']")
    for sp in spots:
        page.click(f"#spots button[data-spot='{sp}']")
    for b in in_the_way:
        page.click(f"#rerack button[data-ball='{b}']")
    for b in behind:
        page.click(f"#behind button[data-ball='{b}']")
    for f in flags:
        page.click(f"#flags button[data-flag='{f}']")
    page.click("#enter")
    page.wait_for_function(IDLE)
    return ruling(page)


def ruling(page) -> dict:
    return page.evaluate("() => { const m = window.cuesportScore.match;"
                         " return m.rulings[m.rulings.length - 1] || null; }")


def decide(page, label: str) -> dict:
    page.click(f"#decisions button:text-is('{label}')")
    page.wait_for_function(IDLE)
    return ruling(page)


def scores(page) -> list[str]:
    return [page.inner_text(f"#side{p} .pts") for p in (0, 1)]


def test_snooker_frame_with_a_foul_and_a_free_ball(server, browser, shot):
    context, page = start(browser, server, "snooker")
    shot(page, "score-setup-phone", full_page=True)
    page.click("#begin")
    page.wait_for_function(IDLE)
    assert visit(page, first="red")["score"] == [0, 0]  # break-off
    assert visit(page, first="red", potted=("red",))["score"] == [0, 1]
    assert visit(page, first="black", potted=("black",))["score"] == [0, 8]
    foul = visit(page, first="blue", flags=("snookered",))
    assert foul["fouls"][0]["rule"] == "SNK-3.12(b)(iv)" and foul["free_ball"] is True
    assert scores(page) == ["5", "8"]
    assert "Free ball" in page.inner_text("#calls")
    shot(page, "score-snooker-foul-phone", full_page=True)
    decide(page, "Play")
    free = visit(page, first="green", potted=("green",))
    assert free["points"] == [1, 0] and free["respotted"] == {"green": "green-spot"}
    assert scores(page) == ["6", "8"]
    # undo: the last visit goes, the score comes back
    visit(page, first="black", potted=("black",))  # after the free ball, a colour
    assert scores(page) == ["13", "8"]
    page.click("#undo")
    page.wait_for_function(IDLE)
    assert scores(page) == ["6", "8"]
    # a reload resumes the frame (localStorage, a new session replays the visits)
    page.reload()
    page.wait_for_function(IDLE)
    page.wait_for_function("() => document.querySelector('#side0 .pts').textContent === '6'")
    # the network drops: the visit is queued, nothing is lost, it syncs when it returns
    context.set_offline(True)
    page.click("#first button[data-ball='pink']")
    page.click("#potted button[data-ball='pink']")
    page.click("#enter")
    page.wait_for_function("() => document.querySelector('#net').dataset.state === 'offline'")
    page.click("#first button[data-ball='red']")  # a second visit while offline
    page.click("#potted button[data-ball='red']")
    page.click("#enter")
    assert page.evaluate("() => window.cuesportScore.match.queue.length") == 2
    assert "2" in page.inner_text("#net")
    shot(page, "score-offline-phone", full_page=True)
    context.set_offline(False)
    page.wait_for_function(IDLE, timeout=15000)
    assert scores(page) == ["13", "8"]  # both visits, in order
    assert page.evaluate("() => window.cuesportScore.match.actions.length") == 8
    page.click("#lang")
    assert page.inner_text("#enter") == "Записать подход"
    # the calls come again from the referee, in Russian
    page.wait_for_function("() => /[а-я]/i.test(document.querySelector('#calls').textContent)")
    assert scores(page) == ["13", "8"]
    shot(page, "score-snooker-ru-phone", full_page=True)
    assert page.errors == []
    context.close()


def sent(page) -> dict:
    """The last action the page sent to the referee."""
    return page.evaluate("() => { const m = window.cuesportScore.match;"
                         " return m.actions[m.actions.length - 1]; }")


def test_a_whole_snooker_frame_with_a_miss_replaced_and_a_spot_taken(server, browser, shot):
    context, page = start(browser, server, "snooker")
    page.click("#begin")
    page.wait_for_function(IDLE)
    visit(page, first="red")  # break-off
    assert sent(page)["shot"]["events"] == [{"t": 0, "hit": ["cue", "red"]}]
    visit(page, first="red", potted=("red",))
    # no invented event: the pot as the marker saw it, SNK-3.9 as a judgement
    assert sent(page)["shot"] == {"player": 1, "judgement": {"fell": []}, "events": [
        {"t": 0, "hit": ["cue", "red"]}, {"t": 1.0, "pot": "red", "pocket": "unknown"}]}
    visit(page, first="black", potted=("black",))
    foul = visit(page, first="blue", flags=("snookered",))
    assert foul["fouls"][0]["rule"] == "SNK-3.12(b)(iv)" and foul["free_ball"] is True
    decide(page, "Play")
    assert visit(page, first="green", potted=("green",))["points"] == [1, 0]  # free ball
    visit(page, first="black", potted=("black",))
    assert scores(page) == ["13", "8"]
    # SNK-3.14(c): a clear path, nothing hit: foul and a miss; Bob has it replaced
    miss = visit(page, flags=("clear_path",))
    assert miss["miss"] is True and miss["options"] == ["play", "pass", "replace"]
    assert "Foul and a miss" in page.inner_text("#calls")
    assert scores(page) == ["13", "12"]
    shot(page, "score-snooker-miss-phone", full_page=True)
    replaced = decide(page, "Replace")
    assert replaced["to_play"] == 0 and replaced["score"] == [13, 12]
    assert visit(page, first="red", potted=("red",))["score"] == [14, 12]
    # SNK-3.7(d): the pink's own spot is taken: the highest free spot, the black's
    page.click("#first button[data-ball='pink']")
    page.click("#potted button[data-ball='pink']")
    page.wait_for_selector("#spots-box:not([hidden])")
    shot(page, "score-snooker-spot-taken-phone", full_page=True)
    pink = visit(page, spots=("pink-spot",))
    assert sent(page)["shot"]["rest"] == {"occupied": ["pink-spot"]}
    assert pink["respotted"] == {"pink": "black-spot"} and pink["score"] == [20, 12]
    visit(page, first="red", potted=("red",))
    assert visit(page, first="pink", potted=("pink",))["respotted"] == {"pink": "pink-spot"}
    for _ in range(6):  # two reds a stroke, then the black
        visit(page, first="red", potted=("red", "red"))
        visit(page, first="black", potted=("black",))
    assert scores(page) == ["81", "12"]
    for colour in ("yellow", "green", "brown", "blue", "pink"):
        visit(page, first=colour, potted=(colour,))
    end = visit(page, first="black", potted=("black",))
    assert end["frame_over"] is True and end["winner"] == 0 and end["score"] == [108, 12]
    page.wait_for_selector("#over:not([hidden])")
    assert "Ann" in page.inner_text("#over-text")
    shot(page, "score-snooker-frame-over-phone", full_page=True)
    assert page.errors == []
    context.close()


def test_nine_ball_rack_with_a_push_out(server, browser, shot):
    context, page = start(browser, server, "nine-ball")
    page.fill("#h1", "1")  # a handicap of one rack for Bob
    page.click("#begin")
    page.wait_for_function(IDLE)
    assert page.inner_text("#side1 .frames").endswith("1")
    assert visit(page, first="1", rails=3)["legal"] is False  # P9-2.3: four to a rail
    page.click("#undo")
    page.wait_for_function(IDLE)
    brk = visit(page, first="1", rails=4)
    assert brk["legal"] is True and brk["state"]["push_out"] is True
    assert sent(page)["shot"] == {"player": 0, "events": [{"t": 0, "hit": ["cue", "1"]}],
                                  "judgement": {"railed": {"cue": False, "objects": 4}}}
    push = visit(page, flags=("push_out",), rails=0)
    assert push["options"] == ["play", "pass"] and push["to_play"] == 0
    shot(page, "score-nine-ball-push-out-phone", full_page=True)
    passed = decide(page, "Pass")
    assert passed["to_play"] == 1
    foul = visit(page, first="4", rails=1)
    assert foul["fouls"][0]["rule"] == "POOL-6.2" and foul["in_hand"] == "table"
    assert "0 – 1" in page.inner_text("#fouls")
    shot(page, "score-nine-ball-foul-phone", full_page=True)
    # POOL-6.14 through the page: two more fouls by Bob, warned in between, lose the rack
    assert visit(page, first="1", rails=1)["legal"] is True  # Ann, ball in hand
    scratch = visit(page, first="1", potted=("9", "cue"), rails=0)
    assert scratch["fouls"][0]["rule"] == "POOL-6.1" and scratch["respotted"] == {
        "9": "foot-spot"}
    warned = visit(page, first="1", rails=1)
    assert warned["warning"] is True
    assert page.inner_text("#warn") != ""
    shot(page, "score-nine-ball-warning-phone", full_page=True)
    lost = visit(page, first="1", rails=0)
    assert "POOL-6.14" in [f["rule"] for f in lost["fouls"]]
    assert lost["frame_over"] is True and lost["winner"] == 0
    page.wait_for_selector("#over:not([hidden])")
    assert page.inner_text("#side0 .frames").endswith("1")  # the rack counts at once
    shot(page, "score-nine-ball-rack-over-phone", full_page=True)
    assert page.errors == []
    context.close()


def test_straight_pool_inning_with_a_re_rack(server, browser, shot):
    context, page = start(browser, server, "straight-pool")
    page.fill("#target", "50")
    page.fill("#h1", "5")  # Bob's handicap: he starts on 5
    page.click("#begin")
    page.wait_for_function(IDLE)
    assert scores(page) == ["0", "5"] and "50" in page.inner_text("#rem")
    # P141-4.3: a safe break, the cue ball and two object balls to a rail
    brk = visit(page, first="1", rails=2, cue_rail=True, call="safety")
    assert brk["legal"] is True and brk["to_play"] == 1
    # Bob's inning: each visit the first ball potted is called and made, the others count
    for balls in (("1", "2", "3", "4"), ("5", "6", "7", "8"), ("9", "10", "11", "12"),
                  ("13",)):
        r = visit(page, called=(balls[0], "top-left"), first=balls[0], potted=balls)
        assert r["legal"] is True and r["to_play"] == 1
    assert scores(page) == ["0", "18"]
    # the 14th ball: the page asks what is in the way of the rack (P141-4.8)
    page.click("#calls-choice button[data-call='14']")
    page.click("#call-pocket button[data-pocket='bottom-right']")
    page.click("#first button[data-ball='14']")
    page.click("#potted button[data-ball='14']")
    page.wait_for_selector("#rerack-box:not([hidden])")
    shot(page, "score-straight-pool-re-rack-phone", full_page=True)
    rerack = visit(page, in_the_way=("15",))
    assert sent(page)["shot"]["rest"] == {"interferes": ["15"]}
    places = rerack["respotted"]
    assert places.pop("15") == "head-spot"  # P141-4.8(3)
    assert set(places.values()) == {"rack"} and len(places) == 14
    assert rerack["to_play"] == 1 and rerack["score"] == [0, 19]
    assert "Re-rack" in page.inner_text("#calls")
    assert len(objects_on_table(page)) == 15
    # the inning goes on; then a ball not as called: spotted, the inning ends (P141-4.5)
    assert visit(page, called=("3", "middle-left"), first="3", potted=("3",))["score"] == [0, 20]
    wrong = visit(page, called=("2", "top-right"), first="2", potted=("2",), went="top-left")
    assert sent(page)["shot"]["call"] == {"ball": "2", "pocket": "top-right"}
    assert sent(page)["shot"]["events"][1]["pocket"] == "top-left"
    assert wrong["respotted"] == {"2": "foot-spot"} and wrong["to_play"] == 0
    assert wrong["score"] == [0, 20]
    assert page.errors == []
    context.close()


def objects_on_table(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#first button[data-ball]')]"
                         ".map(b => b.dataset.ball)")


def test_doubles_show_who_of_the_side_is_at_the_table(server, browser, shot):
    context, page = start(browser, server, "snooker")
    page.fill("#p0b", "Cid")
    page.fill("#p1b", "Dee")
    page.click("#begin")
    page.wait_for_function(IDLE)
    assert page.inner_text("#side0 .who") == "Ann & Cid"
    assert "Ann" in page.inner_text("#side0 .member")
    visit(page, first="red")  # Ann breaks off
    assert "Bob" in page.inner_text("#side1 .member")
    visit(page, first="red")  # Bob: no pot, the turn ends
    # SNK-3.17: the order Ann, Bob, Cid, Dee
    assert "Cid" in page.inner_text("#side0 .member")
    assert page.inner_text("#side1 .member") == ""
    shot(page, "score-doubles-phone", full_page=True)
    # SNK-3.9: the pink fell by itself as Cid potted a red: it goes back, the red counts
    page.click("#first button[data-ball='red']")
    page.click("#potted button[data-ball='red']")
    page.click("#potted button[data-ball='pink']")
    page.click("#fell button[data-ball='pink']")
    fell = visit(page)
    assert sent(page)["shot"]["judgement"] == {"fell": ["pink"]}
    assert fell["legal"] is True and fell["points"] == [1, 0]
    assert fell["respotted"] == {"pink": "replaced"}
    header = page.evaluate("() => window.cuesportScore.match.header")
    assert header["players"][1] == {"name": "Bob & Dee", "members": ["Bob", "Dee"]}
    assert page.errors == []
    context.close()


def test_score_page_on_a_desktop(server, browser, shot):
    context, page = start(browser, server, "snooker-one-red", {"width": 1280, "height": 800})
    page.click("#begin")
    page.wait_for_function(IDLE)
    r = visit(page, first="red", potted=("red",))
    assert r["legal"] is True and r["respotted"] == {"red": "black-spot"}
    shot(page, "score-one-red-desktop", full_page=True)
    assert page.errors == []
    context.close()


def test_live_scoreboard_follows_two_tables(server, browser, shot):
    spectator = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    spectator.goto(server + "board")
    context, page = start(browser, server, "snooker")
    page.fill("#table", "Table 7")
    page.click("#begin")
    page.wait_for_function(IDLE)
    visit(page, first="red")
    visit(page, first="red", potted=("red",))
    visit(page, first="black", potted=("black",))
    spectator.wait_for_function(
        "() => { const b = (window.cuesportBoard.boards || []).find(x => x.name === 'Table 7');"
        " return b && b.score[1] === 8; }", timeout=10000)
    card = spectator.locator("section[data-board='Table 7']")
    assert "8" in card.inner_text() and "Bob" in card.inner_text()
    board = spectator.evaluate("() => window.cuesportBoard.boards.find(x => x.name === 'Table 7')")
    assert board["break"] == 8 and board["high"] == [0, 8] and board["to_play"] == 1
    other, page2 = start(browser, server, "nine-ball")
    page2.fill("#table", "Table 8")
    page2.click("#begin")
    page2.wait_for_function(IDLE)
    visit(page2, first="1", rails=4)
    spectator.wait_for_function(
        "() => { const b = (window.cuesportBoard.boards || []).find(x => x.name === 'Table 8');"
        " return b && b.to_play === 1; }", timeout=10000)
    shot(spectator, "board-two-tables-desktop", full_page=True)
    assert spectator.locator("section[data-board]").count() >= 2
    context.close()
    other.close()


def test_a_board_is_checked_strictly(server):
    import json as _json
    import urllib.error
    import urllib.request

    body = {"discipline": "snooker", "players": ["Ann", "Bob"], "score": ["5", 8],
            "frames": [0, 0], "break": 0, "to_play": 0}
    req = urllib.request.Request(server + "api/boards/T1", method="PUT",
                                 data=_json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req)
    assert err.value.code == 422


@pytest.fixture
def stored(tmp_path) -> Iterator[tuple[str, object]]:
    """A server of its own, with its store: what the page leaves in the database."""
    from cuesport.storage import Store
    from cuesport.web import create_app

    store = Store(f"sqlite:///{tmp_path / 'web.db'}")
    yield from ((url, store) for url in serve_in_thread(create_app(store)))
    store.close()


def counted(store) -> list[dict]:
    """The stored sessions ``cuesport stats`` counts (one frame each)."""
    import json

    return [json.loads(text) for _, text, _ in store.referee_records()]


def test_undo_and_a_language_switch_leave_one_counted_frame(stored, browser):
    server, store = stored
    context, page = start(browser, server, "nine-ball")
    page.click("#begin")
    page.wait_for_function(IDLE)
    visit(page, first="1", rails=4)
    visit(page, first="4", rails=1)  # a foul, then undone
    first = page.evaluate("() => window.cuesportScore.match.sid")
    page.click("#undo")
    page.wait_for_function(IDLE + " && window.cuesportScore.match.sid")
    assert [len(r["actions"]) for r in counted(store)] == [1]  # the undone one is not counted
    page.click("#lang")
    page.wait_for_function(IDLE + " && window.cuesportScore.match.sid")
    (rec,) = counted(store)
    assert len(rec["actions"]) == 1
    second = page.evaluate("() => window.cuesportScore.match.sid")
    assert second != first
    assert page.request.get(f"{server}api/referee/sessions/{first}/record").status == 410
    assert page.errors == []
    context.close()


def test_a_refused_visit_409_is_never_lost(stored, browser, shot):
    server, store = stored
    _context, page = start(browser, server, "nine-ball")
    page.click("#begin")
    page.wait_for_function(IDLE)
    visit(page, first="1", rails=4)
    refused = {"error": "referee session was fed elsewhere first; nothing was changed"}
    # another writer won the race, but the stored frame is the page's: sent again
    page.route("**/actions?*", lambda route: route.fulfill(status=409, json=refused), times=1)
    assert visit(page, first="4", rails=1)["fouls"][0]["rule"] == "POOL-6.2"
    assert [len(r["actions"]) for r in counted(store)] == [2]
    # the stored frame moved elsewhere: the visit stays queued, held, with a message
    page.route("**/actions?*", lambda route: route.fulfill(status=409, json=refused), times=1)
    page.route("**/record?*", lambda route: route.fulfill(
        status=200, json={"actions": ["someone else's"]}), times=1)
    page.click("#first button[data-ball='1']")
    page.click("#enter")
    page.wait_for_selector("#resend:not([hidden])")
    m = page.evaluate("() => window.cuesportScore.match")
    assert len(m["queue"]) == 1 and m["held"] and len(m["actions"]) == 2
    assert "another page" in page.inner_text("#error")
    shot(page, "score-conflict-held-phone", full_page=True)
    page.click("#resend")  # the marker sends it again: the page's frame replaces the other
    page.wait_for_function(IDLE)
    assert len(page.evaluate("() => window.cuesportScore.match.actions")) == 3
    assert page.inner_text("#error") == "" and page.is_hidden("#resend")
    assert [len(r["actions"]) for r in counted(store)] == [3]


def flag_shot(shot, page, name: str) -> None:
    """Screenshots of the rest-fact controls, en and ru, for a look by eye."""
    shot(page, f"score-flags-{name}", full_page=True)


def both_languages(shot, page, name: str) -> None:
    flag_shot(shot, page, f"{name}-en")
    page.click("#lang")
    page.wait_for_function(IDLE)
    flag_shot(shot, page, f"{name}-ru")
    page.click("#lang")
    page.wait_for_function(IDLE)


def test_snooker_touching_ball_and_a_free_ball_that_snookers(server, browser, shot):
    """SNK-3.8: the touching ball goes in as rest.touching; SNK-3.10(b)(ii): after a free
    ball the marker names the snookering ball (rest.snookered_by) and the referee fouls it."""
    context, page = start(browser, server, "snooker")
    page.click("#begin")
    page.wait_for_function(IDLE)
    assert page.is_hidden("#snookered-by-box")  # no free ball: not asked
    page.click("#first button[data-ball='red']")
    page.click("#touching button[data-ball='red']")
    both_languages(shot, page, "snooker-touching")
    assert page.inner_text("#touching-box h3") == "Touching the cue ball at rest"
    brk = visit(page)
    assert sent(page)["shot"]["rest"] == {"touching": {"cue": ["red1"]}}
    assert "Touching ball" in page.inner_text("#calls") and brk["to_play"] == 1
    away = visit(page, first="red")  # Bob plays away from the touching red
    assert away["legal"] is True and away["to_play"] == 0
    foul = visit(page, first="blue", flags=("snookered",))
    assert foul["free_ball"] is True
    decide(page, "Play")
    page.click("#first button[data-ball='green']")
    page.wait_for_selector("#snookered-by-box:not([hidden])")
    page.click("#snookered-by button[data-ball='green']")
    both_languages(shot, page, "snooker-snookered-by")
    free = visit(page)
    assert sent(page)["shot"]["rest"] == {"snookered_by": ["green"]}
    assert [f["rule"] for f in free["fouls"]] == ["SNK-3.12(a)(vii)"]
    assert page.errors == []
    context.close()


def test_pool_spot_request_and_a_frozen_ball(server, browser, shot):
    """POOL-1.5: a scratch leaves every object ball behind the head string: the marker says
    so, the referee offers the spot, the marker names the ball; POOL-6.7 rest.touching."""
    context, page = start(browser, server, "straight-pool")
    page.click("#begin")
    page.wait_for_function(IDLE)
    visit(page, first="1", rails=2, cue_rail=True, call="safety")
    assert page.is_hidden("#kitchen-box")  # asked only when the cue ball is potted
    page.click("#first button[data-ball='1']")
    page.click("#potted button[data-ball='cue']")
    page.wait_for_selector("#kitchen-box:not([hidden])")
    assert page.is_hidden("#touching-box")  # the cue ball is off the table
    page.click("#all-behind")
    both_languages(shot, page, "pool-behind-head-string")
    scratch = visit(page)
    assert sent(page)["shot"]["rest"]["behind_head_string"] == [str(n) for n in range(1, 16)]
    assert "spot-ball" in scratch["options"] and scratch["to_play"] == 0
    page.wait_for_selector("#spot-box:not([hidden])")
    assert page.is_hidden("#decisions button:text-is('Spot ball')")
    both_languages(shot, page, "pool-spot-ball")
    page.click("#spot-balls button[data-ball='12']")
    page.wait_for_function(IDLE)
    assert sent(page) == {"decision": {"player": 0, "choice": "spot-ball", "ball": "12"}}
    spotted = ruling(page)
    assert spotted["respotted"] == {"12": "foot-spot"} and page.is_hidden("#spot-box")
    page.click("#first button[data-ball='3']")
    page.click("#touching button[data-ball='5']")
    flag_shot(shot, page, "pool-touching-en")
    visit(page, call="safety")
    assert sent(page)["shot"]["rest"] == {"touching": {"cue": ["5"]}}
    assert page.errors == []
    context.close()


def test_eight_ball_rack_with_called_pockets(server, browser, shot):
    """POOL-1.6, P8-3.5: the call (ball and pocket) is tapped before the stroke, and where the
    called ball went (one tap: the called pocket); every other pot is "unknown"."""
    context, page = start(browser, server, "eight-ball")
    page.click("#begin")
    page.wait_for_function(IDLE)
    brk = visit(page, first="1", rails=4, cue_rail=True)  # P8-3.3: an open break
    assert brk["legal"] is True and brk["to_play"] == 1
    page.click("#potted button[data-ball='9']")  # a pot without a call: the page says so
    page.wait_for_selector("#no-call:not([hidden])")
    page.click("#potted button[data-ball='9']")
    assert page.is_hidden("#no-call")
    visit(page, first="9", rails=1)  # Bob: nothing
    # Ann calls the 1 in the top-right pocket: it goes there (the default), the 10 too
    page.click("#calls-choice button[data-call='1']")
    assert page.is_disabled("#enter")  # a called ball needs its pocket
    page.click("#call-pocket button[data-pocket='top-right']")
    page.click("#first button[data-ball='1']")
    page.click("#potted button[data-ball='1']")
    page.click("#potted button[data-ball='10']")
    page.wait_for_selector("#went-in-box:not([hidden])")
    assert "sel" in page.get_attribute("#went-in button[data-pocket='top-right']", "class")
    both_languages(shot, page, "eight-ball-called-pocket-phone")
    made = visit(page)
    assert sent(page)["shot"]["call"] == {"ball": "1", "pocket": "top-right"}
    assert [e.get("pocket") for e in sent(page)["shot"]["events"]] == [
        None, "top-right", "unknown"]
    assert made["legal"] is True and made["to_play"] == 0
    assert made["groups"] == ["solids", "stripes"]
    # the 2 called in the middle-left goes into the bottom-left: not as called, turn over
    page.click("#calls-choice button[data-call='2']")
    page.click("#call-pocket button[data-pocket='middle-left']")
    page.click("#first button[data-ball='2']")
    page.click("#potted button[data-ball='2']")
    page.click("#went-in button[data-pocket='bottom-left']")
    shot(page, "score-eight-ball-other-pocket-phone", full_page=True)
    other = visit(page)
    assert sent(page)["shot"]["events"][1]["pocket"] == "bottom-left"
    assert other["to_play"] == 1 and "2" not in other["state"]["balls"]
    visit(page, first="11", rails=1)  # Bob: nothing
    # Ann: the 3 called and made, the 4 to 7 fall too: the group is cleared
    r = visit(page, called=("3", "bottom-right"), first="3", potted=("3", "4", "5", "6", "7"))
    assert r["to_play"] == 0 and r["legal"] is True
    # the eight in the called pocket wins the rack
    won = visit(page, called=("8", "top-left"), first="8", potted=("8",))
    assert sent(page)["shot"]["events"][1] == {"t": 1, "pot": "8", "pocket": "top-left"}
    assert won["frame_over"] is True and won["winner"] == 0
    assert page.is_visible("#over")
    both_languages(shot, page, "eight-ball-won-phone")
    assert page.errors == []
    context.close()


def test_called_pockets_on_a_desktop(server, browser, shot):
    context, page = start(browser, server, "ten-ball", {"width": 1280, "height": 800})
    page.click("#begin")
    page.wait_for_function(IDLE)
    visit(page, first="1", rails=4, cue_rail=True)
    page.click("#calls-choice button[data-call='2']")
    page.click("#call-pocket button[data-pocket='middle-right']")
    page.click("#first button[data-ball='1']")
    page.click("#potted button[data-ball='2']")
    both_languages(shot, page, "ten-ball-called-pocket-desktop")
    assert page.errors == []
    context.close()


def test_snooker_safety_intent_counts_in_stats(server, browser, shot):
    """The marker's "played safe": shot.safety in the record (a fact no rule reads), counted
    by the stats with whether it worked."""
    context, page = start(browser, server, "snooker")
    page.click("#begin")
    page.wait_for_function(IDLE)
    visit(page, first="red")  # break-off
    page.click("#played-safe")
    flag_shot(shot, page, "snooker-played-safe-en")
    visit(page, first="red")
    assert sent(page)["shot"]["safety"] is True
    visit(page, first="red")  # Ann's reply pots nothing: Bob's safety worked
    sid = page.evaluate("() => window.cuesportScore.match.sid")
    stats = page.evaluate(f"async () => (await fetch('/api/referee/sessions/{sid}/stats')).json()")
    bob = next(p for p in stats["players"] if p["name"] == "Bob")
    assert (bob["safeties"], bob["safeties_won"], bob["pot_attempts"]) == (1, 1, 0)
    assert page.errors == []
    context.close()
