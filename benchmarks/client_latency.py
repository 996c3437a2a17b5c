"""liborientd's change -> observer callback latency, behind orientd and behind iio-sensor-proxy
3.0 (the fallback), on the same fake accelerometer (umockdev) and a private bus. A separate
bus client (dbus-python on a GLib loop) stamps the moment the change signal reaches it
(PropertiesChanged with the new orientation, from either daemon); the app, a Python
process using liborientd through ctypes (examples/python/orientd_client.py: Python's own
callback cost included), stamps its observer's call. Both stamps are CLOCK_MONOTONIC; the
difference is what the library adds after the signal; a negative value means the library's
observer ran before the reference client had the signal (both are woken by the same write of
dbus-daemon). Prints `name: value` lines.
Run: scripts/build-liborientd .build-liborientd && make build &&
     umockdev-wrapper /usr/bin/python3 benchmarks/client_latency.py"""
import os
import subprocess
import sys
import threading
import time

import common as C
import dbus
from gi.repository import GLib

T = C.T
ROOT = os.path.join(C.HERE, '..')
LIBRARY = os.environ.get('ORIENTD_LIBRARY', os.path.join(ROOT, '.build-liborientd', 'liborientd.so.0'))
APP = r'''
import sys, time
sys.path.insert(0, sys.argv[2])
from orientd_client import Client
c = Client(sys.argv[1])
c.observe_orientation(lambda o: print('%.6f %s' % (time.monotonic(), o), flush=True))
c.begin()
c.run()
'''
# iio-sensor-proxy's names as the library maps them (docs/client-library.md).
PROXY_NAMES = {'normal': 'portrait', 'right-up': 'landscapeLeft', 'left-up': 'landscapeRight', 'bottom-up': 'portraitUpsideDown'}
CHANGES = 20
# Between turns: longer than iio-sensor-proxy's 700 ms poll, so every turn is seen alone.
TURN_PERIOD_S = 1.5


def measure(kind):
    tb = T.Testbed()
    bus = T.PrivateBus()
    acc = tb.accelerometer(props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    daemon = T.Orientd(bus, tb) if kind == 'orientd' else T.start_iio_sensor_proxy(bus, tb)
    signals = []
    conn = dbus.bus.BusConnection(bus.address)
    # The signal the library acts on: PropertiesChanged carrying the new orientation (orientd
    # sends OrientationDidChange right after it).
    prop, path, names = (('Orientation', T.PATH, {}) if kind == 'orientd'
                         else ('AccelerometerOrientation', '/net/hadess/SensorProxy', PROXY_NAMES))

    def changed(interface, values, invalidated):
        if prop in values:
            signals.append((time.monotonic(), names.get(str(values[prop]), str(values[prop]))))
    conn.add_signal_receiver(changed, signal_name='PropertiesChanged', dbus_interface='org.freedesktop.DBus.Properties',
                             path=path)
    if kind != 'orientd':
        assert T.wait_for(lambda: conn.name_has_owner('net.hadess.SensorProxy'), 10)
    app = subprocess.Popen([sys.executable, '-c', APP, bus.address, os.path.join(ROOT, 'examples', 'python')],
                           env=dict(os.environ, ORIENTD_LIBRARY=LIBRARY), stdout=subprocess.PIPE, text=True)
    calls = []
    threading.Thread(target=lambda: [calls.append((float(l.split()[0]), l.split()[1])) for l in app.stdout],
                     daemon=True).start()
    ctx = GLib.MainContext.default()

    # The loop blocks in poll() so a signal is stamped as it arrives; a 10 ms tick lets it
    # look at the app's output (read by a thread) and the time.
    tick = GLib.timeout_add(10, lambda: True)

    def pump_until(predicate, timeout):
        end = time.monotonic() + timeout
        while not predicate() and time.monotonic() < end:
            ctx.iteration(True)
    pump_until(lambda: calls, 10)
    latencies = []
    try:
        for i in range(CHANGES):
            pose = 'landscapeLeft' if i % 2 == 0 else 'portrait'
            s0, c0 = len(signals), len(calls)
            acc.set_pose(pose)
            pump_until(lambda: any(n == pose for _, n in signals[s0:]) and any(n == pose for _, n in calls[c0:]), 5)
            sig = [t for t, n in signals[s0:] if n == pose]
            call = [t for t, n in calls[c0:] if n == pose]
            if sig and call:
                latencies.append((call[0] - sig[0]) * 1000)
            pump_until(lambda: False, TURN_PERIOD_S)
    finally:
        GLib.source_remove(tick)
        C.stop_process(app)
        C.stop_process(daemon.proc if kind == 'orientd' else daemon)
        bus.close()
        tb.close()
    return latencies


def main():
    results = {}
    for kind in C.KINDS:
        xs = measure(kind)
        results[kind] = {'changes_measured': len(xs)}
        C.summarize(results[kind], 'signal_to_callback', xs, 0.95)
        results[kind]['signal_to_callback_max_ms'] = max(xs) if xs else None
    for kind in C.KINDS:
        for name, value in results[kind].items():
            label = kind.replace('-', '_')
            print('client_%s_%s: %s' % (label, name, '%.3f' % value if isinstance(value, float) else value))


if __name__ == '__main__':
    main()
