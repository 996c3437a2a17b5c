"""The compass on net.hadess.SensorProxy.Compass: orientd and iio-sensor-proxy 3.0 run in turn
on the same fake HID compass (a buffered `in_rot_from_north_magnetic_tilt_comp` scan element)
and the same private bus, and must report the same headings and the same HasCompass across
hotplug; the buffer runs only while claimed. Who may claim it: test_compass_polkit.py."""
import math
import os
import re
import time

import dbus
import pytest

import buffered_fakes as B
import orientd_testbed as T
from test_light_proximity import keep_alive, run_daemon
import contract as C

NAME = C.SensorProxy.busName
COMPASS = (C.SensorProxy.compassPath, C.SensorProxy.compassInterface)

# Raw values and the headings they give with in_rot_scale 0.1 (degrees per count).
STEPS = [(900, 90.0), (1805, 180.5), (3599, 359.9), (17, 1.7)]


def session(bus):
    conn = dbus.bus.BusConnection(bus.address)
    assert T.wait_for(lambda: conn.name_has_owner(NAME), 10)
    obj = conn.get_object(NAME, COMPASS[0])
    props = dbus.Interface(obj, 'org.freedesktop.DBus.Properties')
    return conn, obj, lambda name: props.Get(COMPASS[1], name)


def compass_run(kind, bus, testbed, dev, steps):
    dev.use('file' if kind == 'iio-sensor-proxy' else 'fifo')
    stop, output = run_daemon(kind, bus, testbed)
    seen = {}
    try:
        conn, obj, get = session(bus)
        seen['has'] = bool(get('HasCompass'))
        seen['heading_before'] = float(get('CompassHeading'))
        obj.ClaimCompass(dbus_interface=COMPASS[1])
        headings = []
        previous = get('CompassHeading')
        for raw, _ in steps:
            dev.set_raw(raw)
            T.wait_for(lambda: get('CompassHeading') != previous, 5)
            previous = get('CompassHeading')
            headings.append(float(previous))
        seen['headings'] = headings
        dev.remove()
        T.wait_for(lambda: not get('HasCompass'), 5)
        seen['has_after_remove'] = bool(get('HasCompass'))
        dev.replug()
        T.wait_for(lambda: get('HasCompass'), 5)
        seen['has_after_replug'] = bool(get('HasCompass'))
        obj.ReleaseCompass(dbus_interface=COMPASS[1])
        conn.close()
    finally:
        stop()
    T.wait_for(lambda: not dbus.bus.BusConnection(bus.address).name_has_owner(NAME), 5)
    return seen, output()


@pytest.mark.parametrize('scale_attr', ['in_rot_scale', 'in_rot_from_north_magnetic_tilt_comp_scale'])
def test_compass_matches_iio_sensor_proxy(testbed, bus, scale_attr):
    dev = B.add_compass(testbed, attrs={scale_attr: '0.1'})
    keep_alive(testbed)
    theirs, their_log = compass_run('iio-sensor-proxy', bus, testbed, dev, STEPS)
    dev.set_raw(0)
    for attr in ('buffer/enable', 'trigger/current_trigger'):   # iio-sensor-proxy leaves them set
        dev.write(attr, '0' if attr == 'buffer/enable' else '')
    ours, our_log = compass_run('orientd', bus, testbed, dev, STEPS)
    assert theirs['has'] is True, their_log
    assert ours['has'] is True, our_log
    assert ours['heading_before'] == theirs['heading_before'] == 0.0, (ours, theirs)
    assert len(ours['headings']) == len(theirs['headings']) == len(STEPS)
    for mine, their, (_, expected) in zip(ours['headings'], theirs['headings'], STEPS):
        assert math.isclose(mine, their, rel_tol=1e-6), (ours, theirs)
        assert math.isclose(mine, expected, rel_tol=1e-6), (ours, STEPS, our_log)
    assert ours['has_after_remove'] == theirs['has_after_remove'] == False, (ours, theirs, our_log)
    assert ours['has_after_replug'] == theirs['has_after_replug'] == True, (ours, theirs, our_log)


