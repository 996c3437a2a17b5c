"""Gait4's script of a trace (what the hand does, labelled as a careful observer would) and its
rendering through gait4_body's physics into samples and a truth file."""
import math
import os

from .gait4_body import (DT, G, HANGING, VIA, Chip, apply, hand_on_arm, mul, reading_attitude, rx, slerp,
                         smooth, sample_times, transpose)

POSE_PHI = {"portrait": 0, "landscapeLeft": 90, "landscapeRight": -90, "portraitUpsideDown": 180}
UP_AXIS = {"portrait": (0, 1, 0), "portraitUpsideDown": (0, -1, 0), "landscapeLeft": (1, 0, 0),
           "landscapeRight": (-1, 0, 0)}
# The phone held to be read: hand 35 cm in front of the chest; hanging: the shoulder 20 cm to the
# right of the sternum, the grip 62 cm below it.
READ_AT, SHOULDER, ARM_M = (0.05, 0.35, 0.30), (0.2, 0.0, 0.0), 0.62
FOREARM_M = 0.28


def pose_of(phi):
    return min(POSE_PHI, key=lambda k: abs((phi - POSE_PHI[k] + 180) % 360 - 180))


def waves(rnd, n, lo, hi, amp):
    parts = [(rnd.uniform(lo, hi), rnd.uniform(0, 2 * math.pi), amp * rnd.uniform(0.5, 1)) for _ in range(n)]
    return lambda t: sum(a * math.sin(2 * math.pi * f * t / 1000 + p) for f, p, a in parts)


class Plan:
    """Segments of the hand's motion; each maps t (ms) to the device attitude in the body frame
    and the grip's position relative to the torso."""

    def __init__(self, rnd, phi, beta, grip_cm=(3, 6)):
        self.rnd, self.t, self.segs, self.truth, self.gaps = rnd, 0, [], [], []
        self.phi, self.beta, self.hanging = phi, beta, False
        # the chip sits a few cm from the axis the hand turns the device about
        self.grip = (rnd.uniform(-1, 1) * grip_cm[0] / 100, rnd.uniform(-1, 1) * grip_cm[1] / 100, -0.004)
        self.wob_phi, self.wob_beta = waves(rnd, 3, 0.15, 1.2, 1.6), waves(rnd, 3, 0.15, 1.2, 2.0)
        # physiological tremor, 8-11 Hz: 0.03 degrees (about 0.1 m/s^2 at the grip), 0.08 enhanced
        self.tremor = waves(rnd, 2, 8, 11, rnd.choice((0.0, 0.03, 0.08)))
        self.swing = (rnd.uniform(0.2, 0.4), rnd.uniform(0, 2 * math.pi))  # +-11-23 degrees at the shoulder
        self.comp = rnd.uniform(0.4, 0.8)  # the share of the forearm's bounce the wrist undoes
        self.stride_hz, self.disp = 0.9, None

    def read_fn(self, phi_at, beta_at):
        def fn(t):
            bounce = math.degrees(math.atan2(self.disp[t][2], FOREARM_M)) * (1 - self.comp) if self.disp else 0.0
            return (reading_attitude(phi_at(t) + self.wob_phi(t) + self.tremor(t),
                                     beta_at(t) + self.wob_beta(t) + bounce + self.tremor(t + 37)), READ_AT)
        return fn

    def hang_fn(self, t):
        amp, p0 = self.swing
        arm = rx(amp * math.sin(2 * math.pi * self.stride_hz * t / 1000 + p0))
        return mul(arm, HANGING), tuple(s + c for s, c in zip(SHOULDER, apply(arm, (0, 0, -ARM_M))))

    def current(self):
        phi, beta = self.phi, self.beta
        return self.hang_fn if self.hanging else self.read_fn(lambda t: phi, lambda t: beta)

    def add(self, ms, fn, kind, expected, event, tag, note=""):
        self.segs.append((self.t, self.t + ms, fn))
        self.truth.append([self.t, self.t + ms, kind, expected, event, tag, note])
        self.t += ms

    def hold(self, ms, kind="hold", tag="hand", event=0):
        pose = "portraitUpsideDown" if self.hanging else pose_of(self.phi)
        self.add(int(ms), self.current(), kind, pose, event, tag)

    def turn(self, dphi, ms, tag, overshoot=0.0, gap=None, beta=None):
        """Turn in the screen's plane by dphi over ms, settling the back tilt to beta."""
        p0, t0, back = self.phi, self.t, 0.35 * ms if overshoot else 0
        b0, b1 = self.beta, self.beta if beta is None else beta
        sign = 1 if dphi > 0 else -1

        def phi_at(t):
            s = (t - t0) / ms
            extra = sign * overshoot * (smooth(s / 0.8) - smooth((t - t0 - 0.8 * ms) / (back + 0.2 * ms))) if overshoot else 0
            return p0 + dphi * smooth(s) + extra
        if gap:
            start = t0 + self.rnd.uniform(0.1, 0.7) * ms
            self.gaps.append((start, start + gap))
        note = f"{pose_of(p0)}->{pose_of(p0 + dphi)} {dphi:.0f}deg/{(ms + back) / 1000:.2f}s" + (f" overshoot {overshoot:.0f}deg" if overshoot else "")
        if gap:
            note += f" gap {start - t0:.0f}+{gap:.0f}ms"
        self.add(int(ms + back), self.read_fn(phi_at, lambda t: b0 + (b1 - b0) * smooth((t - t0) / ms)), "transition", "", 0, tag, note)
        self.phi, self.beta = p0 + dphi, b1

    def glance(self, dphi, ms, skew):
        p0, t0 = self.phi, self.t
        self.add(int(ms), self.read_fn(lambda t: p0 + dphi * math.sin(math.pi * smooth(((t - t0) / ms) ** skew)) ** 2,
                                       lambda t, b=self.beta: b), "transition", "", 0, "glance",
                 f"out and back {dphi:.0f}deg/{ms / 1000:.2f}s skew {skew:.2f}")

    def lower_or_raise(self, ms, tag, phi=0.0, beta=20.0):
        """Drop the arm to hang at the side with the phone, or lift it back to be read."""
        a, t0 = self.current(), self.t
        self.hanging = not self.hanging
        self.phi, self.beta = (self.phi, self.beta) if self.hanging else (phi, beta)
        b = self.current()

        def fn(t):
            s = smooth((t - t0) / ms)
            (ma, pa), (mb, pb) = a(t), b(t)
            # a quadratic Bezier through VIA on the rotations: smooth, never a half turn
            return slerp(slerp(ma, VIA, s), slerp(VIA, mb, s), s), tuple(x + (y - x) * s for x, y in zip(pa, pb))
        self.add(int(ms), fn, "transition", "", 0, tag, "lowered to hang" if self.hanging else "lifted to read")

    def at(self, t):
        for s, e, fn in self.segs:
            if s <= t < e:
                return fn(t)
        return self.segs[-1][2](t)


