"""Buffered ambient light and compass, orientd beside iio-sensor-proxy 3.0 on the same fake HID
sensor (umockdev): wake-ups per second while claimed (context switches of the daemon, /proc) and
change latency (new scan value -> LightLevel / CompassHeading seen by a client polling every
10 ms). For orientd the fake sends scans into a named pipe, either at 20 Hz (`streaming`) or,
as HID sensor hubs do, only when the value changes (`on_change`); iio-sensor-proxy re-opens the
node for every read, so it gets a file holding the newest scan (how scans arrive makes no
difference to it). Prints `name: value` lines.
Run: umockdev-wrapper /usr/bin/python3 benchmarks/buffered_sensor_wakeups.py"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'e2e'))
import dbus  # noqa: E402
import buffered_fakes as B  # noqa: E402
import common as C  # noqa: E402
import orientd_testbed as T  # noqa: E402

NAME = 'net.hadess.SensorProxy'
SENSORS = {
    # kind: (add function, object path, interface, claim method, property, value of raw r)
    'buffered_light': (B.add_buffered_light, '/net/hadess/SensorProxy', 'net.hadess.SensorProxy', 'ClaimLight',
                       'LightLevel', lambda r: float(r)),
    'compass': (B.add_compass, '/net/hadess/SensorProxy/Compass', 'net.hadess.SensorProxy.Compass', 'ClaimCompass',
                'CompassHeading', lambda r: float(r)),
}


def measure(sensor, daemon, hz, seconds=10.0, changes=8):
    add, path, iface, claim, prop, value_of = SENSORS[sensor]
    tb = T.Testbed()
    bus = T.PrivateBus()
    dev = add(tb, mode='file' if daemon == 'iio-sensor-proxy' else 'fifo', hz=hz)
    dev.set_raw(1)
    tb.accelerometer(props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    pid, stop = C.start_compat_daemon(daemon, bus, tb)
    try:
        conn = dbus.bus.BusConnection(bus.address)
        assert T.wait_for(lambda: conn.name_has_owner(NAME), 10)
        obj = conn.get_object(NAME, path)
        props = dbus.Interface(obj, 'org.freedesktop.DBus.Properties')
        getattr(obj, claim)(dbus_interface=iface)
        return C.claimed_rates(pid, seconds, changes, lambda i: dev.set_raw(100 + i),
                               lambda: float(props.Get(iface, prop)), lambda i: value_of(100 + i))
    finally:
        stop()
        bus.close()
        tb.close()


if __name__ == '__main__':
    for sensor in SENSORS:
        for daemon, hz, scans in (('orientd', 20, 'streaming'), ('orientd', 0, 'on_change'), ('iio-sensor-proxy', 0, '')):
            w, med, mx = measure(sensor, daemon, hz)
            key = '_'.join(k for k in (sensor, daemon.replace('-', '_'), scans) if k)
            print('%s_claimed_wakeups_per_s: %.2f' % (key, w))
            print('%s_change_latency_median_ms: %.0f' % (key, med))
            print('%s_change_latency_max_ms: %.0f' % (key, mx), flush=True)
