"""Real parts for orientd's end-to-end tests: a private dbus-daemon, fake IIO accelerometers
in a umockdev testbed, the real orientd binary under libumockdev-preload, and a D-Bus client.

Run under the preload (scripts/test does: `umockdev-wrapper python3 -m pytest`): sending
uevents needs it. Readings use orientd's convention (docs/axes-and-names.md): portrait reads
(0, -g, 0), landscapeLeft (-g, 0, 0), faceUp (0, 0, -g).
"""
import os
import signal
import subprocess
import time

import dbus
import dbus.mainloop.glib
import gi

gi.require_version('UMockdev', '1.0')
from gi.repository import GLib, UMockdev  # noqa: E402
import contract as C
from testbed_base import G, POSES, ROOT, send_uevent, wait_for  # noqa: E402,F401
from testbed_buses import *  # noqa: E402,F401,F403
from testbed_devices import *  # noqa: E402,F401,F403
from testbed_devices import _next_iio_index  # noqa: E402,F401
from testbed_processes import *  # noqa: E402,F401,F403
from testbed_fakes import *  # noqa: E402,F401,F403
from testbed_fakes import FakeAccelerometer  # noqa: E402

BIN = os.environ.get('ORIENTD_BIN_DIR', os.path.join(ROOT, '.build', 'debug'))
NAME = C.Orientation1.busName
PATH = C.Orientation1.objectPath
IFACE = C.Orientation1.interface
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)


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
