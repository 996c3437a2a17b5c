#!/usr/bin/env python3
"""Writes labelled traces (<id>.csv + <id>.truth.csv, the corpus format of score.py) for tuning
the screen rule and the classifier's busy path, from the physics of a hand, a gait and a vehicle:

  glance_*   portrait (or landscape) held, then glances of 40-90 degrees toward another edge
             pose and straight back in 0.4-1.2 s. Two shapes: one smooth out-and-back movement
             (a minimum-jerk bump, or a raised cosine for the deepest and slowest: the hand
             reverses with its largest acceleration; deep ones pass within 10 degrees of the
             axis for 0.1-0.3 s), and two minimum-jerk
             halves (out, stop, back: the turning point stands still for an instant, 40-70
             degrees). 10 Hz polled with timer jitter, 50 Hz, 100 Hz; steady hand or tremor.
  turn_*     deliberate rotations (90 and 180 degrees, 0.3-1.4 s, minimum jerk, a third with a
             small overshoot corrected) between holds with tremor and sway.
  move_*     walking, running, stairs, cycling, car and bus, with rotations made while moving.
  drop_*     rotations with a sample dropout of 0.4-1.2 s in their middle, held and walking.
  buzz_*     a phone's vibration motor buzzing while it lies on a table or stands on a stand
             (pose unchanged): 150-250 Hz, seen aliased by the 50 and 100 Hz sample clock.
  shake_*    short shakes of the hand (1.5-4 cycles at 2.5-7 Hz) on top of a car's or bus's
             vibration, each followed by rotations made in the vehicle.

Device frame and gravity sign as docs/axes-and-names.md: the reading is the gravity vector minus
the linear acceleration. Attitude: in-plane angle phi (0 portrait, 90 landscapeLeft, -90
landscapeRight, 180 upside down) and back tilt beta toward faceUp. Deterministic.

    scripts/make-motion-traces.py OUTDIR [--only PREFIX] [--seed N]

Each family draws from its own random numbers, so adding one leaves the others as they were.

--seed N draws every family from other random numbers (N = 0, the default, gives the tuning
set): held-out material with the same physics, to check that nothing is fitted to one draw.
--variant gait2 writes move_* and drop_* from a second, independently written model instead
(Gait2: step-to-step timing variability, damped heel-strike ringing, braking then propulsion
fore-aft, left/right sway, harmonic arm swing; turns with a tanh speed profile that also change
the lean; a 10-bit 2 g chip with bias, gain error and quantisation), to check that the
classifier is not fitted to one generator's gait either.
"""
import math
import os
import random
import sys

G = 9.80665
POSE_PHI = {"portrait": 0.0, "landscapeLeft": 90.0, "landscapeRight": -90.0, "portraitUpsideDown": 180.0}


def minimum_jerk(s):
    s = min(1.0, max(0.0, s))
    return s * s * s * (10 - 15 * s + 6 * s * s)


def bump(s):
    """Out and back as one movement, zero speed and acceleration at both ends, peak 1 at s=0.5."""
    s = min(1.0, max(0.0, s))
    return 64 * (s * (1 - s)) ** 3


def raised_cosine(s):
    """Out and back as one movement with a sinusoidal speed: the flattest smooth turning point."""
    s = min(1.0, max(0.0, s))
    return (1 - math.cos(2 * math.pi * s)) / 2


def stop_and_go(s):
    return minimum_jerk(2 * s if s < 0.5 else 2 - 2 * s)


def direction(phi, beta):
    p, b = math.radians(phi), math.radians(beta)
    return (-math.sin(p) * math.cos(b), -math.cos(p) * math.cos(b), -math.sin(b))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(v):
    m = math.sqrt(sum(c * c for c in v))
    return tuple(c / m for c in v)


class Hand:
    """Physiological tremor (8-12 Hz, under 1 degree) and postural sway (0.5-1.5 Hz, 1-3
    degrees) on both angles, and a little linear jitter (m/s^2)."""

    def __init__(self, rnd, tremor):
        self.on = tremor
        self.f = [rnd.uniform(8, 12), rnd.uniform(8, 12), rnd.uniform(0.5, 0.9), rnd.uniform(1.0, 1.5)]
        self.a = [rnd.uniform(0.4, 0.9), rnd.uniform(0.4, 0.9), rnd.uniform(1.0, 3.0), rnd.uniform(1.0, 3.0)]
        self.p = [rnd.uniform(0, 6.3) for _ in range(4)]

    def angles(self, t):
        if not self.on:
            return 0.0, 0.0
        w = [a * math.sin(2 * math.pi * f * t + p) for a, f, p in zip(self.a, self.f, self.p)]
        return w[0] + w[2], w[1] + w[3]