def test_compass_runs_only_while_claimed(testbed, bus):
    dev = B.add_compass(testbed, attrs={'in_rot_scale': '0.1'})
    dev.set_raw(2700)
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        conn, obj, get = session(bus)
        assert get('HasCompass') is not False, d.output()
        time.sleep(1.0)
        assert 'compass source started' not in d.output()
        assert not dev.buffer_enabled()
        obj.ClaimCompass(dbus_interface=COMPASS[1])
        obj.ClaimCompass(dbus_interface=COMPASS[1])    # idempotent per caller
        assert T.wait_for(lambda: float(get('CompassHeading')) == 270.0), d.output()
        assert dev.buffer_enabled()
        assert dev.read('trigger/current_trigger') == 'magn_3d-dev0', dev.read('trigger/current_trigger')
        conn.close()                                   # leaving the bus releases the claim
        assert T.wait_for(lambda: 'compass source stopped' in d.output(), 5), d.output()
        assert not dev.buffer_enabled()
        assert dev.read('trigger/current_trigger') == '', 'the trigger orientd set stays attached'
        assert not dev.enabled('in_rot_from_north_magnetic_tilt_comp')
        assert d.output().count('compass source started') == 1, d.output()
    finally:
        d.stop()


def test_compass_drops_what_is_not_a_heading(testbed, bus):
    dev = B.add_compass(testbed, attrs={'in_rot_scale': '0.1'})
    dev.set_raw(450)
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        conn, obj, get = session(bus)
        obj.ClaimCompass(dbus_interface=COMPASS[1])
        assert T.wait_for(lambda: float(get('CompassHeading')) == 45.0), d.output()
        dev.set_raw(5000)                               # 500°
        assert T.wait_for(lambda: 'compass reading dropped' in d.output()), d.output()
        assert float(get('CompassHeading')) == 45.0
        dev.set_raw(-10)                                # −1°
        dev.set_raw(100)
        assert T.wait_for(lambda: float(get('CompassHeading')) == 10.0), d.output()
    finally:
        d.stop()


def test_compass_refused_with_a_bad_scale(testbed, bus):
    B.add_compass(testbed, attrs={'in_rot_scale': '-0.1'})
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        conn, obj, get = session(bus)
        assert get('HasCompass') is not True, d.output()
        assert 'compass sensor refused: in_rot_scale -0.1 is not a positive number' in d.output(), d.output()
    finally:
        d.stop()


# -- who may claim the compass: root, geoclue's user, else polkit ----------------------------

def test_orientctl_lists_compass_and_buffered_light(testbed):
    import subprocess
    B.add_compass(testbed, attrs={'in_rot_scale': '0.1'})
    B.add_buffered_light(testbed, attrs={'in_intensity_scale': '0.5'})
    B.add_compass(testbed, attrs={'in_rot_scale': 'abc'})
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    r = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stdout + r.stderr
    blocks = dict(re.findall(r'^(iio:device\d+)\n((?:  .*\n)+)', r.stdout, re.M))
    assert 'role:               compass' in blocks['iio:device0'], r.stdout
    assert 'served on net.hadess.SensorProxy' in blocks['iio:device0'], r.stdout
    assert 'buffered in_rot_from_north_magnetic_tilt_comp read every 700 ms (scale 0.1 from in_rot_scale' in blocks['iio:device0'], r.stdout
    assert 'role:               ambient light' in blocks['iio:device1'], r.stdout
    assert 'buffered in_intensity_both read every 800 ms (scale 0.5 from in_intensity_scale, offset 0.0, unit lux)' in blocks['iio:device1'], r.stdout
    assert 'served on net.hadess.SensorProxy' in blocks['iio:device1'], r.stdout
    assert 'refused:            in_rot_scale: "abc": not a decimal number' in blocks['iio:device2'], r.stdout
