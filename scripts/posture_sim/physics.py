"""Gravity, the chips' datasheet tolerances, the posture bands, and the rotations the
simulator turns the device with."""
import math

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
