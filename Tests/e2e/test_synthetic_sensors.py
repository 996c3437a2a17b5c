"""The synthetic light sensor and compass (FAKE_LIGHT_SENSOR, FAKE_COMPASS in the daemon's
environment, iio-sensor-proxy's test variables), latched onto the input device udev names
"Power Button": their known sequences through the compat face, only while claimed, going on
where they stopped; readings only to claimants; nothing without the variables. Tests written
against iio-sensor-proxy's fake drivers run against orientd too."""
import os
import subprocess
import time

import dbus
import pytest

import orientd_testbed as T
import contract as C

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)
COMPASS = (C.SensorProxy.busName, C.SensorProxy.compassPath, C.SensorProxy.compassInterface)
# One reading a second: a value must have moved on within this time.
NEXT_S = 2.5


def power_button(testbed):
    testbed.tb.add_device('input', 'power-button', None, [], ['NAME', '"Power Button"'])


def client(bus, names):
    conn = dbus.bus.BusConnection(bus.address)
    assert T.wait_for(lambda: conn.name_has_owner(names[0]), 10)
    proxy = conn.get_object(*names[:2])
    props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')
    return conn, proxy, lambda name: props.Get(names[2], name)


def test_synthetic_light_counts_while_claimed(testbed, start, bus):
    power_button(testbed)
    d = start('--sensor-proxy-compat', env={'FAKE_LIGHT_SENSOR': '1'})
    conn, proxy, get = client(bus, ISP)
    assert bool(get('HasAmbientLight')) is True, d.output()
    assert bool(get('HasAccelerometer')) is False
    assert str(get('LightLevelUnit')) == 'lux', 'lux before the first reading'
    assert float(get('LightLevel')) == 0
    proxy.ClaimLight(dbus_interface=ISP[2])
    assert T.wait_for(lambda: float(get('LightLevel')) == 1.0, NEXT_S), d.output()
    assert T.wait_for(lambda: float(get('LightLevel')) == 2.0, NEXT_S), d.output()
    assert str(get('LightLevelUnit')) == 'lux'
    proxy.ReleaseLight(dbus_interface=ISP[2])
    held = float(get('LightLevel'))
    time.sleep(NEXT_S)
    assert float(get('LightLevel')) == held, 'a released light goes on counting'
    # Another client claims: the sequence goes on at once where it stopped.
    other, other_proxy, other_get = client(bus, ISP)
    other_proxy.ClaimLight(dbus_interface=ISP[2])
    assert T.wait_for(lambda: float(other_get('LightLevel')) == held + 1, NEXT_S), d.output()


def pump(seconds):
    T.Client.pump(None, seconds)


def test_readings_go_to_claimants_only(testbed, start, bus):
    """After its release a client hears no more levels while another client (Debian's
    monitor-sensor) holds the claim and the level moves on."""
    power_button(testbed)
    d = start('--sensor-proxy-compat', env={'FAKE_LIGHT_SENSOR': '1'})
    conn, proxy, get = client(bus, ISP)
    heard = []
    conn.add_signal_receiver(lambda iface, changed, inv: heard.extend(float(v) for k, v in changed.items() if k == 'LightLevel'),
                             signal_name='PropertiesChanged', dbus_interface='org.freedesktop.DBus.Properties',
                             path=ISP[1])
    proxy.ClaimLight(dbus_interface=ISP[2])
    assert T.wait_for(lambda: (pump(0), 1.0 in heard)[1], NEXT_S), (heard, d.output())
    proxy.ReleaseLight(dbus_interface=ISP[2])
    pump(0.2)
    released_at = len(heard)
    base = float(get('LightLevel'))
    env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
    env['DBUS_SYSTEM_BUS_ADDRESS'] = bus.address
    monitor = subprocess.Popen(['monitor-sensor'], env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert T.wait_for(lambda: float(get('LightLevel')) >= base + 2, 2 * NEXT_S), d.output()
        pump(0.5)
    finally:
        monitor.kill()
        monitor.wait()
    assert heard[released_at:] == [], 'levels reached a client that had released the light: %s' % heard


def test_synthetic_compass_turns_ten_degrees_a_second(testbed, start, bus):
    power_button(testbed)
    d = start('--sensor-proxy-compat', env={'FAKE_COMPASS': '1'})
    conn, proxy, get = client(bus, COMPASS)
    assert bool(get('HasCompass')) is True, d.output()
    proxy.ClaimCompass(dbus_interface=COMPASS[2])
    assert T.wait_for(lambda: float(get('CompassHeading')) == 10, NEXT_S), d.output()
    assert T.wait_for(lambda: float(get('CompassHeading')) == 20, NEXT_S), d.output()


def test_a_base_accelerometer_beside_a_synthetic_compass(testbed, start, bus):
    """The compass is there; the base accelerometer, the only one, is not the display's."""
    power_button(testbed)
    testbed.accelerometer(variant='poll', attrs={'label': 'accel-base'})
    d = start('--sensor-proxy-compat', env={'FAKE_COMPASS': '1'})
    conn, proxy, get = client(bus, COMPASS)
    assert bool(get('HasCompass')) is True, d.output()
    _, _, get_main = client(bus, ISP)
    assert bool(get_main('HasAccelerometer')) is False, d.output()


def test_nothing_synthetic_without_the_variables(testbed, start, bus):
    power_button(testbed)
    d = start('--sensor-proxy-compat')
    _, _, get = client(bus, ISP)
    _, _, get_compass = client(bus, COMPASS)
    assert bool(get('HasAmbientLight')) is False, d.output()
    assert bool(get_compass('HasCompass')) is False, d.output()