class Activity:
    """Linear acceleration (up, fore-aft, lateral; m/s^2) and attitude wobble (degrees) of a
    device held while moving. Amplitudes are those measured at the hand of a walker (vertical
    2-3 m/s^2 at the step rate, heel strikes), a runner (8-12 m/s^2, impacts of 1-2 g), on stairs,
    on a bicycle (pedalling, 8-25 Hz road vibration, lean) and in a car or bus (0.05-0.3 Hz
    longitudinal and cornering accelerations of 1-3 m/s^2, 10-30 Hz vibration)."""

    SPEC = {
        # step Hz, up, impact, fore-aft, lateral, wobble phi, wobble beta, vibration, slow
        "walk": ((1.7, 2.1), 2.5, 3.0, 1.5, 0.8, 3.0, 4.0, 0.0, 0.0),
        "run": ((2.5, 3.0), 8.0, 8.0, 4.0, 2.0, 6.0, 8.0, 0.0, 0.0),
        "stairs": ((1.3, 1.7), 3.5, 4.0, 2.0, 1.0, 4.0, 5.0, 0.0, 0.0),
        "cycle": ((1.0, 1.5), 1.0, 0.0, 0.8, 0.5, 2.0, 2.0, 1.5, 1.5),
        "car": ((0.0, 0.0), 0.0, 0.0, 0.0, 0.0, 1.5, 1.5, 0.5, 2.5),
        "bus": ((0.0, 0.0), 0.0, 0.0, 0.0, 0.0, 2.0, 2.0, 0.8, 2.0),
    }

    def __init__(self, kind, rnd):
        self.kind = kind
        lo, hi = self.SPEC[kind][0]
        self.f = rnd.uniform(lo, hi) if hi else 0.0
        _, self.up, self.impact, self.fa, self.lat, self.wphi, self.wbeta, self.vib, self.slow = self.SPEC[kind]
        self.ph = [rnd.uniform(0, 6.3) for _ in range(8)]
        self.vibf = [(rnd.uniform(8, 25), rnd.uniform(0, 6.3), rnd.uniform(0.3, 1.0)) for _ in range(6)]
        self.slowf = [(rnd.uniform(0.05, 0.3), rnd.uniform(0, 6.3)) for _ in range(3)]
        self.rnd = rnd

    def at(self, t):
        f, ph = self.f, self.ph
        w = 2 * math.pi * f * t
        up = self.up * (math.sin(w + ph[0]) + 0.3 * math.sin(2 * w + ph[1]))
        if self.impact and f:
            frac = (f * t + ph[2] / 6.3) % 1.0
            up += self.impact * math.exp(-((frac * (1 / f)) / 0.03) ** 2)
        fa = self.fa * math.sin(w + ph[3])
        lat = self.lat * math.sin(w / 2 + ph[4])
        for vf, vp, va in self.vibf:
            s = self.vib * va * math.sin(2 * math.pi * vf * t + vp) / 2
            up += s
            fa += s * 0.5
        # three slow components of slow/2.5 each: at most 1.2 x slow when they coincide (car
        # 3.0, bus 2.4 m/s^2), the 1-3 m/s^2 of the description (slow/1.5 and /2 reached 5.0)
        for sf, sp in self.slowf:
            fa += self.slow * math.sin(2 * math.pi * sf * t + sp) / 2.5
            lat += self.slow * math.sin(2 * math.pi * sf * 1.3 * t + sp + 1) / 2.5
        dphi = self.wphi * math.sin(w / 2 + ph[5]) if f else self.wphi * math.sin(2 * math.pi * 0.4 * t + ph[5])
        dbeta = self.wbeta * math.sin(w + ph[6]) if f else self.wbeta * math.sin(2 * math.pi * 0.25 * t + ph[6])
        return (up, fa, lat), (dphi, dbeta)


