#!/usr/bin/python3
"""Posture cost and speed on two umockdev accelerometers (display and base, polled): wake-ups
and CPU per second at rest with the tablet-mode switch exported and no client, then the time
from both sensors reading a new hinge angle to PostureDidChange, laptop <-> tent, at the low
rate (nobody generating) and at the full rate (one Begin held).

    cd Tests/e2e && umockdev-wrapper /usr/bin/python3 ../../benchmarks/posture.py [--seconds N] [--noise RMS]

--noise RMS: both chips' readings carry white noise of RMS m/s² per axis, redrawn every 10 ms
(real parts: 0.05-0.2 m/s²), for the figures at rest; without it they hold still.
"""
import argparse
import os
import random
import statistics
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'e2e'))
import orientd_testbed as T  # noqa: E402
import test_posture as P  # noqa: E402


def counters(pid):
    with open('/proc/%d/status' % pid) as f:
        wakeups = next(int(line.split()[1]) for line in f if line.startswith('voluntary_ctxt_switches'))
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return wakeups, (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def latencies(client, hinge, rounds):
    out = []
    for i in range(rounds):
        for pose in ('tent', 'laptop'):
            time.sleep(0.5 + 0.37 * (i % 3))   # land at different phases of the low-rate tick
            seen = len(client.changes)
            hinge.pose(pose)
            t0 = time.monotonic()
            while len(client.changes) == seen and time.monotonic() - t0 < 10:
                client.client.pump(0.002)
            out.append(time.monotonic() - t0)
    return sorted(out)


class Noise:
    """Redraws both chips' readings around the pose every `period` seconds while running."""

    def __init__(self, hinge, pose, rms, period=0.01):
        theta, base = P.POSES[pose]
        self.display = P.sensor_frame(P.DISPLAY_MATRIX, P.rx(theta, base))
        self.base = P.sensor_frame(P.BASE_MATRIX, base)
        self.hinge, self.rms, self.period = hinge, rms, period
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop.wait(self.period):
            self.hinge.display.set_vector(*(v + random.gauss(0, self.rms) for v in self.display))
            self.hinge.base.set_vector(*(v + random.gauss(0, self.rms) for v in self.base))

    def close(self):
        self.stop.set()
        self.thread.join()
        self.hinge.pose('laptop')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--seconds', type=float, default=30)
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--noise', type=float, default=0.0, help='m/s² rms per axis at rest')
    args = parser.parse_args()
    bus, testbed = T.PrivateBus(), T.Testbed()
    hinge = P.Hinge(testbed)
    hinge.pose('laptop')
    uinput = os.path.join(bus.dir, 'uinput')
    open(uinput, 'wb').close()
    daemon = T.Orientd(bus, testbed, ['--uinput-path', uinput])
    client = P.PostureClient(bus.address)
    assert client.wait_posture('laptop'), daemon.output()
    noise = Noise(hinge, 'laptop', args.noise) if args.noise > 0 else None
    time.sleep(2)
    w0, c0 = counters(daemon.proc.pid)
    t0 = time.monotonic()
    time.sleep(args.seconds)
    w1, c1 = counters(daemon.proc.pid)
    elapsed = time.monotonic() - t0
    if noise:
        noise.close()
    print('posture_rest_noise_rms_ms2: %.2f' % args.noise)
    print('posture_rest_seconds: %.0f' % elapsed)
    print('posture_rest_wakeups_per_s: %.2f' % ((w1 - w0) / elapsed))
    print('posture_rest_cpu_ms_per_s: %.2f' % ((c1 - c0) * 1000 / elapsed))
    print('posture_rest_posture: %s' % client.get('Posture'))
    # A new hinge angle read by both sensors -> PostureDidChange, nobody generating
    # (low rate) and with one Begin held (full rate).
    for name in ('low_rate', 'full_rate'):
        if name == 'full_rate':
            client.client.begin()
            time.sleep(0.5)
        v = latencies(client, hinge, args.rounds)
        print('posture_%s_changes: %d' % (name, len(v)))
        print('posture_%s_change_median_s: %.2f' % (name, statistics.median(v)))
        print('posture_%s_change_max_s: %.2f' % (name, v[-1]), flush=True)
    daemon.stop()


if __name__ == '__main__':
    main()
