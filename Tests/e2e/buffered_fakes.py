"""Fake buffered single-channel IIO sensors for the end-to-end tests: a HID sensor hub's
compass and its buffered ambient light sensor (umockdev), beside orientd_testbed's fakes."""
import os
import stat
import struct
import threading
import time

import orientd_testbed as T
from orientd_testbed import _next_iio_index


class FakeBufferedChannel(T.FakeBufferNode):
    """A fake IIO device with one buffered scan element of 32-bit signed values (what HID
    sensor hubs give, and the only size iio-sensor-proxy 3.0 reads) and a timestamp, its
    data-ready trigger `<name>-devN`, and a device node. `mode` 'fifo': scans stream into a
    named pipe at `hz` while the buffer is enabled (a reader that keeps the node open, as
    libiio does); 'file': the node is a regular file holding the latest scan (for
    iio-sensor-proxy, which re-opens the node for every read)."""

    def __init__(self, testbed, sysname, name, channel, proxy_type, attrs=None, props=None, hz=20, mode='fifo'):
        self.tb = testbed
        self.root = testbed.get_root_dir()
        self.sysname = sysname
        self.index = int(sysname[len('iio:device'):])
        self.channel = channel
        self.mode = mode
        self.hz = hz
        self.value = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None
        self.fifo = None
        self.trigger = None
        a = {'name': name, 'buffer/enable': '0', 'buffer/length': '0', 'buffer/watermark': '1', 'trigger/current_trigger': '',
             'scan_elements/%s_en' % channel: '0', 'scan_elements/%s_index' % channel: '0',
             'scan_elements/%s_type' % channel: 'le:s32/32>>0',
             'scan_elements/in_timestamp_en': '0', 'scan_elements/in_timestamp_index': '1',
             'scan_elements/in_timestamp_type': 'le:s64/64>>0'}
        a.update(attrs or {})
        p = {'NAME': '"%s"' % name, 'IIO_SENSOR_PROXY_TYPE': proxy_type, 'DEVNAME': '/dev/' + sysname,
             'MAJOR': '241', 'MINOR': str(self.index)}
        p.update(props or {})
        self.name, self.attrs, self.props = name, a, p
        self.add()

    def add(self):
        flat_attrs = []
        for k, v in self.attrs.items():
            flat_attrs += [k, v + '\n']
        flat_attrs += ['dev', '241:%d' % self.index]
        flat_props = []
        for k, v in self.props.items():
            flat_props += [k, v]
        self.syspath = self.tb.add_device('iio', self.sysname, None, flat_attrs, flat_props)
        if self.trigger is None:   # the trigger stays across replugs
            self.trigger = self.tb.add_device('iio', 'trigger%d' % self.index, None,
                                              ['name', '%s-dev%d\n' % (self.name, self.index)], [])
        os.makedirs(self.root + '/dev', exist_ok=True)
        self._open_node()

    def node(self):
        return self.root + '/dev/' + self.sysname

    def _open_node(self):
        if self.mode == 'file':
            self._write_file()
            return
        if os.path.exists(self.node()) and not _is_fifo(self.node()):
            os.unlink(self.node())
        if not os.path.exists(self.node()):
            os.mkfifo(self.node())
        self.fifo = os.open(self.node(), os.O_RDWR | os.O_NONBLOCK)
        self._stop.clear()
        self._thread = threading.Thread(target=self._stream, daemon=True)
        self._thread.start()

    def use(self, mode):
        """Switches the node between 'fifo' and 'file' (one daemon after the other)."""
        self.close_stream()
        if os.path.lexists(self.node()):
            os.unlink(self.node())
        self.mode = mode
        self._open_node()

    def enabled(self, element):
        try:
            return self.read('scan_elements/%s_en' % element).strip() == '1'
        except OSError:
            return False

    def scan(self):
        with self._lock:
            value = self.value
        data = b''
        if self.enabled(self.channel) or not self.enabled('in_timestamp'):
            data += struct.pack('<i', value)
        if self.enabled('in_timestamp'):
            data += b'\0' * ((-len(data)) % 8) + struct.pack('<q', time.monotonic_ns())
        return data

    def _write_file(self):
        with open(self.node() + '.new', 'wb') as f:
            f.write(self.scan())
        os.rename(self.node() + '.new', self.node())

    def set_raw(self, value):
        with self._lock:
            self.value = int(value)
        if self.mode == 'file':
            self._write_file()

    def _stream(self):
        """`hz` scans a second while the buffer is enabled; with `hz` 0, like a HID sensor hub,
        one scan when the buffer is enabled and one whenever the value changes."""
        sent = [None]

        def next_scan(fresh):
            if fresh:
                sent[0] = None
            with self._lock:
                value = self.value
            if not self.hz and value == sent[0]:
                return None
            sent[0] = value
            return self.scan()
        self._pump(1.0 / self.hz if self.hz else 0.001, next_scan)

    def remove(self):
        self.close_stream()
        T.send_uevent(self.tb, self.syspath, 'remove')
        self.tb.remove_device(self.syspath)

    def replug(self):
        self.add()
        T.send_uevent(self.tb, self.syspath, 'add')

    def close(self):
        self.close_stream()


def _is_fifo(path):
    return stat.S_ISFIFO(os.lstat(path).st_mode)


def add_compass(testbed, attrs=None, props=None, mode='fifo', hz=20):
    """A HID sensor hub's tilt-compensated compass (`magn_3d`, iio-buffer-compass)."""
    s = FakeBufferedChannel(testbed.tb, 'iio:device%d' % _next_iio_index(testbed), 'magn_3d',
                            'in_rot_from_north_magnetic_tilt_comp', 'iio-buffer-compass', attrs, props, hz=hz, mode=mode)
    testbed.devices.append(s)
    return s


def add_buffered_light(testbed, attrs=None, props=None, mode='fifo', hz=20):
    """A HID sensor hub's ambient light sensor read through its buffer (`als`,
    iio-buffer-als)."""
    s = FakeBufferedChannel(testbed.tb, 'iio:device%d' % _next_iio_index(testbed), 'als',
                            'in_intensity_both', 'iio-buffer-als', attrs, props, hz=hz, mode=mode)
    testbed.devices.append(s)
    return s
