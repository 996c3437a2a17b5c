"""The compass on net.hadess.SensorProxy.Compass: orientd and iio-sensor-proxy 3.0 run in turn
on the same fake HID compass (a buffered `in_rot_from_north_magnetic_tilt_comp` scan element)
and the same private bus, and must report the same headings and the same HasCompass across
hotplug; the buffer runs only while claimed; a claim is granted to root and geoclue's user, and
to anyone else as polkit answers."""
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

CLIENT = r"""
import sys, dbus
bus = dbus.bus.BusConnection(sys.argv[1])
def attempt(label, call):
    try:
        print(label, 'ok', call(), flush=True)
    except dbus.DBusException as e:
        print(label, e.get_dbus_name(), e.get_dbus_message().replace(' ', '_'), flush=True)
compass = bus.get_object('net.hadess.SensorProxy', '/net/hadess/SensorProxy/Compass')
main = bus.get_object('net.hadess.SensorProxy', '/net/hadess/SensorProxy')
for label in sys.argv[2:]:
    if label.startswith('claim-compass'):
        attempt(label, lambda: compass.ClaimCompass(dbus_interface='net.hadess.SensorProxy.Compass'))
    elif label == 'has-compass':
        attempt(label, lambda: bool(compass.Get('net.hadess.SensorProxy.Compass', 'HasCompass',
                                                dbus_interface='org.freedesktop.DBus.Properties')))
    elif label == 'heading':
        attempt(label, lambda: float(compass.Get('net.hadess.SensorProxy.Compass', 'CompassHeading',
                                                 dbus_interface='org.freedesktop.DBus.Properties')))
    elif label == 'claim-light':
        attempt(label, lambda: main.ClaimLight(dbus_interface='net.hadess.SensorProxy'))
"""

POLKIT_POLICY = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><policy user="root"><allow own="org.freedesktop.PolicyKit1"/></policy>
<policy context="default"><allow send_destination="org.freedesktop.PolicyKit1"/></policy></busconfig>"""


@pytest.fixture
def shipped_bus():
    """The system bus's default-deny policy with the shipped policy files, plus polkit's."""
    import shutil
    import tempfile
    policy_dir = tempfile.mkdtemp(prefix='orientd-policies-')
    os.chmod(policy_dir, 0o755)
    for name in ('org.orientd.Orientation1.conf', 'net.hadess.SensorProxy.conf'):
        shutil.copy(os.path.join(T.ROOT, 'dbus', name), policy_dir)
    with open(os.path.join(policy_dir, 'org.freedesktop.PolicyKit1.conf'), 'w') as f:
        f.write(POLKIT_POLICY)
    bus = T.SystemStyleBus(policy_dir)
    yield bus
    bus.close()
    shutil.rmtree(policy_dir)


def start_polkit(bus):
    """python-dbusmock's polkitd on the bus: refuses every action until told otherwise."""
    proc, conn = T.start_dbusmock(bus, 'polkitd', 'org.freedesktop.PolicyKit1')
    mock = dbus.Interface(conn.get_object('org.freedesktop.PolicyKit1', '/org/freedesktop/PolicyKit1/Authority'),
                          'org.freedesktop.DBus.Mock')
    return proc, mock


def ask(bus, user, *labels):
    client = T.run_python_as(user, CLIENT, [bus.address] + list(labels), bus.dir)
    out, err = client.communicate(timeout=30)
    results = dict(line.split(' ', 1) for line in out.splitlines())
    assert len(results) == len(labels), out + err
    return results


