"""Device helpers beside the fake accelerometers: what a reader changes on a buffered
device, a pty node for genuine EIO, fault libraries, and the fake light and proximity sensors."""
import os
import shutil
import subprocess
import threading

from testbed_base import send_uevent, wait_for
from testbed_fakes import SysfsAttributes


def device_state(acc):
    """What a reader changes on a buffered device: buffer enable and watermark, every channel
    enable, the trigger and the sampling frequency."""
    scan = os.path.join(acc.root + acc.syspath, 'scan_elements')
    state = {'buffer/enable': acc.read('buffer/enable'),
             'buffer/watermark': acc.read('buffer/watermark'),
             'sampling_frequency': acc.read('sampling_frequency')}
    if getattr(acc, 'has_trigger', True):
        state['trigger/current_trigger'] = acc.read('trigger/current_trigger')
    for name in sorted(os.listdir(scan)):
        if name.endswith('_en'):
            state['scan_elements/' + name] = acc.read('scan_elements/' + name)
    return state


def use_pty_node(acc):
    """Serves a buffered fake's scans through a pseudo-terminal instead of a named pipe: the
    device node becomes a link to a raw pty's follower side, so that `pty_hangup` gives the
    reader genuine EIO (what a failing bus gives a read of /dev/iio:deviceN). Call before the
    daemon opens the node."""
    import pty
    import tty
    acc.close_stream()
    leader, follower = pty.openpty()
    tty.setraw(follower)
    os.set_blocking(leader, False)
    node = acc.root + '/dev/' + acc.sysname
    link = node + '.new'
    os.symlink(os.ttyname(follower), link)
    os.rename(link, node)
    os.close(follower)
    acc.fifo = leader
    acc._stop.clear()
    acc._thread = threading.Thread(target=acc._stream, daemon=True)
    acc._thread.start()


def pty_hangup(acc):
    """Closes the pty's leader side: every read of the node already open fails with EIO from
    now on; a new node is put in place by `use_pty_node` again."""
    acc.close_stream()


def stop_scans(acc):
    """The buffered fake stops producing scans; the device and its node stay."""
    acc.stop_stream()


FAULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'faults')


def fault_library(name, into):
    """Builds Tests/e2e/faults/NAME.c into a preloadable library in `into`; returns its path."""
    out = os.path.join(into, name + '.so')
    cc = shutil.which('clang') or shutil.which('cc')
    assert cc, 'no C compiler for the fault library %s' % name
    subprocess.run([cc, '-shared', '-fPIC', '-O1', '-o', out, os.path.join(FAULTS, name + '.c'), '-ldl'], check=True)
    return out


def buffered_under_eagain(testbed, bus, start):
    """A buffered accelerometer at portrait and a daemon reading it with the fault library
    `read_eagain` preloaded, claimed and read through its buffer. Creating the returned flag
    file makes every read of the node answer EAGAIN while it polls readable; removing it
    ends that. Returns (accelerometer, daemon, flag)."""
    shim = fault_library('read_eagain', bus.dir)
    flag = os.path.join(bus.dir, 'eagain')
    acc = testbed.accelerometer(variant='buffer', pose='portrait')
    d = start(preload=[shim], env={'ORIENTD_FAULT_EAGAIN': flag})
    assert d.client.begin() == 'portrait'
    assert wait_for(lambda: acc.read('buffer/enable') == '1', 3), d.output()
    return acc, d, flag


# -- ambient light and proximity sensors (additive) ---------------------------------------

class FakeSimpleSensor(SysfsAttributes):
    """A fake device of one subsystem ('iio' or 'hwmon') whose readings are plain sysfs
    attributes (an ambient light or proximity sensor): `attrs` and udev `props` as given."""

    def __init__(self, testbed, sysname, subsystem='iio', attrs=None, props=None):
        self.tb = testbed
        self.root = testbed.get_root_dir()
        self.sysname = sysname
        self.subsystem = subsystem
        self.attrs = dict(attrs or {})
        self.props = dict(props or {})
        self.add()

    def add(self):
        flat_attrs = []
        for k, v in self.attrs.items():
            flat_attrs += [k, v + '\n']
        flat_props = []
        for k, v in self.props.items():
            flat_props += [k, v]
        self.syspath = self.tb.add_device(self.subsystem, self.sysname, None, flat_attrs, flat_props)

    def write(self, attr, value):
        self.attrs[attr] = value
        super().write(attr, value)

    def remove(self):
        send_uevent(self.tb, self.syspath, 'remove')
        self.tb.remove_device(self.syspath)

    def replug(self):
        self.add()
        send_uevent(self.tb, self.syspath, 'add')

    def close(self):
        pass


def _next_iio_index(testbed):
    return sum(1 for d in testbed.devices if getattr(d, 'sysname', '').startswith('iio:device'))


def add_light(testbed, attrs, props=None, subsystem='iio'):
    """A fake ambient light sensor; iio-sensor-proxy's udev rule would tag it
    IIO_SENSOR_PROXY_TYPE (given here, as udev is not running)."""
    if subsystem == 'hwmon':
        sysname = 'hwmon%d' % len(testbed.devices)
        p = {'IIO_SENSOR_PROXY_TYPE': 'hwmon-als'}
    else:
        sysname = 'iio:device%d' % _next_iio_index(testbed)
        p = {'IIO_SENSOR_PROXY_TYPE': 'iio-poll-als', 'NAME': '"als"'}
        attrs = dict({'name': 'als'}, **attrs)
    p.update(props or {})
    s = FakeSimpleSensor(testbed.tb, sysname, subsystem, attrs, p)
    testbed.devices.append(s)
    return s


def add_proximity(testbed, raw='0', props=None, attrs=None):
    p = {'IIO_SENSOR_PROXY_TYPE': 'iio-poll-proximity', 'NAME': '"prox"'}
    p.update(props or {})
    a = {'name': 'prox', 'in_proximity_raw': raw}
    a.update(attrs or {})
    s = FakeSimpleSensor(testbed.tb, 'iio:device%d' % _next_iio_index(testbed), 'iio', a, p)
    testbed.devices.append(s)
    return s
