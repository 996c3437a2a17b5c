#!/usr/bin/python3
"""Soak: a 100 Hz buffered stream with changing poses and clients coming and going, for
--minutes; orientd's RSS and CPU sampled every --interval seconds; growth reported as
`name: value` lines. Run through scripts/soak (not part of the test suite)."""
import argparse
import os
import random
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'e2e'))
import orientd_testbed as T  # noqa: E402

CLIENT = r'''
import sys, time, dbus
bus = dbus.bus.BusConnection(sys.argv[1])
obj = bus.get_object('org.orientd.Orientation1', '/org/orientd/Orientation1')
obj.BeginGeneratingNotifications(dbus_interface='org.orientd.Orientation1')
time.sleep(float(sys.argv[2]))
obj.EndGeneratingNotifications(dbus_interface='org.orientd.Orientation1')
'''


def sample(pid):
    with open('/proc/%d/status' % pid) as f:
        rss = next(int(l.split()[1]) for l in f if l.startswith('VmRSS:'))
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return time.monotonic(), rss, int(fields[11]) + int(fields[12])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--orientd-bin', required=True)
    ap.add_argument('--minutes', type=float, default=30)
    ap.add_argument('--interval', type=float, default=60)
    a = ap.parse_args()
    os.environ['ORIENTD_BIN_DIR'] = a.orientd_bin
    T.BIN = a.orientd_bin
    bus, tb = T.PrivateBus(), T.Testbed()
    acc = tb.accelerometer(variant='buffer', hz=100)
    d = T.Orientd(bus, tb, [])
    script = os.path.join(bus.dir, 'client.py')
    with open(script, 'w') as f:
        f.write(CLIENT)
    rnd = random.Random(1)
    clients = []
    poses = list(T.POSES)
    end = time.monotonic() + a.minutes * 60
    next_sample = time.monotonic()
    samples, changes, spawned, killed = [], 0, 0, 0
    hz = os.sysconf('SC_CLK_TCK')
    while time.monotonic() < end:
        if time.monotonic() >= next_sample:
            samples.append(sample(d.proc.pid))
            t, rss, ticks = samples[-1]
            cpu = 0.0 if len(samples) < 2 else 100.0 * (ticks - samples[-2][2]) / hz / (t - samples[-2][0])
            print('soak_minute_%d_vmrss_kib: %d' % (len(samples) - 1, rss))
            print('soak_minute_%d_cpu_pct: %.2f' % (len(samples) - 1, cpu), flush=True)
            next_sample += a.interval
        acc.set_pose(rnd.choice(poses))
        changes += 1
        # Clients come and go: some end properly, some are killed.
        clients = [c for c in clients if c.poll() is None]
        while len(clients) < 5:
            clients.append(subprocess.Popen([sys.executable, script, bus.address, str(rnd.uniform(0.5, 8))],
                                            stderr=subprocess.DEVNULL))
            spawned += 1
        if rnd.random() < 0.2:
            victim = rnd.choice(clients)
            victim.send_signal(signal.SIGKILL)
            killed += 1
        time.sleep(rnd.uniform(1, 4))
    for c in clients:
        c.kill()
    alive = d.proc.poll() is None
    stopped = d.client.wait_for('IsGeneratingNotifications', False, timeout=5)
    first, last = samples[1] if len(samples) > 1 else samples[0], samples[-1]
    print('soak_minutes: %.1f' % a.minutes)
    print('soak_pose_changes: %d' % changes)
    print('soak_clients: %d' % spawned)
    print('soak_clients_killed: %d' % killed)
    print('soak_vmrss_first_kib: %d' % first[1])
    print('soak_vmrss_last_kib: %d' % last[1])
    print('soak_vmrss_growth_pct: %.2f' % (100.0 * (last[1] - first[1]) / first[1]))
    print('soak_cpu_mean_pct: %.2f' % (100.0 * (last[2] - samples[0][2]) / hz / (last[0] - samples[0][0])))
    print('soak_daemon_alive: %s' % ('yes' if alive else 'no'))
    print('soak_stopped_after: %s' % ('yes' if stopped and acc.read('buffer/enable') == '0' else 'no'))
    d.stop()
    acc.close()
    bus.close()
    return 0 if alive and stopped else 1


if __name__ == '__main__':
    sys.exit(main())
