"""Gait4's physics (scripts/motion_sim/gait4.py): the torso's acceleration for each activity, the
arm between torso and hand, the rigid-body kinematics of the device and the chip that samples it.

World frame: x to the person's right, y forward, z up. Everything runs on a 1 ms grid. The reading
is R^T (g_w - a) with g_w = (0, 0, -g): the gravity vector in the device frame minus the linear
acceleration a of the sensor's own point. a is the torso's acceleration, plus the hand's motion
on the compliant arm, plus the second difference of the sensor's position relative to the torso
(the device turning about a grip that is not at the chip: tangential and centripetal terms, and
an arm swinging as a pendulum from the shoulder: omega^2 r toward the shoulder)."""
import math

G = 9.80665
DT = 0.001


def rx(a):
    c, s = math.cos(a), math.sin(a)
    return ((1, 0, 0), (0, c, -s), (0, s, c))


def rz(a):
    c, s = math.cos(a), math.sin(a)
    return ((c, -s, 0), (s, c, 0), (0, 0, 1))


def mul(a, b):
    (b0, b1, b2) = b
    return tuple((r[0] * b0[0] + r[1] * b1[0] + r[2] * b2[0], r[0] * b0[1] + r[1] * b1[1] + r[2] * b2[1],
                  r[0] * b0[2] + r[1] * b1[2] + r[2] * b2[2]) for r in a)


def apply(m, v):
    x, y, z = v
    return tuple(r[0] * x + r[1] * y + r[2] * z for r in m)


def transpose(m):
    return tuple(tuple(m[j][i] for j in range(3)) for i in range(3))


# Device axes in the world for a phone held upright in front of the face, screen toward the eyes.
FACING = ((1, 0, 0), (0, 0, -1), (0, 1, 0))
# Hanging in the hand at the side: top edge down along the arm, screen toward the thigh.
HANGING = ((0, 0, -1), (1, 0, 0), (0, -1, 0))
# Halfway through a lift from hanging to reading: top edge forward, screen up (120 degrees from
# HANGING, 90 from FACING; the direct path is a half turn with no preferred way round).
VIA = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def reading_attitude(phi_deg, beta_deg):
    """In-plane angle phi (counter-clockwise as the viewer sees it) and back tilt beta."""
    return mul(rx(-math.radians(beta_deg)), mul(FACING, rz(math.radians(phi_deg))))


def to_quat(m):
    """Rotation matrix to unit quaternion (w, x, y, z), from its largest component (stable near
    half turns)."""
    tr = m[0][0] + m[1][1] + m[2][2]
    if tr > 0:
        k = 2 * math.sqrt(1 + tr)
        return (k / 4, (m[2][1] - m[1][2]) / k, (m[0][2] - m[2][0]) / k, (m[1][0] - m[0][1]) / k)
    i = max(range(3), key=lambda j: m[j][j])
    j, n = (i + 1) % 3, (i + 2) % 3
    k = 2 * math.sqrt(max(1e-12, 1 + m[i][i] - m[j][j] - m[n][n]))
    q = [0.0, 0.0, 0.0, 0.0]
    q[0], q[1 + i] = (m[n][j] - m[j][n]) / k, k / 4
    q[1 + j], q[1 + n] = (m[j][i] + m[i][j]) / k, (m[n][i] + m[i][n]) / k
    return tuple(q)


