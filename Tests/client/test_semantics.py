"""liborientd's semantics against the real orientd on a private bus with a umockdev
accelerometer: nested begin/end, observers and their removal, the app's screen lock, a
daemon that restarts or comes later. The client is the library itself, loaded with ctypes
(examples/python/orientd_client.py) and pumped through its fd as an app's loop would."""
import os
import resource
import signal

import pytest

import orientd_testbed as T
from client_harness import Client, Heard, pump, pump_until
from orientd_client import OrientdError

NOT_ACTIVE, INVALID, UNAVAILABLE = -3, -1, -2


def begins(daemon):
    return daemon.output().count('Begin from ')


def ends(daemon):
    return daemon.output().count('End from ')


def test_begins_nest_in_process_and_hold_one_bus_reference(testbed, start, bus):
    testbed.accelerometer()
    d = start()
    c = Client(bus.address)
    for _ in range(3):
        c.begin()
    assert pump_until(c, lambda: c.orientation == 'portrait')
    assert T.wait_for(lambda: begins(d) == 1), d.output()
    pump(c, 0.3)
    assert begins(d) == 1, d.output()
    c.end()
    c.end()
    pump(c, 0.3)
    assert ends(d) == 0, d.output()
    assert d.client.get('IsGeneratingNotifications') is True
    assert c.generating and c.orientation == 'portrait'
    c.end()
    pump(c, 0.1)
    assert T.wait_for(lambda: d.client.get('IsGeneratingNotifications') is False)
    assert ends(d) == 1
    assert not c.generating and c.orientation == 'unknown'   # UIDevice: unknown while not generating
    with pytest.raises(OrientdError) as e:
        c.end()
    assert e.value.code == NOT_ACTIVE
    # A new begin takes a new bus reference.
    c.begin()
    assert pump_until(c, lambda: begins(d) == 2 and c.orientation == 'portrait')
    c.close()


def test_observers_hear_changes_until_removed(testbed, start, bus):
    acc = testbed.accelerometer()
    start()
    c = Client(bus.address)
    first, second = Heard(), Heard()
    token = c.observe_orientation(first)
    c.observe_orientation(second)
    c.begin()
    assert pump_until(c, lambda: second.names == ['portrait']), second.names
    acc.set_pose('landscapeLeft')
    assert pump_until(c, lambda: second.names[-1:] == ['landscapeLeft']), second.names
    assert first.names == ['portrait', 'landscapeLeft']
    c.remove_observer(token)
    acc.set_pose('faceUp')
    assert pump_until(c, lambda: second.names[-1:] == ['faceUp']), second.names
    assert first.names == ['portrait', 'landscapeLeft'], first.names
    with pytest.raises(OrientdError) as e:
        c.remove_observer(token)
    assert e.value.code == NOT_ACTIVE
    c.close()


def test_screen_lock_requested_and_released_by_the_app(testbed, start, bus):
    testbed.accelerometer()
    d = start('--supported-orientations', 'portrait,landscapeLeft,landscapeRight')
    c = Client(bus.address)
    screens = Heard()
    c.observe_screen_orientation(screens)
    c.begin()
    assert pump_until(c, lambda: c.screen_orientation == 'portrait'), c.screen_orientation
    assert c.supported_screen_orientations == ['portrait', 'landscapeLeft', 'landscapeRight']
    for bad in ('faceUp', 'portraitUpsideDown'):   # not edge-up; not supported here
        with pytest.raises(OrientdError) as e:
            c.lock(bad)
        assert e.value.code == INVALID
    assert d.client.get('ScreenOrientationLock') == ''
    c.lock('landscapeLeft')
    assert d.client.get('ScreenOrientationLock') == 'landscapeLeft'
    assert pump_until(c, lambda: c.screen_orientation_lock == 'landscapeLeft')
    assert pump_until(c, lambda: screens.names[-1:] == ['landscapeLeft']), screens.names
    c.unlock()
    assert d.client.get('ScreenOrientationLock') == ''
    assert pump_until(c, lambda: screens.names[-1:] == ['portrait']), screens.names
    with pytest.raises(OrientdError) as e:
        c.unlock()
    assert e.value.code == NOT_ACTIVE
    # Gravity, and a device without a hinge has no posture.
    x, y, z = c.gravity()
    assert abs(y + T.G) < 0.1 and abs(x) < 0.1 and abs(z) < 0.1, (x, y, z)
    assert c.posture is None and c.tablet_mode is None
    # Freeing the client releases its lock.
    c.lock('landscapeRight')
    c.close()
    assert T.wait_for(lambda: d.client.get('ScreenOrientationLock') == '')


def test_daemon_restart_renews_begin_and_lock_with_one_callback(testbed, start, bus):
    acc = testbed.accelerometer()
    first = start()
    c = Client(bus.address)
    heard = Heard()
    c.observe_orientation(heard)
    c.begin()
    c.lock('landscapeLeft')
    assert pump_until(c, lambda: heard.names == ['portrait']), heard.names
    first.stop(signal.SIGKILL)
    acc.set_pose('landscapeRight')
    # Without a daemon the client waits for the bus to tell, without spinning.
    before = resource.getrusage(resource.RUSAGE_SELF)
    pump(c, 1.0)
    after = resource.getrusage(resource.RUSAGE_SELF)
    assert (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime) < 0.1
    assert c.backend == 'none' and heard.names == ['portrait']
    second = start()
    assert pump_until(c, lambda: len(heard.names) == 2), heard.names
    pump(c, 0.5)
    assert heard.names == ['portrait', 'landscapeRight'], heard.names
    assert c.backend == 'orientd'
    assert second.client.get('IsGeneratingNotifications') is True
    assert second.client.get('ScreenOrientationLock') == 'landscapeLeft'
    assert begins(second) == 1
    c.close()


def test_restart_without_a_change_still_announces_once(testbed, start, bus):
    testbed.accelerometer()
    first = start()
    c = Client(bus.address)
    heard = Heard()
    c.observe_orientation(heard)
    c.begin()
    assert pump_until(c, lambda: heard.names == ['portrait'])
    first.stop()
    pump(c, 0.2)
    start()
    assert pump_until(c, lambda: len(heard.names) == 2), heard.names
    pump(c, 0.5)
    assert heard.names == ['portrait', 'portrait'], heard.names
    c.close()


def test_daemon_that_appears_later(testbed, start, bus):
    testbed.accelerometer(pose='landscapeLeft')
    c = Client(bus.address)
    heard = Heard()
    c.observe_orientation(heard)
    c.begin()
    c.lock('portrait')    # kept until a daemon can take it
    pump(c, 0.3)
    assert c.backend == 'none' and heard.names == []
    with pytest.raises(OrientdError) as e:
        c.gravity()
    assert e.value.code == UNAVAILABLE
    d = start()
    assert pump_until(c, lambda: heard.names == ['landscapeLeft']), heard.names
    assert d.client.get('ScreenOrientationLock') == 'portrait'
    c.close()
