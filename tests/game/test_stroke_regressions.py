"""Single strokes a bot match played that the match loop once refused, replayed in
isolation: the exact position and the exact (noisy) stroke, through the game loop."""

from __future__ import annotations

from cuesport.bots.moves import Strike
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Stroke, simulate

# bench/bots.py --disciplines snooker --levels strong --frames 10 --seed 2, frame 3: the
# position before the stroke that stopped the bench ("after: balls 'red6' and 'cue'
# overlap"); the strong bot played at red6 with screw
SEED2_FRAME3 = {
    "black": (889.0, 3245.0),
    "blue": (889.0, 1784.5),
    "brown": (889.0, 737.0),
    "cue": (1428.6395378515717, 3147.1116704451742),
    "green": (597.0, 737.0),
    "pink": (887.3007236294866, 2653.3534601131014),
    "red1": (879.5475024147095, 2726.992669724025),
    "red10": (1023.9879747837017, 2827.4509344487933),
    "red12": (1735.3056929149539, 2078.1751463542982),
    "red13": (864.9925697132891, 2922.628437768244),
    "red14": (966.0140656435773, 2890.4399896504237),
    "red3": (927.9465387223901, 2753.198995568377),
    "red4": (797.9472215178058, 2821.8735317921632),
    "red5": (823.2712483179752, 2745.383246268906),
    "red6": (1059.5052119154554, 2737.2768281365998),
    "red7": (796.647096178138, 2875.2484954918555),
    "red8": (851.5288331255322, 2871.8366703904358),
    "red9": (905.0612943339471, 2879.6846084616745),
    "yellow": (320.61046523817674, 314.07414697099665),
}
SEED2_STROKE = Stroke(-134.34325804272487, 2.0886181634771366, -0.013411328457590686,
                      -0.5853402228939437, 0.0, cue_ball="cue")


def test_snk_3_9_c_a_slow_red_off_two_cushions_is_potted_not_put_back_under_the_cue_ball(
        ) -> None:
    start = {"balls": {k: list(v) for k, v in SEED2_FRAME3.items()}, "to_play": 1}
    m = Match("snooker", [Human("Ann"), Human("Bob")], start=start)
    shot = simulate(m.table, SEED2_FRAME3, SEED2_STROKE, record=False)
    # the premise: red6 rolls the length of the table and drops off two cushions more
    # than 5 s (the referee's wait) after the other balls' last contact, and the cue ball stops
    # where red6 was
    pot = next(e for e in shot.events if e.get("pot") == "red6")
    others = [e["t"] for e in shot.events if "red6" not in e.get("hit", ())
              and e.get("cushion") != "red6" and e.get("cross") != "red6" and "pot" not in e]
    assert pot["t"] - max(others) > 5.0
    assert shot.events[-2] == {"t": shot.events[-2]["t"], "cushion": "red6"}
    s = m.play(Strike(SEED2_STROKE, kind="pot", target="red6"), 1)
    # SNK-3.9(c): a ball still rolling (its own cushion just before the drop) did not
    # balance on the lip: it is potted and scores, the break goes on
    assert s.ruling["legal"] and s.ruling["points"] == [0, 1]
    assert "red6" not in m.state.balls and m.to_play == 1
