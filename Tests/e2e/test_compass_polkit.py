"""Who may claim the compass: geoclue's user at once, anyone else as polkit answers for
net.hadess.SensorProxy.claim-sensor (python-dbusmock's polkitd, on a bus with the system bus's
default-deny policy and the shipped policy files); without polkit, or with one that never
answers, the claim is refused within the bus call's timeout and the daemon keeps serving."""
import os

import dbus
import pytest

import buffered_fakes as B
import orientd_testbed as T


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
