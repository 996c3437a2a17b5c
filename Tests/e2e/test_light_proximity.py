"""Ambient light and proximity on net.hadess.SensorProxy: orientd and iio-sensor-proxy 3.0
run in turn on the same fake device and the same private bus, and must report the same
values, units and Has* (also across hotplug); Debian's monitor-sensor must follow both."""
import math
import os
import re
import subprocess
import time

import dbus
import pytest

import orientd_testbed as T
from test_sensor_proxy import monitor_sensor, read_until
import contract as C

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)


def keep_alive(testbed):
    """iio-sensor-proxy exits when its last sensor goes: an accelerometer beside the sensor
    under test keeps it running through the hotplug."""
    return testbed.accelerometer(props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})


def run_daemon(kind, bus, testbed):
    """Starts orientd (--sensor-proxy-compat) or iio-sensor-proxy; returns a stop function
    and a function giving its log."""
    if kind == 'orientd':
        d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
        return d.stop, d.output
    proc = T.start_iio_sensor_proxy(bus, testbed)

    def stop():
        proc.kill()
        proc.wait()

    def output():
        with open(proc.log_path) as f:
            return f.read()
    return stop, output


def session(bus):
    conn = dbus.bus.BusConnection(bus.address)
    assert T.wait_for(lambda: conn.name_has_owner(ISP[0]), 10)
    proxy = conn.get_object(*ISP[:2])
    props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')
    return conn, proxy, lambda name: props.Get(ISP[2], name)


def settled(get, name, previous, timeout=5.0):
    """The property's value once it differs from `previous` (the daemon polled the change)."""
    T.wait_for(lambda: get(name) != previous, timeout)
    return get(name)


def light_run(kind, bus, testbed, dev, attr, values):
    stop, output = run_daemon(kind, bus, testbed)
    seen = {}
    try:
        conn, proxy, get = session(bus)
        seen['has'] = bool(get('HasAmbientLight'))
        proxy.ClaimLight(dbus_interface=ISP[2])
        levels = []
        previous = get('LightLevel')
        for value in values:
            dev.write(attr, value)
            previous = settled(get, 'LightLevel', previous)
            levels.append((float(previous), str(get('LightLevelUnit'))))
        seen['levels'] = levels
        dev.remove()
        T.wait_for(lambda: not get('HasAmbientLight'), 5)
        seen['has_after_remove'] = bool(get('HasAmbientLight'))
        dev.replug()
        T.wait_for(lambda: get('HasAmbientLight'), 5)
        seen['has_after_replug'] = bool(get('HasAmbientLight'))
        proxy.ReleaseLight(dbus_interface=ISP[2])
        conn.close()
    finally:
        stop()
    T.wait_for(lambda: not dbus.bus.BusConnection(bus.address).name_has_owner(ISP[0]), 5)
    return seen, output()


LIGHTS = {
    # name: (attributes, the attribute that changes, values written, expected lux/vendor per value)
    'input': ({'in_illuminance_input': '120.5'}, 'in_illuminance_input', ['300.25', '42'],
              [(300.25, 'lux'), (42.0, 'lux')]),
    'input0': ({'in_illuminance0_input': '10'}, 'in_illuminance0_input', ['55.5', '7'],
               [(55.5, 'lux'), (7.0, 'lux')]),
    'raw_scale': ({'in_illuminance_raw': '100', 'in_illuminance_scale': '0.25'}, 'in_illuminance_raw', ['1000', '4321'],
                  [(250.0, 'lux'), (1080.25, 'lux')]),
}


@pytest.mark.parametrize('variant', sorted(LIGHTS))
def test_light_matches_iio_sensor_proxy(testbed, bus, variant):
    attrs, attr, values, expected = LIGHTS[variant]
    dev = T.add_light(testbed, attrs)
    keep_alive(testbed)
    theirs, their_log = light_run('iio-sensor-proxy', bus, testbed, dev, attr, values)
    for k, v in attrs.items():
        dev.write(k, v)
    ours, our_log = light_run('orientd', bus, testbed, dev, attr, values)
    assert theirs['has'] is True, their_log
    assert ours['has'] is True, our_log
    for (mine, their), (value, unit) in zip(zip(ours['levels'], theirs['levels']), expected):
        assert mine[1] == their[1] == unit, (ours, theirs)
        assert math.isclose(mine[0], their[0], rel_tol=0.01), (ours, theirs)
        assert math.isclose(mine[0], value, rel_tol=0.01), (ours, expected)
    assert ours['has_after_remove'] == theirs['has_after_remove'] == False, (ours, theirs, our_log)
    assert ours['has_after_replug'] == theirs['has_after_replug'] == True, (ours, theirs, our_log)


def proximity_run(kind, bus, testbed, dev, values):
    stop, output = run_daemon(kind, bus, testbed)
    seen = {}
    try:
        conn, proxy, get = session(bus)
        seen['has'] = bool(get('HasProximity'))
        if seen['has']:
            proxy.ClaimProximity(dbus_interface=ISP[2])
            nears = []
            for value in values:
                dev.write('in_proximity_raw', value)
                time.sleep(1.6)   # two polls of either daemon (700 ms)
                nears.append(bool(get('ProximityNear')))
            seen['near'] = nears
            dev.remove()
            T.wait_for(lambda: not get('HasProximity'), 5)
            seen['has_after_remove'] = bool(get('HasProximity'))
            dev.replug()
            T.wait_for(lambda: get('HasProximity'), 5)
            seen['has_after_replug'] = bool(get('HasProximity'))
        conn.close()
    finally:
        stop()
    T.wait_for(lambda: not dbus.bus.BusConnection(bus.address).name_has_owner(ISP[0]), 5)
    return seen, output()


