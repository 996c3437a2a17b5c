"""Fake IIO accelerometers in a umockdev testbed: sysfs attributes written whole, polled
channels, and a triggered buffer whose node a thread fills with scans."""
import math
import os
import struct
import threading
import time

from testbed_base import G, POSES, send_uevent


class SysfsAttributes:
    """The attribute files of a fake device in the testbed (`root` + `syspath`), written the
    way sysfs replaces a value: whole, never half-written."""

    def path(self, attr):
        return self.root + self.syspath + '/' + attr

    def read(self, attr):
        with open(self.path(attr)) as f:
            return f.read().rstrip('\n\0')

    def write(self, attr, value):
        tmp = self.path(attr) + '.new'
        with open(tmp, 'w') as f:
            f.write(value + '\n')
        os.rename(tmp, self.path(attr))


class FakeBufferNode(SysfsAttributes):
    """The device node of a fake triggered buffer: a named pipe (`self.fifo`) that a thread
    fills while `buffer/enable` is 1 (checked every millisecond meanwhile). As the kernel's
    poll() does, it wakes a reader only once `buffer/watermark` scans wait: they go into the
    pipe together."""

    def buffer_enabled(self):
        try:
            return self.read('buffer/enable').strip() == '1'
        except OSError:
            return False

    def watermark(self):
        try:
            return max(1, int(self.read('buffer/watermark')))
        except (OSError, ValueError):
            return 1

    def stop_stream(self):
        """Stops the thread that fills the node; the node stays as it is."""
        self._stop.set()
        if self._thread:
            self._thread.join(2)
            self._thread = None

    def close_stream(self):
        """Stops the thread and closes this side of the node."""
        self.stop_stream()
        if self.fifo is not None:
            os.close(self.fifo)
            self.fifo = None

    def _pump(self, period, next_scan):
        """Every `period` seconds while enabled, `next_scan(fresh)` gives the next scan (or
        None: nothing this time); `fresh` is true for the first one after the buffer was
        enabled, which starts empty."""
        next_t = time.monotonic()
        was_enabled = False
        pending = []
        while not self._stop.is_set():
            if self.buffer_enabled():
                fresh = not was_enabled
                if fresh:
                    try:
                        while os.read(self.fifo, 65536):
                            pass
                    except (BlockingIOError, OSError):
                        pass
                    was_enabled = True
                    pending = []
                    next_t = time.monotonic()
                scan = next_scan(fresh)
                if scan is not None:
                    pending.append(scan)
                # Checked on every turn, not only when a scan comes: a watermark lowered while
                # scans wait (libiio enables the buffer with its own, the daemon then sets 1)
                # wakes the reader at once, as the kernel's poll() does.
                if pending and len(pending) >= self.watermark():
                    try:
                        os.write(self.fifo, b''.join(pending))
                    except (BlockingIOError, OSError):
                        pass
                    pending = []
                next_t += period
                self._stop.wait(max(0.0, next_t - time.monotonic()))
            else:
                was_enabled = False
                self._stop.wait(0.001)


