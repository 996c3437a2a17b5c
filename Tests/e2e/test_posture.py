"""org.orientd.Posture1 and the SW_TABLET_MODE switch on two fake accelerometers (display and
base, with hwdb-style mount matrices): a 2-in-1 posed through laptop -> tent -> tablet -> laptop;
the base removed; the interface against its XML; the switch's event stream recorded in a
plain file standing in for /dev/uinput (this machine has none: creating the real device is
left to the system test).

Readings follow docs/posture.md: after both matrices, display = Rx(theta) . base."""
import os
import re
import subprocess
import time

import orientd_testbed as T
from posture_fakes import POSES, Hinge, PostureClient, switch_events, switch_states


def test_laptop_tent_tablet_laptop(testbed, start, bus, uinput):
    hinge = Hinge(testbed)
    hinge.pose('laptop')
    daemon = start('--uinput-path', uinput)
    c = PostureClient(bus.address)
    assert c.get('HasHinge') is True
    assert c.wait_posture('laptop'), daemon.output()
    assert c.get('TabletMode') is False
    assert abs(c.get('HingeAngle') - 110) < 3
    seen = [('laptop', False)]
    for pose, tablet in (('tent', True), ('tablet', True), ('laptop', False)):
        hinge.pose(pose)
        assert c.wait_posture(pose), daemon.output()
        assert c.get('TabletMode') is tablet
        assert abs(c.get('HingeAngle') - POSES[pose][0]) < 3, (pose, c.get('HingeAngle'))
        seen.append((pose, tablet))
    c.client.pump(0.3)
    assert c.changes == [('laptop', 'unknown'), ('tent', 'laptop'), ('tablet', 'tent'), ('laptop', 'tablet')]

    # Each posture change comes with PropertiesChanged carrying Posture and HingeAngle, and
    # TabletMode only when it flips.
    with_posture = [p for p in c.properties if 'Posture' in p]
    assert [p['Posture'] for p in with_posture] == ['laptop', 'tent', 'tablet', 'laptop']
    assert all('HingeAngle' in p for p in with_posture)
    assert [p.get('TabletMode') for p in with_posture] == [None, True, None, False]
    for p in with_posture[1:]:
        assert abs(p['HingeAngle'] - POSES[p['Posture']][0]) < 5, p
    # A HingeAngle-only announcement moved at least 5 degrees from the previous one.
    announced = None
    for p in c.properties:
        if 'Posture' not in p and announced is not None and announced != -1 and p['HingeAngle'] != -1:
            assert abs(p['HingeAngle'] - announced) >= 5, c.properties
        announced = p['HingeAngle']

    # The switch: the state at creation (laptop: 0), then every change of TabletMode.
    assert switch_states(uinput) == [0, 1, 0], switch_events(uinput)
    assert 'created input device "orientd tablet mode switch"' in daemon.output()
    assert daemon.stop() == 0
    assert 'removed input device "orientd tablet mode switch"' in daemon.output()


def test_base_removed(testbed, start, bus, uinput):
    hinge = Hinge(testbed)
    hinge.pose('tent')
    daemon = start('--uinput-path', uinput)
    c = PostureClient(bus.address)
    assert c.wait_posture('tent'), daemon.output()
    orientation = c.client.get('Orientation')
    assert orientation != 'unknown'
    hinge.base.remove()
    assert T.wait_for(lambda: c.get('HasHinge') is False), daemon.output()
    assert c.get('Posture') == 'unknown'
    assert c.get('HingeAngle') == -1
    assert c.get('TabletMode') is False
    c.client.pump(0.2)
    assert c.changes[-1] == ('unknown', 'tent')
    assert {'HasHinge': False} in c.properties
    # Orientation does not depend on the base.
    assert c.client.get('HasAccelerometer') is True
    assert c.client.get('Orientation') == orientation
    # The switch went with the hinge.
    assert 'removed input device "orientd tablet mode switch"' in daemon.output()
    assert switch_states(uinput) == [1]


def test_display_only_has_no_hinge_and_no_switch(testbed, start, bus, uinput):
    hinge = Hinge(testbed, base=False)
    hinge.pose('laptop')
    daemon = start('--uinput-path', uinput)
    c = PostureClient(bus.address)
    time.sleep(1.5)
    assert c.get('HasHinge') is False
    assert c.get('Posture') == 'unknown'
    assert c.get('HingeAngle') == -1
    assert c.client.get('Orientation') != 'unknown'
    assert os.path.getsize(uinput) == 0
    assert 'tablet mode switch' not in daemon.output()


