#!/usr/bin/python3
"""The chip's own conversion rate and what a daemon reads: a fake polled accelerometer whose
raw attributes change only at its `sampling_frequency` (a chip at 5.2 Hz converts every 192 ms;
between conversions it answers the last one), starting at 5.2 Hz with LSM303's list
`1 3 6 12 25 50 100 200`. A pose step is written to the "physics" at a random phase of the
chip's period; measured: step -> the daemon's PropertiesChanged for the new orientation
(orientd's `Orientation`, iio-sensor-proxy's AccelerometerOrientation), and the rate the chip
ran at while claimed. `name: value` lines, side by side.
  chip_latency_median_ms / _p95_ms, chip_hz_while_claimed
Run through scripts/bench-iio (under umockdev-wrapper)."""
import argparse
import random
import threading
import time

from common import T, print_side_by_side, summarize, KINDS  # noqa: E402
from compare_iio_sensor_proxy import Daemon, IN_PLANE  # noqa: E402

START_HZ = '5.2'
AVAILABLE = '1 3 6 12 25 50 100 200'


class Chip:
    """Copies the physical pose into the raw attributes once per conversion period."""

    def __init__(self, acc):
        self.acc = acc
        self.target = T.POSES['portrait']
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def hz(self):
        try:
            return max(0.5, float(self.acc.read('sampling_frequency')))
        except (OSError, ValueError):
            return 1.0

    def run(self):
        while not self.stop.is_set():
            self.acc.set_vector(*(T.G * c for c in self.target))
            self.stop.wait(1.0 / self.hz())


def measure(kind, args):
    bus, tb = T.PrivateBus(), T.Testbed()
    acc = tb.accelerometer(variant='poll', attrs={'sampling_frequency': START_HZ},
                           props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    acc.write('sampling_frequency_available', AVAILABLE)
    chip = Chip(acc)
    d = Daemon(kind, bus, tb, args.orientd_bin)
    out = {}
    try:
        d.call(d.claim)
        time.sleep(1.0)
        out['chip_hz_while_claimed'] = chip.hz()
        latencies = []
        pose = 'portrait'
        rng = random.Random(7)
        for _ in range(args.changes):
            target = rng.choice([p for p in IN_PLANE if p != pose])
            time.sleep(rng.uniform(1.2, 1.2 + 1.0 / chip.hz()))
            mark = len(d.events)
            t0 = time.monotonic_ns()
            chip.target = T.POSES[target]
            t = d.wait_event(d.map(target), mark)
            if t is not None:
                latencies.append((t - t0) / 1e6)
            pose = target
        summarize(out, 'chip_latency', latencies, 0.95)
    finally:
        for close in (chip.stop.set, d.stop, acc.close, bus.close):
            close()
    return out


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description='a slow chip: step -> orientation, orientd and iio-sensor-proxy')
    ap.add_argument('--orientd-bin', required=True)
    ap.add_argument('--changes', type=int, default=20)
    options = ap.parse_args()
    print_side_by_side('chip-rate', {kind: measure(kind, options) for kind in KINDS})
