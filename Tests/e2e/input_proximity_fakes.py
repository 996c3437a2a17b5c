"""A fake proximity sensor that is an input device (a gpio-keys style SW_FRONT_PROXIMITY
switch), for orientd's end-to-end tests: the input device (capabilities/sw with bit 11) and its
evdev node in the umockdev testbed, the evdev ioctls libevdev asks at open answered by
umockdev's ioctl emulation (EV_SW with SW_FRONT_PROXIMITY, the switch state for EVIOCGSW), and
the node a named pipe into which the test writes switch events as the kernel sends them.
umockdev cannot change the EVIOCGSW answer after the tree is loaded: a reopened node reads the
state the fake was created with, events update it."""
import os

import orientd_testbed as T
from input_fakes import EVENT, EV_SYN, SYN_REPORT, _bits, open_node

EV_SW = 5
SW_FRONT_PROXIMITY = 11


class FakeInputProximity:
    def __init__(self, testbed, number=7, name='orientd test proximity', near=False, props=None):
        self.tb = testbed.tb
        self.root = testbed.root
        self.number = number
        self.name = name
        self.near = near
        self.props = dict(props or {})
        self.fifo = None
        self.add()

    @property
    def node(self):
        return '/dev/input/event%d' % self.number

    def add(self):
        n = self.number
        self.parent = self.tb.add_device('platform', 'gpio-keys-%d' % n, None, [], [])
        self.input_syspath = self.tb.add_device('input', 'input%d' % n, self.parent,
                                                ['name', self.name, 'capabilities/sw', '%x' % (1 << SW_FRONT_PROXIMITY)],
                                                ['ID_INPUT', '1', 'ID_INPUT_SWITCH', '1', 'NAME', '"%s"' % self.name])
        self.fifo = open_node(self.root, self.node)
        self._load_ioctls()
        props = {'ID_INPUT': '1', 'ID_INPUT_SWITCH': '1', 'DEVNAME': self.node, 'MAJOR': '13', 'MINOR': str(64 + n)}
        props.update(self.props)
        self.syspath = self.tb.add_device('input', 'event%d' % n, self.input_syspath, ['dev', '13:%d' % (64 + n)],
                                          sum(([k, v] for k, v in props.items()), []))

    def _load_ioctls(self):
        lines = [
            '@DEV ' + self.node,
            'EVIOCGVERSION 0 01000100',
            'EVIOCGID 0 1900000000000000',
            'EVIOCGNAME(0) %d %s' % (len(self.name) + 1, self.name.encode().ljust(255, b'\0').hex().upper()),
            'EVIOCGPROP(0) 8 ' + _bits(8),
            'EVIOCGBIT(0) 8 ' + _bits(8, EV_SYN, EV_SW),
            'EVIOCGBIT(1) 96 ' + _bits(96),
            'EVIOCGBIT(2) 8 ' + _bits(8),
            'EVIOCGBIT(3) 8 ' + _bits(8),
            'EVIOCGBIT(4) 8 ' + _bits(8),
            'EVIOCGBIT(5) 8 ' + _bits(8, SW_FRONT_PROXIMITY),
            'EVIOCGBIT(17) 8 ' + _bits(8),
            'EVIOCGBIT(18) 8 ' + _bits(8),
            'EVIOCGBIT(21) 16 ' + _bits(16),
            'EVIOCGKEY(0) 96 ' + _bits(96),
            'EVIOCGLED(0) 8 ' + _bits(8),
            'EVIOCGSW(0) 8 ' + (_bits(8, SW_FRONT_PROXIMITY) if self.near else _bits(8)),
        ]
        tree = os.path.join(self.root, 'event%d.ioctl' % self.number)
        with open(tree, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        assert self.tb.load_ioctl(self.node, tree)

    def set_near(self, near):
        """One switch event and its SYN_REPORT, as the kernel sends a change."""
        os.write(self.fifo, EVENT.pack(0, 0, EV_SW, SW_FRONT_PROXIMITY, 1 if near else 0) + EVENT.pack(0, 0, EV_SYN, SYN_REPORT, 0))

    def remove(self):
        T.send_uevent(self.tb, self.syspath, 'remove')
        self.tb.remove_device(self.syspath)
        self.tb.remove_device(self.input_syspath)
        self.tb.remove_device(self.parent)
        self.close()

    def close(self):
        if self.fifo is not None:
            os.close(self.fifo)
            self.fifo = None
