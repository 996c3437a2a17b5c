#!/usr/bin/env python3
"""Writes labelled traces (<id>.csv + <id>.truth.csv, the corpus format of score.py) for tuning
the screen rule and the classifier's busy path, from the physics of a hand, a gait and a vehicle:

  glance_*   portrait (or landscape) held, then glances of 40-90 degrees toward another edge
             pose and straight back in 0.4-1.2 s. Two shapes: one smooth out-and-back movement
             (a minimum-jerk bump, or a raised cosine for the deepest and slowest: the hand
             reverses with its largest acceleration; deep ones pass within 10 degrees of the
             axis for 0.1-0.3 s), and two minimum-jerk
             halves (out, stop, back: the turning point stands still for an instant, 40-70
             degrees). 10 Hz polled with timer jitter, 50 Hz, 100 Hz; steady hand or tremor.
  turn_*     deliberate rotations (90 and 180 degrees, 0.3-1.4 s, minimum jerk, a third with a
             small overshoot corrected) between holds with tremor and sway.
  move_*     walking, running, stairs, cycling, car and bus, with rotations made while moving.
  drop_*     rotations with a sample dropout of 0.4-1.2 s in their middle, held and walking.
  glance_drop_*  glances of 40-90 degrees in 0.4-1.2 s, in the hand standing or walking, each
             with a dropout of 0.1-0.8 s before its apex, across it or on the way back (a third
             each); 10, 25, 50, 100 Hz. drop_turn_*: the same hand turning to another edge pose
             in 0.6-1.5 s under a 0.3-0.8 s dropout that ends before the turn's end, covers
             it or follows it (motion_sim/glance_drops.py).
  buzz_*     a phone's vibration motor buzzing while it lies on a table or stands on a stand
             (pose unchanged): 150-250 Hz, seen aliased by the 50 and 100 Hz sample clock.
  shake_*    short shakes of the hand (1.5-4 cycles at 2.5-7 Hz) on top of a car's or bus's
             vibration, each followed by rotations made in the vehicle.

Device frame and gravity sign as docs/axes-and-names.md: the reading is the gravity vector minus
the linear acceleration. Attitude: in-plane angle phi (0 portrait, 90 landscapeLeft, -90
landscapeRight, 180 upside down) and back tilt beta toward faceUp. Deterministic.

    scripts/make-motion-traces.py OUTDIR [--only PREFIX] [--seed N]

--only PREFIX writes the families whose function's name starts with PREFIX (glances,
glance_drops, turns, moving, dropouts, buzzes, shakes; with gait4 the same with _gait4).

Each family draws from its own random numbers, so adding one leaves the others as they were.

--seed N draws every family from other random numbers (N = 0, the default, gives the tuning
set): held-out material with the same physics, to check that nothing is fitted to one draw.
--variant gait2 writes move_* and drop_* from a second, independently written model instead
(Gait2: step-to-step timing variability, damped heel-strike ringing, braking then propulsion
fore-aft, left/right sway, harmonic arm swing; turns with a tanh speed profile that also change
the lean; a 10-bit 2 g chip with bias, gain error and quantisation), to check that the
classifier is not fitted to one generator's gait either.
--variant gait3 writes move_* (also car and bus), drop_walk_* and glance_* from a third model, written
apart from both (motion_sim/gait3.py: paths of the torso and a hand hanging on it as a damped
spring, differentiated; cadence drift; a chip with its own low-pass; 10, 25 and 100 Hz).
--variant gait4 writes glance_*, glance_drop_*, turn_*, move_*, drop_* from a fourth model (motion_sim/gait4.py:
rigid-body kinematics of a device turned about a grip off the chip, the wrist undoing part of the
arm's bounce, running from the ground reaction force with a flight phase, a phone swinging in the
hanging hand, car potholes and speed bumps, a tram; chips with cross-axis coupling, misalignment,
12/14 bit at 2/4 g with clipping; 10 Hz polled, 12.5-200 Hz buffered).
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from motion_sim.families import dropouts, glances, moving, moving_gait2, turns  # noqa: E402
from motion_sim.vibration import buzzes, shakes  # noqa: E402
from motion_sim.gait3 import glances_gait3, moving_gait3  # noqa: E402
from motion_sim.gait4 import dropouts_gait4, glance_drops_gait4, glances_gait4, moving_gait4, turns_gait4  # noqa: E402
from motion_sim.glance_drops import glance_drops  # noqa: E402


def main():
    args = sys.argv[1:]
    out = args.pop(0)
    options = dict(zip(args[::2], args[1::2]))
    only = options.get("--only", "")
    offset = 1000 * int(options.get("--seed", "0"))
    os.makedirs(out, exist_ok=True)
    if options.get("--variant") == "gait2":
        moving_gait2(out, random.Random(505 + offset))
        return
    if options.get("--variant") == "gait3":
        moving_gait3(out, random.Random(808 + offset))
        glances_gait3(out, random.Random(909 + offset))
        return
    if options.get("--variant") == "gait4":
        families = ((111, glances_gait4), (222, turns_gait4), (333, moving_gait4), (444, dropouts_gait4),
                    (555, glance_drops_gait4))
    else:
        families = ((101, glances), (202, turns), (303, moving), (404, dropouts), (606, buzzes), (707, shakes),
                    (818, glance_drops))
    for seed, fn in families:
        if fn.__name__.startswith(only) or not only:
            fn(out, random.Random(seed + offset))


if __name__ == "__main__":
    main()
