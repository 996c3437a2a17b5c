"""Faults a system daemon meets: the bus going away, signals during start-up, sensors that
fail mid-read. No crash, no hang, the sensor left stopped."""
import os
import signal
import subprocess
import time

import pytest

import orientd_testbed as T


def test_bus_daemon_restart_makes_orientd_exit_for_systemd_to_restart_it(testbed, bus, start):
    acc = testbed.accelerometer(variant='buffer')
    d = start()
    d.client.begin()
    # The buffer starts right after the first answer (two raw readings give it).
    assert T.wait_for(lambda: acc.read('buffer/enable') == '1', 3)
    bus.proc.kill()
    bus.proc.wait()
    t0 = time.monotonic()
    rc = d.proc.wait(5)
    assert time.monotonic() - t0 < 2
    assert rc != 0 and rc > 0, rc      # a failure exit code, not a crash (negative = signal)
    assert acc.read('buffer/enable') == '0', 'the sensor is left stopped'
    assert 'bus connection lost' in d.output()


@pytest.mark.parametrize('delay_ms', [0, 2, 5, 10, 20, 50])
def test_sigterm_during_startup(testbed, bus, start, delay_ms):
    acc = testbed.accelerometer(variant='buffer')
    d = start('--source', 'iio', wait=False)
    time.sleep(delay_ms / 1000)
    d.proc.send_signal(signal.SIGTERM)
    rc = d.proc.wait(5)
    # Before the loop blocks SIGTERM the default action ends the process; after, a clean 0.
    assert rc in (0, -signal.SIGTERM), (rc, d.output())
    assert acc.read('buffer/enable') == '0'


def test_reads_failing_with_an_error_mid_stream(testbed, start):
    acc = testbed.accelerometer(variant='poll')
    d = start()
    c = d.client
    c.begin()
    # A directory where the attribute was: every read fails (EISDIR), as with EIO.
    path = acc.path('in_accel_y_raw')
    os.unlink(path)
    os.mkdir(path)
    assert c.wait_for('HasAccelerometer', False), d.output()
    assert c.get('Orientation') == 'unknown'
    assert d.proc.poll() is None
    c.end()
    assert c.get('IsGeneratingNotifications') is False


def test_sensor_removed_in_the_middle_of_buffered_reads(testbed, start):
    acc = testbed.accelerometer(variant='buffer', hz=100)
    d = start()
    c = d.client
    c.begin()
    for pose in ['landscapeLeft', 'portrait']:
        acc.set_pose(pose)
        time.sleep(0.05)
    acc.remove(uevent=True)
    assert c.wait_for('HasAccelerometer', False), d.output()
    assert d.proc.poll() is None
    assert c.get('IsGeneratingNotifications') is True
    c.end()
    assert c.wait_for('IsGeneratingNotifications', False)


def test_sensor_node_vanishing_without_uevent(testbed, start):
    acc = testbed.accelerometer(variant='buffer', hz=100)
    d = start()
    c = d.client
    c.begin()
    acc.remove(uevent=False)           # sysfs and the node disappear, no remove event
    assert c.wait_for('HasAccelerometer', False, timeout=10), d.output()
    assert d.proc.poll() is None
