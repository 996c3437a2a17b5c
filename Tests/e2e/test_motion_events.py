"""An accelerometer with a motion detector (IIO events, as a BMC150's any-motion interrupt):
orientd enables it while it generates, reads seldom at rest, reads at once when it fires,
turns it off when it fires while nothing moves, and always puts the enable attributes back.
The event descriptor comes from Tests/e2e/faults/iio_events.c (umockdev cannot hand one out)."""
import os
import signal
import subprocess
import time

import pytest

import orientd_testbed as T

AXES = 'xyz'
# At rest with the detector on, the reads are a safety net, one a second; without it, four.
# Context switches in a 3 s window, with room for the bus: at most this many per second.
REST_WAKEUPS_PER_S = 2.5
WINDOW_S = 3.0


@pytest.fixture
def events_library(tmp_path):
    return T.fault_library('iio_events', str(tmp_path))


def enabled(acc):
    return [acc.read('events/in_accel_%s_roc_either_en' % a) for a in AXES]


def rest_wakeups_per_s(pid):
    before = T.context_switches(pid)
    time.sleep(WINDOW_S)
    return (T.context_switches(pid) - before) / WINDOW_S


def reported(c, pose, timeout=3.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        c.pump(0.02)
        if c.get('Orientation') == pose:
            return True
    return False


def start_with_events(start, acc, lib):
    return start(preload=[lib], env=acc.event_env())


def test_detector_on_while_generating_read_on_motion_and_put_back(testbed, start, events_library):
    acc = testbed.accelerometer(variant='poll', pose='portrait', motion_events=True)
    d = start_with_events(start, acc, events_library)
    c = d.client
    assert enabled(acc) == ['0', '0', '0']          # idle: the detector is not touched
    assert c.begin() == 'portrait'
    assert T.wait_for(lambda: enabled(acc) == ['1', '1', '1'], 3), d.output()[-2000:]
    time.sleep(1.0)                                 # past the start's fast reads
    rate = rest_wakeups_per_s(d.proc.pid)
    assert rate <= REST_WAKEUPS_PER_S, 'at rest with a motion detector: %.1f wake-ups/s' % rate
    sent = acc.events_sent
    log_before = d.output().count('motion: reading now')
    acc.set_pose('landscapeLeft')
    assert acc.events_sent > sent
    assert reported(c, 'landscapeLeft'), d.output()[-2000:]
    assert d.output().count('motion: reading now') > log_before, d.output()[-2000:]
    c.end()
    assert T.wait_for(lambda: enabled(acc) == ['0', '0', '0'], 3), d.output()[-2000:]
    state = os.path.join(testbed.root, 'run-orientd', acc.sysname + '.state')
    # The custody record is rewritten after the attributes are put back: wait for it too.
    assert T.wait_for(lambda: not os.path.exists(state) or 'events/' not in open(state).read(), 3), open(state).read()


def test_detector_firing_at_rest_is_turned_off(testbed, start, events_library):
    acc = testbed.accelerometer(variant='poll', pose='portrait', motion_events=True)
    d = start_with_events(start, acc, events_library)
    c = d.client
    assert c.begin() == 'portrait'
    assert T.wait_for(lambda: enabled(acc) == ['1', '1', '1'], 3)
    for _ in range(30):                             # a threshold at the noise level
        acc.fire_motion()
        c.pump(0.05)
    assert T.wait_for(lambda: enabled(acc) == ['0', '0', '0'], 3), d.output()[-2000:]
    assert d.output().count('motion events keep coming') == 1, d.output()[-2000:]
    acc.set_pose('portraitUpsideDown')              # the timer reads go on
    assert reported(c, 'portraitUpsideDown'), d.output()[-2000:]
    assert c.get('IsGeneratingNotifications') is True
    assert d.proc.poll() is None


def test_without_an_event_descriptor_reads_as_before(testbed, start):
    # The driver lists events but the ioctl fails (ENOTTY without the preload): nothing is
    # enabled, and the reads go on at the rest rate of a device without a detector.
    acc = testbed.accelerometer(variant='poll', pose='portrait', motion_events=True)
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    time.sleep(0.5)
    assert enabled(acc) == ['0', '0', '0']
    acc.set_pose('landscapeRight')
    assert reported(c, 'landscapeRight'), d.output()[-2000:]


def test_a_crash_with_the_detector_on_is_put_back_by_the_next_run(testbed, start, events_library):
    acc = testbed.accelerometer(variant='poll', pose='portrait', motion_events=True)
    d = start_with_events(start, acc, events_library)
    assert d.client.begin() == 'portrait'
    assert T.wait_for(lambda: enabled(acc) == ['1', '1', '1'], 3)
    d.stop(signal.SIGKILL)
    assert enabled(acc) == ['1', '1', '1']
    d2 = start()
    assert T.wait_for(lambda: enabled(acc) == ['0', '0', '0'], 3), d2.output()[-2000:]


def test_buffered_device_batches_on_motion(testbed, start, events_library):
    acc = testbed.accelerometer(variant='buffer', pose='portrait', motion_events=True)
    d = start_with_events(start, acc, events_library)
    c = d.client
    assert c.begin() == 'portrait'
    assert T.wait_for(lambda: enabled(acc) == ['1', '1', '1'] and acc.buffer_enabled(), 3), d.output()[-2000:]
    time.sleep(1.0)
    rate = rest_wakeups_per_s(d.proc.pid)
    assert rate <= REST_WAKEUPS_PER_S, 'buffered, at rest with a motion detector: %.1f wake-ups/s' % rate
    log_before = d.output().count('motion: reading now')
    acc.set_pose('landscapeLeft')
    assert reported(c, 'landscapeLeft'), d.output()[-2000:]
    assert d.output().count('motion: reading now') > log_before, d.output()[-2000:]
    c.end()
    assert T.wait_for(lambda: enabled(acc) == ['0', '0', '0'] and not acc.buffer_enabled(), 3), d.output()[-2000:]


def test_orientctl_sensors_names_the_detector(testbed):
    testbed.accelerometer(variant='poll', pose='portrait', motion_events=True)
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    r = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    assert ('motion detector:    events/in_accel_x_roc_either_en, events/in_accel_y_roc_either_en, '
            'events/in_accel_z_roc_either_en') in r.stdout, r.stdout
