"""Gait4: a fourth motion model, written apart from families.py, Gait2 and gait3 (physics in
gait4_body.py, the script and truth in gait4_plan.py). Rigid-body kinematics of a device turned
about a grip that is not at the chip; a hand on a compliant arm whose bounce the wrist partly
undoes; running from the ground reaction force (flight phase near 0 g, 2-3 g at mid-stance,
clipped by a +-2 g chip); a phone swinging in the hanging hand (a pendulum from the shoulder) and
lifted to be read; a car over potholes and speed bumps, braking and cornering; a tram's sway and
braking; chips with gain, cross-axis, misalignment, bias, 12/14 bit and a low-pass; 10 Hz polled
and 12.5-200 Hz buffered."""
import math

from .gait4_body import running, walking
from .gait4_plan import Plan, pose_of, render, write
from .glance_drops import GLANCE_GAP_MS, gap_at, note, places

EDGE = ("portrait", "landscapeLeft", "landscapeRight")


def beta_for(rnd, phi):
    """Back tilt of a device held to be read: more for portrait than for landscape."""
    return rnd.uniform(12, 26) if pose_of(phi) in ("portrait", "portraitUpsideDown") else rnd.uniform(8, 20)


def next_turn(rnd, phi):
    """A rotation to another edge pose (rarely upside down): its angle, and a duration for it
    (0.3-1.5 s; half turns take at least 0.5 s)."""
    here = pose_of(phi)
    poses = [p for p in EDGE if p != here] + (["portraitUpsideDown"] if here != "portraitUpsideDown" and rnd.random() < 0.15 else [])
    target = rnd.choice(poses)
    d = ({"portrait": 0, "landscapeLeft": 90, "landscapeRight": -90, "portraitUpsideDown": 180}[target] - phi + 180) % 360 - 180
    if abs(abs(d) - 180) < 1:
        d = rnd.choice((180, -180))
    return d, rnd.uniform(0.5 if abs(d) > 135 else 0.3, 1.5) * 1000


def turns_while(rnd, plan, n, kind, tag, gaps=False):
    for _ in range(n):
        d, ms = next_turn(rnd, plan.phi)
        gap = rnd.uniform(400, 1200) if gaps else None
        over = rnd.uniform(4, 10) if rnd.random() < 0.3 and not gaps else 0.0
        if over:
            ms = max(300, ms / 1.35)  # the correction is part of the 0.3-1.5 s
        plan.turn(d, ms, tag + "-rotate" if not gaps else "move", over, gap, beta_for(rnd, plan.phi + d))
        plan.hold(rnd.uniform(3500, 6000), kind, tag, 1)


def start(rnd, phi=0.0, beta=None):
    return Plan(rnd, phi, beta if beta is not None else beta_for(rnd, phi))


def glances_gait4(out, rnd):
    """Glances from portrait or landscape, standing or walking: 40-90 degrees out and back in
    0.4-1.2 s, skewed (out faster than back or the reverse), about a grip 3-6 cm from the chip."""
    for pose, walk, rate in (("portrait", False, 50), ("portrait", True, 10), ("landscapeLeft", False, 12.5),
                             ("landscapeLeft", True, 100), ("portrait", True, 25), ("landscapeLeft", False, 200)):
        glance_trace(out, rnd, pose, walk, rate)


def glance_drops_gait4(out, rnd):
    """glance_drop_*: glances as glances_gait4's (0.4-1.2 s), each with a 0.1-0.8 s dropout
    before its apex, across it or on the way back (motion_sim/glance_drops.py), at 10, 25, 50
    and 100 Hz, from portrait standing and from landscapeLeft walking."""
    for pose, walk in (("portrait", False), ("landscapeLeft", True)):
        for rate in (10, 25, 50, 100):
            glance_trace(out, rnd, pose, walk, rate, drops=True)


