"""A 2-in-1 for the posture tests: two fake accelerometers (display and base, with hwdb-style
mount matrices) posed by hinge angle, a client of org.orientd.Posture1, and the events of the
SW_TABLET_MODE switch as written to a plain file standing in for /dev/uinput.

Readings follow docs/posture.md: after both matrices, display = Rx(theta) . base."""
import math
import struct
import time

import dbus

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
