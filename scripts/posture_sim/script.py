"""A scenario's script (poses and hinge angle over time, with the readings they give), a
chip's errors, sampling times and the labelled truth."""
import math

from .physics import *  # noqa: F401,F403


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