# Near level 100. iio-sensor-proxy's marks compare with the previous *value*: above 110 is
# near at once, and a value held for two polls is near exactly when it is above 100 (the
# second poll sees a previous value above the level and uses 90).
PROXIMITY_STEPS = ['50', '105', '120', '95', '85', '111', '0']
PROXIMITY_NEAR = [False, True, True, False, False, True, False]


@pytest.mark.parametrize('source', ['udev', 'sysfs', 'none'])
def test_proximity_matches_iio_sensor_proxy(testbed, bus, source):
    props = {'PROXIMITY_NEAR_LEVEL': '100'} if source == 'udev' else {}
    attrs = {'in_proximity_nearlevel': '100'} if source == 'sysfs' else {}
    dev = T.add_proximity(testbed, props=props, attrs=attrs)
    keep_alive(testbed)
    theirs, their_log = proximity_run('iio-sensor-proxy', bus, testbed, dev, PROXIMITY_STEPS)
    dev.write('in_proximity_raw', '0')
    ours, our_log = proximity_run('orientd', bus, testbed, dev, PROXIMITY_STEPS)
    assert ours == theirs, (ours, theirs, our_log, their_log)
    if source == 'none':
        assert ours == {'has': False}, our_log
        assert 'PROXIMITY_NEAR_LEVEL' in our_log, our_log
    else:
        assert ours['near'] == PROXIMITY_NEAR, (ours, our_log)
        assert ours['has_after_remove'] is False and ours['has_after_replug'] is True, ours


@pytest.mark.parametrize('kind', ['iio-sensor-proxy', 'orientd'])
def test_monitor_sensor_follows_light_and_proximity(testbed, bus, kind):
    light = T.add_light(testbed, {'in_illuminance_input': '12'})
    prox = T.add_proximity(testbed, props={'PROXIMITY_NEAR_LEVEL': '100'})
    stop, output = run_daemon(kind, bus, testbed)
    m = monitor_sensor(bus)
    try:
        out = read_until(m, r'=== Has proximity sensor', 10)
        assert '=== Has ambient light sensor' in out, out + output()
        assert '=== Has proximity sensor' in out, out + output()
        light.write('in_illuminance_input', '345.5')
        out = read_until(m, r'Light changed: 345\.50* \(lux\)')
        assert re.search(r'Light changed: 345\.50* \(lux\)', out), out + output()
        prox.write('in_proximity_raw', '500')
        out = read_until(m, r'Proximity value changed: 1')
        assert 'Proximity value changed: 1' in out, out + output()
        prox.write('in_proximity_raw', '3')
        out = read_until(m, r'Proximity value changed: 0')
        assert 'Proximity value changed: 0' in out, out + output()
    finally:
        m.kill()
        m.wait()
        stop()


def test_hwmon_light(testbed, bus):
    """Apple's SMC light sensor: "(left,right)" counts, the brighter side in percent of 255,
    unit vendor (iio-sensor-proxy's hwmon-als driver)."""
    dev = T.add_light(testbed, {'light': '(10,51)'}, subsystem='hwmon')
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        conn, proxy, get = session(bus)
        assert get('HasAmbientLight') is not False, d.output()
        proxy.ClaimLight(dbus_interface=ISP[2])
        assert T.wait_for(lambda: math.isclose(float(get('LightLevel')), 20.0, rel_tol=0.01)), d.output()
        assert str(get('LightLevelUnit')) == 'vendor'
        dev.write('light', '(255,3)')
        assert T.wait_for(lambda: math.isclose(float(get('LightLevel')), 100.0, rel_tol=0.01)), d.output()
        dev.write('light', 'garbage')
        assert T.wait_for(lambda: 'reading dropped' in d.output()), d.output()
        assert math.isclose(float(get('LightLevel')), 100.0, rel_tol=0.01)
        dev.remove()
        assert T.wait_for(lambda: get('HasAmbientLight') is False or not get('HasAmbientLight')), d.output()
    finally:
        d.stop()


def test_light_polls_only_while_claimed(testbed, bus):
    T.add_light(testbed, {'in_illuminance_input': '5'})
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        conn, proxy, get = session(bus)
        time.sleep(1.0)
        assert 'ambient light source started' not in d.output()
        proxy.ClaimLight(dbus_interface=ISP[2])
        proxy.ClaimLight(dbus_interface=ISP[2])    # idempotent per caller
        assert T.wait_for(lambda: float(get('LightLevel')) == 5.0), d.output()
        conn.close()                               # leaving the bus releases the claim
        assert T.wait_for(lambda: 'ambient light source stopped' in d.output(), 5), d.output()
        assert d.output().count('ambient light source started') == 1, d.output()
    finally:
        d.stop()