def from_quat(q):
    w, x, y, z = q
    return ((1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
            (2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
            (2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)))


def slerp(m0, m1, s):
    a, b = to_quat(m0), to_quat(m1)
    d = sum(p * q for p, q in zip(a, b))
    if d < 0:
        b, d = tuple(-c for c in b), -d
    th = math.acos(min(1.0, d))
    if th < 1e-6:
        return m0
    k0, k1 = math.sin((1 - s) * th) / math.sin(th), math.sin(s * th) / math.sin(th)
    return from_quat(tuple(k0 * p + k1 * q for p, q in zip(a, b)))


def smooth(s):
    """Minimum-jerk position profile on [0, 1]."""
    s = min(1.0, max(0.0, s))
    return s * s * s * (10 - 15 * s + 6 * s * s)


class Cadence:
    """Step phase with stride-to-stride period variability (a few percent, as measured gaits)."""

    def __init__(self, rnd, hz, spread, ms):
        self.starts, t = [], rnd.uniform(0, 1000 / hz)
        while t < ms + 2000:
            self.starts.append(t)
            t += 1000 / hz * (1 + rnd.gauss(0, spread))
        self.i = 0

    def phase(self, t):
        """(step index, phase in [0, 1), step period in ms) at t ms."""
        while self.i + 1 < len(self.starts) and self.starts[self.i + 1] <= t:
            self.i += 1
        a, b = self.starts[self.i], self.starts[self.i + 1]
        return self.i, max(0.0, (t - a) / (b - a)), b - a


def ring(u_ms, amp, hz, tau_ms):
    """Damped ringing of soft tissue and the arm after an impact, u_ms after it."""
    return amp * math.exp(-u_ms / tau_ms) * math.sin(2 * math.pi * hz * u_ms / 1000) if u_ms >= 0 else 0.0


def walking(rnd, ms, stairs=0):
    """Trunk acceleration while walking (stairs: +1 up, -1 down): a vertical bob of 1.8-2.5 cm at the
    step frequency, braking then propulsion fore-aft, side to side sway at the stride frequency
    and the heel strike's ringing. Stairs: slower, a larger bob, and harder landings going down."""
    hz = rnd.uniform(1.45, 1.8) if stairs else rnd.uniform(1.7, 2.1)
    cad = Cadence(rnd, hz, 0.03, ms)
    bob = rnd.uniform(0.018, 0.025) * (1.3 if stairs else 1.0)
    strike = rnd.uniform(1.0, 2.0) * (1.8 if stairs < 0 else 1.0)
    ring_hz = rnd.uniform(12, 18)

    def at(t):
        k, u, per = cad.phase(t)
        w = 2 * math.pi / (per / 1000)
        z = bob * w * w * math.cos(2 * math.pi * u) + 0.3 * bob * w * w * math.cos(4 * math.pi * u + 0.7)
        z += ring(u * per, strike, ring_hz, 25)
        y = 1.4 * math.sin(2 * math.pi * u + 0.5)
        x = 0.7 * math.sin(math.pi * (u + k % 2))
        return (x, y, z)
    return at, hz


def running(rnd, ms):
    """Trunk acceleration while running, from the ground reaction force: a half sine over the
    contact time Tc whose impulse carries the body through the step (peak g*pi*T/(2*Tc)), free
    fall (-g) in the flight phase, an impact transient at touch-down, braking then propulsion."""
    hz = rnd.uniform(2.5, 3.0)
    cad = Cadence(rnd, hz, 0.025, ms)
    duty = rnd.uniform(0.55, 0.7)
    impact = rnd.uniform(4, 9)

    def at(t):
        k, u, per = cad.phase(t)
        z = -G
        if u < duty:
            z += G * math.pi / (2 * duty) * math.sin(math.pi * u / duty)
        z += ring(u * per, impact, 20, 15)
        y = -3.0 * math.sin(2 * math.pi * u / duty) if u < duty else 0.0
        x = 1.5 * math.sin(math.pi * (u + k % 2))
        return (x, y, z)
    return at, hz


def hand_on_arm(accel, ms, fn=(2.5, 3.0, 4.0), zeta=0.5):
    """The hand rides on the torso through the arm, a damped spring per axis (a lighter lateral, a
    stiffer vertical hold): d'' + 2 zeta w d' + w^2 d = -a_torso, d = hand minus torso. Returns
    per-ms lists of the hand's acceleration (a_torso + d'') and of d."""
    d, v = [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]
    w = [2 * math.pi * f for f in fn]
    acc, disp = [], []
    for i in range(ms):
        a = accel(i)
        dd = [-2 * zeta * w[j] * v[j] - w[j] ** 2 * d[j] - a[j] for j in range(3)]
        for j in range(3):
            v[j] += dd[j] * DT
            d[j] += v[j] * DT
        acc.append(tuple(a[j] + dd[j] for j in range(3)))
        disp.append(tuple(d))
    return acc, disp


class Chip:
    """An accelerometer: gain error and cross-axis coupling per axis, a residual mounting
    misalignment, bias, noise, a one-pole digital low-pass at a fraction of its data rate, range
    clipping and quantisation (12 bit at +-2 g or 14 bit at +-4 g)."""

    def __init__(self, rnd, odr):
        self.range_g, bits = rnd.choice(((2, 12), (4, 14), (4, 12), (2, 14)))
        self.lsb = 2 * self.range_g * G / 2 ** bits
        mis = [math.radians(rnd.uniform(-2.5, 2.5)) for _ in range(3)]
        m = mul(rz(mis[2]), mul(rx(mis[0]), ((math.cos(mis[1]), 0, math.sin(mis[1])), (0, 1, 0),
                                                (-math.sin(mis[1]), 0, math.cos(mis[1])))))
        self.m = tuple(tuple(m[i][j] * (1 + rnd.uniform(-0.03, 0.03) if i == j else 1) +
                             (rnd.uniform(-0.015, 0.015) if i != j else 0) for j in range(3)) for i in range(3))
        self.bias = tuple(rnd.uniform(-0.25, 0.25) for _ in range(3))
        self.alpha = 1 - math.exp(-2 * math.pi * odr / 2.5 * DT)
        self.state = None
        self.rnd = rnd

    def step(self, v):
        """Advance the low-pass 1 ms with the true reading v (m/s^2, device frame)."""
        if self.state is None:
            self.state = list(v)
        for j in range(3):
            self.state[j] += self.alpha * (v[j] - self.state[j])

    def sample(self):
        v = apply(self.m, self.state)
        top = self.range_g * G
        out = []
        for j in range(3):
            c = min(top - self.lsb, max(-top, v[j] + self.bias[j] + self.rnd.gauss(0, 0.02)))
            out.append(round(c / self.lsb) * self.lsb)
        return tuple(out)


def sample_times(rnd, rate, ms):
    """(stamp, chip-sample time) pairs: buffered chips at their own clock (+-1 %) stamped by it;
    10 Hz is a poll of a chip running at 50 or 100 Hz, with timer jitter and late wake-ups,
    reading the chip's latest sample."""
    clock = 1 + rnd.uniform(-0.01, 0.01)
    out, t = [], rnd.uniform(0, 1000 / rate)
    if rate > 10:
        while t < ms - 1:
            out.append((int(round(t)), t))
            t += 1000 / rate * clock
        return out
    odr = rnd.choice((50, 100))
    while t < ms - 1:
        late = rnd.uniform(15, 45) if rnd.random() < 0.05 else rnd.uniform(-8, 8)
        stamp = min(ms - 1, max(t + late, out[-1][0] + 1 if out else 0))
        out.append((int(round(stamp)), math.floor(stamp * odr * clock / 1000) * 1000 / (odr * clock)))
        t += 100
    return out
