"""What moves the device: a hand (tremor and sway), an activity (walking, running, stairs,
cycling, car, bus), the second gait model (Gait2), and a chip's errors."""
import math

from .shapes import *  # noqa: F401,F403


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


class Chip:
    """A 10-bit accelerometer at +-2 g: per-axis bias, gain error, quantisation."""

    def __init__(self, rnd):
        self.bias = [rnd.uniform(-0.3, 0.3) for _ in range(3)]
        self.gain = [rnd.uniform(0.97, 1.03) for _ in range(3)]
        self.lsb = 4 * G / 1024

    def read(self, v):
        return tuple(round((c * k + b) / self.lsb) * self.lsb for c, k, b in zip(v, self.gain, self.bias))
