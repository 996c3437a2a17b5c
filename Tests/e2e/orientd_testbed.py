"""Real parts for orientd's end-to-end tests: a private dbus-daemon, fake IIO accelerometers
in a umockdev testbed, the real orientd binary under libumockdev-preload, and a D-Bus client.

Run under the preload (scripts/test does: `umockdev-wrapper python3 -m pytest`): sending
uevents needs it. Readings use orientd's convention (docs/axes-and-names.md): portrait reads
(0, -g, 0), landscapeLeft (-g, 0, 0), faceUp (0, 0, -g).
"""
import math
import os
import shutil
import signal
import struct
import subprocess
import tempfile
import threading
import time

import dbus
import dbus.mainloop.glib
import gi

gi.require_version('UMockdev', '1.0')
from gi.repository import GLib, UMockdev  # noqa: E402
import contract as C

G = 9.80665
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get('ORIENTD_BIN_DIR', os.path.join(ROOT, '.build', 'debug'))
NAME = C.Orientation1.busName
PATH = C.Orientation1.objectPath
IFACE = C.Orientation1.interface
POSES = {
    'portrait': (0, -1, 0), 'portraitUpsideDown': (0, 1, 0),
    'landscapeLeft': (-1, 0, 0), 'landscapeRight': (1, 0, 0),
    'faceUp': (0, 0, -1), 'faceDown': (0, 0, 1),
}
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)


def wait_for(predicate, timeout=5.0, interval=0.01):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


class PrivateBus:
    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix='orientd-e2e-')
        self._launch(f"""<busconfig><type>system</type><listen>unix:path={self.dir}/bus</listen>
<policy context="default"><allow user="*"/><allow own="*"/>
<allow send_type="method_call"/><allow send_type="signal"/>
<allow send_requested_reply="true" send_type="method_return"/>
<allow send_requested_reply="true" send_type="error"/>
<allow receive_type="method_call"/><allow receive_type="method_return"/>
<allow receive_type="error"/><allow receive_type="signal"/>
</policy></busconfig>""")

    def _launch(self, config):
        """Starts dbus-daemon with `config` (written to the bus folder, readable by test users)."""
        conf = os.path.join(self.dir, 'bus.conf')
        with open(conf, 'w') as f:
            f.write(config)
        os.chmod(self.dir, 0o755)
        env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
        # Its log goes to a file: a pipe nobody reads would stall it once full.
        log = os.path.join(self.dir, 'dbus-daemon.log')
        with open(log, 'w') as err:
            self.proc = subprocess.Popen(['dbus-daemon', '--config-file=' + conf, '--nofork', '--print-address=1'],
                                         stdout=subprocess.PIPE, stderr=err, env=env, text=True)
        self.address = self.proc.stdout.readline().strip()
        assert self.address, 'dbus-daemon refused the configuration: ' + open(log).read()

    def close(self):
        self.proc.kill()
        self.proc.wait()


# The default policy of Debian's system bus (/usr/share/dbus-1/system.conf): nobody owns or
# calls anything unless a policy file in the included directory allows it.
SYSTEM_POLICY = """<busconfig><type>system</type><listen>unix:path={socket}</listen>
<policy context="default">
  <allow user="*"/>
  <deny own="*"/>
  <deny send_type="method_call"/>
  <allow send_type="signal"/>
  <allow send_requested_reply="true" send_type="method_return"/>
  <allow send_requested_reply="true" send_type="error"/>
  <allow receive_type="method_call"/><allow receive_type="method_return"/>
  <allow receive_type="error"/><allow receive_type="signal"/>
  <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
  <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
  <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
  <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Peer"/>
</policy>
<includedir>{policy_dir}</includedir></busconfig>"""


class SystemStyleBus(PrivateBus):
    """A bus with the system bus's default-deny policy plus the policy files of `policy_dir`."""

    def __init__(self, policy_dir):
        self.dir = tempfile.mkdtemp(prefix='orientd-sysbus-')
        self._launch(SYSTEM_POLICY.format(socket=self.dir + '/bus', policy_dir=policy_dir))


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
        self._stop.set()
        if self._thread:
            self._thread.join(2)
            self._thread = None
        if uevent:
            send_uevent(self.tb, self.syspath, 'remove')
        self.tb.remove_device(self.syspath)
        if self.fifo is not None:
            os.close(self.fifo)
            self.fifo = None

    def change_property(self, name, value):
        """An administrator's hwdb edit and `udevadm trigger`: a new udev property and a
        change uevent."""
        self.tb.set_property(self.syspath, name, value)
        send_uevent(self.tb, self.syspath, 'change')

    def replug(self):
        self.add()
        send_uevent(self.tb, self.syspath, 'add')

    def close(self):
        self._stop.set()
        if self._thread:
            self._thread.join(2)
        if self.fifo is not None:
            os.close(self.fifo)
            self.fifo = None
        if self.motion_events and self.events_fd is not None:
            os.close(self.events_fd)
            self.events_fd = None


