#!/usr/bin/env python3
"""make-posture-corpus.py - physically simulated, labelled traces of 2-in-1 postures.

Writes, for every scenario and rate, into OUTDIR (default corpus-posture/traces):
    <id>.csv        t_ms,dx,dy,dz,bx,by,bz   display then base reading, m/s², each in its own
                    docs/axes-and-names.md device frame after its mount matrix (what orientctl posture reads)
    <id>.truth.csv  labelled segments (format: corpus-posture/FORMAT.md)
    <id>.meta.json  seed, rate, chip errors, scenario
Python standard library only. Deterministic: the same seed gives the same files.

The model (docs/posture.md, "Frames"): the base has an orientation R (world <- base); the display frame is
the base frame turned about the hinge (x) so that, for any vector, display = Rx(θ)·base. A
reading is the gravity vector minus the sensor's linear acceleration, in the sensor frame.
Both halves share the device's linear acceleration (walking, lap bounce, impacts); the display
also feels its own rotation about the hinge (tangential r·θ'' and centripetal r·θ'² at its
accelerometer, 12 cm from the hinge), which is what makes a wobbling lid visible as two
disagreeing magnitudes. Each chip has a gain error (common and per axis), offset, a small
misalignment, noise, quantisation and clipping at its range (CHIP_*: consumer parts' datasheet
tolerances); the base sample of a line is the base chip's latest sample (its own clock),
so the two are up to one period apart.

usage: scripts/make-posture-corpus.py [OUTDIR] [--seed N]
"""
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from posture_sim.physics import DISPLAY_ARM_M  # noqa: E402
from posture_sim.script import Chip, sample_times, truth_segments  # noqa: E402
from posture_sim.scenarios import RATES, SCENARIO_RATES, SCENARIOS  # noqa: E402

LOW_REST_S, LOW_MOVING_S, LOW_HOLD_S, LOW_MOVEMENT_M_S2 = 0.5, 0.1, 1.0, 0.6


def low_rate_samples(rng, script, display, base, duration):
    """The daemon's adaptive low rate: the next read's time depends on whether this one moved."""
    out, t, last, moved_at = [], LOW_REST_S, None, None
    while t < duration:
        tick = t + rng.uniform(0, 0.002)
        dv, bv = script.readings(tick - rng.uniform(0, 0.02), tick - rng.uniform(0, 0.02))
        d, b = display.read(dv), base.read(bv)
        if last is not None and max(math.dist(d, last[0]), math.dist(b, last[1])) > LOW_MOVEMENT_M_S2:
            moved_at = tick
        last = (d, b)
        out.append((tick, d, b))
        t = tick + (LOW_MOVING_S if moved_at is not None and tick - moved_at < LOW_HOLD_S else LOW_REST_S)
    return out


def write_trace(outdir, ident, script, rate, rng, meta):
    display, base = Chip(rng), Chip(rng)
    duration = script.t
    lines = ["t_ms,dx,dy,dz,bx,by,bz"]
    if rate == "low":
        samples = low_rate_samples(rng, script, display, base, duration)
    else:
        samples = []
        for t, td, tb in sample_times(rng, rate, duration):
            dv, bv = script.readings(td, tb)
            samples.append((t, display.read(dv), base.read(bv)))
    for t, d, b in samples:
        lines.append(f"{int(t * 1000)}," + ",".join(f"{x:.4f}" for x in d + b))
    with open(os.path.join(outdir, ident + ".csv"), "w") as f:
        f.write("\n".join(lines) + "\n")
    segs = truth_segments(script)
    segs[-1][1] = max(segs[-1][1], int(duration * 1000))
    with open(os.path.join(outdir, ident + ".truth.csv"), "w") as f:
        f.write("start_ms,end_ms,kind,expected,allowed,grace_ms,event,tag,note\n")
        for sg in segs:
            f.write(",".join(str(x) for x in sg) + "\n")
    meta.update(rate_hz=rate, duration_s=round(duration, 3), display_chip=display.meta(), base_chip=base.meta(),
                display_arm_m=DISPLAY_ARM_M)
    with open(os.path.join(outdir, ident + ".meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    args = sys.argv[1:]
    seed = 12
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    outdir = args[0] if args else os.path.join(os.path.dirname(__file__), "..", "corpus-posture", "traces")
    os.makedirs(outdir, exist_ok=True)
    for n, (name, build) in enumerate(SCENARIOS):
        for rate in SCENARIO_RATES.get(name, RATES):
            trace_seed = seed * 1000 + n * 10 + (0 if rate == "low" else rate)
            rng = random.Random(trace_seed)
            script = build(rng)
            ident = f"{name}_lowrate" if rate == "low" else f"{name}_{rate}hz"
            write_trace(outdir, ident, script, rate, rng, dict(seed=trace_seed, scenario=name))
            print(ident, f"{script.t:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
