"""Supported screen orientations (docs/dbus-api.md): from the udev property
ORIENTD_SUPPORTED_ORIENTATIONS, which wins over the option and applies on a change event
without a restart, or from --supported-orientations alone."""
import time

import pytest

import orientd_testbed as T
from screen_calls import INVALID_ARGS, NO_UPSIDE_DOWN, SCREEN_WITHIN, error_of, generating, lock, record_changes


@pytest.mark.parametrize('value, expected', [
    (NO_UPSIDE_DOWN, ['portrait', 'landscapeLeft', 'landscapeRight']),
    ('landscapeRight, landscapeLeft,', ['landscapeLeft', 'landscapeRight']),
    ('portrait;upsideDown', ['portrait', 'portraitUpsideDown', 'landscapeLeft', 'landscapeRight']),
])
def test_udev_property_sets_the_supported_orientations(testbed, start, bus, value, expected):
    acc = testbed.accelerometer(props={'ORIENTD_SUPPORTED_ORIENTATIONS': value})
    # The udev property wins over the option.
    d = start('--poll-interval-ms', '20', '--supported-orientations', 'portrait')
    c = d.client
    got = [str(x) for x in c.obj().Get(T.IFACE, 'SupportedScreenOrientations',
                                       dbus_interface='org.freedesktop.DBus.Properties')]
    assert got == expected, d.output()
    if len(expected) == 4:
        assert 'udev property ORIENTD_SUPPORTED_ORIENTATIONS: supported orientations "%s": unknown name "upsideDown"' % value \
            in d.output(), d.output()
        return
    assert 'supported screen orientations: %s (udev property ORIENTD_SUPPORTED_ORIENTATIONS)' % ';'.join(expected) in d.output()
    c.begin()
    if 'portrait' in expected:
        assert c.wait_for('ScreenOrientation', 'portrait'), d.output()
    acc.set_pose('landscapeLeft')
    assert c.wait_for('ScreenOrientation', 'landscapeLeft', timeout=SCREEN_WITHIN), d.output()
    acc.set_pose('portraitUpsideDown')               # not supported: the screen stays
    assert c.wait_for('Orientation', 'portraitUpsideDown'), d.output()
    time.sleep(SCREEN_WITHIN)
    assert c.get('ScreenOrientation') == 'landscapeLeft'
    assert error_of(lock, c, 'portraitUpsideDown') == INVALID_ARGS


def test_a_changed_udev_property_applies_without_a_restart(testbed, start, bus):
    acc, d = generating(testbed, start)
    c = d.client
    seen = record_changes(c)
    lock(c, 'portraitUpsideDown')
    acc.change_property('ORIENTD_SUPPORTED_ORIENTATIONS', NO_UPSIDE_DOWN)   # hwdb edited, udevadm trigger
    assert T.wait_for(lambda: [str(x) for x in c.obj().Get(T.IFACE, 'SupportedScreenOrientations',
                      dbus_interface='org.freedesktop.DBus.Properties')] == NO_UPSIDE_DOWN.split(';')), d.output()
    # A lock to an orientation no longer supported is dropped; Begins stay.
    assert c.get('ScreenOrientationLock') == ''
    assert c.get('ScreenOrientation') == 'portrait'
    assert c.get('IsGeneratingNotifications') is True
    c.pump(0.3)
    assert ('SupportedScreenOrientations', NO_UPSIDE_DOWN.split(';')) in seen, seen
    assert 'screen orientation lock of %s dropped' % c.bus.get_unique_name() in d.output(), d.output()


def test_the_option_applies_without_a_udev_property(testbed, start, bus):
    testbed.accelerometer()
    d = start('--supported-orientations', 'landscapeLeft;landscapeRight')
    got = [str(x) for x in d.client.obj().Get(T.IFACE, 'SupportedScreenOrientations',
                                              dbus_interface='org.freedesktop.DBus.Properties')]
    assert got == ['landscapeLeft', 'landscapeRight']
