#!/usr/bin/python3
"""A phone shell turning its screen: Debian's phosh on a headless phoc (Tests/e2e/
phosh_session.py), fed by `orientd --sensor-proxy-compat` and then by iio-sensor-proxy 3.0 on
the same polled umockdev accelerometer, in one run. Prints `name: value` lines, per daemon
(`phosh_orientd_*`, `phosh_iio_sensor_proxy_*`) and the ratio orientd / iio-sensor-proxy:

  pose_to_transform_{median,p95,min,max}_ms
      a new edge-up pose written to the fake -> the compositor announces the output's new
      transform (zwlr_output_manager_v1 `done`); POSES changes, each to one of the three other
      edge poses, after a random 0-1 s pause (the daemons poll: the pause spreads the change
      over their read phase)
  property_to_transform_median_ms
      the daemon's PropertiesChanged(AccelerometerOrientation) on the bus -> the new transform:
      what phosh and phoc add
  unlock_to_transform_{median,max}_ms, claim_to_transform_{median,max}_ms
      orientation-lock on, the device turned, lock off (`gsettings set`): from the gsettings
      call, and from phosh's ClaimAccelerometer on the bus, to the transform of the pose the
      device is in (LOCK_CYCLES cycles)
  hotplug_to_transform_{median,max}_ms
      the accelerometer's `add` uevent -> the output rotated (HOTPLUG_RUNS fresh sessions);
      orientd runs without a sensor before; iio-sensor-proxy exits without one, so it is
      started right after the uevent, as its udev rule has systemd do

Bus times come from dbus-monitor's `time=` stamps (wall clock), converted to this process's
monotonic clock.

    make build && umockdev-wrapper /usr/bin/python3 benchmarks/phosh_rotation.py --orientd-bin .build-bin

(scripts/bench runs it; about 2 minutes.)
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'e2e'))
from common import T, pct, stop_process  # noqa: E402
import phosh_session as P  # noqa: E402

TRANSFORM = {'portrait': 'normal', 'landscapeRight': '90', 'portraitUpsideDown': '180', 'landscapeLeft': '270'}
KINDS = ['orientd', 'iio_sensor_proxy']
TIMEOUT = 10.0
LOCK_CYCLES = 5
HOTPLUG_RUNS = 3
# After a lock, long enough for a daemon that still read the sensor to have rotated (iio-
# sensor-proxy's 700 ms timer, orientd's dwell): the rotation must wait for the unlock.
LOCKED_HOLD = 1.5


class BusMonitor:
    """dbus-monitor on the system bus: the stamps of ClaimAccelerometer/ReleaseAccelerometer
    calls and of AccelerometerOrientation changes."""

    def __init__(self, address):
        self.offset = time.time() - time.monotonic()
        self.claims, self.releases, self.orientations = [], [], []
        rules = ["type='method_call',interface='net.hadess.SensorProxy'",
                 "type='signal',path='/net/hadess/SensorProxy',member='PropertiesChanged'"]
        env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
        self.proc = subprocess.Popen(['dbus-monitor', '--address', address] + rules, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        time.sleep(0.3)   # its BecomeMonitor call is done long before this

    def _read(self):
        """A method call counts at its header line; a PropertiesChanged once its body names the
        new AccelerometerOrientation (dbus-monitor ends a message with nothing to wait for)."""
        stamp, body = None, ''
        for line in self.proc.stdout:
            head = re.match(r'^(method call|signal) time=(\d+\.\d+) .*member=(\w+)', line)
            if head:
                stamp, body = float(head.group(2)) - self.offset, ''
                if head.group(3) == 'ClaimAccelerometer':
                    self.claims.append(stamp)
                elif head.group(3) == 'ReleaseAccelerometer':
                    self.releases.append(stamp)
                elif head.group(3) != 'PropertiesChanged':
                    stamp = None
                continue
            if stamp is None:
                continue
            body += line
            m = re.search(r'string "AccelerometerOrientation"\s*variant\s*string "([^"]*)"', body)
            if m:
                self.orientations.append((stamp, m.group(1)))
                stamp = None

    def first_after(self, series, since, value=None):
        for item in list(series):
            stamp = item[0] if isinstance(item, tuple) else item
            if stamp >= since and (value is None or item[1] == value):
                return stamp
        return None

    def close(self):
        stop_process(self.proc)


class Setup:
    """A private system bus, a fake accelerometer (or none yet), the daemon, phosh."""

    def __init__(self, kind, args, pose='portrait', with_sensor=True):
        self.kind, self.args = kind, args
        self.bus = T.PrivateBus()
        self.tb = T.Testbed()
        self.acc = self.daemon = self.session = self.monitor = None
        if with_sensor:
            self.add_sensor(pose)
        self.monitor = BusMonitor(self.bus.address)
        if with_sensor or kind == 'orientd':
            self.start_daemon()
        self.session = P.PhoshSession(self.bus.address)

    def add_sensor(self, pose):
        self.acc = self.tb.accelerometer(pose=pose, props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})

    def start_daemon(self):
        if self.kind == 'orientd':
            self.daemon = T.Orientd(self.bus, self.tb, ['--sensor-proxy-compat'], wait=False)
            self.proc = self.daemon.proc
        else:
            self.proc = T.start_iio_sensor_proxy(self.bus, self.tb)

    def wait(self, transform, since=None):
        stamp = self.session.wait_transform(transform, TIMEOUT)
        assert stamp is not None, '%s: no transform %s\n%s' % (self.kind, transform, self.session.logs())
        assert since is None or stamp >= since, (stamp, since)
        return stamp

    def close(self):
        for part in (self.session, self.monitor):
            if part is not None:
                part.close()
        if getattr(self, 'proc', None) is not None:
            P.stop_process(self.proc)
        self.bus.close()
        self.tb.close()


def ms(seconds):
    return seconds * 1000.0


def poses_and_locks(kind, args, rng):
    s = Setup(kind, args)
    out = {'pose': [], 'shell': [], 'unlock': [], 'claim': []}
    try:
        assert T.wait_for(lambda: s.monitor.claims, TIMEOUT), s.session.logs()
        s.wait('normal')
        pose = 'portrait'
        for _ in range(args.poses):
            time.sleep(rng.uniform(0.0, 1.0))
            pose = rng.choice([p for p in TRANSFORM if p != pose])
            t0 = time.monotonic()
            s.acc.set_pose(pose)
            done = s.wait(TRANSFORM[pose], t0)
            out['pose'].append(ms(done - t0))
            told = s.monitor.first_after(s.monitor.orientations, t0)
            if told is not None:
                out['shell'].append(ms(done - told))
        for _ in range(LOCK_CYCLES):
            t_lock = time.monotonic()
            s.session.set_orientation_lock(True)
            assert T.wait_for(lambda: s.monitor.first_after(s.monitor.releases, t_lock), TIMEOUT), s.session.logs()
            pose = rng.choice([p for p in TRANSFORM if p != pose])
            s.acc.set_pose(pose)
            time.sleep(LOCKED_HOLD)
            assert s.session.transform() != TRANSFORM[pose], 'rotated while locked'
            t0 = time.monotonic()
            s.session.set_orientation_lock(False)
            done = s.wait(TRANSFORM[pose], t0)
            out['unlock'].append(ms(done - t0))
            claim = s.monitor.first_after(s.monitor.claims, t0)
            if claim is not None:
                out['claim'].append(ms(done - claim))
    finally:
        s.close()
    return out


def hotplug(kind, args):
    s = Setup(kind, args, with_sensor=False)
    try:
        time.sleep(0.5)   # phosh has read HasAccelerometer (or seen no daemon)
        assert s.session.transform() == 'normal'
        s.add_sensor('landscapeRight')
        t0 = time.monotonic()
        T.send_uevent(s.tb.tb, s.acc.syspath, 'add')
        if kind != 'orientd':
            s.start_daemon()
        return ms(s.wait('90', t0) - t0)
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--orientd-bin', default=os.environ.get('ORIENTD_BIN_DIR', os.path.join(HERE, '..', '.build-bin')))
    ap.add_argument('--poses', type=int, default=24)
    ap.add_argument('--seed', type=int, default=29)
    args = ap.parse_args()
    T.BIN = os.path.abspath(args.orientd_bin)
    missing = P.missing_programs()
    if missing:
        sys.exit('phosh_rotation: not installed: %s (scripts/install-deps test)' % ' '.join(missing))
    results = {}
    for kind in KINDS:
        r = poses_and_locks(kind, args, random.Random(args.seed))
        r['hotplug'] = [hotplug(kind, args) for _ in range(HOTPLUG_RUNS)]
        results[kind] = r
    print('phosh_version: %d.%d' % P.phosh_version())
    print('phosh_poses: %d' % args.poses)
    figures = []
    for kind in KINDS:
        r = results[kind]
        f = {'pose_to_transform_median_ms': statistics.median(r['pose']),
             'pose_to_transform_p95_ms': pct(r['pose'], 0.95),
             'pose_to_transform_min_ms': min(r['pose']),
             'pose_to_transform_max_ms': max(r['pose']),
             'property_to_transform_median_ms': statistics.median(r['shell']) if r['shell'] else float('nan'),
             'unlock_to_transform_median_ms': statistics.median(r['unlock']),
             'unlock_to_transform_max_ms': max(r['unlock']),
             'claim_to_transform_median_ms': statistics.median(r['claim']) if r['claim'] else float('nan'),
             'claim_to_transform_max_ms': max(r['claim']) if r['claim'] else float('nan'),
             'hotplug_to_transform_median_ms': statistics.median(r['hotplug']),
             'hotplug_to_transform_max_ms': max(r['hotplug'])}
        figures.append(f)
        for key, value in f.items():
            print('phosh_%s_%s: %.1f' % (kind, key, value))
    for key in figures[0]:
        # What phosh and phoc add is the same shell either way: no ratio.
        if key != 'property_to_transform_median_ms' and figures[1][key] > 0:
            print('phosh_ratio_%s: %.3f' % (key, figures[0][key] / figures[1][key]))


if __name__ == '__main__':
    main()
