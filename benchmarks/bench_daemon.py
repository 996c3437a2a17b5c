"""One daemon under benchmark (orientd or iio-sensor-proxy) on a private bus, started under
the umockdev preload, with a client recording its PropertiesChanged."""
import os
import subprocess
import time

import dbus

from common import T, stop_process

ISP_NAMES = {'portrait': 'normal', 'portraitUpsideDown': 'bottom-up', 'landscapeLeft': 'right-up',
             'landscapeRight': 'left-up', 'unknown': 'undefined'}


class Daemon:
    """One daemon, its D-Bus names, and a client recording PropertiesChanged."""

    def __init__(self, kind, bus, testbed, orientd_bin, notify_socket=None, wait=True, env_extra=None):
        self.kind = kind
        env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root,
                   DBUS_SYSTEM_BUS_ADDRESS=bus.address)
        env.update(env_extra or {})
        if notify_socket:
            env['NOTIFY_SOCKET'] = notify_socket
        if kind == 'orientd':
            # Device locks and saved attributes belong to this testbed, as in the tests.
            # With the compatibility interface, whose AccelerometerOrientation follows the
            # screen orientation (what Qt, GNOME and phone shells read).
            cmd = [os.path.join(orientd_bin, 'orientd'), '--bus', bus.address, '--sensor-proxy-compat',
                   '--runtime-directory', os.path.join(testbed.root, 'run-orientd')]
            self.name, self.path, self.iface = T.NAME, T.PATH, T.IFACE
            self.prop, self.claim, self.release = 'Orientation', 'BeginGeneratingNotifications', 'EndGeneratingNotifications'
            self.screen_prop = 'ScreenOrientation'
            self.map = lambda o: o
        else:
            cmd = ['/usr/sbin/iio-sensor-proxy']
            self.name = self.path = self.iface = None
            self.name, self.path, self.iface = 'net.hadess.SensorProxy', '/net/hadess/SensorProxy', 'net.hadess.SensorProxy'
            self.prop, self.claim, self.release = 'AccelerometerOrientation', 'ClaimAccelerometer', 'ReleaseAccelerometer'
            self.screen_prop = self.prop
            self.map = lambda o: ISP_NAMES[o]
        self.log = open(os.path.join(bus.dir, kind + '.log'), 'w')
        self.bus = dbus.bus.BusConnection(bus.address)
        self.t_exec = time.monotonic_ns()
        self.proc = subprocess.Popen(cmd, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        if not wait:
            return
        self.events = []
        self.screen_events = []
        self.compat_events = []
        self.bus.add_signal_receiver(self._changed, signal_name='PropertiesChanged',
                                     dbus_interface='org.freedesktop.DBus.Properties', path=self.path)
        if kind == 'orientd':
            self.bus.add_signal_receiver(self._compat_changed, signal_name='PropertiesChanged',
                                         dbus_interface='org.freedesktop.DBus.Properties',
                                         path='/net/hadess/SensorProxy')
        assert T.wait_for(lambda: self.bus.name_has_owner(self.name), 10), kind + ' did not start'
        self.client = T.Client(bus.address)   # only for pumping the main loop

    def _changed(self, iface, changed, invalidated):
        now = time.monotonic_ns()
        if self.prop in changed:
            self.events.append((now, str(changed[self.prop])))
        if self.screen_prop in changed:
            self.screen_events.append((now, str(changed[self.screen_prop])))

    def _compat_changed(self, iface, changed, invalidated):
        if 'AccelerometerOrientation' in changed:
            self.compat_events.append((time.monotonic_ns(), str(changed['AccelerometerOrientation'])))

    def claim_compat(self):
        """orientd: also claim through net.hadess.SensorProxy, as a compositor would."""
        self.bus.get_object('net.hadess.SensorProxy', '/net/hadess/SensorProxy').get_dbus_method(
            'ClaimAccelerometer', 'net.hadess.SensorProxy')()

    def call(self, method):
        t0 = time.monotonic_ns()
        reply = self.bus.get_object(self.name, self.path).get_dbus_method(method, self.iface)()
        return t0, reply

    def get(self):
        return str(self.bus.get_object(self.name, self.path).Get(self.iface, self.prop,
                                                                 dbus_interface='org.freedesktop.DBus.Properties'))

    def wait_event(self, value, since, timeout=5.0, screen=False, compat=False):
        end = time.monotonic() + timeout
        events = self.compat_events if compat else self.screen_events if screen else self.events
        while time.monotonic() < end:
            self.client.pump(0)
            for t, v in events[since:]:
                if v == value:
                    return t
            time.sleep(0.002)
        return None

    def stop(self):
        stop_process(self.proc)