def glance_trace(out, rnd, pose, walk, rate, drops=False):
    """16 glances toward one side; with drops, each with a dropout (glance_drops.gap_at)."""
    plan = start(rnd, {"portrait": 0, "landscapeLeft": 90}[pose])
    kind, tag = ("keep", "walk") if walk else ("hold", "hand")
    plan.hold(2500, kind, tag)
    side = rnd.choice((1, -1))
    for place in places(rnd, 16) if drops else [None] * 16:
        t0, amp, ms = plan.t, side * rnd.uniform(40, 90), rnd.uniform(400, 1200)
        skew = rnd.uniform(0.7, 1.4)
        plan.glance(amp, ms, skew)
        if drops:
            # the apex: where the skewed time reaches its middle
            gap = gap_at(rnd, t0, t0 + ms * 0.5 ** (1 / skew), t0 + ms, place, rnd.uniform(*GLANCE_GAP_MS))
            plan.gaps.append(gap)
            plan.truth[-1][-1] += " " + note(place, gap, t0)
        plan.hold(rnd.uniform(1800, 2800), kind, tag)
    torso = walking(rnd, int(plan.t) + 10)[0] if walk else None
    rows, up, _ = render(plan, rnd, rate, torso)
    name = f"glance_{'drop_' if drops else ''}{pose}_{'walk' if walk else 'stand'}_{rate_name(rate)}"
    write(out, name, rows, plan, up, f"16 glances{' with dropouts' if drops else ''} from {pose}, "
          f"{'walking' if walk else 'standing'}, {rate} Hz")


def turns_gait4(out, rnd):
    """Deliberate turns standing: the chip 3-6 cm off the forearm's axis, so a fast half turn
    adds up to ~1 g of centripetal and tangential acceleration mid-turn."""
    for rate in (10, 50, 200):
        plan = start(rnd)
        plan.hold(3000)
        turns_while(rnd, plan, 7, "hold", "hand")
        rows, up, _ = render(plan, rnd, rate)
        write(out, f"turn_{rate_name(rate)}", rows, plan, up, f"turns standing, {rate} Hz")


def moving_gait4(out, rnd):
    for rate in (10, 25, 100):
        walk_trace(out, rnd, rate)
        run_trace(out, rnd, rate)
    for rate in (12.5, 50):
        swing_trace(out, rnd, rate)
        stairs_trace(out, rnd, rate, rnd.choice((1, -1)))
    for rate in (10, 50, 100):
        vehicle_trace(out, rnd, rate, "car")
    for rate in (25, 100):
        vehicle_trace(out, rnd, rate, "bus")


def dropouts_gait4(out, rnd):
    """Turns with a 0.4-1.2 s gap in the samples that starts 10-70 % into the turn (often
    reaching past its end), standing and walking."""
    for walk, rate in ((False, 10), (False, 100), (True, 25), (True, 50)):
        plan = start(rnd)
        plan.hold(3000)
        turns_while(rnd, plan, 6, "keep" if walk else "hold", "walk" if walk else "hand", gaps=True)
        rows, up, _ = render(plan, rnd, rate, on_foot(rnd, plan, 3000) if walk else None)
        write(out, f"drop_{'walk' if walk else 'hand'}_{rate_name(rate)}", rows, plan, up, f"turns with dropouts, {rate} Hz")


def rate_name(rate):
    return f"{rate:g}hz".replace(".", "p")


def on_foot(rnd, plan, from_ms, stairs=0):
    """The trunk's acceleration walking from from_ms on, still before it."""
    gait = walking(rnd, int(plan.t) + 10, stairs)[0]
    return lambda t: gait(t) if t >= from_ms else (0.0, 0.0, 0.0)


def walk_trace(out, rnd, rate):
    plan = start(rnd, rnd.choice((0, 90, -90)))
    plan.hold(3000)
    plan.hold(4000, "keep", "walk")
    turns_while(rnd, plan, 6, "keep", "walk")
    rows, up, _ = render(plan, rnd, rate, on_foot(rnd, plan, 3000))
    write(out, f"move_walk_{rate_name(rate)}", rows, plan, up, f"walking, reading, turns, {rate} Hz")


def run_trace(out, rnd, rate):
    plan = start(rnd, rnd.choice((0, 90, -90)))
    plan.hold(3000)
    plan.hold(4000, "keep", "run")
    turns_while(rnd, plan, 6, "keep", "run")
    base, _ = running(rnd, int(plan.t) + 10)
    torso = lambda t: base(t) if t >= 3000 else (0.0, 0.0, 0.0)  # noqa: E731
    rows, up, chip = render(plan, rnd, rate, torso, arm_hz=(3.0, 3.5, 5.0))
    write(out, f"move_run_{rate_name(rate)}", rows, plan, up, f"running, {chip.range_g} g chip, turns, {rate} Hz")