class FakeAccelerometer(FakeBufferNode):
    """One fake IIO accelerometer. variant 'poll': in_accel_*_raw; 'buffer': also scan
    elements, a trigger and a named pipe at /dev/iio:deviceN fed with scans at `hz`.
    motion_events: the chip's motion detector as a BMC150 shows it (`events/in_accel_*_roc_
    either_en`); while enabled, every change of the reading raises an event. The daemon needs
    the preload `fault_library('iio_events', ...)` and the environment `event_env()` to receive them."""

    def __init__(self, testbed, index=0, variant='poll', scale='0.009806650', name='accel_3d',
                 attrs=None, props=None, hz=50, raw=True, pose='portrait', devnode='fifo', motion_events=False,
                 trigger=True):
        self.tb = testbed
        self.root = testbed.get_root_dir()
        self.index = index
        self.sysname = 'iio:device%d' % index
        self.variant = variant
        # 'fifo': scans stream into a named pipe (a reader keeps the node open, as libiio
        # does); 'file': the node is a regular file holding the latest scan (for readers
        # that re-open it every time).
        self.devnode = devnode
        # Counts per m/s² for writing poses; a bad declared scale (what is under test) gets
        # plausible counts anyway.
        declared = float(scale) if scale not in (None, '') and _is_number(scale) else 0.0
        self.scale = declared if math.isfinite(declared) and declared > 0 else 0.0098
        self.hz = hz
        self.counts = (0, 0, 0)
        # Added to the scans' timestamps: a wall clock that steps (NTP, the RTC after resume).
        self.clock_offset_ns = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None
        self.fifo = None
        self.motion_events = motion_events
        self.events_sent = 0
        # False: a hardware FIFO without a trigger (ChromeOS EC sensors): no trigger/ folder.
        self.has_trigger = trigger
        a = {'name': name, 'sampling_frequency': '10', 'sampling_frequency_available': '10 25 50 100'}
        if scale is not None:
            a['in_accel_scale'] = scale
        if raw:
            a.update({'in_accel_x_raw': '0', 'in_accel_y_raw': '0', 'in_accel_z_raw': '0'})
        p = {'NAME': '"%s"' % name}
        if variant == 'buffer':
            a.update({'buffer/enable': '0', 'buffer/length': '0', 'buffer/watermark': '1'})
            if trigger:
                a['trigger/current_trigger'] = ''
            for i, axis in enumerate('xyz'):
                a['scan_elements/in_accel_%s_en' % axis] = '0'
                a['scan_elements/in_accel_%s_index' % axis] = str(i)
                a['scan_elements/in_accel_%s_type' % axis] = 'le:s16/16>>0'
            a['scan_elements/in_timestamp_en'] = '0'
            a['scan_elements/in_timestamp_index'] = '3'
            a['scan_elements/in_timestamp_type'] = 'le:s64/64>>0'
        if variant == 'buffer' or motion_events:
            p.update({'DEVNAME': '/dev/' + self.sysname, 'MAJOR': '241', 'MINOR': str(index)})
        if motion_events:
            for axis in 'xyz':
                a['events/in_accel_%s_roc_either_en' % axis] = '0'
                a['events/in_accel_%s_roc_either_value' % axis] = '20'
            self.events_path = os.path.join(self.root, 'iio-events-%d' % index)
            os.mkfifo(self.events_path)
            self.events_fd = os.open(self.events_path, os.O_RDWR | os.O_NONBLOCK)
        a.update(attrs or {})
        p.update(props or {})
        self.attrs, self.props = a, p
        self.add()
        self.set_pose(pose)

    def add(self):
        flat_attrs = []
        for k, v in self.attrs.items():
            flat_attrs += [k, v + '\n']   # sysfs values end in a newline (libiio drops the last byte)
        flat_props = []
        for k, v in self.props.items():
            flat_props += [k, v]
        if self.variant == 'buffer' or self.motion_events:
            flat_attrs += ['dev', '241:%d' % self.index]
        self.syspath = self.tb.add_device('iio', self.sysname, None, flat_attrs, flat_props)
        if self.variant == 'poll' and self.motion_events:
            os.makedirs(self.root + '/dev', exist_ok=True)
            open(self.root + '/dev/' + self.sysname, 'a').close()
        if self.variant == 'buffer':
            if self.has_trigger and getattr(self, 'trigger', None) is None:   # the trigger stays across replugs
                self.trigger = self.tb.add_device('iio', 'trigger%d' % self.index, None,
                                                  ['name', 'accel_3d-dev%d\n' % self.index], [])
            os.makedirs(self.root + '/dev', exist_ok=True)
            node = self.root + '/dev/' + self.sysname
            if self.devnode == 'file':
                return
            if not os.path.exists(node):
                os.mkfifo(node)
            self.fifo = os.open(node, os.O_RDWR | os.O_NONBLOCK)
            self._stop.clear()
            self._thread = threading.Thread(target=self._stream, daemon=True)
            self._thread.start()

    # -- readings ------------------------------------------------------------------------
    def set_counts(self, x, y, z):
        with self._lock:
            changed = self.counts != (int(x), int(y), int(z))
            self.counts = (int(x), int(y), int(z))
        if self.variant == 'buffer' and self.devnode == 'file':
            node = self.root + '/dev/' + self.sysname
            with open(node + '.new', 'wb') as f:
                f.write(self.scan())
            os.rename(node + '.new', node)
        if os.path.exists(self.path('in_accel_x_raw')):
            for axis, v in zip('xyz', (x, y, z)):
                self.write('in_accel_%s_raw' % axis, str(int(v)))
        if changed and self.motion_enabled():
            self.fire_motion()

    # -- motion detector -------------------------------------------------------------------
    def motion_enabled(self):
        if not self.motion_events:
            return False
        try:
            return any(self.read('events/in_accel_%s_roc_either_en' % a) == '1' for a in 'xyz')
        except OSError:
            return False

    def fire_motion(self):
        """One any-motion event on the x axis: IIO_EVENT_CODE(IIO_ACCEL, 0, IIO_MOD_X,
        IIO_EV_DIR_EITHER, IIO_EV_TYPE_ROC, 0, 0, 0) and a timestamp."""
        code = (2 << 56) | (0 << 48) | (1 << 40) | (3 << 32)
        try:
            os.write(self.events_fd, struct.pack('<Qq', code, time.monotonic_ns()))
            self.events_sent += 1
        except BlockingIOError:
            pass

    def event_env(self):
        return {'ORIENTD_FAKE_IIO_EVENTS_%d' % self.index: self.events_path}

    def set_vector(self, x, y, z):
        """Sensor-frame reading in m/s²."""
        self.set_counts(*(round(v / self.scale) for v in (x, y, z)))

    def set_pose(self, pose):
        self.set_vector(*(G * c for c in POSES[pose]))

    # -- buffer --------------------------------------------------------------------------
    def _enabled(self):
        names = ['in_accel_x', 'in_accel_y', 'in_accel_z', 'in_timestamp']
        out = []
        for n in names:
            try:
                if self.read('scan_elements/%s_en' % n).strip() == '1':
                    out.append(n)
            except OSError:
                pass
        # Nothing enabled yet (a file-mode node written before the reader set it up):
        # lay out every channel.
        return out if any(n != 'in_timestamp' for n in out) else names

    def scan(self):
        data = b''
        with self._lock:
            values = dict(zip(['in_accel_x', 'in_accel_y', 'in_accel_z'], self.counts))
        for n in self._enabled():
            if n == 'in_timestamp':
                data += b'\0' * ((-len(data)) % 8) + struct.pack('<q', time.monotonic_ns() + self.clock_offset_ns)
            else:
                data += struct.pack('<h', max(-32768, min(32767, values[n])))
        return data

    def _stream(self):
        """Like a data-ready trigger: scans at `hz` while the buffer is enabled, the first one
        as soon as it is enabled."""
        self._pump(1.0 / self.hz, lambda fresh: self.scan())

    # -- hotplug -------------------------------------------------------------------------
    def remove(self, uevent=True):
        self.stop_stream()
        if uevent:
            send_uevent(self.tb, self.syspath, 'remove')
        self.tb.remove_device(self.syspath)
        self.close_stream()

    def change_property(self, name, value):
        """An administrator's hwdb edit and `udevadm trigger`: a new udev property and a
        change uevent."""
        self.tb.set_property(self.syspath, name, value)
        send_uevent(self.tb, self.syspath, 'change')

    def replug(self):
        self.add()
        send_uevent(self.tb, self.syspath, 'add')

    def close(self):
        self.close_stream()
        if self.motion_events and self.events_fd is not None:
            os.close(self.events_fd)
            self.events_fd = None


def _is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False
