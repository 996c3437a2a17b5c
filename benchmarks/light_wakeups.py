"""Ambient light, orientd beside iio-sensor-proxy 3.0 on the same fake sensor (umockdev):
wake-ups per second while light is claimed (context switches of the daemon, /proc) and change
latency (sysfs value written -> LightLevel seen by a client polling every 10 ms). Prints
`name: value` lines. Run: umockdev-wrapper /usr/bin/python3 benchmarks/light_wakeups.py"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'e2e'))
import dbus  # noqa: E402
import common as C  # noqa: E402
import orientd_testbed as T  # noqa: E402

ISP = ('net.hadess.SensorProxy', '/net/hadess/SensorProxy', 'net.hadess.SensorProxy')


def measure(kind, seconds=10.0, changes=8):
    tb = T.Testbed()
    bus = T.PrivateBus()
    dev = T.add_light(tb, {'in_illuminance_input': '1'})
    tb.accelerometer(props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    pid, stop = C.start_compat_daemon(kind, bus, tb)
    try:
        conn = dbus.bus.BusConnection(bus.address)
        assert T.wait_for(lambda: conn.name_has_owner(ISP[0]), 10)
        proxy = conn.get_object(*ISP[:2])
        props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')
        proxy.ClaimLight(dbus_interface=ISP[2])
        return C.claimed_rates(pid, seconds, changes,
                               lambda i: dev.write('in_illuminance_input', '%g' % (100.0 + i)),
                               lambda: float(props.Get(ISP[2], 'LightLevel')), lambda i: 100.0 + i)
    finally:
        stop()
        bus.close()


for kind in C.KINDS:
    w, med, mx = measure(kind)
    key = kind.replace('-', '_')
    print('light_claimed_wakeups_per_s_%s: %.2f' % (key, w))
    print('light_change_latency_median_ms_%s: %.0f' % (key, med))
    print('light_change_latency_max_ms_%s: %.0f' % (key, mx))