def swing_trace(out, rnd, rate):
    """Walking with the phone in the hand swinging at the side (a pendulum at the stride
    frequency: the top edge down), lifted to be read and turned, and lowered again."""
    plan = start(rnd)
    plan.hold(3000)
    gait, step_hz = walking(rnd, 150000)
    plan.stride_hz = step_hz / 2
    for _ in range(3):
        plan.lower_or_raise(rnd.uniform(700, 1300), "walk-rotate")
        plan.hold(rnd.uniform(4000, 6000), "keep", "walk", 1)
        plan.lower_or_raise(rnd.uniform(700, 1300), "walk-rotate", 0.0, beta_for(rnd, 0))
        plan.hold(rnd.uniform(3500, 5000), "keep", "walk", 1)
        turns_while(rnd, plan, 1, "keep", "walk")
        if pose_of(plan.phi) != "portrait":
            plan.turn(-plan.phi, rnd.uniform(400, 1200), "walk-rotate")
            plan.hold(rnd.uniform(3500, 5000), "keep", "walk", 1)
    rows, up, _ = render(plan, rnd, rate, lambda t: gait(t) if t >= 1500 else (0.0, 0.0, 0.0))
    write(out, f"move_walk_swing_{rate_name(rate)}", rows, plan, up, f"phone swinging in the hand, lifted to read, {rate} Hz")


def stairs_trace(out, rnd, rate, way):
    plan = start(rnd, rnd.choice((0, 90)))
    plan.hold(3000)
    plan.hold(3000, "keep", "stairs")
    turns_while(rnd, plan, 5, "keep", "stairs")
    rows, up, _ = render(plan, rnd, rate, on_foot(rnd, plan, 3000, way))
    write(out, f"move_stairs_{'up' if way > 0 else 'down'}_{rate_name(rate)}", rows, plan, up, f"stairs, {rate} Hz")


def vehicle_trace(out, rnd, rate, what):
    """Seated in a car (road roughness, potholes, speed bumps that pitch the car, braking and
    corners) or standing in a tram (lateral sway at 0.5-1.2 Hz, rail joints, gentle braking)."""
    plan = start(rnd, rnd.choice((0, 90, -90)))
    plan.hold(3000)
    plan.hold(4000, "keep", what)
    turns_while(rnd, plan, 6, "keep", what)
    ms = int(plan.t) + 10
    events, t = [], 4000
    while t < ms:
        events.append((t, rnd.choice(("brake", "go", "corner", "pothole", "bump") if what == "car" else ("brake", "go", "sway"))))
        t += rnd.uniform(2000, 5000)
    rough = [(rnd.uniform(1, 15), rnd.uniform(0, 6.3), rnd.uniform(0.1, 0.35) * (1 if what == "car" else 0.5)) for _ in range(8)]
    side = rnd.uniform(0.5, 1.2)

    def profile(t):
        """(lateral, forward, vertical acceleration), pitch, roll of the vehicle at t ms."""
        x = sum(a * math.sin(2 * math.pi * f * t / 1000 + p) for f, p, a in rough[:3])
        y = 0.0
        z = sum(a * math.sin(2 * math.pi * f * t / 1000 + p) for f, p, a in rough[3:])
        if what == "bus":
            x += 0.35 * math.sin(2 * math.pi * side * t / 1000)
            z += 1.0 * math.exp(-((t % 900) / 12.0)) * math.sin(t % 900 / 2.0)
        pitch = roll = 0.0
        for t0, kind in events:
            u = (t - t0) / 1000
            if not 0 <= u < 4:
                continue
            w = math.sin(math.pi * u / 4) ** 2
            if kind in ("brake", "go"):
                y += (-1 if kind == "brake" else 1) * (3.5 if what == "car" else 1.3) * w
                pitch += (-1 if kind == "brake" else 1) * math.radians(1.5 if what == "car" else 0.3) * w
            elif kind == "corner":
                x += 3.0 * w
                roll += math.radians(2.0) * w
            elif kind == "sway":
                x += 0.6 * math.sin(2 * math.pi * 0.7 * u) * w
            elif kind == "pothole" and u < 0.3:
                z += -7 * math.exp(-((u - 0.03) / 0.02) ** 2) + 9 * math.exp(-((u - 0.08) / 0.025) ** 2)
            elif kind == "bump" and u < 1.0:
                z += 4 * math.sin(2 * math.pi * u / 0.5) * (u < 0.5) + 3 * math.sin(2 * math.pi * (u - 0.45) / 0.5) * (0.45 <= u < 0.95)
                pitch += math.radians(3) * math.sin(math.pi * u) ** 2
        return (x, y, z), pitch, roll
    rows, up, _ = render(plan, rnd, rate, lambda t: profile(t)[0], lambda t: profile(t)[1:],
                         arm_hz=(2.0, 2.5, 3.5) if what == "bus" else (2.5, 3.0, 4.0))
    write(out, f"move_{what}_{rate_name(rate)}", rows, plan, up, f"{what} with turns, {rate} Hz")