def render(plan, rnd, rate, torso=None, vehicle_tilt=None, arm_hz=(2.5, 3.0, 4.0)):
    """Samples (stamp, x, y, z) of the plan at `rate` Hz, with the trunk acceleration torso(t)
    (world frame, m/s^2) and the vehicle's pitch and roll (rad) under the person."""
    ms = int(plan.t)
    acc, plan.disp = hand_on_arm(torso or (lambda t: (0.0, 0.0, 0.0)), ms + 2, arm_hz)
    rots, pos = [], []
    for i in range(-1, ms + 1):
        t = min(max(i, 0), ms - 1)
        m, p = plan.at(i if i >= 0 else 0)
        if vehicle_tilt:
            pitch, roll = vehicle_tilt(t)
            m = mul(rx(pitch), mul(((math.cos(roll), 0, math.sin(roll)), (0, 1, 0), (-math.sin(roll), 0, math.cos(roll))), m))
        rots.append(m)
        g = apply(m, plan.grip)
        pos.append(tuple(a + b for a, b in zip(p, g)))
    chip = Chip(rnd, rate if rate > 10 else 100)
    wanted = sample_times(rnd, rate, ms)
    rows, up, k = [], [], 0
    for i in range(ms):
        rel = tuple((pos[i + 2][j] - 2 * pos[i + 1][j] + pos[i][j]) / DT ** 2 for j in range(3))
        a = tuple(acc[i][j] + rel[j] for j in range(3))
        rt = transpose(rots[i + 1])
        chip.step(apply(rt, (-a[0], -a[1], -G - a[2])))
        up.append(apply(rt, (0, 0, 1)))
        while k < len(wanted) and wanted[k][1] <= i:
            stamp = wanted[k][0]
            if not any(s <= stamp < e for s, e in plan.gaps):
                rows.append((stamp,) + chip.sample())
            k += 1
    return rows, up, chip


def write(out, name, rows, plan, up, header):
    """<name>.csv and <name>.truth.csv (grace 1500 at the start, 1000 after a turn); each scored
    segment's note gives its largest angle between the true up vector and the pose's axis,
    which must stay within 40 degrees."""
    with open(os.path.join(out, name + ".csv"), "w") as f:
        f.write(f"# orientd tuning trace: scripts/make-motion-traces.py: gait4 {header}\nt_ms,x,y,z\n")
        last = -1
        for r in rows:
            if r[0] > last:
                f.write("%d,%.4f,%.4f,%.4f\n" % r)
                last = r[0]
    with open(os.path.join(out, name + ".truth.csv"), "w") as f:
        f.write("start_ms,end_ms,kind,expected,allowed,grace_ms,event,tag,note\n")
        for n, (s, e, kind, pose, event, tag, note) in enumerate(plan.truth):
            grace = 1500 if n == 0 else (1000 if event else 0)
            if kind != "transition":
                worst = max(math.degrees(math.acos(max(-1.0, min(1.0, sum(u * v for u, v in zip(up[i], UP_AXIS[pose]))))))
                            for i in range(int(s + grace), min(int(e), len(up))))
                if worst > 40:
                    raise SystemExit(f"{name}: {s}-{e} ms strays {worst:.0f} deg from {pose}")
                note = f"max {worst:.0f}deg from axis"
            f.write(f"{int(s)},{int(e)},{kind},{pose},{'*' if kind == 'transition' else pose},{grace},{event},{tag},{note}\n")
