#!/usr/bin/env python3
"""make-posture-corpus.py - physically simulated, labelled traces of 2-in-1 postures.

Writes, for every scenario and rate, into OUTDIR (default corpus-posture/traces):
    <id>.csv        t_ms,dx,dy,dz,bx,by,bz   display then base reading, m/s², each in its own
                    docs/axes-and-names.md device frame after its mount matrix (what orientctl posture reads)
    <id>.truth.csv  labelled segments (format: corpus-posture/FORMAT.md)
    <id>.meta.json  seed, rate, chip errors, scenario
Python standard library only. Deterministic: the same seed gives the same files.

The model (docs/posture.md, "Frames"): the base has an orientation R (world <- base); the display frame is
the base frame turned about the hinge (x) so that, for any vector, display = Rx(θ)·base. A
reading is the gravity vector minus the sensor's linear acceleration, in the sensor frame.
Both halves share the device's linear acceleration (walking, lap bounce, impacts); the display
also feels its own rotation about the hinge (tangential r·θ'' and centripetal r·θ'² at its
accelerometer, 12 cm from the hinge), which is what makes a wobbling lid visible as two
disagreeing magnitudes. Each chip has a gain error (common and per axis), offset, a small
misalignment, noise, quantisation and clipping at its range (CHIP_*: consumer parts' datasheet
tolerances); the base sample of a line is the base chip's latest sample (its own clock),
so the two are up to one period apart.

usage: scripts/make-posture-corpus.py [OUTDIR] [--seed N]
"""
import json
import math
import os
import random
import sys

G = 9.80665
# Consumer accelerometers in 2-in-1s, as their datasheets give them: 12-bit parts at ±2 g
# (BMC150, BMA250), ±4 g (KXCJ9, MXC4005) or ±8 g (LIS3DH), clipping at their range.
CHIP_RANGES_G = [2, 4, 8]
CHIP_BITS = 12
# Sensitivity tolerance: 2-5 % for the whole part (either sign), plus 1.2 % between its axes.
CHIP_GAIN_COMMON = (0.02, 0.05)
CHIP_GAIN_AXIS = 0.012
# Zero-g offset: up to ±25 mg per axis.
CHIP_OFFSET_M_S2 = 0.25
# White noise at the output rate: 0.05-0.2 m/s² rms per axis (the cheapest parts, widest filter).
CHIP_NOISE_M_S2 = (0.05, 0.2)
DISPLAY_ARM_M = 0.12      # hinge to display accelerometer
BANDS = [(15, "closed"), (165, "laptop"), (195, "flat"), (335, "tent"), (1e9, "tablet")]
AMBIGUOUS_DEG = 12        # a rest this close to a band edge may be reported as either side
VERTICAL_DEG = 62.5       # hinge axis elevation beyond which the truth calls the angle unmeasurable


def band(theta):
    for edge, name in BANDS:
        if theta < edge:
            return name
    return "tablet"


def near_bands(theta):
    """Postures acceptable at rest at theta: its band, and the neighbour within AMBIGUOUS_DEG."""
    out = {band(theta)}
    for edge, _ in BANDS[:-1]:
        if abs(theta - edge) <= AMBIGUOUS_DEG:
            out |= {band(edge - 0.01), band(edge + 0.01)}
    return out


# ------------------------------------------------------------------ vectors and rotations

def mv(m, v):
    return [m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]]


def mtv(m, v):
    return [m[0][0] * v[0] + m[1][0] * v[1] + m[2][0] * v[2],
            m[0][1] * v[0] + m[1][1] * v[1] + m[2][1] * v[2],
            m[0][2] * v[0] + m[1][2] * v[1] + m[2][2] * v[2]]