class Gait2:
    """The second gait model (--variant gait2). Per step a period drawn around the cadence
    (+-6 %), a heel strike ringing at 20-30 Hz for about 40 ms, a push-off half sine over the
    stance, fore-aft braking then propulsion, lateral sway alternating with the foot, and an arm
    swing (pitch and roll) at the stride rate with its second harmonic. Cycling: cadence
    rocking plus band-limited road vibration (sum of 12 random tones 5-40 Hz)."""

    SPEC = {  # cadence Hz, strike m/s^2, push-off, fore-aft, lateral, swing phi deg, swing beta deg
        "walk": ((1.6, 2.0), 6.0, 2.5, 1.8, 1.0, 4.0, 5.0),
        "run": ((2.4, 3.1), 14.0, 7.0, 4.5, 2.5, 7.0, 9.0),
        "stairs": ((1.2, 1.6), 7.0, 3.5, 2.0, 1.2, 5.0, 6.0),
        "cycle": ((1.0, 1.6), 0.0, 1.2, 0.8, 1.0, 2.5, 2.0),
    }

    def __init__(self, kind, rnd):
        lo, hi = self.SPEC[kind][0]
        self.kind = kind
        _, self.strike, self.push, self.fa, self.lat, self.sphi, self.sbeta = self.SPEC[kind]
        cadence = rnd.uniform(lo, hi)
        self.steps, t = [], rnd.uniform(-0.5, 0)
        while t < 400:  # step start times, seconds
            self.steps.append(t)
            t += rnd.gauss(1 / cadence, 0.06 / cadence)
        self.ring = rnd.uniform(20, 30)
        self.ph = [rnd.uniform(0, 6.3) for _ in range(4)]
        self.tones = [(rnd.uniform(5, 40), rnd.uniform(0, 6.3), rnd.uniform(0.1, 0.4)) for _ in range(12)]

    def at(self, t):
        import bisect
        i = max(0, bisect.bisect_right(self.steps, t) - 1)
        t0, t1 = self.steps[i], self.steps[i + 1]
        u, d = t - t0, t1 - t0
        side = 1 if i % 2 else -1
        up = self.strike * math.exp(-u / 0.012) * math.cos(2 * math.pi * self.ring * u)
        up += self.push * math.sin(math.pi * u / d) - self.push * 2 / math.pi
        fa = self.fa * math.sin(2 * math.pi * u / d)
        lat = side * self.lat * math.sin(math.pi * u / d)
        stride = (i + u / d) / 2  # strides elapsed
        w = 2 * math.pi * stride
        dphi = self.sphi * (math.sin(w + self.ph[0]) + 0.35 * math.sin(2 * w + self.ph[1]))
        dbeta = self.sbeta * (math.sin(2 * w + self.ph[2]) + 0.3 * math.sin(w + self.ph[3]))
        if self.kind == "cycle":
            for f, p, a in self.tones:
                up += 2 * a * math.sin(2 * math.pi * f * t + p)
        return (up, fa, lat), (dphi, dbeta)


def tanh_turn(s):
    """A turn whose speed follows a tanh profile (sharper start and stop than minimum jerk)."""
    s = min(1.0, max(0.0, s))
    return (math.tanh(6 * (s - 0.5)) / math.tanh(3) + 1) / 2


class Chip:
    """A 10-bit accelerometer at +-2 g: per-axis bias, gain error, quantisation."""

    def __init__(self, rnd):
        self.bias = [rnd.uniform(-0.3, 0.3) for _ in range(3)]
        self.gain = [rnd.uniform(0.97, 1.03) for _ in range(3)]
        self.lsb = 4 * G / 1024

    def read(self, v):
        return tuple(round((c * k + b) / self.lsb) * self.lsb for c, k, b in zip(v, self.gain, self.bias))


class Script:
    """A timeline of attitude segments; each returns (phi, beta) at a time."""

    def __init__(self, phi, beta):
        self.segments = []  # (start, end, fn)
        self.t = 0.0
        self.phi, self.beta = phi, beta
        self.truth = []  # (start, end, kind, expected, event, tag, note)
        self.gaps = []

    def hold(self, ms, kind="hold", tag="hand", event=0):
        phi, beta = self.phi, self.beta
        self.segments.append((self.t, self.t + ms, lambda t: (phi, beta)))
        self.truth.append([self.t, self.t + ms, kind, pose_of(phi), event, tag])
        self.t += ms

    def turn(self, dphi, ms, overshoot=0.0, tag="move", gap=None, profile=minimum_jerk, dbeta=0.0):
        p0, b = self.phi, self.beta
        p1 = p0 + dphi
        sign = 1 if dphi > 0 else -1

        def fn(t, t0=self.t):
            s = (t - t0) / ms
            a = p0 + dphi * profile(s)
            if overshoot:
                a += sign * overshoot * bump(min(1.0, max(0.0, (s - 0.7) / 0.6)))
            return a, b + dbeta * profile(s)
        end = self.t + ms + (0.3 * ms if overshoot else 0)
        self.segments.append((self.t, end, fn))
        self.truth.append([self.t, end, "transition", "", 0, tag])
        if gap:
            mid = self.t + ms / 2 - gap / 2
            self.gaps.append((mid, mid + gap))
        self.t = end
        self.phi = p1
        self.beta = b + dbeta

    def glance(self, dphi, ms, shape):
        p0, b = self.phi, self.beta

        def fn(t, t0=self.t):
            return p0 + dphi * shape((t - t0) / ms), b
        self.segments.append((self.t, self.t + ms, fn))
        self.truth.append([self.t, self.t + ms, "transition", "", 0, "glance"])
        self.t += ms

    def attitude(self, t):
        for s, e, fn in self.segments:
            if s <= t < e:
                return fn(t)
        return self.phi, self.beta


