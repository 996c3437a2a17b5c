"""The shipped policy on a bus with the system bus's default-deny policy: an unprivileged
user can read, call Begin/End and receive signals, and cannot own the name."""
import os
import pwd
import subprocess

import pytest

import orientd_testbed as T

USER = 'orientd-test'

CLIENT = r'''
import sys, time, dbus, dbus.mainloop.glib
from gi.repository import GLib
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(sys.argv[1])
seen = []
bus.add_signal_receiver(lambda o, p: seen.append(str(o)), signal_name='OrientationDidChange',
                        dbus_interface='org.orientd.Orientation1')
obj = bus.get_object('org.orientd.Orientation1', '/org/orientd/Orientation1')
props = dbus.Interface(obj, 'org.freedesktop.DBus.Properties')
print('read', props.Get('org.orientd.Orientation1', 'HasAccelerometer'), flush=True)
print('begin', obj.BeginGeneratingNotifications(dbus_interface='org.orientd.Orientation1'), flush=True)
ctx = GLib.MainContext.default()
end = time.monotonic() + 3
while time.monotonic() < end and 'landscapeLeft' not in seen:
    ctx.iteration(False); time.sleep(0.01)
print('signal', seen[-1:])
obj.EndGeneratingNotifications(dbus_interface='org.orientd.Orientation1')
print('end ok')
try:
    bus.request_name('org.orientd.Orientation1', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    print('own ok')
except dbus.DBusException as e:
    print('own denied', e.get_dbus_name())
'''


@pytest.fixture(scope='module')
def user():
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(['useradd', '--system', '--no-create-home', '--shell', '/usr/sbin/nologin', USER], check=True)
    return USER


def test_unprivileged_user(user, testbed):
    bus = T.SystemStyleBus(os.path.join(T.ROOT, 'dbus'))
    acc = testbed.accelerometer(pose='portrait')
    d = T.Orientd(bus, testbed, [])    # root owns the name under the shipped policy
    try:
        script = os.path.join(bus.dir, 'client.py')
        with open(script, 'w') as f:
            f.write(CLIENT)
        os.chmod(script, 0o644)
        env = {'PATH': '/usr/bin:/bin', 'HOME': '/'}
        client = subprocess.Popen(['setpriv', '--reuid', user, '--regid', user, '--clear-groups',
                                   '/usr/bin/python3', script, bus.address],
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # A change while the user generates notifications: the signal must reach them.
        first = client.stdout.readline() + client.stdout.readline()
        acc.set_pose('landscapeLeft')
        out, err = client.communicate(timeout=20)
        out = first + out
        assert 'read 1' in out, out + err
        assert 'begin portrait' in out, out + err
        assert "signal ['landscapeLeft']" in out, out + err
        assert 'end ok' in out, out + err
        assert 'own denied org.freedesktop.DBus.Error.AccessDenied' in out, out + err
        assert d.client.get('IsGeneratingNotifications') is False
    finally:
        d.stop()
        bus.close()
