"""Gravity, the poses' in-plane angles, the time profiles of a turn (minimum jerk, bump, raised
cosine, stop and go, tanh) and the vector helpers."""
import math

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


def tanh_turn(s):
    """A turn whose speed follows a tanh profile (sharper start and stop than minimum jerk)."""
    s = min(1.0, max(0.0, s))
    return (math.tanh(6 * (s - 0.5)) / math.tanh(3) + 1) / 2


def pose_of(phi):
    phi = (phi + 180) % 360 - 180
    return min(POSE_PHI, key=lambda k: abs(((phi - POSE_PHI[k]) + 180) % 360 - 180))
