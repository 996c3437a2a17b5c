"""The third motion model (--variant gait3), written apart from the other two to check that the
rules fit neither: it moves positions, not accelerations. The torso follows a gait's path
(an inverted pendulum's rise and fall while walking, a runner's flight and stance, a stair
step's lift, a rider's rocking, a vehicle's braking and cornering pulses and its road noise), and
the hand holding the device hangs on it as a damped spring (5-8 Hz, damping ratio 0.3-0.5;
a seat's or handlebar's vibration, potholes among it, reaches the device past the hand), so
the device's acceleration is the second derivative of the hand's path, integrated on a 1 ms
grid. The cadence drifts (an Ornstein-Uhlenbeck process), the attitude wanders slowly and tips
with the hand's lag behind the torso, turns follow a critically damped step (fast start, slow
settle) that also changes the lean, and the chip is a 12-bit part at +-4 g whose digital low-pass
(a first-order filter at half its output rate) runs on the 1 ms grid before it is
sampled at 10, 25 or 100 Hz."""
import math

from .shapes import G, POSE_PHI, cross, direction, norm, pose_of
from .script import Script, write

DT = 0.001  # s: the grid the paths and the chip's filter run on


def settle(s, k=6.0):
    """A critically damped step normalised to end at 1: most of a turn early, a slow settle."""
    s = min(1.0, max(0.0, s))
    return (1 - (1 + k * s) * math.exp(-k * s)) / (1 - (1 + k) * math.exp(-k))


class Torso:
    """The torso's path (up, fore-aft, lateral; metres) for one activity, sampled on the grid."""

    SPEC = {  # cadence Hz, vertical m, fore-aft m, lateral m, flight share, stair lift m
        "walk": ((1.6, 2.1), 0.035, 0.015, 0.025, 0.0, 0.0),
        "run": ((2.5, 3.2), 0.045, 0.03, 0.02, 0.35, 0.0),
        "stairs": ((1.2, 1.6), 0.03, 0.01, 0.02, 0.0, 0.17),
        "cycle": ((1.0, 1.5), 0.01, 0.005, 0.03, 0.0, 0.0),
    }

    def __init__(self, kind, rnd, seconds):
        self.kind = kind
        n = int(seconds / DT) + 2
        self.up, self.fa, self.lat = [0.0] * n, [0.0] * n, [0.0] * n
        # vibration that reaches the device past the hand (seat, handlebar), m/s^2, up axis
        self.direct = [0.0] * n
        if kind in ("car", "bus"):
            self._vehicle(rnd, n, 1.0 if kind == "car" else 1.6)
            return
        (lo, hi), v, f, l, flight, lift = self.SPEC[kind]
        mean = rnd.uniform(lo, hi)
        cadence, phase = mean, rnd.uniform(0, 1)
        for i in range(n):
            # cadence drifts around its mean: time constant 3 s, spread 4 %
            cadence += (mean - cadence) * DT / 3.0 + rnd.gauss(0, 0.04 * mean * math.sqrt(2 * DT / 3.0))
            phase += cadence * DT
            u = phase % 1.0
            step = int(phase)
            if flight:  # stance (compressed, lowest mid-stance) then a parabolic flight
                stance = 1 - flight
                z = -v * math.sin(math.pi * u / stance) if u < stance else v * 4 * ((u - stance) / flight) * (1 - (u - stance) / flight)
            else:  # inverted pendulum: highest mid-stance
                z = v * (math.cos(2 * math.pi * u) + 1) / 2
            if lift:
                z += lift * (step + (3 * u * u - 2 * u * u * u))
            self.up[i] = z
            self.fa[i] = f * math.sin(2 * math.pi * u)
            self.lat[i] = l * math.sin(math.pi * phase)
        if kind == "cycle":  # road texture through the handlebar: 0.5-1.5 m/s^2 rms below about 10 Hz
            self._road(rnd, n, rnd.uniform(0.5, 1.5), 0.015)

    def _vehicle(self, rnd, n, size):
        """Braking, pulling away and cornering as smooth pulses of 1-3 m/s^2 lasting 1.5-6 s,
        engine vibration at 25-40 Hz and road noise, as positions."""
        pulses = []
        t = rnd.uniform(0, 4)
        while t < n * DT:
            pulses.append((t, rnd.uniform(1.5, 6), rnd.uniform(-3, 3) / size, rnd.random() < 0.5))
            t += rnd.uniform(3, 10)
        engine, hum = rnd.uniform(25, 40), rnd.uniform(0.2, 0.5) / size
        self._road(rnd, n, rnd.uniform(0.2, 0.6) / size, 0.01)
        # potholes and joints: an 8-12 Hz ringing of 2-4 m/s^2 for about 0.3 s, every 5-20 s
        bumps, t = [], rnd.uniform(2, 8)
        while t < n * DT:
            bumps.append((t, rnd.uniform(2, 4) / size, rnd.uniform(8, 12)))
            t += rnd.uniform(5, 20)
        va, vl = 0.0, 0.0
        pa, pl = 0.0, 0.0
        for i in range(n):
            t = i * DT
            a_fa = a_lat = 0.0
            for start, length, a, corner in pulses:
                if start <= t < start + length:
                    shape = math.sin(math.pi * (t - start) / length) ** 2
                    if corner:
                        a_lat += a * shape
                    else:
                        a_fa += a * shape
            va += a_fa * DT
            vl += a_lat * DT
            pa += va * DT
            pl += vl * DT
            self.fa[i] = pa
            self.lat[i] = pl
            self.direct[i] += hum * math.sin(2 * math.pi * engine * t)
            for start, a, f in bumps:
                if start <= t < start + 0.4:
                    self.direct[i] += a * math.exp(-(t - start) / 0.1) * math.sin(2 * math.pi * f * (t - start))

    def _road(self, rnd, n, rms, tau):
        """A random process of the given rms, smoothed over tau seconds."""
        x, k = 0.0, DT / tau
        scale = rms / math.sqrt(k / (2 - k))
        for i in range(n):
            x += (rnd.gauss(0, 1) - x) * k
            self.direct[i] += scale * x