def test_another_switch_keeps_auto_from_creating_one(testbed, start, bus, uinput):
    testbed.tb.add_device('input', 'input7', None,
                          ['name', 'Intel HID switches\n', 'capabilities/sw', '2\n'],
                          ['ID_INPUT', '1', 'ID_INPUT_SWITCH', '1'])
    hinge = Hinge(testbed)
    hinge.pose('tent')
    daemon = start('--uinput-path', uinput)
    c = PostureClient(bus.address)
    assert c.wait_posture('tent'), daemon.output()
    assert c.get('TabletMode') is True
    assert os.path.getsize(uinput) == 0
    assert 'input7 (Intel HID switches) already reports SW_TABLET_MODE' in daemon.output()


def test_switch_on_ignores_other_switches_and_off_creates_none(testbed, start, bus, uinput):
    testbed.tb.add_device('input', 'input7', None,
                          ['name', 'Intel HID switches\n', 'capabilities/sw', '2\n'], ['ID_INPUT_SWITCH', '1'])
    hinge = Hinge(testbed)
    hinge.pose('tablet on a table')
    daemon = start('--uinput-path', uinput, '--tablet-mode-switch', 'on')
    c = PostureClient(bus.address)
    assert c.wait_posture('tablet'), daemon.output()
    assert T.wait_for(lambda: os.path.getsize(uinput) > 0)
    assert switch_states(uinput) == [1]
    daemon.stop()

    off = os.path.join(bus.dir, 'uinput-off')
    open(off, 'wb').close()
    daemon = start('--uinput-path', off, '--tablet-mode-switch', 'off')
    c = PostureClient(bus.address)
    assert c.wait_posture('tablet'), daemon.output()
    assert os.path.getsize(off) == 0


def test_bad_switch_mode_is_a_usage_error(bus, testbed):
    r = subprocess.run([os.path.join(T.BIN, 'orientd'), '--tablet-mode-switch', 'maybe'],
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert 'must be auto, on or off' in r.stderr


def test_posture_follows_at_full_rate_while_generating(testbed, start, bus, uinput):
    hinge = Hinge(testbed)
    hinge.pose('laptop')
    daemon = start('--uinput-path', uinput)
    c = PostureClient(bus.address)
    assert c.wait_posture('laptop'), daemon.output()
    c.client.begin()
    hinge.pose('tent')
    t0 = time.monotonic()
    assert c.wait_posture('tent', timeout=4), daemon.output()
    # At the full rate (10 Hz polls) the settle time dominates: well under the low rate's.
    took = time.monotonic() - t0
    print('tent after %.2f s' % took)
    assert took < 1.5, daemon.output()
    assert 'posture: low -> full' in daemon.output()


def test_introspection_matches_the_interface_file(testbed, start, bus):
    start()
    live = subprocess.run(['busctl', '--address=' + bus.address, 'introspect', '--xml-interface',
                           T.NAME, T.PATH], capture_output=True, text=True, check=True).stdout
    with open(os.path.join(T.ROOT, 'dbus', 'org.orientd.Posture1.xml')) as f:
        text = f.read()

    def interface(xml):
        m = re.search(r'<interface name="org\.orientd\.Posture1">.*?</interface>', xml, re.S)
        return ' '.join(m.group(0).split()) if m else ''
    assert interface(text)
    assert interface(live) == interface(text)


def test_wakeups_at_rest_with_the_switch_exported(testbed, start, bus, uinput):
    """The low rate: both halves read in one wake-up twice a second, nothing else runs."""
    hinge = Hinge(testbed)
    hinge.pose('laptop')
    daemon = start('--uinput-path', uinput)
    c = PostureClient(bus.address)
    assert c.wait_posture('laptop'), daemon.output()
    assert os.path.getsize(uinput) > 0

    def wakeups():
        with open('/proc/%d/status' % daemon.proc.pid) as f:
            return next(int(l.split()[1]) for l in f if l.startswith('voluntary_ctxt_switches'))
    time.sleep(1)
    before, t0 = wakeups(), time.monotonic()
    time.sleep(8)
    rate = (wakeups() - before) / (time.monotonic() - t0)
    assert 1.5 <= rate <= 2.2, rate


def test_orientctl_sensors_shows_both_roles(testbed):
    Hinge(testbed).pose('laptop')
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    r = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    display, base = r.stdout.split('\n\n')[:2]
    assert 'iio:device0' in display and 'used for orientation' in display and 'display (udev ACCEL_LOCATION)' in display
    assert 'iio:device1' in base and 'base accelerometer, used for posture' in base and 'base (udev ACCEL_LOCATION)' in base
    # The base chip is mounted upside down: its matrix turns (0, 0, -g) into (0, 0, g).
    assert 'sensor frame (0.00, 0.00, -9.81) m/s², device frame (0.00, 0.00, 9.81)' in base
