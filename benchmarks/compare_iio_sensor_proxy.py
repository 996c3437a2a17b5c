#!/usr/bin/python3
"""orientd and iio-sensor-proxy side by side on the same fake IIO accelerometer (umockdev),
each on a private bus, in one run. Prints `name: value` lines for each daemon and mode, and
the ratio orientd / iio-sensor-proxy.

Run through scripts/bench-iio (it builds the release orientd and runs this under
umockdev-wrapper). Modes (--modes): 'poll' (in_accel_*_raw), 'buffer' (a triggered buffer),
'motion' (polled, and the chip's motion detector as IIO events: a BMC150's any-motion
interrupt, which fires when the reading changes). Figures:
  latency_median_ms / _p95_ms          pose written to sysfs or the buffer -> the daemon's
                                       PropertiesChanged for the new orientation: orientd's
                                       `Orientation` (the device orientation, the step-change
                                       figure), iio-sensor-proxy's AccelerometerOrientation
  screen_latency_median_ms / _p95_ms   the same for orientd's `ScreenOrientation` (the
                                       interface orientation: held steadily for the screen
                                       dwell, what the compatibility interface's
                                       AccelerometerOrientation follows), against the same
                                       AccelerometerOrientation of iio-sensor-proxy
  compat_latency_median_ms / _p90_ms   the same for orientd's compatibility AccelerometerOrientation
                                       (orientd runs with --sensor-proxy-compat and is claimed
                                       there too); screen_latency_p90_ms likewise
  rotation_latency_median_ms / _p95_ms, rotation_screen_latency_median_ms / _p95_ms,
  rotation_compat_latency_median_ms / _p95_ms
                                       the same for a rotation as a hand makes it: 90° or 180°
                                       about the screen's normal in ROTATION_S with a minimum-
                                       jerk profile, written to the fake at 200 Hz; measured
                                       from the end of the motion
  startup_to_bus_name_ms               exec -> the daemon's well-known name on the bus (median
                                       of 5 fresh starts)
  startup_to_ready_ms                  exec -> READY=1 on $NOTIFY_SOCKET (orientd; iio-sensor-
                                       proxy does not send it: its unit is Type=dbus)
  begin_to_first_orientation_ms        Begin (orientd) / ClaimAccelerometer -> first orientation,
                                       median of 5 freshly started daemons
  generating_cpu_pct, generating_wakeups_per_s   while one client listens, device at rest
  idle_wakeups_per_s                   nobody listening
  vmrss_idle_kib, pss_idle_kib, vmrss_generating_kib
"""
import argparse
import os
import random
import socket
import statistics
import tempfile
import time

from common import T, print_side_by_side, summarize, KINDS  # noqa: E402
from bench_daemon import ISP_NAMES, Daemon  # noqa: E402,F401
from process_meters import pss, rates, vmrss  # noqa: E402

IN_PLANE = ['portrait', 'landscapeLeft', 'portraitUpsideDown', 'landscapeRight']
# A deliberate rotation of a handheld device: 90° in 0.3–0.5 s.
ROTATION_S = 0.4
ROTATION_STEP_S = 0.005
def fake_device(tb, kind, mode, args):
    """The fake accelerometer of a mode, and what the daemons' environment needs for it.
    'poll' and 'buffer': as named; 'motion': polled, with the chip's motion detector (IIO
    events, BMC150 style; delivered through the preload Tests/e2e/faults/iio_events.c, which
    both daemons get)."""
    props = {'IIO_SENSOR_PROXY_TYPE': 'iio-buffer-accel' if mode == 'buffer' else 'iio-poll-accel'}
    # iio-sensor-proxy re-opens the device node for every read; libiio keeps it open.
    acc = tb.accelerometer(variant='buffer' if mode == 'buffer' else 'poll', props=props, hz=args.stream_hz,
                           devnode='file' if kind == 'iio-sensor-proxy' else 'fifo', motion_events=mode == 'motion')
    env = {}
    if mode == 'motion':
        env = dict(acc.event_env(), LD_PRELOAD=args.motion_library + ' libumockdev-preload.so.0')
    return acc, env