class Gait3:
    """The hand on the torso: a damped spring per axis, integrated on the grid; `at(t)` gives the
    hand's acceleration (up, fore-aft, lateral; m/s^2) and the attitude's wobble (degrees)."""

    def __init__(self, kind, rnd, seconds):
        torso = Torso(kind, rnd, seconds)
        f0 = rnd.uniform(5, 8)
        zeta = rnd.uniform(0.3, 0.5)
        w = 2 * math.pi * f0
        self.acc = []
        axes = (torso.up, torso.fa, torso.lat)
        direct = torso.direct
        pos = [a[0] for a in axes]
        vel = [0.0, 0.0, 0.0]
        self.lag = []
        for i in range(len(torso.up)):
            acc = [w * w * (axes[k][i] - pos[k]) - 2 * zeta * w * vel[k] for k in range(3)]
            for k in range(3):
                vel[k] += acc[k] * DT
                pos[k] += vel[k] * DT
            self.acc.append((acc[0] + direct[i], acc[1], acc[2]))
            self.lag.append(pos[0] - axes[0][i])
        # slow attitude wander: Ornstein-Uhlenbeck, 1.5 s, 1.5-3 degrees
        self.wander, wp, wb = [], 0.0, 0.0
        spread = rnd.uniform(1.5, 3)
        for i in range(0, len(torso.up), 10):
            wp += -wp * 0.01 / 1.5 + rnd.gauss(0, spread * math.sqrt(2 * 0.01 / 1.5))
            wb += -wb * 0.01 / 1.5 + rnd.gauss(0, spread * math.sqrt(2 * 0.01 / 1.5))
            self.wander.append((wp, wb))
        self.tip = rnd.uniform(150, 300)  # degrees of pitch per metre the hand lags the torso

    def at(self, t):
        i = min(len(self.acc) - 1, max(0, int(t / DT)))
        wp, wb = self.wander[min(len(self.wander) - 1, i // 10)]
        return self.acc[i], (wp, wb + self.tip * self.lag[i])


class FilteredChip:
    """A 12-bit part at +-4 g: bias, gain error, white noise at its output, and its digital
    low-pass (first order, corner at half the output rate) running on the grid."""

    def __init__(self, rnd, rate_hz):
        self.bias = [rnd.uniform(-0.25, 0.25) for _ in range(3)]
        self.gain = [rnd.uniform(0.97, 1.03) for _ in range(3)]
        self.lsb = 8 * G / 4096
        self.alpha = 1 - math.exp(-2 * math.pi * (rate_hz / 2) * DT)
        self.state = None
        self.noise = rnd.uniform(0.02, 0.08)
        self.rnd = rnd

    def feed(self, v):
        if self.state is None:
            self.state = list(v)
        self.state = [s + self.alpha * (x - s) for s, x in zip(self.state, v)]

    def read(self):
        return tuple(max(-4 * G, min(4 * G, round((c * k + b + self.rnd.gauss(0, self.noise)) / self.lsb) * self.lsb))
                     for c, k, b in zip(self.state, self.gain, self.bias))


def render3(script, rate_hz, rnd, gait, moving):
    """The script through the hand and the filtered chip, sampled at rate_hz; 10 Hz is polled
    with +-15 ms timer jitter and, one read in 30, 30-60 ms late."""
    chip = FilteredChip(rnd, rate_hz)
    period = int(round(1000.0 / rate_hz))
    rows, next_ms, last = [], rnd.randint(0, period), -1
    steps = int(script.t)
    for ms in range(steps):
        s = ms / 1000.0
        phi, beta = script.attitude(ms)
        lin = (0.0, 0.0, 0.0)
        if moving(ms):
            lin, (wp, wb) = gait.at(s)
            phi, beta = phi + wp, beta + wb
        g = direction(phi, beta)
        h1 = norm(tuple(z - gz * g[2] for z, gz in zip((0, 0, 1), g))) if abs(g[2]) < 0.99 else (1, 0, 0)
        h2 = cross(g, h1)
        chip.feed([(G + lin[0]) * g[i] + lin[1] * h1[i] + lin[2] * h2[i] for i in range(3)])
        if ms < next_ms:
            continue
        late = rnd.uniform(30, 60) if rate_hz <= 10 and rnd.random() < 1 / 30 else 0
        jitter = rnd.uniform(-15, 15) if rate_hz <= 10 else 0
        next_ms = ms + period + int(jitter + late)
        if any(a <= ms < b for a, b in script.gaps) or ms <= last:
            continue
        last = ms
        rows.append((ms, *chip.read()))
    return rows


def turn_to_new_pose(sc, rnd):
    target = rnd.choice([p for p in ("portrait", "landscapeLeft", "landscapeRight") if p != pose_of(sc.phi)])
    return ((POSE_PHI[target] - sc.phi) + 180) % 360 - 180 + rnd.uniform(-7, 7)


def moving_gait3(out, rnd):
    """move_* of the third model (walking, running, stairs, cycling, car, bus; 8 turns each)
    and drop_walk_* (8 turns, each with a 0.4-1.2 s dropout in its middle), at 10, 25 and 100 Hz."""
    for kind in ("walk", "run", "stairs", "cycle", "car", "bus"):
        for rate in (10, 25, 100):
            sc = Script(0.0 if kind != "car" else 90.0, rnd.uniform(10, 28))
            sc.hold(3000)
            moving_from = sc.t
            sc.hold(4000, kind="keep", tag=kind)
            for i in range(8):
                # leaning back 5-30 degrees: with the wander on top a device stays under 40,
                # where an edge pose is not in doubt (at 45 it is as near faceUp as its edge)
                lean = max(5 - sc.beta, min(30 - sc.beta, rnd.uniform(-12, 12)))
                sc.turn(turn_to_new_pose(sc, rnd), rnd.uniform(400, 1300), tag=kind + "-rotate", profile=settle, dbeta=lean)
                sc.hold(rnd.uniform(3500, 6500), kind="keep", tag=kind, event=1)
            moving_to = sc.t
            sc.hold(3000)
            gait = Gait3(kind, rnd, sc.t / 1000 + 1)
            rows = render3(sc, rate, rnd, gait, lambda ms: moving_from <= ms < moving_to)
            write(out, f"move_{kind}_{rate}hz", rows, sc, f"gait3 {kind} with rotations, {rate} Hz")
    for rate in (10, 25, 100):
        sc = Script(0.0, rnd.uniform(10, 25))
        sc.hold(3000)
        for i in range(8):
            sc.turn(turn_to_new_pose(sc, rnd), rnd.uniform(500, 1200), gap=rnd.uniform(400, 1200), profile=settle)
            sc.hold(rnd.uniform(3500, 5000), kind="keep", tag="walk", event=1)
        gait = Gait3("walk", rnd, sc.t / 1000 + 1)
        rows = render3(sc, rate, rnd, gait, lambda ms: True)
        write(out, f"drop_walk_{rate}hz", rows, sc, f"gait3 rotations with dropouts while walking, {rate} Hz")


def glances_gait3(out, rnd):
    """glance_* of the third model: 16 glances per trace toward another edge pose and back, each
    with its own asymmetry (the way out takes 30-70 % of the time; up to 70 degrees both legs
    minimum jerk, deeper a reversal without a stop), 40-85 degrees in 0.4-1.2 s, held still or with the attitude's
    slow wander, through the filtered chip at 10, 25 and 100 Hz."""
    for start, toward in (("portrait", 1), ("landscapeLeft", -1)):
        for rate in (10, 25, 100):
            for wander in (False, True):
                sc = Script(POSE_PHI[start], rnd.uniform(5, 25))
                sc.hold(2500)
                for i in range(16):
                    amp, ms, share = rnd.uniform(40, 85), rnd.uniform(400, 1200), rnd.uniform(0.3, 0.7)
                    # a stop at the turning point near an axis is a turn (as in the first model):
                    # deeper than 70 degrees the hand reverses without stopping
                    shape = there_and_back if amp <= 70 else skewed_reversal
                    sc.glance(toward * amp, ms, lambda s, k=share, f=shape: f(s, k))
                    sc.hold(rnd.uniform(2000, 3000))
                hand = Gait3("walk", rnd, sc.t / 1000 + 1)
                # the hand at rest: only the wander of its attitude, no gait
                hand.acc = [(0.0, 0.0, 0.0)] * len(hand.acc)
                hand.lag = [0.0] * len(hand.lag)
                rows = render3(sc, rate, rnd, hand, lambda ms: wander)
                write(out, f"glance_{start}_{rate}hz_{'wander' if wander else 'still'}", rows, sc,
                      f"gait3 16 glances from {start}, {rate} Hz")


def there_and_back(s, share):
    """Out to 1 in `share` of the time and back to 0 in the rest, each leg minimum jerk."""
    s = min(1.0, max(0.0, s))
    u = s / share if s < share else (1 - s) / (1 - share)
    return u * u * u * (10 - 15 * u + 6 * u * u)


def skewed_reversal(s, share):
    """Out to 1 at `share` of the time and back: a raised cosine on a time axis bent so that its
    peak falls at `share`; at the peak the hand reverses (its acceleration is not zero)."""
    s = min(1.0, max(0.0, s))
    w = 0.5 * s / share if s < share else 0.5 + 0.5 * (s - share) / (1 - share)
    return math.sin(math.pi * w) ** 2