def test_compass_claims_are_authorized_by_polkit(testbed, shipped_bus):
    """Everyone may call the compass object (as with iio-sensor-proxy 3.7); a claim is granted
    to geoclue's user at once and to anyone else only as polkit answers for
    net.hadess.SensorProxy.claim-sensor. A refused claim is AccessDenied and starts nothing."""
    geoclue = T.ensure_user('geoclue')
    other = T.ensure_user('orientd-test')
    dev = B.add_compass(testbed, attrs={'in_rot_scale': '0.1'})
    dev.set_raw(1234)
    testbed.accelerometer()
    proc, polkit = start_polkit(shipped_bus)
    d = T.Orientd(shipped_bus, testbed, ['--sensor-proxy-compat'])   # geoclue's uid is read at start
    try:
        refused = ask(shipped_bus, other, 'has-compass', 'claim-compass', 'claim-light')
        assert refused['has-compass'] == 'ok True', (refused, d.output())
        assert refused['claim-compass'].startswith('org.freedesktop.DBus.Error.AccessDenied polkit_does_not_authorize'), refused
        assert refused['claim-light'] == 'ok None', refused
        assert not dev.buffer_enabled(), 'a refused claim started the compass'
        assert ask(shipped_bus, geoclue, 'claim-compass')['claim-compass'] == 'ok None'
        polkit.SetAllowed(['net.hadess.SensorProxy.claim-sensor'])
        allowed = ask(shipped_bus, other, 'claim-compass', 'heading')
        assert allowed['claim-compass'] == 'ok None', (allowed, d.output())
        assert allowed['heading'] == 'ok 123.4', allowed
    finally:
        d.stop()
        proc.kill()
        proc.wait()


HANGING_CLIENT = r"""
import sys, time, dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib
DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(sys.argv[1])
compass = bus.get_object('net.hadess.SensorProxy', '/net/hadess/SensorProxy/Compass')
loop, results, t0 = GLib.MainLoop(), {}, time.monotonic()
def done(label):
    def ok(*_):
        results[label] = 'ok'
        check()
    def failed(e):
        results[label] = '%s %.1f' % (e.get_dbus_name(), time.monotonic() - t0)
        check()
    return ok, failed
def check():
    if len(results) == 2:
        loop.quit()
def claim(label):
    ok, failed = done(label)
    compass.ClaimCompass(dbus_interface='net.hadess.SensorProxy.Compass', reply_handler=ok, error_handler=failed, timeout=30)
claim('first')
GLib.timeout_add(500, lambda: claim('second'))
GLib.timeout_add(20000, loop.quit)
loop.run()
for k, v in sorted(results.items()):
    print(k, v)
"""


def test_compass_claim_without_polkit_is_refused_and_bounded(testbed, shipped_bus):
    """No polkit on the bus: the claim is refused with the reason, the daemon keeps serving.
    A polkit that never answers: the caller's second claim meanwhile is LimitExceeded at once,
    the first is refused when the bus call times out (5 s), not held forever."""
    other = T.ensure_user('orientd-test')
    B.add_compass(testbed, attrs={'in_rot_scale': '0.1'}).set_raw(1234)
    testbed.accelerometer()
    d = T.Orientd(shipped_bus, testbed, ['--sensor-proxy-compat'])
    proc = None
    try:
        r = ask(shipped_bus, other, 'claim-compass', 'claim-light')
        assert r['claim-compass'].startswith('org.freedesktop.DBus.Error.AccessDenied polkit_did_not_answer'), r
        assert r['claim-light'] == 'ok None', r
        proc, polkit = start_polkit(shipped_bus)
        polkit.SimulateHang(True)
        client = T.run_python_as(other, HANGING_CLIENT, [shipped_bus.address], shipped_bus.dir)
        out, err = client.communicate(timeout=40)
        results = dict(line.split(' ', 1) for line in out.splitlines())
        assert results['second'].startswith('org.orientd.Orientation1.Error.LimitExceeded'), out + err
        assert float(results['second'].split()[1]) < 2.0, results
        name, seconds = results['first'].split()
        assert name == 'org.freedesktop.DBus.Error.AccessDenied', results
        assert 4.0 <= float(seconds) < 15.0, results
        assert ask(shipped_bus, other, 'has-compass')['has-compass'] == 'ok True', d.output()
    finally:
        d.stop()
        if proc:
            proc.kill()
            proc.wait()


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