def mm(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def rx(deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return [[1, 0, 0], [0, c, -s], [0, s, c]]


def axis_angle(axis, deg):
    n = math.sqrt(sum(a * a for a in axis))
    x, y, z = (a / n for a in axis)
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    C = 1 - c
    return [[c + x * x * C, x * y * C - z * s, x * z * C + y * s],
            [y * x * C + z * s, c + y * y * C, y * z * C - x * s],
            [z * x * C - y * s, z * y * C + x * s, c + z * z * C]]


def normalize(v):
    n = math.sqrt(sum(a * a for a in v))
    return [a / n for a in v]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def pose(down, yaw=0.0):
    """R (world <- base) of a base whose reading points along `down` (base frame) at rest."""
    d = normalize(down)
    up = [-a for a in d]                       # world +z in base coordinates
    ref = [1, 0, 0] if abs(up[0]) < 0.9 else [0, 1, 0]
    e1 = normalize(cross(ref, up))
    e2 = cross(up, e1)
    rows = [e1, e2, up]                        # rows of R: world axes in base coordinates
    return mm(axis_angle([0, 0, 1], yaw), rows)


def to_quat(m):
    t = m[0][0] + m[1][1] + m[2][2]
    if t > 0:
        s = math.sqrt(t + 1) * 2
        return [0.25 * s, (m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s]
    i = max(range(3), key=lambda k: m[k][k])
    j, k = (i + 1) % 3, (i + 2) % 3
    s = math.sqrt(1 + m[i][i] - m[j][j] - m[k][k]) * 2
    q = [0, 0, 0, 0]
    q[0] = (m[k][j] - m[j][k]) / s
    q[1 + i] = 0.25 * s
    q[1 + j] = (m[j][i] + m[i][j]) / s
    q[1 + k] = (m[k][i] + m[i][k]) / s
    return q


def from_quat(q):
    w, x, y, z = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]


def slerp(a, b, u):
    qa, qb = to_quat(a), to_quat(b)
    dot = sum(x * y for x, y in zip(qa, qb))
    if dot < 0:
        qb, dot = [-x for x in qb], -dot
    if dot > 0.9995:
        q = [x + (y - x) * u for x, y in zip(qa, qb)]
    else:
        om = math.acos(dot)
        sa, sb = math.sin((1 - u) * om) / math.sin(om), math.sin(u * om) / math.sin(om)
        q = [sa * x + sb * y for x, y in zip(qa, qb)]
    return from_quat(normalize(q))


def smoothstep(u):
    u = min(1.0, max(0.0, u))
    return u * u * (3 - 2 * u)


# ------------------------------------------------------------------ scenario script

class Script:
    """A device history built step by step: holds (with an activity) and moves."""

    def __init__(self, rng, R, theta):
        self.rng = rng
        self.steps = []             # (t0, t1, kind, data)
        self.t = 0.0
        self.R, self.theta = R, theta
        self.impulses = []          # (t, peak m/s², duration s, lid kick deg)

    def hold(self, dur, where="table", activity=None, tag=None):
        self.steps.append((self.t, self.t + dur, "hold",
                           dict(R=self.R, theta=self.theta, where=where, activity=activity,
                                tag=tag or activity or where, phase=self.rng.uniform(0, 6.28),
                                amp=self.rng.uniform(0.8, 1.25))))
        if activity == "setdown":
            # A device set down stops in 6-15 ms at 2-8 g (a ±2 g chip clips).
            self.impulses.append((self.t + 0.05, self.rng.uniform(2, 8) * G, self.rng.uniform(0.006, 0.015),
                                  self.rng.uniform(3, 6)))
        if activity in ("typing", "touch"):
            t = self.t + 0.3
            while t < self.t + dur - 0.2:
                if activity == "typing":
                    self.impulses.append((t, self.rng.uniform(0.5, 1.5), 0.012, self.rng.uniform(0.2, 0.6)))
                else:
                    self.impulses.append((t, self.rng.uniform(0.3, 0.8), 0.02, self.rng.uniform(0.8, 2.0)))
                t += self.rng.uniform(0.12, 0.3) if activity == "typing" else self.rng.uniform(0.8, 2.0)
        self.t += dur

    def move(self, dur, theta=None, R=None, where="hand", tag="move"):
        R1 = self.R if R is None else R
        th1 = self.theta if theta is None else theta
        self.steps.append((self.t, self.t + dur, "move",
                           dict(R0=self.R, R1=R1, th0=self.theta, th1=th1, where=where, tag=tag,
                                phase=self.rng.uniform(0, 6.28), amp=1.0, activity=None)))
        self.R, self.theta = R1, th1
        self.t += dur

    # -------------------------------------------------------------- physics at time t

    def step_at(self, t):
        for s in self.steps:
            if s[0] <= t < s[1]:
                return s
        return self.steps[-1]

    def nominal(self, t):
        t0, t1, kind, d = self.step_at(t)
        if kind == "hold":
            return d["R"], d["theta"], d
        u = smoothstep((t - t0) / (t1 - t0))
        return slerp(d["R0"], d["R1"], u), d["th0"] + (d["th1"] - d["th0"]) * u, d

    def lid(self, t):
        """Hinge angle including lid wobble (relative rotation of the display), degrees."""
        _, th, d = self.nominal(t)
        w = 0.0
        act, ph, amp = d["activity"], d["phase"], d["amp"]
        if act == "walk":
            w += amp * 1.5 * math.sin(2 * math.pi * 1.9 * t + ph) + 0.6 * math.sin(2 * math.pi * 5.5 * t)
        elif act == "shake":
            w += amp * 2.0 * math.sin(2 * math.pi * 4.2 * t + ph)
        for ti, _, _, kick in self.impulses:
            if 0 <= t - ti < 0.8:
                w += kick * math.exp(-(t - ti) / 0.15) * math.sin(2 * math.pi * 7 * (t - ti))
        # A lid resting on its stops (closed, folded back) does not wobble.
        if th <= 0.5 or th >= 359.5:
            return th
        return min(360.0, max(0.0, th + w))

    def orientation(self, t):
        R, _, d = self.nominal(t)
        ph, amp = d["phase"], d["amp"]
        where, act = d["where"], d["activity"]
        a = b = 0.0
        if where == "hand":
            a += 1.5 * math.sin(2 * math.pi * 0.7 * t + ph) + 0.8 * math.sin(2 * math.pi * 2.3 * t + 2 * ph)
            b += 1.2 * math.sin(2 * math.pi * 0.5 * t + 3 * ph) + 0.6 * math.sin(2 * math.pi * 3.1 * t)
        elif where == "lap":
            a += 0.8 * math.sin(2 * math.pi * 0.3 * t + ph)
        if act == "walk":
            a += amp * 4 * math.sin(2 * math.pi * 0.95 * t + ph)
            b += amp * 3 * math.sin(2 * math.pi * 1.9 * t + 2 * ph)
        elif act == "shake":
            a += amp * 2 * math.sin(2 * math.pi * 4.2 * t + ph)
        if a == 0 and b == 0:
            return R
        return mm(mm(axis_angle([1, 0, 0], a), axis_angle([0, 1, 0], b)), R)

    def acceleration(self, t):
        """Linear acceleration shared by both halves, world frame, m/s²."""
        _, _, d = self.nominal(t)
        ph, amp, act = d["phase"], d["amp"], d["activity"]
        ax = ay = az = 0.0
        if act == "walk":
            az += amp * (2.2 * math.sin(2 * math.pi * 1.9 * t + ph) + 0.9 * math.sin(2 * math.pi * 3.8 * t + 2 * ph))
            ax += amp * 0.9 * math.sin(2 * math.pi * 0.95 * t + ph)
            ay += amp * 0.7 * math.sin(2 * math.pi * 1.9 * t + 3 * ph)
        elif act == "shake":
            az += amp * 3.5 * math.sin(2 * math.pi * 4.2 * t + ph)
            ax += amp * 0.8 * math.sin(2 * math.pi * 4.2 * t + 2 * ph)
        for ti, peak, width, _ in self.impulses:
            if 0 <= t - ti < width:
                az += peak * math.sin(math.pi * (t - ti) / width)
        return [ax, ay, az]

    def readings(self, t_display, t_base):
        """True (display, base) readings at the two sample times."""
        out = []
        for which, t in (("d", t_display), ("b", t_base)):
            R = self.orientation(t)
            a = self.acceleration(t)
            f = mtv(R, [-a[0], -a[1], -G - a[2]])        # gravity minus acceleration, base frame
            if which == "b":
                out.append(f)
                continue
            h = 0.002
            th, thp, thm = self.lid(t), self.lid(t + h), self.lid(t - h)
            w = math.radians((thp - thm) / (2 * h))
            alpha = math.radians((thp - 2 * th + thm) / (h * h))
            v = mv(rx(th), f)
            v[1] += w * w * DISPLAY_ARM_M
            v[2] += alpha * DISPLAY_ARM_M
            out.insert(0, v)
        return out


# ------------------------------------------------------------------ chips and sampling

class Chip:
    def __init__(self, rng):
        common = rng.choice([-1, 1]) * rng.uniform(*CHIP_GAIN_COMMON)
        self.gain = [1 + common + rng.uniform(-CHIP_GAIN_AXIS, CHIP_GAIN_AXIS) for _ in range(3)]
        self.bias = [rng.uniform(-CHIP_OFFSET_M_S2, CHIP_OFFSET_M_S2) for _ in range(3)]
        self.mis = axis_angle([rng.gauss(0, 1) for _ in range(3)], rng.uniform(0, 1.5))
        self.noise = rng.uniform(*CHIP_NOISE_M_S2)
        self.range = rng.choice(CHIP_RANGES_G) * G
        self.lsb = 2 * self.range / 2 ** CHIP_BITS
        self.rng = rng

    def read(self, v):
        v = mv(self.mis, v)
        out = []
        for i in range(3):
            x = v[i] * self.gain[i] + self.bias[i] + self.rng.gauss(0, self.noise)
            out.append(round(max(-self.range, min(self.range, x)) / self.lsb) * self.lsb)
        return out

    def meta(self):
        return dict(gain=[round(x, 4) for x in self.gain], bias_m_s2=[round(x, 4) for x in self.bias],
                    noise_m_s2=round(self.noise, 4), range_m_s2=round(self.range, 3), lsb_m_s2=round(self.lsb, 6))


def sample_times(rng, rate, duration):
    """Display sample times (s) and, for each, the time of the base chip's latest sample."""
    period = 1.0 / rate
    drift_d, drift_b = 1 + rng.uniform(-0.01, 0.01), 1 + rng.uniform(-0.01, 0.01)
    phase_b = rng.uniform(0, period)
    out, k = [], 1
    while True:
        if rate <= 10:
            # sysfs polled at 10 Hz: timer jitter; each chip's value is up to one of its
            # own 50 Hz conversions old.
            t = k * period + rng.uniform(0, 0.012)
            td, tb = t - rng.uniform(0, 0.02), t - rng.uniform(0, 0.02)
        else:
            t = td = k * period * drift_d
            n = math.floor((t - phase_b) / (period * drift_b))
            tb = phase_b + n * period * drift_b
        if t >= duration:
            return out
        out.append((t, td, max(0.0, tb)))
        k += 1


# ------------------------------------------------------------------ truth

def elevation(v):
    return math.degrees(math.atan2(abs(v[0]), math.hypot(v[1], v[2])))


def truth_segments(script):
    """Segments: hold/keep/ambiguous/transition, in the format of FORMAT.md."""
    segs = []
    last = None                 # the posture a tracker should report now
    after_transition = False
    for i, (t0, t1, kind, d) in enumerate(script.steps):
        a, b = int(round(t0 * 1000)), int(round(t1 * 1000))
        if kind == "move":
            fixed = abs(d["th1"] - d["th0"]) < 1e-9
            if fixed and last is not None:
                segs.append([a, b, "keep", last, last, 0, 0, d["tag"], f"turned at {d['th0']:.0f}deg"])
            else:
                allowed = "*"
                segs.append([a, b, "transition", "", allowed, 0, 0, d["tag"],
                             f"hinge {d['th0']:.0f}->{d['th1']:.0f}deg"])
                after_transition = True
            continue
        theta = d["theta"]
        grace = 1500 if i == 0 else (1000 if after_transition else 0)
        f = mtv(d["R"], [0, 0, -G])
        vertical = max(elevation(f), elevation(mv(rx(theta), f))) > VERTICAL_DEG
        act = d["activity"]
        if vertical:
            # Not measurable: the last posture must be kept (never the first segment).
            exp = last if last is not None else band(theta)
            segs.append([a, b, "keep", exp, exp, 0, 0, "hinge-vertical",
                         f"hinge at {theta:.0f}deg, axis {max(elevation(f), elevation(mv(rx(theta), f))):.0f}deg up"])
            after_transition = False
            continue
        ok = near_bands(theta)
        exp = band(theta)
        if len(ok) > 1:
            allowed = sorted(ok)
            segs.append([a, b, "ambiguous", "", "|".join(allowed), grace, 0, d["tag"], f"hinge at {theta:.0f}deg"])
            last = last if last in ok else exp
        else:
            k = "keep" if act in ("walk", "shake", "setdown") else "hold"
            event = 1 if after_transition and exp != last and k == "hold" else 0
            segs.append([a, b, k, exp, exp, grace, event, d["tag"], f"hinge at {theta:.0f}deg"])
            last = exp
        after_transition = False
    # Merge a keep that directly follows a hold of the same posture: no new grace.
    return segs


# ------------------------------------------------------------------ scenarios

DESK = [0, 0, 1]          # base flat on a table, keyboard up
def R(down, yaw=0.0):
    return pose(down, yaw)


def tilt_down(base_down, deg_about_x):
    return mv(rx(deg_about_x), base_down)


def tent_down(theta):
    """Base reading direction of a symmetric tent at theta (both far edges on the table)."""
    half = math.radians(theta) / 2
    return normalize([0, 1, -math.tan(half)]) if math.cos(half) < 0 else normalize([0, -1, math.tan(half)])


def hand_tablet(kind, back=20):
    """Reading direction of a tablet held in the hand: display and base read alike at 360°."""
    s, c = math.sin(math.radians(back)), math.cos(math.radians(back))
    return {"portrait": [0, -c, -s], "upsideDown": [0, c, -s], "landscapeLeft": [-c, 0, -s],
            "landscapeRight": [c, 0, -s], "faceUp": [0, 0, -1], "faceDown": [0, 0, 1]}[kind]


def sc_desk_open_close(r):
    s = Script(r, R(DESK), 0)
    s.hold(3, "table", tag="closed-desk")
    s.move(r.uniform(0.8, 1.5), theta=r.uniform(100, 125), where="table", tag="open")
    s.hold(6, "table", "typing")
    s.move(0.5, theta=s.theta + r.uniform(5, 15), where="table", tag="adjust")
    s.hold(4, "table")
    s.move(r.uniform(0.7, 1.2), theta=0, where="table", tag="close")
    s.hold(4, "table", tag="closed-desk")
    s.move(1.0, theta=r.uniform(95, 115), where="table", tag="open")
    s.hold(4, "table")
    return s


def sc_fold_360(r):
    s = Script(r, R(DESK), 110)
    s.hold(4, "table")
    s.move(1.5, theta=180, where="table", tag="open-flat")
    s.hold(4, "table", "typing")
    th = r.uniform(285, 310)
    s.move(1.5, theta=th, R=R(tent_down(th)), where="table", tag="fold-tent")
    s.hold(5, "table", "touch", tag="tent")
    s.move(1.5, theta=360, R=R(hand_tablet("portrait", 25)), where="hand", tag="fold-tablet")
    s.hold(5, "hand", tag="tablet-portrait")
    s.move(1.2, theta=110, R=R(DESK), where="hand", tag="unfold")
    s.hold(4, "table")
    return s


def sc_walk_carry(r):
    s = Script(r, R(DESK), r.uniform(100, 120))
    s.hold(4, "table", "typing")
    s.move(1.0, R=R(tilt_down(DESK, 10)), where="hand", tag="pick-up")
    s.hold(15, "hand", "walk", tag="walk-open")
    s.move(0.6, R=R(DESK), where="hand", tag="put-down")
    s.hold(3, "table", "setdown", tag="set-down-hard")
    s.hold(4, "table", "typing")
    return s


def sc_lap_shake(r):
    s = Script(r, R(tilt_down(DESK, r.uniform(5, 15))), r.uniform(105, 125))
    s.hold(3, "lap", tag="lap")
    s.hold(4, "lap", "typing", tag="lap")
    s.hold(10, "lap", "shake", tag="lap-shake")
    s.hold(3, "lap", "typing", tag="lap")
    s.hold(8, "lap", "shake", tag="lap-shake")
    s.hold(4, "lap", tag="lap")
    return s


def sc_side_stand(r):
    s = Script(r, R(DESK), r.uniform(95, 110))
    s.hold(4, "table")
    side = r.choice([[1, 0, 0], [-1, 0, 0]])
    s.move(1.2, R=R(side), where="hand", tag="stand-on-side")
    s.hold(6, "table", tag="on-side")
    s.hold(2, "table", "setdown", tag="on-side")
    s.move(1.2, R=R(DESK), where="hand", tag="lay-down")
    s.hold(3, "table")
    s.move(1.0, theta=0, where="table", tag="close")
    s.hold(3, "table", tag="closed-desk")
    s.move(1.2, R=R([0, -1, 0]), where="hand", tag="stand-on-edge")
    s.hold(4, "table", tag="closed-on-edge")
    s.move(1.2, R=R([-side[0], 0, 0]), where="hand", tag="stand-on-side")
    s.hold(5, "table", tag="closed-on-side")
    s.move(1.2, R=R(DESK), where="hand", tag="lay-down")
    s.hold(3, "table", tag="closed-desk")
    return s


def sc_tent_table(r):
    s = Script(r, R(DESK), 110)
    s.hold(4, "table")
    th = r.uniform(290, 315)
    s.move(2.0, theta=th, R=R(tent_down(th)), where="hand", tag="fold-tent")
    s.hold(8, "table", "touch", tag="tent")
    th2 = th - r.uniform(15, 25)
    s.move(0.6, theta=th2, R=R(tent_down(th2)), where="hand", tag="adjust")
    s.hold(5, "table", "touch", tag="tent")
    s.move(2.0, theta=115, R=R(DESK), where="hand", tag="unfold")
    s.hold(4, "table")
    return s


def sc_stand_table(r):
    s = Script(r, R(DESK), 115)
    s.hold(4, "table")
    th = r.uniform(245, 280)
    s.move(2.0, theta=th, R=R([0, 0, -1]), where="hand", tag="fold-stand")
    s.hold(8, "table", "touch", tag="stand")
    s.hold(2, "table", "setdown", tag="stand")
    s.hold(4, "table", "touch", tag="stand")
    s.move(2.0, theta=110, R=R(DESK), where="hand", tag="unfold")
    s.hold(4, "table")
    return s


def sc_tablet_orientations(r):
    s = Script(r, R([0, 0, -1]), 360)
    s.hold(4, "table", tag="tablet-flat")
    for k in ["portrait", "landscapeLeft", "upsideDown", "landscapeRight", "portrait", "faceDown"]:
        back = r.uniform(10, 35) if k.startswith("landscape") else r.uniform(15, 40)
        s.move(r.uniform(0.6, 1.2), R=R(hand_tablet(k, back), r.uniform(-30, 30)), where="hand", tag="turn")
        s.hold(4, "hand", "touch" if r.random() < 0.5 else None, tag=f"tablet-{k}")
    s.move(1.0, R=R(hand_tablet("landscapeLeft", 5)), where="hand", tag="turn")
    s.hold(5, "hand", tag="tablet-landscape-upright")
    return s


def sc_tablet_walk(r):
    s = Script(r, R(hand_tablet("portrait", 30)), 360)
    s.hold(3, "hand", tag="tablet-portrait")
    s.hold(10, "hand", "walk", tag="walk-tablet")
    s.move(1.0, R=R(hand_tablet("landscapeRight", 15)), where="hand", tag="turn")
    s.hold(10, "hand", "walk", tag="walk-tablet-landscape")
    s.move(1.0, R=R(hand_tablet("portrait", 30)), where="hand", tag="turn")
    s.hold(4, "hand", tag="tablet-portrait")
    return s


def sc_boundaries(r):
    s = Script(r, R(DESK), 120)
    s.hold(3, "table")
    for th in [158 + r.uniform(-2, 2), 172 + r.uniform(-3, 3), 200 + r.uniform(-3, 3)]:
        s.move(1.0, theta=th, R=R(DESK) if th <= 180 else R(tent_down(th)), where="hand", tag="to-edge")
        s.hold(5, "hand", tag="at-edge")
    th = 330 + r.uniform(-3, 3)
    s.move(1.5, theta=th, R=R(tent_down(th)), where="hand", tag="to-edge")
    s.hold(5, "table", "touch", tag="at-edge")
    s.move(1.5, theta=22 + r.uniform(-3, 3), R=R(DESK), where="hand", tag="to-edge")
    s.hold(5, "table", tag="at-edge")
    s.move(0.8, theta=110, where="table", tag="open")
    s.hold(3, "table")
    return s


def sc_slow_sweep(r):
    s = Script(r, R(tilt_down(DESK, 5)), 100)
    s.hold(3, "lap")
    s.move(r.uniform(8, 12), theta=359, R=R(hand_tablet("portrait", 30)), where="hand", tag="slow-fold")
    s.hold(4, "hand", tag="tablet-portrait")
    s.move(r.uniform(0.6, 0.9), theta=105, R=R(tilt_down(DESK, 5)), where="hand", tag="fast-unfold")
    s.hold(4, "lap")
    s.move(r.uniform(0.5, 0.8), theta=0, where="lap", tag="fast-close")
    s.hold(4, "lap", tag="closed-lap")
    return s


def sc_closed_carry(r):
    s = Script(r, R(DESK), 0)
    s.hold(3, "table", tag="closed-desk")
    s.move(1.0, R=R([0, -1, 0.2]), where="hand", tag="pick-up")
    s.hold(8, "hand", "walk", tag="walk-closed")
    s.move(0.8, R=R([1, 0.1, 0.1]), where="hand", tag="turn")
    s.hold(8, "hand", "walk", tag="walk-closed-hinge-vertical")
    s.move(1.0, R=R(DESK), where="hand", tag="put-down")
    s.hold(3, "table", "setdown", tag="set-down-hard")
    s.move(1.0, theta=r.uniform(100, 120), where="table", tag="open")
    s.hold(4, "table", "typing")
    return s


def sc_tent_to_lap_tablet(r):
    th = r.uniform(295, 315)
    s = Script(r, R(tent_down(th)), th)
    s.hold(4, "table", "touch", tag="tent")
    s.move(1.2, theta=360, R=R(hand_tablet("portrait", 50)), where="hand", tag="fold-tablet")
    s.hold(5, "lap", tag="tablet-lap")
    s.hold(8, "lap", "shake", tag="tablet-lap-shake")
    s.move(1.0, theta=180, R=R(DESK), where="hand", tag="unfold-flat")
    s.hold(4, "table", tag="flat")
    s.move(0.8, theta=120, where="table", tag="close-some")
    s.hold(4, "table", "typing")
    return s


def sc_fast_flip(r):
    """Quick flips between two low-rate reads: laptop to tablet in under half a second (the
    hinge crosses the whole tent band between two 2 Hz reads), back, and a quick close. The
    raw angles of 'closed' and 'tablet' are the same; only continuity, the lid switch or the
    way the keyboard faces tells them apart."""
    s = Script(r, R(DESK), r.uniform(100, 120))
    s.hold(4, "table", "typing")
    s.move(r.uniform(0.35, 0.5), theta=360, R=R(hand_tablet("portrait", r.uniform(25, 40))), where="hand", tag="fast-flip")
    s.hold(6, "hand", tag="tablet-portrait")
    s.move(r.uniform(0.4, 0.6), theta=r.uniform(100, 120), R=R(DESK), where="hand", tag="fast-unflip")
    s.hold(4, "table", "typing")
    s.move(r.uniform(0.3, 0.45), theta=0, where="table", tag="fast-close")
    s.hold(4, "table", tag="closed-desk")
    s.move(r.uniform(0.4, 0.6), theta=r.uniform(290, 310), R=R(tent_down(300)), where="hand", tag="fast-tent")
    s.hold(5, "table", "touch", tag="tent")
    s.move(r.uniform(0.3, 0.45), theta=360, R=R([0, 0, -1]), where="hand", tag="fast-fold-flat-tablet")
    s.hold(5, "table", tag="tablet-flat")
    return s


SCENARIOS = [
    ("desk_open_close", sc_desk_open_close),
    ("fold_360", sc_fold_360),
    ("walk_carry", sc_walk_carry),
    ("lap_shake", sc_lap_shake),
    ("side_stand", sc_side_stand),
    ("tent_table", sc_tent_table),
    ("stand_table", sc_stand_table),
    ("tablet_orientations", sc_tablet_orientations),
    ("tablet_walk", sc_tablet_walk),
    ("boundaries", sc_boundaries),
    ("slow_sweep", sc_slow_sweep),
    ("closed_carry", sc_closed_carry),
    ("tent_to_lap_tablet", sc_tent_to_lap_tablet),
    ("fast_flip", sc_fast_flip),
]
RATES = [10, 50, 100]
# Scenarios also (or only) traced at other rates. "low" is the daemon's low rate as it runs
# with nobody listening (PostureHubParameters): both halves read in one wake-up every 500 ms,
# every 100 ms from a reading that moved until one second passes without movement.
SCENARIO_RATES = {"fast_flip": ["low", 10, 100]}
LOW_REST_S, LOW_MOVING_S, LOW_HOLD_S, LOW_MOVEMENT_M_S2 = 0.5, 0.1, 1.0, 0.6


def low_rate_samples(rng, script, display, base, duration):
    """The daemon's adaptive low rate: the next read's time depends on whether this one moved."""
    out, t, last, moved_at = [], LOW_REST_S, None, None
    while t < duration:
        tick = t + rng.uniform(0, 0.002)
        dv, bv = script.readings(tick - rng.uniform(0, 0.02), tick - rng.uniform(0, 0.02))
        d, b = display.read(dv), base.read(bv)
        if last is not None and max(math.dist(d, last[0]), math.dist(b, last[1])) > LOW_MOVEMENT_M_S2:
            moved_at = tick
        last = (d, b)
        out.append((tick, d, b))
        t = tick + (LOW_MOVING_S if moved_at is not None and tick - moved_at < LOW_HOLD_S else LOW_REST_S)
    return out


def write_trace(outdir, ident, script, rate, rng, meta):
    display, base = Chip(rng), Chip(rng)
    duration = script.t
    lines = ["t_ms,dx,dy,dz,bx,by,bz"]
    if rate == "low":
        samples = low_rate_samples(rng, script, display, base, duration)
    else:
        samples = []
        for t, td, tb in sample_times(rng, rate, duration):
            dv, bv = script.readings(td, tb)
            samples.append((t, display.read(dv), base.read(bv)))
    for t, d, b in samples:
        lines.append(f"{int(t * 1000)}," + ",".join(f"{x:.4f}" for x in d + b))
    with open(os.path.join(outdir, ident + ".csv"), "w") as f:
        f.write("\n".join(lines) + "\n")
    segs = truth_segments(script)
    segs[-1][1] = max(segs[-1][1], int(duration * 1000))
    with open(os.path.join(outdir, ident + ".truth.csv"), "w") as f:
        f.write("start_ms,end_ms,kind,expected,allowed,grace_ms,event,tag,note\n")
        for sg in segs:
            f.write(",".join(str(x) for x in sg) + "\n")
    meta.update(rate_hz=rate, duration_s=round(duration, 3), display_chip=display.meta(), base_chip=base.meta(),
                display_arm_m=DISPLAY_ARM_M)
    with open(os.path.join(outdir, ident + ".meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    args = sys.argv[1:]
    seed = 12
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    outdir = args[0] if args else os.path.join(os.path.dirname(__file__), "..", "corpus-posture", "traces")
    os.makedirs(outdir, exist_ok=True)
    for n, (name, build) in enumerate(SCENARIOS):
        for rate in SCENARIO_RATES.get(name, RATES):
            trace_seed = seed * 1000 + n * 10 + (0 if rate == "low" else rate)
            rng = random.Random(trace_seed)
            script = build(rng)
            ident = f"{name}_lowrate" if rate == "low" else f"{name}_{rate}hz"
            write_trace(outdir, ident, script, rate, rng, dict(seed=trace_seed, scenario=name))
            print(ident, f"{script.t:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
