"""A fake accelerometer that is an input device, for orientd's end-to-end tests: the input
device and its evdev node in the umockdev testbed, udev's properties on both, the evdev
ioctls libevdev asks at open answered by umockdev's ioctl emulation (a tree written here:
name, INPUT_PROP_ACCELEROMETER, EV_ABS with ABS_X/Y/Z and each axis's input_absinfo), and
the node a named pipe into which the test writes `struct input_event` records, as the kernel
delivers them. umockdev cannot change an EVIOCGABS answer after the tree is loaded: a device
that sends no events (polled) keeps the pose it was created with.
"""
import os
import struct

import orientd_testbed as T

EV_SYN, EV_ABS, SYN_REPORT = 0, 3, 0
ABS_X, ABS_Y, ABS_Z = 0, 1, 2
INPUT_PROP_ACCELEROMETER = 6
EVENT = struct.Struct('llHHi')   # struct input_event on 64-bit: timeval, type, code, value


def _bits(size, *numbers):
    data = bytearray(size)
    for n in numbers:
        data[n // 8] |= 1 << (n % 8)
    return bytes(data).hex().upper()


def open_node(root, node):
    """The testbed's evdev node as a named pipe the test writes events into; its descriptor.
    Made before the node's add uevent goes out (add_device sends it), as the kernel's is."""
    os.makedirs(root + '/dev/input', exist_ok=True)
    path = root + node
    if not os.path.exists(path):
        os.mkfifo(path)
    return os.open(path, os.O_RDWR | os.O_NONBLOCK)


def _absinfo(value, minimum, maximum, resolution):
    return struct.pack('<6i', value, minimum, maximum, 0, 0, resolution).hex().upper()


class FakeInputAccelerometer:
    """`parent`: the syspath of the device the input device belongs to (a HID device for a
    game controller); a platform device of its own otherwise. `accelerometer_prop`: the node
    has INPUT_PROP_ACCELEROMETER (the absinfo resolution then counts per g)."""

    def __init__(self, testbed, number=5, name='orientd test accelerometer', counts_per_g=1024, resolution=None,
                 accelerometer_prop=True, pose='portrait', parent=None, props=None, input_props=None, uniq='', add=True):
        self.tb = testbed.tb
        self.root = testbed.root
        self.number = number
        self.name = name
        self.counts_per_g = counts_per_g
        self.resolution = counts_per_g if resolution is None else resolution
        self.accelerometer_prop = accelerometer_prop
        self.counts = self.pose_counts(pose)
        self.parent = parent
        self.own_parent = parent is None
        self.props = dict(props or {})
        self.input_props = dict(input_props or {})
        self.uniq = uniq
        self.fifo = None
        self.syspath = None
        if add:
            self.add()

    def pose_counts(self, pose):
        return tuple(int(round(c * self.counts_per_g)) for c in T.POSES[pose])

    @property
    def node(self):
        return '/dev/input/event%d' % self.number

    def add(self):
        n = self.number
        if self.parent is None:
            self.parent = self.tb.add_device('platform', 'accel-%d' % n, None, [], [])
        props = {'ID_INPUT': '1', 'ID_INPUT_ACCELEROMETER': '1', 'NAME': '"%s"' % self.name}
        props.update(self.input_props)
        self.input_syspath = self.tb.add_device('input', 'input%d' % n, self.parent,
                                                ['name', self.name, 'uniq', self.uniq, 'properties', '40' if self.accelerometer_prop else '0'],
                                                sum(([k, v] for k, v in props.items()), []))
        self.fifo = open_node(self.root, self.node)
        self._load_ioctls()
        props = {'ID_INPUT': '1', 'ID_INPUT_ACCELEROMETER': '1', 'DEVNAME': self.node, 'MAJOR': '13', 'MINOR': str(64 + n)}
        props.update(self.props)
        self.syspath = self.tb.add_device('input', 'event%d' % n, self.input_syspath, ['dev', '13:%d' % (64 + n)],
                                          sum(([k, v] for k, v in props.items()), []))

    def _load_ioctls(self):
        x, y, z = self.counts
        limit = 2 * self.counts_per_g
        lines = [
            '@DEV ' + self.node,
            'EVIOCGVERSION 0 01000100',
            'EVIOCGID 0 1900000000000000',
            # libevdev asks with a 255-byte buffer; umockdev matches the request's size.
            'EVIOCGNAME(0) %d %s' % (len(self.name) + 1, self.name.encode().ljust(255, b'\0').hex().upper()),
            'EVIOCGPROP(0) 8 ' + (_bits(8, INPUT_PROP_ACCELEROMETER) if self.accelerometer_prop else _bits(8)),
            'EVIOCGBIT(0) 8 ' + _bits(8, EV_SYN, EV_ABS),
            'EVIOCGBIT(1) 96 ' + _bits(96),
            'EVIOCGBIT(2) 8 ' + _bits(8),
            'EVIOCGBIT(3) 8 ' + _bits(8, ABS_X, ABS_Y, ABS_Z),
            'EVIOCGBIT(4) 8 ' + _bits(8),
            'EVIOCGBIT(5) 8 ' + _bits(8),
            'EVIOCGBIT(17) 8 ' + _bits(8),
            'EVIOCGBIT(18) 8 ' + _bits(8),
            'EVIOCGBIT(21) 16 ' + _bits(16),
            'EVIOCGKEY(0) 96 ' + _bits(96),
            'EVIOCGLED(0) 8 ' + _bits(8),
            'EVIOCGSW(0) 8 ' + _bits(8),
            'EVIOCGABS 0 ' + _absinfo(x, -limit, limit, self.resolution),
            'EVIOCGABS(1) 0 ' + _absinfo(y, -limit, limit, self.resolution),
            'EVIOCGABS(2) 0 ' + _absinfo(z, -limit, limit, self.resolution),
        ]
        tree = os.path.join(self.root, 'event%d.ioctl' % self.number)
        with open(tree, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        assert self.tb.load_ioctl(self.node, tree)

    def send(self, x, y, z):
        """One frame of events, as the kernel sends it: the axes that changed, SYN_REPORT."""
        data = b''
        for code, value, old in zip((ABS_X, ABS_Y, ABS_Z), (x, y, z), self.counts):
            if value != old:
                data += EVENT.pack(0, 0, EV_ABS, code, value)
        self.counts = (x, y, z)
        os.write(self.fifo, data + EVENT.pack(0, 0, EV_SYN, SYN_REPORT, 0))

    def set_pose(self, pose):
        self.send(*self.pose_counts(pose))

    def remove(self):
        T.send_uevent(self.tb, self.syspath, 'remove')
        self.tb.remove_device(self.syspath)
        self.tb.remove_device(self.input_syspath)
        if self.own_parent:
            self.tb.remove_device(self.parent)
            self.parent = None
        self.close()

    def close(self):
        if self.fifo is not None:
            os.close(self.fifo)
            self.fifo = None
