"""A trace's script (attitude over time, with its labelled segments), rendering it at a sample
rate through a hand, an activity and a chip, and writing the files."""
import os

from .shapes import *  # noqa: F401,F403


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

    def glance(self, dphi, ms, shape, note=None):
        p0, b = self.phi, self.beta

        def fn(t, t0=self.t):
            return p0 + dphi * shape((t - t0) / ms), b
        self.segments.append((self.t, self.t + ms, fn))
        self.truth.append([self.t, self.t + ms, "transition", "", 0, "glance"] + ([note] if note else []))
        self.t += ms

    def attitude(self, t):
        for s, e, fn in self.segments:
            if s <= t < e:
                return fn(t)
        return self.phi, self.beta


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
        for s, e, kind, pose, event, tag, *note in script.truth:
            grace = 1500 if first else (1000 if event else 0)
            allowed = "*" if kind == "transition" else pose
            f.write(f"{int(s)},{int(e)},{kind},{pose},{allowed},{grace},{event},{tag},{''.join(note)}\n")
            first = False
