"""org.orientd.Posture1 and the SW_TABLET_MODE switch on two fake accelerometers (display and
base, with hwdb-style mount matrices): a 2-in-1 posed through laptop -> tent -> tablet -> laptop;
the base removed; the interface against its XML; the switch's event stream recorded in a
plain file standing in for /dev/uinput (this machine has none: creating the real device is
left to the system test).

Readings follow docs/posture.md: after both matrices, display = Rx(theta) . base."""
import math
import os
import re
import struct
import subprocess
import time

import dbus
import pytest

import orientd_testbed as T
import contract as C

POSTURE = C.Posture1.interface
EV_SYN, EV_SW, SW_TABLET_MODE = 0, 5, 1
EVENT = struct.Struct('<qqHHi')   # struct input_event on 64-bit: timeval, type, code, value

# hwdb-style matrices (rows), as 60-sensor.hwdb writes them: the display chip mounted turned
# by 90 degrees, the base chip upside down.
DISPLAY_MATRIX = ((0, 1, 0), (-1, 0, 0), (0, 0, 1))
BASE_MATRIX = ((-1, 0, 0), (0, 1, 0), (0, 0, -1))


def matrix_text(m):
    return '; '.join(', '.join(str(v) for v in row) for row in m)


def rx(theta_deg, v):
    t = math.radians(theta_deg)
    x, y, z = v
    return (x, math.cos(t) * y - math.sin(t) * z, math.sin(t) * y + math.cos(t) * z)


def sensor_frame(matrix, device):
    """The raw reading that the matrix turns into `device` (orthogonal: the transpose)."""
    return tuple(sum(matrix[r][c] * device[r] for r in range(3)) for c in range(3))


# Pose -> (hinge angle, base reading in its device frame, m/s²). Each with the hinge axis
# horizontal: a laptop on a table, a tent standing on its two edges, a tablet held upright.
G = T.G
POSES = {
    'laptop': (110, (0, 0, G)),
    'tent': (290, (0, -G * math.sin(math.radians(35)), G * math.cos(math.radians(35)))),
    'tablet': (358, (0, -G, 0)),
    # Screen up on a table, keyboard toward the floor. Closed and folded back read alike; a
    # tablet held upright at start-up is undecided until it moves (PostureTracker), lying
    # screen up it is a tablet at once.
    'tablet on a table': (358, (0, 0, -G)),
}


class Hinge:
    def __init__(self, testbed, base=True):
        self.display = testbed.accelerometer(props={'ACCEL_LOCATION': 'display',
                                                    'ACCEL_MOUNT_MATRIX': matrix_text(DISPLAY_MATRIX)})
        self.base = testbed.accelerometer(props={'ACCEL_LOCATION': 'base',
                                                 'ACCEL_MOUNT_MATRIX': matrix_text(BASE_MATRIX)}) if base else None

    def pose(self, name):
        theta, base = POSES[name]
        self.display.set_vector(*sensor_frame(DISPLAY_MATRIX, rx(theta, base)))
        if self.base:
            self.base.set_vector(*sensor_frame(BASE_MATRIX, base))


class PostureClient:
    def __init__(self, address):
        self.client = T.Client(address)
        self.bus = self.client.bus
        self.changes = []      # PostureDidChange (posture, previous)
        self.properties = []   # PropertiesChanged of Posture1: dict name -> value
        self.bus.add_signal_receiver(lambda p, q: self.changes.append((str(p), str(q))),
                                     signal_name='PostureDidChange', dbus_interface=POSTURE, path=T.PATH)
        self.bus.add_signal_receiver(self._properties, signal_name='PropertiesChanged',
                                     dbus_interface='org.freedesktop.DBus.Properties', path=T.PATH)

    def _properties(self, interface, changed, invalidated):
        if str(interface) == POSTURE:
            self.properties.append({str(k): (bool(v) if isinstance(v, dbus.Boolean) else
                                             float(v) if isinstance(v, dbus.Double) else str(v))
                                    for k, v in changed.items()})

    def get(self, prop):
        value = self.client.obj().Get(POSTURE, prop, dbus_interface='org.freedesktop.DBus.Properties')
        if isinstance(value, dbus.Boolean):
            return bool(value)
        if isinstance(value, dbus.Double):
            return float(value)
        return str(value)

    def wait_posture(self, posture, timeout=6.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.client.pump(0.05)
            if self.get('Posture') == posture:
                self.client.pump(0.1)
                return True
        return False


def switch_events(path):
    with open(path, 'rb') as f:
        data = f.read()
    assert len(data) % EVENT.size == 0, len(data)
    return [EVENT.unpack_from(data, i)[2:] for i in range(0, len(data), EVENT.size)]


def switch_states(path):
    """The SW_TABLET_MODE values written, each checked to be followed by its SYN_REPORT."""
    events = switch_events(path)
    states = []
    for i in range(0, len(events), 2):
        assert events[i][:2] == (EV_SW, SW_TABLET_MODE), events
        assert events[i + 1] == (EV_SYN, 0, 0), events
        states.append(events[i][2])
    return states


@pytest.fixture
def uinput(bus):
    path = os.path.join(bus.dir, 'uinput')
    open(path, 'wb').close()
    return path


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
