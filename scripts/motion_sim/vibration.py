"""The trace families buzz_* (a vibration motor on a table or stand) and shake_* (short shakes
of the hand in a vehicle)."""
import math

from .shapes import *  # noqa: F401,F403
from .bodies import *  # noqa: F401,F403
from .script import *  # noqa: F401,F403
from .families import rotation_to_new_pose  # noqa: F401


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