def pose_of(phi):
    phi = (phi + 180) % 360 - 180
    return min(POSE_PHI, key=lambda k: abs(((phi - POSE_PHI[k]) + 180) % 360 - 180))


def render(script, rate_hz, rnd, hand, activity_at=None, chip=None, extra=None):
    """Samples of the script at rate_hz (10 Hz: polled with +-8 ms timer jitter); `extra`
    adds an acceleration in the device frame (a vibration motor)."""
    period = 1000.0 / rate_hz
    jitter = 8.0 if rate_hz <= 10 else 0.3
    rows, t, last = [], rnd.uniform(0, period), -1
    while t < script.t:
        stamp = max(int(round(t + rnd.uniform(-jitter, jitter))), last + 1)
        t += period
        if any(a <= stamp < b for a, b in script.gaps):
            continue
        last = stamp
        s = stamp / 1000.0
        phi, beta = script.attitude(stamp)
        tp, tb = hand.angles(s)
        lin = (0.0, 0.0, 0.0)
        act = activity_at(stamp) if activity_at else None
        if act:
            lin, (wp, wb) = act.at(s)
            tp, tb = tp + wp, tb + wb
        g = direction(phi + tp, beta + tb)
        h1 = norm(tuple(z - gz * g[2] for z, gz in zip((0, 0, 1), g))) if abs(g[2]) < 0.99 else (1, 0, 0)
        h2 = cross(g, h1)
        noise = 0.15 if hand.on else 0.0
        v = [(G + lin[0]) * g[i] + lin[1] * h1[i] + lin[2] * h2[i] + rnd.gauss(0, 0.03) + rnd.gauss(0, noise)
             for i in range(3)]
        if extra:
            v = [c + e for c, e in zip(v, extra.at(s))]
        rows.append((stamp, *(chip.read(v) if chip else v)))
    return rows


def write(out, name, rows, script, header):
    with open(os.path.join(out, name + ".csv"), "w") as f:
        f.write(f"# orientd tuning trace: scripts/make-motion-traces.py: {header}\nt_ms,x,y,z\n")
        for r in rows:
            f.write("%d,%.4f,%.4f,%.4f\n" % r)
    with open(os.path.join(out, name + ".truth.csv"), "w") as f:
        f.write("start_ms,end_ms,kind,expected,allowed,grace_ms,event,tag,note\n")
        first = True
        for s, e, kind, pose, event, tag in script.truth:
            grace = 1500 if first else (1000 if event else 0)
            allowed = "*" if kind == "transition" else pose
            f.write(f"{int(s)},{int(e)},{kind},{pose},{allowed},{grace},{event},{tag},\n")
            first = False


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


class Buzz:
    """A vibration motor (eccentric rotating mass) buzzing in patterns: a circular vibration in
    the plane normal to its shaft (the device's x axis, so y and z), 0.3-1.0 g (a phone buzzing
    on a hard table). Its nominal speed is a round 150, 200 or 250 Hz and both the motor and the
    chip clock are off by up to +-1 %, so at 50 and 100 Hz sampling the buzz lands at 0-2.5 Hz:
    a slowly turning offset the size of a third of g to g, that no window of a second averages
    away. It spins up and down in 30 ms (amplitude grows with the square of the speed)."""

    def __init__(self, rnd, start, end, rate_hz):
        self.clock = 1 + rnd.uniform(-0.01, 0.01)  # chip clock error: true time of a stamp
        self.bursts = []
        t = start
        while t < end - 1500:
            f = rnd.choice((150.0, 200.0, 250.0)) * (1 + rnd.uniform(-0.01, 0.01))
            amp = rnd.uniform(0.3, 1.0) * G
            on = rnd.choice((rnd.uniform(150, 500), rnd.uniform(800, 2500)))
            for _ in range(rnd.choice((1, 2, 3))):  # a notification's pattern: 1-3 bursts
                if t + on > end - 1000:
                    break
                self.bursts.append((t, t + on, f, amp, rnd.uniform(0, 6.3)))
                t += on + rnd.uniform(150, 400)
            t += rnd.uniform(1500, 4000)

    def at(self, s):
        ms = s * 1000
        for a, b, f, amp, ph in self.bursts:
            if a <= ms < b + 30:
                true = s * self.clock
                ramp = min(1.0, (ms - a) / 30, max(0.0, (b + 30 - ms) / 30))
                w = 2 * math.pi * f * (true - a / 1000) + ph
                k = amp * ramp * ramp
                return (0.0, k * math.cos(w), k * math.sin(w))
        return (0.0, 0.0, 0.0)


