"""Accelerometers that are input devices (lis3lv02d, hdaps, input-bridge ones): discovered on
udev's `input` subsystem, read through libevdev from a fake evdev node (input_fakes), used only
when no IIO display accelerometer exists, and followed by Debian's monitor-sensor."""
import os
import re
import subprocess
import time

import orientd_testbed as T
from input_fakes import FakeInputAccelerometer
from test_sensor_proxy import monitor_sensor, read_until


def node_open(d, fake):
    """The daemon holds the fake's evdev node open (the testbed's copy of /dev/input/eventN)."""
    fd_dir = '/proc/%d/fd' % d.proc.pid
    target = fake.root + fake.node
    for fd in os.listdir(fd_dir):
        try:
            if os.readlink(os.path.join(fd_dir, fd)) == target:
                return True
        except OSError:
            pass
    return False


def test_begin_answers_from_the_input_accelerometer_and_follows_its_events(testbed, start):
    fake = FakeInputAccelerometer(testbed, pose='portrait')
    d = start()
    assert d.client.get('HasAccelerometer') is True, d.output()
    assert not node_open(d, fake), 'opened before anyone listens'
    assert d.client.begin() == 'portrait', d.output()
    assert node_open(d, fake)
    for pose in ('landscapeLeft', 'portraitUpsideDown', 'landscapeRight', 'portrait'):
        fake.set_pose(pose)
        assert d.client.wait_for('Orientation', pose), (pose, d.output())
    d.client.end()
    # Closed after the last End (and the demand's linger): nothing can be read any more.
    assert T.wait_for(lambda: not node_open(d, fake), timeout=3), d.output()