def first_orientation_samples(kind, make_fake, orientd_bin, runs=5):
    """Begin / claim -> first orientation in ms, one sample per freshly started daemon.
    make_fake(tb) gives the fake device and what the daemon's environment needs for it."""
    samples = []
    for _ in range(runs):
        bus, tb = T.PrivateBus(), T.Testbed()
        acc, env = make_fake(tb)
        d = Daemon(kind, bus, tb, orientd_bin, env_extra=env)
        try:
            time.sleep(0.3)
            mark = len(d.events)
            t0, reply = d.call(d.claim)
            if kind == 'orientd':
                t_first = time.monotonic_ns() if str(reply) == 'portrait' else None
            else:
                # The first moment a client can know it: a change signal, or the property
                # already holding the value.
                t_first = d.wait_event(d.map('portrait'), mark, 0.001) or \
                    (time.monotonic_ns() if d.get() == d.map('portrait') else None)
                t_first = t_first or d.wait_event(d.map('portrait'), mark)
            if t_first is not None:
                samples.append((t_first - t0) / 1e6)
        finally:
            d.stop()
            acc.close()
            bus.close()
    return samples


def first_orientation_ms(kind, mode, args):
    """Begin / claim -> first orientation, from a freshly started daemon (median of 5)."""
    samples = first_orientation_samples(kind, lambda tb: fake_device(tb, kind, mode, args), args.orientd_bin)
    return statistics.median(samples) if samples else None


def rotate(acc, start, target, pump):
    """Turns the fake from `start` to `target` about z with a minimum-jerk profile (Flash &
    Hogan), the shorter way; returns the monotonic time the motion ended. `pump` runs the
    client's main loop between steps, so a change that arrives during the motion is stamped
    when it arrives (it counts negative)."""
    import math
    a0 = math.atan2(T.POSES[start][1], T.POSES[start][0])
    a1 = math.atan2(T.POSES[target][1], T.POSES[target][0])
    delta = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
    t0 = time.monotonic()
    while True:
        tau = min(1.0, (time.monotonic() - t0) / ROTATION_S)
        s = 10 * tau ** 3 - 15 * tau ** 4 + 6 * tau ** 5
        a = a0 + delta * s
        acc.set_vector(T.G * math.cos(a), T.G * math.sin(a), 0.0)
        if tau >= 1.0:
            return time.monotonic_ns()
        step_end = time.monotonic() + ROTATION_STEP_S
        while time.monotonic() < step_end:
            pump()
            time.sleep(0.0005)


def startup_ms(kind, mode, args):
    """exec -> well-known name on the bus, and (orientd) exec -> READY=1; medians of 5."""
    to_name, to_ready = [], []
    for _ in range(5):
        bus, tb = T.PrivateBus(), T.Testbed()
        acc, env = fake_device(tb, kind, mode, args)
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify_path = os.path.join(bus.dir, 'notify')
        notify.bind(notify_path)
        notify.setblocking(False)
        d = Daemon(kind, bus, tb, args.orientd_bin, notify_socket=notify_path, wait=False, env_extra=env)
        name = 'org.orientd.Orientation1' if kind == 'orientd' else 'net.hadess.SensorProxy'
        t_name = t_ready = None
        end = time.monotonic() + 10
        try:
            while time.monotonic() < end and (t_name is None or (kind == 'orientd' and t_ready is None)):
                if t_ready is None:
                    try:
                        if b'READY=1' in notify.recv(4096):
                            t_ready = time.monotonic_ns()
                    except BlockingIOError:
                        pass
                if t_name is None and d.bus.name_has_owner(name):
                    t_name = time.monotonic_ns()
                time.sleep(0.0005)
            if t_name is not None:
                to_name.append((t_name - d.t_exec) / 1e6)
            if t_ready is not None:
                to_ready.append((t_ready - d.t_exec) / 1e6)
        finally:
            d.stop()
            notify.close()
            acc.close()
            bus.close()
    return (statistics.median(to_name) if to_name else None,
            statistics.median(to_ready) if to_ready else None)