def buzzes(out, rnd):
    """A phone buzzing on a table (faceUp, 0-6 degrees of tilt) and on a stand (portrait or
    landscape, 15-30 degrees back), 50 and 100 Hz: 40 s each, the pose never changes."""
    for pose, beta in (("faceUp", 90.0), ("portrait", None), ("landscapeLeft", None)):
        for rate in (50, 100):
            sc = Script(POSE_PHI.get(pose, rnd.uniform(-180, 180)), 90 - rnd.uniform(0, 6) if beta else rnd.uniform(15, 30))
            sc.hold(40000, kind="keep", tag="buzz")
            sc.truth[0][3] = pose
            buzz = Buzz(rnd, 2500, 40000, rate)
            rows = render(sc, rate, rnd, Hand(rnd, False), extra=buzz)
            write(out, f"buzz_{pose}_{rate}hz", rows, sc, f"vibration motor, {pose}, {rate} Hz")


class Shakes:
    """Short shakes of the hand on top of a vehicle's motion: 1.5-4 cycles at 2.5-7 Hz, 8-25
    m/s^2 along a direction in the screen's plane, the attitude swinging by 5-20 degrees with
    it (the truth's 40 degrees from the axis with sway and lean)."""

    def __init__(self, vehicle, rnd, times):
        self.vehicle = vehicle
        self.shakes = []
        for t in times:
            f = rnd.uniform(2.5, 7)
            self.shakes.append((t, t + 1000 * rnd.uniform(1.5, 4) / f, f, rnd.uniform(10, 30), rnd.uniform(0, 6.3),
                                rnd.uniform(10, 25), rnd.uniform(0, 6.3)))

    def at(self, s):
        (up, fa, lat), (dphi, dbeta) = self.vehicle.at(s)
        ms = s * 1000
        for a, b, f, amp, d, swing, ph in self.shakes:
            if a <= ms < b:
                env = math.sin(math.pi * (ms - a) / (b - a)) ** 2
                w = math.sin(2 * math.pi * f * (ms - a) / 1000 + ph) * env
                up += amp * w * math.cos(d)
                lat += amp * w * math.sin(d)
                dphi += swing * w
        return (up, fa, lat), (dphi, dbeta)


def shakes(out, rnd):
    """In a car or bus, held in portrait or landscape: 6 shakes in a keep, then a rotation,
    three times, at 10, 50 and 100 Hz (the shakes 0.3-1.6 s long)."""
    for kind in ("car", "bus"):
        for rate in (10, 50, 100):
            act = Activity(kind, rnd)
            sc = Script(rnd.choice((0.0, 90.0, -90.0)), rnd.uniform(10, 25))
            sc.hold(3000)
            moving_from = sc.t
            times = []
            for i in range(3):
                start = sc.t
                sc.hold(rnd.uniform(9000, 12000), kind="keep", tag=kind + "-shake", event=1 if i else 0)
                times += [start + 1200 + k * (sc.t - start - 1500) / 6 for k in range(6)]
                sc.turn(rotation_to_new_pose(sc, rnd, 6), rnd.uniform(400, 1200), tag=kind + "-rotate")
            sc.hold(5000, kind="keep", tag=kind, event=1)
            moving_to = sc.t
            sc.hold(3000)
            shaken = Shakes(act, rnd, times)
            rows = render(sc, rate, rnd, Hand(rnd, True), lambda t: shaken if moving_from <= t < moving_to else None)
            write(out, f"shake_{kind}_{rate}hz", rows, sc, f"shakes in a {kind}, {rate} Hz")


def main():
    args = sys.argv[1:]
    out = args.pop(0)
    options = dict(zip(args[::2], args[1::2]))
    only = options.get("--only", "")
    offset = 1000 * int(options.get("--seed", "0"))
    os.makedirs(out, exist_ok=True)
    if options.get("--variant") == "gait2":
        moving_gait2(out, random.Random(505 + offset))
        return
    for seed, fn in ((101, glances), (202, turns), (303, moving), (404, dropouts), (606, buzzes), (707, shakes)):
        if fn.__name__.startswith(only) or not only:
            fn(out, random.Random(seed + offset))


if __name__ == "__main__":
    main()
