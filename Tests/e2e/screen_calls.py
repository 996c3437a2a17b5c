"""Calls and recorders the screen orientation tests share: locks, the D-Bus error a call
raises, every PropertiesChanged of Orientation1, and a daemon generating on a fake device."""
import dbus

import orientd_testbed as T
import contract as C

ERR = C.Orientation1.interface + '.Error.'
INVALID_ARGS = 'org.freedesktop.DBus.Error.InvalidArgs'
NO_UPSIDE_DOWN = 'portrait;landscapeLeft;landscapeRight'
# ScreenParameters.dwellMs is 300 ms; polled at 20 ms, a steady pose reaches the screen well
# within a second.
SCREEN_WITHIN = 1.5


def lock(client, name):
    client.obj().LockScreenOrientation(name, dbus_interface=T.IFACE)


def unlock(client):
    client.obj().UnlockScreenOrientation(dbus_interface=T.IFACE)


def error_of(call, *args):
    try:
        call(*args)
    except dbus.exceptions.DBusException as e:
        return e.get_dbus_name()
    return None


def record_changes(client):
    """Every (property, value) PropertiesChanged carries on Orientation1, in order."""
    seen = []

    def changed(interface, values, _invalidated):
        if interface == T.IFACE:
            for k, v in values.items():
                seen.append((str(k), [str(x) for x in v] if isinstance(v, dbus.Array) else
                             (bool(v) if isinstance(v, dbus.Boolean) else str(v))))
    client.bus.add_signal_receiver(changed, signal_name='PropertiesChanged',
                                   dbus_interface='org.freedesktop.DBus.Properties', path=T.PATH)
    return seen


def generating(testbed, start, pose='portrait', args=()):
    acc = testbed.accelerometer(pose=pose)
    d = start('--poll-interval-ms', '20', *args)
    d.client.begin()
    return acc, d
