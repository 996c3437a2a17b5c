"""The trace families glance_*, turn_*, move_* and drop_* (and move_*/drop_* of the second gait)."""

from .shapes import *  # noqa: F401,F403
from .bodies import *  # noqa: F401,F403
from .script import *  # noqa: F401,F403


def glances(out, rnd):
    """18 files x 16 glances = 288 glances (72 deep: 80-90 degrees)."""
    plan = [(40, 400), (55, 700), (70, 1000), (80, 1200), (90, 600), (85, 900), (60, 1200), (90, 1200),
            (45, 1200), (65, 500), (75, 800), (90, 400), (50, 900), (70, 1200), (80, 700), (88, 1100)]
    for start, toward in (("portrait", 1), ("portrait", -1), ("landscapeLeft", -1)):
        for rate in (10, 50, 100):
            for tremor in (False, True):
                sc = Script(POSE_PHI[start], rnd.uniform(5, 25))
                sc.hold(2500)
                for i, (amp, ms) in enumerate(plan):
                    # stop-and-go only up to 70 degrees: deeper ones that stop at the axis are turns
                    shape = stop_and_go if (i % 2 and amp <= 70) else raised_cosine if i % 4 == 3 else bump
                    sc.glance(toward * amp, ms, shape)
                    sc.hold(rnd.uniform(2000, 3000))
                name = f"glance_{start}_{'ccw' if toward > 0 else 'cw'}_{rate}hz_{'tremor' if tremor else 'steady'}"
                rows = render(sc, rate, rnd, Hand(rnd, tremor))
                write(out, name, rows, sc, f"{len(plan)} glances from {start}, {rate} Hz")


def turns(out, rnd):
    for rate in (10, 50, 100):
        for tremor in (False, True):
            sc = Script(0.0, rnd.uniform(10, 25))
            sc.hold(3000)
            for i in range(14):
                target = rnd.choice([p for p in POSE_PHI if p != pose_of(sc.phi)])
                d = ((POSE_PHI[target] - sc.phi) + 180) % 360 - 180
                if abs(d) > 179:
                    d = 180 if rnd.random() < 0.5 else -180
                d += rnd.uniform(-8, 8)  # where the hand ends is not exactly on the axis
                ms = rnd.uniform(300, 1400) * (1.3 if abs(d) > 120 else 1)
                sc.turn(d, ms, overshoot=rnd.uniform(3, 8) if i % 3 == 2 else 0)
                sc.beta = rnd.uniform(5, 25)
                sc.hold(rnd.uniform(2500, 4500), event=1)
            name = f"turn_{rate}hz_{'tremor' if tremor else 'steady'}"
            write(out, name, render(sc, rate, rnd, Hand(rnd, tremor)), sc, f"rotations, {rate} Hz")


def moving(out, rnd):
    for kind in ("walk", "run", "stairs", "cycle", "car", "bus"):
        for rate in (10, 50, 100):
            act = Activity(kind, rnd)
            sc = Script(0.0 if kind != "car" else 90.0, rnd.uniform(10, 30))
            sc.hold(3000)
            moving_from = sc.t
            sc.hold(4000, kind="keep", tag=kind)
            for i in range(8):
                d = rotation_to_new_pose(sc, rnd, 6)
                sc.turn(d, rnd.uniform(400, 1200), tag=kind + "-rotate")
                sc.hold(rnd.uniform(4000, 7000), kind="keep", tag=kind, event=1)
            moving_to = sc.t
            sc.hold(3000)
            name = f"move_{kind}_{rate}hz"
            rows = render(sc, rate, rnd, Hand(rnd, True), lambda t: act if moving_from <= t < moving_to else None)
            write(out, name, rows, sc, f"{kind} with rotations, {rate} Hz")


def rotation_to_new_pose(sc, rnd, jitter=0.0):
    """Degrees from the script's in-plane angle to another edge pose, drawn at random, plus up
    to +-jitter where the hand stops."""
    target = rnd.choice([p for p in ("portrait", "landscapeLeft", "landscapeRight") if p != pose_of(sc.phi)])
    d = ((POSE_PHI[target] - sc.phi) + 180) % 360 - 180
    return d + rnd.uniform(-jitter, jitter) if jitter else d


def dropout_script(rnd, walking, profile=minimum_jerk):
    """8 rotations, each with a 0.4-1.2 s dropout in its middle, between holds."""
    sc = Script(0.0, rnd.uniform(10, 25))
    sc.hold(3000)
    for i in range(8):
        d = rotation_to_new_pose(sc, rnd)
        sc.turn(d, rnd.uniform(500, 1200), gap=rnd.uniform(400, 1200), profile=profile)
        sc.hold(rnd.uniform(3500, 5000), kind="keep" if walking else "hold", tag="walk" if walking else "hand", event=1)
    return sc


def dropouts(out, rnd):
    for walking in (False, True):
        for rate in (10, 50, 100):
            act = Activity("walk", rnd)
            sc = dropout_script(rnd, walking)
            name = f"drop_{'walk' if walking else 'hand'}_{rate}hz"
            rows = render(sc, rate, rnd, Hand(rnd, True), (lambda t: act) if walking else None)
            write(out, name, rows, sc, f"rotations with dropouts, {rate} Hz")


def moving_gait2(out, rnd):
    """move_* from the second model: walking, running, stairs and cycling with 8 rotations each
    (tanh profile, 0.35-1.2 s, the lean changing by up to 15 degrees), and drop_walk_*."""
    for kind in ("walk", "run", "stairs", "cycle"):
        for rate in (10, 50, 100):
            gait = Gait2(kind, rnd)
            sc = Script(0.0, rnd.uniform(10, 30))
            sc.hold(3000)
            moving_from = sc.t
            sc.hold(4000, kind="keep", tag=kind)
            for i in range(8):
                d = rotation_to_new_pose(sc, rnd, 8)
                lean = max(5 - sc.beta, min(35 - sc.beta, rnd.uniform(-15, 15)))
                sc.turn(d, rnd.uniform(350, 1200), tag=kind + "-rotate", profile=tanh_turn, dbeta=lean)
                sc.hold(rnd.uniform(3500, 6500), kind="keep", tag=kind, event=1)
            moving_to = sc.t
            sc.hold(3000)
            rows = render(sc, rate, rnd, Hand(rnd, True), lambda t: gait if moving_from <= t < moving_to else None,
                          Chip(rnd))
            write(out, f"move_{kind}_{rate}hz", rows, sc, f"gait2 {kind} with rotations, {rate} Hz")
    for rate in (10, 50, 100):
        gait = Gait2("walk", rnd)
        sc = dropout_script(rnd, True, tanh_turn)
        rows = render(sc, rate, rnd, Hand(rnd, True), lambda t: gait, Chip(rnd))
        write(out, f"drop_walk_{rate}hz", rows, sc, f"gait2 rotations with dropouts while walking, {rate} Hz")