def measure(kind, mode, args):
    bus = T.PrivateBus()
    tb = T.Testbed()
    acc, env = fake_device(tb, kind, mode, args)
    d = Daemon(kind, bus, tb, args.orientd_bin, env_extra=env)
    out = {'begin_to_first_orientation_ms': first_orientation_ms(kind, mode, args)}
    out['startup_to_bus_name_ms'], out['startup_to_ready_ms'] = startup_ms(kind, mode, args)
    try:
        time.sleep(0.5)
        out['vmrss_idle_kib'] = vmrss(d.proc.pid)
        out['pss_idle_kib'] = pss(d.proc.pid)
        _, out['idle_wakeups_per_s'] = rates(d.proc.pid, args.window)
        t0, _ = d.call(d.claim)
        time.sleep(1.0)   # past the start-up burst: steady generating
        out['generating_cpu_pct'], out['generating_wakeups_per_s'] = rates(d.proc.pid, args.window)
        out['vmrss_generating_kib'] = vmrss(d.proc.pid)
        if kind == 'orientd':
            d.claim_compat()
        compat = kind == 'orientd'
        latencies, screen_latencies, compat_latencies, missed = [], [], [], 0
        current = 'portrait'
        rnd = random.Random(7)
        for _ in range(args.changes):
            target = rnd.choice([p for p in IN_PLANE if p != current])
            time.sleep(rnd.uniform(0, args.phase_max))  # land anywhere in a poll period
            mark, screen_mark, compat_mark = len(d.events), len(d.screen_events), len(d.compat_events)
            t_write = time.monotonic_ns()
            acc.set_pose(target)
            t = d.wait_event(d.map(target), mark)
            t_screen = d.wait_event(d.map(target), screen_mark, screen=True)
            t_compat = d.wait_event(ISP_NAMES[target], compat_mark, compat=True) if compat else t_screen
            if t is None or t_screen is None or t_compat is None:
                missed += 1
            else:
                latencies.append((t - t_write) / 1e6)
                screen_latencies.append((t_screen - t_write) / 1e6)
                compat_latencies.append((t_compat - t_write) / 1e6)
            current = target
        summarize(out, 'latency', latencies, 0.95)
        summarize(out, 'screen_latency', screen_latencies, 0.95, 0.90)
        summarize(out, 'compat_latency', compat_latencies, 0.90)
        out['latency_missed'] = missed
        rotation, rotation_screen, rotation_compat, rotation_missed = [], [], [], 0
        for _ in range(args.rotations):
            target = rnd.choice([p for p in IN_PLANE if p != current])
            time.sleep(rnd.uniform(0, args.phase_max))
            mark, screen_mark, compat_mark = len(d.events), len(d.screen_events), len(d.compat_events)
            t_end = rotate(acc, current, target, lambda: d.client.pump(0))
            t = d.wait_event(d.map(target), mark)
            t_screen = d.wait_event(d.map(target), screen_mark, screen=True)
            t_compat = d.wait_event(ISP_NAMES[target], compat_mark, compat=True) if compat else t_screen
            if t is not None and t_screen is not None and t_compat is not None:
                rotation.append((t - t_end) / 1e6)
                rotation_screen.append((t_screen - t_end) / 1e6)
                rotation_compat.append((t_compat - t_end) / 1e6)
            else:
                rotation_missed += 1
            acc.set_pose(target)
            current = target
        summarize(out, 'rotation_latency', rotation, 0.95)
        summarize(out, 'rotation_screen_latency', rotation_screen, 0.95)
        summarize(out, 'rotation_compat_latency', rotation_compat, 0.95)
        out['rotation_missed'] = rotation_missed
        d.call(d.release)
    finally:
        d.stop()
        acc.close()
        bus.close()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--orientd-bin', required=True)
    ap.add_argument('--changes', type=int, default=30)
    ap.add_argument('--rotations', type=int, default=12)
    ap.add_argument('--window', type=float, default=10.0, help='seconds for CPU and wake-up rates')
    ap.add_argument('--stream-hz', type=float, default=50)
    ap.add_argument('--phase-max', type=float, default=1.4)
    ap.add_argument('--modes', default='poll,buffer,motion')
    args = ap.parse_args()
    scratch = tempfile.mkdtemp(prefix='orientd-bench-')
    args.motion_library = T.fault_library('iio_events', scratch)
    for mode in args.modes.split(','):
        print_side_by_side(mode, {k: measure(k, mode, args) for k in KINDS})

if __name__ == '__main__':
    main()
