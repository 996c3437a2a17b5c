#!/usr/bin/python3
"""Driver of scripts/symbol-order: runs the serving daemon's paths under gdb (one-shot
breakpoints, scripts/symbol-order-gdb.py) and writes the functions hit, first hit first.

    umockdev-wrapper /usr/bin/python3 scripts/symbol-order.py BIN_DIR FUNCTIONS OUTPUT
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'benchmarks'))
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'e2e'))
import compare_iio_sensor_proxy as B  # noqa: E402
import orientd_testbed as T  # noqa: E402

# After the bus name: start-up's idle-time release has run (Sources/OrientdDaemon/MemoryHandBack.swift).
SERVING_S = 0.5
# Long enough for several readings at the 100 ms poll, and past the 1 s stop linger.
GENERATING_S = 1.5
AFTER_END_S = 2.5
COMPAT = ('net.hadess.SensorProxy', '/net/hadess/SensorProxy', 'net.hadess.SensorProxy')


def profile(bin_dir, functions, variant):
    """The functions hit after start-up, in order, for one accelerometer variant: 'poll',
    'buffer', 'motion' (polled, with the chip's motion detector as IIO events, as the
    kxcjk1013 of the system test), or '2in1' (polled, with a keyboard base's accelerometer,
    which posture reads twice a second from the start)."""
    bus, tb = T.PrivateBus(), T.Testbed()
    kind = 'iio-buffer-accel' if variant == 'buffer' else 'iio-poll-accel'
    acc = tb.accelerometer(variant='buffer' if variant == 'buffer' else 'poll', props={'IIO_SENSOR_PROXY_TYPE': kind},
                           devnode='fifo', motion_events=variant == 'motion')
    base = tb.accelerometer(variant='poll', props={'ACCEL_LOCATION': 'base'}, pose='faceUp', devnode='fifo') \
        if variant == '2in1' else None
    env, scratch = {}, tempfile.mkdtemp()
    if variant == 'motion':
        env = dict(acc.event_env(), LD_PRELOAD=T.fault_library('iio_events', scratch) + ' libumockdev-preload.so.0')
    d = B.Daemon('orientd', bus, tb, bin_dir, env_extra=env)
    hits = os.path.join(bus.dir, 'hits')
    env = dict(os.environ, ORDER_FUNCTIONS=functions, ORDER_HITS=hits)
    env.pop('LD_PRELOAD', None)
    gdb = None
    try:
        time.sleep(SERVING_S)
        gdb = subprocess.Popen(['gdb', '-nx', '-q', '-batch', '-p', str(d.proc.pid), '-x',
                                os.path.join(HERE, 'symbol-order-gdb.py')],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for line in gdb.stdout:
            if line.startswith('symbol-order: ready'):
                break
        compat = d.bus.get_object(COMPAT[0], COMPAT[1])
        d.call(d.claim)
        time.sleep(GENERATING_S)
        d.call(d.release)
        time.sleep(AFTER_END_S)
        compat.get_dbus_method('ClaimAccelerometer', COMPAT[2])()
        time.sleep(GENERATING_S)
        compat.get_dbus_method('ReleaseAccelerometer', COMPAT[2])()
        time.sleep(AFTER_END_S)
        # One-shot reads: properties read while no sensor runs.
        compat.GetAll(COMPAT[2], dbus_interface='org.freedesktop.DBus.Properties')
        d.bus.get_object(T.NAME, T.PATH).GetAll(T.IFACE, dbus_interface='org.freedesktop.DBus.Properties')
        time.sleep(AFTER_END_S)
        end = time.monotonic()
    finally:
        if gdb:
            # gdb stops the daemon, writes what it recorded and ends it.
            gdb.send_signal(signal.SIGINT)
            gdb.communicate(timeout=60)
        d.stop()
        acc.close()
        if base:
            base.close()
        bus.close()
        shutil.rmtree(scratch, ignore_errors=True)
    # What ran after the scenario (the stop) is not kept.
    with open(hits) as f:
        return [name for t, name in (line.split() for line in f) if float(t) <= end]


# What runs after start-up but before gdb can attach: the idle-time release itself
# (Sources/OrientdDaemon/MemoryHandBack.swift, Sources/CLibc/memory.c), which returns into its caller
# after handing the code back.
RELEASE = ('MemoryHandBack', 'orientd_memory_release')


def main():
    bin_dir, functions, output = sys.argv[1:4]
    with open(functions) as f:
        order = [name for name in (line.split()[1] for line in f) if any(r in name for r in RELEASE)]
    for variant in ('poll', 'motion', 'buffer', '2in1'):
        for name in profile(bin_dir, functions, variant):
            if name not in order:
                order.append(name)
    with open(output, 'w') as f:
        f.write(''.join(name + '\n' for name in order))
    print('symbol-order: %d functions -> %s' % (len(order), output))


if __name__ == '__main__':
    main()