def _is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


class Testbed:
    def __init__(self):
        os.environ['UMOCKDEV_DIR'] = ''   # set below; the uevent sender needs it
        self.tb = UMockdev.Testbed.new()
        self.root = self.tb.get_root_dir()
        os.environ['UMOCKDEV_DIR'] = self.root
        self.devices = []

    def accelerometer(self, **kw):
        acc = FakeAccelerometer(self.tb, index=len(self.devices), **kw)
        self.devices.append(acc)
        return acc

    def close(self):
        for d in self.devices:
            d.close()
        self.tb = None


class Orientd:
    """The real daemon under the preload, on the private bus."""

    def __init__(self, bus, testbed, args=(), wait=True, preload=(), env=None):
        self.log_path = os.path.join(bus.dir, 'orientd-%d.log' % time.monotonic_ns())
        env = dict(os.environ, **(env or {}))
        # Fault libraries (Tests/e2e/faults) go before umockdev's, so their calls reach it.
        env['LD_PRELOAD'] = ' '.join(list(preload) + ['libumockdev-preload.so.0'])
        env['UMOCKDEV_DIR'] = testbed.root
        self.log = open(self.log_path, 'w')
        # Device locks and saved attributes belong to this testbed (a later argument wins).
        runtime = ['--runtime-directory', os.path.join(testbed.root, 'run-orientd')]
        self.proc = subprocess.Popen([os.path.join(BIN, 'orientd'), '--bus', bus.address, '--verbose'] + runtime + list(args),
                                     env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.client_address = bus.address
        self.client = Client(bus.address)
        if wait:
            assert wait_for(lambda: self.client.has_owner() or self.proc.poll() is not None), self.output()
            assert self.proc.poll() is None, self.output()

    def output(self):
        with open(self.log_path) as f:
            return f.read()

    def stop(self, sig=signal.SIGTERM):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


class Client:
    """One bus connection: calls, properties, and the signals it received."""

    def __init__(self, address):
        self.bus = dbus.bus.BusConnection(address)
        self.signals = []
        self.bus.add_signal_receiver(self._signal, signal_name='OrientationDidChange', dbus_interface=IFACE,
                                     path=PATH)

    def _signal(self, orientation, previous):
        self.signals.append((time.monotonic(), str(orientation), str(previous)))

    def has_owner(self):
        return bool(self.bus.name_has_owner(NAME))

    def obj(self):
        return self.bus.get_object(NAME, PATH)

    def begin(self):
        return str(self.obj().BeginGeneratingNotifications(dbus_interface=IFACE))

    def end(self):
        self.obj().EndGeneratingNotifications(dbus_interface=IFACE)

    def get(self, prop):
        value = self.obj().Get(IFACE, prop, dbus_interface='org.freedesktop.DBus.Properties')
        return bool(value) if isinstance(value, dbus.Boolean) else str(value)

    def pump(self, seconds=0.0):
        ctx = GLib.MainContext.default()
        end = time.monotonic() + seconds
        while True:
            while ctx.iteration(False):
                pass
            if time.monotonic() >= end:
                return
            time.sleep(0.005)

    def wait_for(self, prop, value, timeout=5.0):
        return wait_for(lambda: self.get(prop) == value, timeout)


# -- hostile callers and device state (additive helpers) ----------------------------------

# Debian's system bus limits, written out: dbus-daemon's built-in defaults, listed (commented
# out) in /usr/share/dbus-1/system.conf. A private bus without them would let a test pass that
# the real system bus fails (max_match_rules_per_connection is what drops a daemon that
# tracks too many callers).
DEBIAN_SYSTEM_LIMITS = {
    'max_incoming_bytes': 133169152,
    'max_incoming_unix_fds': 64,
    'max_outgoing_bytes': 133169152,
    'max_outgoing_unix_fds': 64,
    'max_message_size': 33554432,
    'max_message_unix_fds': 16,
    'service_start_timeout': 25000,
    'auth_timeout': 5000,
    'pending_fd_timeout': 150000,
    'max_completed_connections': 2048,
    'max_incomplete_connections': 64,
    'max_connections_per_user': 256,
    'max_pending_service_starts': 512,
    'max_names_per_connection': 512,
    'max_match_rules_per_connection': 512,
    'max_replies_per_connection': 128,
}


class DebianSystemBus(PrivateBus):
    """The system bus as Debian runs it: default-deny policy, the default limits spelled out,
    and only the repository's policy files named in `policies` (file names in dbus/)."""

    def __init__(self, policies=('org.orientd.Orientation1.conf',)):
        import shutil
        self.dir = tempfile.mkdtemp(prefix='orientd-debbus-')
        policy_dir = os.path.join(self.dir, 'system.d')
        os.mkdir(policy_dir)
        for name in policies:
            shutil.copy(os.path.join(ROOT, 'dbus', name), policy_dir)
        limits = '\n'.join('<limit name="%s">%d</limit>' % kv for kv in DEBIAN_SYSTEM_LIMITS.items())
        text = SYSTEM_POLICY.format(socket=self.dir + '/bus', policy_dir=policy_dir)
        self._launch(text.replace('<includedir>', limits + '\n<includedir>', 1))


def start_dbusmock(bus, template, bus_name):
    """python-dbusmock's `template` on the bus, once it owns `bus_name`: (process, connection).
    The mock runs without the umockdev preload."""
    env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
    env['DBUS_SYSTEM_BUS_ADDRESS'] = bus.address
    proc = subprocess.Popen(['/usr/bin/python3', '-m', 'dbusmock', '--system', '--template', template],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    conn = dbus.bus.BusConnection(bus.address)
    assert wait_for(lambda: conn.name_has_owner(bus_name)), 'the %s mock did not start' % template
    return proc, conn


def ensure_user(name):
    """A system user without home or shell (created once, kept: useradd is slow)."""
    import pwd
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(['useradd', '--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name], check=True)
    return name


def run_python_as(user, script_text, args, workdir):
    """/usr/bin/python3 running `script_text` as `user` (no groups, no capabilities); stdin,
    stdout and stderr are pipes (text). The script is written to `workdir`."""
    script = os.path.join(workdir, 'client-%d.py' % time.monotonic_ns())
    with open(script, 'w') as f:
        f.write(script_text)
    os.chmod(script, 0o644)
    env = {'PATH': '/usr/bin:/bin', 'HOME': '/'}
    return subprocess.Popen(['setpriv', '--reuid', user, '--regid', user, '--clear-groups',
                             '/usr/bin/python3', script] + [str(a) for a in args],
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def cpu_seconds(pid):
    """User + system CPU time a process has used, from /proc/PID/stat."""
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def timed_get(client, prop, timeout=10.0):
    """(seconds, value) of one property read."""
    t0 = time.monotonic()
    value = client.obj().Get(IFACE, prop, dbus_interface='org.freedesktop.DBus.Properties', timeout=timeout)
    return time.monotonic() - t0, value


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
    acc._stop.set()
    if acc._thread:
        acc._thread.join(2)
        acc._thread = None
    if acc.fifo is not None:
        os.close(acc.fifo)
        acc.fifo = None
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
    acc._stop.set()
    if acc._thread:
        acc._thread.join(2)
        acc._thread = None
    os.close(acc.fifo)
    acc.fifo = None


def stop_scans(acc):
    """The buffered fake stops producing scans; the device and its node stay."""
    acc._stop.set()
    if acc._thread:
        acc._thread.join(2)
        acc._thread = None


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


def start_iio_sensor_proxy(bus, testbed):
    """iio-sensor-proxy 3.0 (Debian's /usr/sbin/iio-sensor-proxy) on the private bus against
    the testbed; returns (process, log path)."""
    log_path = os.path.join(bus.dir, 'isp-%d.log' % time.monotonic_ns())
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root,
               DBUS_SYSTEM_BUS_ADDRESS=bus.address, G_MESSAGES_DEBUG='all')
    log = open(log_path, 'w')
    proc = subprocess.Popen(['/usr/sbin/iio-sensor-proxy'], env=env, stdout=log, stderr=subprocess.STDOUT)
    proc.log_path = log_path
    return proc


def send_uevent(tb, syspath, action):
    """tb.uevent(syspath, action), sent from a forked child. umockdev's sender looks up the
    listeners' sockets, then connects to each, and aborts the whole process when one vanished
    in between (a daemon closing a monitor as it stops: ENOENT instead of the ECONNREFUSED it
    ignores). A real kernel has no such race; here the child dies instead of the test run,
    and the event is sent again (listeners that got it twice see a repeated add or remove,
    which they must take anyway)."""
    for _ in range(3):
        pid = os.fork()
        if pid == 0:
            try:
                tb.uevent(syspath, action)
            finally:
                os._exit(0)
        # A lock another thread of this process held at the fork (a fake's streamer inside
        # the preload) would leave the child waiting: it gets 3 s, then is killed.
        end = time.monotonic() + 3.0
        done, status = 0, 0
        while time.monotonic() < end:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.002)
        if not done:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            continue
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            return
    raise AssertionError('umockdev could not send the %s uevent of %s' % (action, syspath))


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


def context_switches(pid):
    """Context switches of every thread of the process so far: each is a wake-up."""
    total = 0
    for tid in os.listdir('/proc/%d/task' % pid):
        with open('/proc/%d/task/%s/status' % (pid, tid)) as f:
            for line in f:
                if line.startswith(('voluntary_ctxt_switches', 'nonvoluntary_ctxt_switches')):
                    total += int(line.split()[1])
    return total

