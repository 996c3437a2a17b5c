#!/usr/bin/python3
"""orientd and iio-sensor-proxy side by side on the same fake input accelerometer (an evdev
node in a umockdev testbed, Tests/e2e/input_fakes.py), each on a private bus, in one run.
Prints `name: value` lines and the ratio orientd / iio-sensor-proxy.

    umockdev-wrapper /usr/bin/python3 benchmarks/input_accelerometer.py --orientd-bin .build-bin

Figures:
  begin_to_first_orientation_ms   Begin (orientd) / ClaimAccelerometer (iio-sensor-proxy) ->
                                  the first orientation a client can know, median of --runs
                                  freshly started daemons; the device sends no event meanwhile
                                  (both read the axes' state: libevdev's open, EVIOCGABS)
  _max_ms                         the slowest of those runs
  generating_no_events_*          while one client listens, the device at rest and having sent
                                  no event (orientd polls it: libevdev's forced sync)
  generating_events_*             the same after the device sent one change (orientd then
                                  waits for its events)
  *_axis_reads_per_s              reads of the three axes (EVIOCGABS), from umockdev's ioctl log
  *_wakeups_per_s                 context switches per second; under umockdev every emulated
                                  ioctl is a round trip on a socket, so a read of the device
                                  costs about 30 of them here, and one on a real kernel none
  idle_wakeups_per_s              nobody listening
iio-sensor-proxy never sees a pose the fake sends as events (it polls EVIOCGABS every 700 ms,
which umockdev answers from the tree loaded at creation), so no change latency is compared.
"""
import argparse
import os
import re
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'e2e'))
sys.path.insert(0, HERE)
import orientd_testbed as T  # noqa: E402
from common import KINDS, print_side_by_side  # noqa: E402
from compare_iio_sensor_proxy import Daemon, first_orientation_samples, rates  # noqa: E402
from input_fakes import FakeInputAccelerometer  # noqa: E402


def fake(tb):
    # iio-sensor-proxy's udev rule gives input accelerometers this type.
    return FakeInputAccelerometer(tb, pose='portrait', props={'IIO_SENSOR_PROXY_TYPE': 'input-accel'})


def axis_reads(bus, kind):
    """Reads of the three axes (EVIOCGABS X, Y, Z) so far, from umockdev's ioctl log."""
    with open(os.path.join(bus.dir, kind + '.log')) as f:
        return len(re.findall(r'request 8018454[0-2]: emulated', f.read())) / 3


def rest_figures(kind, args):
    """Wake-ups and axis reads per second: nobody listening; claimed while the device has
    sent no event (orientd polls it); claimed after it sent a change (orientd reads events)."""
    bus, tb = T.PrivateBus(), T.Testbed()
    acc = fake(tb)
    d = Daemon(kind, bus, tb, args.orientd_bin, env_extra={'UMOCKDEV_DEBUG': 'ioctl'})
    out = {}
    try:
        time.sleep(0.5)
        out['idle_wakeups_per_s'] = rates(d.proc.pid, args.window)[1]
        d.call(d.claim)
        for phase in ('no_events', 'events'):
            if phase == 'events':
                acc.set_pose('landscapeLeft')
            time.sleep(1.5)   # past the fast reads that follow a start or a change
            r0, t0 = axis_reads(bus, kind), time.monotonic()
            out['generating_%s_wakeups_per_s' % phase] = rates(d.proc.pid, args.window)[1]
            out['generating_%s_axis_reads_per_s' % phase] = (axis_reads(bus, kind) - r0) / (time.monotonic() - t0)
        return out
    finally:
        d.stop()
        acc.close()
        bus.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--orientd-bin', required=True)
    ap.add_argument('--runs', type=int, default=7)
    ap.add_argument('--window', type=float, default=5.0, help='seconds for the wake-up rates')
    args = ap.parse_args()
    results = {}
    for kind in KINDS:
        samples = first_orientation_samples(kind, lambda tb: (fake(tb), {}), args.orientd_bin, args.runs)
        results[kind] = {
            'begin_to_first_orientation_ms': statistics.median(samples) if samples else None,
            'begin_to_first_orientation_max_ms': max(samples) if samples else None,
        }
        results[kind].update(rest_figures(kind, args))
    print_side_by_side('input', results, digits=2)

if __name__ == '__main__':
    main()
