"""End to end: the real orientd reads fake IIO accelerometers (umockdev) through libiio and
sd-device, on a private bus."""
import os
import signal
import subprocess
import time

import pytest

import orientd_testbed as T

POSES = list(T.POSES)


@pytest.mark.parametrize('variant', ['poll', 'buffer'])
def test_every_pose(testbed, start, variant):
    acc = testbed.accelerometer(variant=variant)
    d = start()
    c = d.client
    assert c.get('HasAccelerometer') is True
    assert c.begin() == 'portrait'
    for pose in ['landscapeLeft', 'faceUp', 'portraitUpsideDown', 'faceDown', 'landscapeRight', 'portrait']:
        acc.set_pose(pose)
        assert c.wait_for('Orientation', pose), (pose, d.output())
    # The screen follows once the device holds (the screen rule), a moment after the device.
    assert c.wait_for('ScreenOrientation', 'portrait'), d.output()
    c.end()


def test_buffer_is_stopped_and_frequency_restored_after_end(testbed, start):
    acc = testbed.accelerometer(variant='buffer')
    d = start()
    c = d.client
    c.begin()
    # The buffer starts right after the first answer (two raw readings give it).
    assert T.wait_for(lambda: acc.read('buffer/enable') == '1', 3)
    assert acc.read('sampling_frequency') == '50'   # lowest of 10 25 50 100 at or above 50 Hz
    assert acc.read('trigger/current_trigger') == 'accel_3d-dev0'
    c.end()
    # After the stop linger the buffer goes off first, then the frequency is written back
    # (some drivers refuse a new frequency while the buffer runs).
    assert T.wait_for(lambda: acc.read('buffer/enable') == '0' and acc.read('sampling_frequency') == '10'), d.output()


def test_buffer_is_stopped_on_sigterm(testbed, start):
    acc = testbed.accelerometer(variant='buffer')
    d = start()
    d.client.begin()
    # The buffer starts right after the first answer (two raw readings give it).
    assert T.wait_for(lambda: acc.read('buffer/enable') == '1', 3)
    assert d.stop(signal.SIGTERM) == 0
    assert acc.read('buffer/enable') == '0'
    assert acc.read('sampling_frequency') == '10'


def test_buffer_left_enabled_by_a_crash_is_handled(testbed, start):
    acc = testbed.accelerometer(variant='buffer', attrs={'buffer/enable': '1'})
    d = start()
    # Stopped at start-up, while idle: this run holds the device's lock, so nobody reads it.
    assert T.wait_for(lambda: acc.read('buffer/enable') == '0'), d.output()
    assert 'buffer was left enabled with no reader, disabling it' in d.output()
    assert d.client.begin() == 'portrait', d.output()


def test_idle_read_is_a_fresh_one_shot_reading(testbed, start):
    acc = testbed.accelerometer(variant='poll')
    d = start()
    c = d.client
    assert c.get('Orientation') == 'portrait'
    acc.set_pose('landscapeRight')
    assert c.get('Orientation') == 'landscapeRight'
    assert c.get('IsGeneratingNotifications') is False


def test_mount_matrix_from_udev_property(testbed, start):
    # Sensor mounted upside down: the hwdb matrix turns it back.
    acc = testbed.accelerometer(props={'ACCEL_MOUNT_MATRIX': '-1, 0, 0; 0, -1, 0; 0, 0, 1'},
                                attrs={'in_accel_mount_matrix': '0, 1, 0; 1, 0, 0; 0, 0, 1'})
    acc.set_vector(0, T.G, 0)           # sensor frame +y down ...
    d = start()
    assert d.client.begin() == 'portrait', d.output()   # ... is the device's portrait
    assert 'from udev ACCEL_MOUNT_MATRIX' in d.output()


def test_a_singular_hwdb_matrix_is_refused_and_the_next_source_used(testbed, start):
    # Debian 12's 60-sensor.hwdb holds this one (determinant 0: it flattens gravity).
    acc = testbed.accelerometer(props={'ACCEL_MOUNT_MATRIX': '1, 0, 0; 0, -1, 0; 1, 0, 0'},
                                attrs={'in_accel_mount_matrix': '-1, 0, 0; 0, -1, 0; 0, 0, 1'}, pose='portrait')
    d = start()
    out = d.output()
    assert 'determinant 0.0 is not ±1' in out and 'from sysfs in_accel_mount_matrix' in out, out
    # The sysfs matrix turns the sensor's portrait upside down.
    assert d.client.get('Orientation') == 'portraitUpsideDown'


def test_a_changed_hwdb_matrix_applies_without_a_restart_or_losing_begins(testbed, start):
    acc = testbed.accelerometer(variant='buffer', pose='portrait')
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    acc.change_property('ACCEL_MOUNT_MATRIX', '-1, 0, 0; 0, -1, 0; 0, 0, 1')
    assert c.wait_for('Orientation', 'portraitUpsideDown', 3), d.output()
    assert 'configuration changed: mount matrix' in d.output()
    assert c.get('IsGeneratingNotifications') is True
    assert c.get('HasAccelerometer') is True
    c.end()


def test_mount_matrix_from_sysfs_and_a_malformed_property(testbed, start):
    acc = testbed.accelerometer(props={'ACCEL_MOUNT_MATRIX': '1, 0, 0; 0, 0, 0; 0, 0, 1'},
                                attrs={'in_accel_mount_matrix': '0, -1, 0; 1, 0, 0; 0, 0, 1'})
    acc.set_vector(-T.G, 0, 0)          # device y = row 2 · reading = sensor x = -g: portrait
    d = start()
    assert d.client.begin() == 'portrait', d.output()
    out = d.output()
    assert 'udev ACCEL_MOUNT_MATRIX: mount matrix "1, 0, 0; 0, 0, 0; 0, 0, 1": row 2 is zero, ignoring' in out
    assert 'from sysfs in_accel_mount_matrix' in out


def test_base_accelerometer_is_not_used(testbed, start):
    base = testbed.accelerometer(props={'ACCEL_LOCATION': 'base'}, pose='faceUp')
    display = testbed.accelerometer(pose='landscapeLeft')
    d = start()
    assert d.client.begin() == 'landscapeLeft', d.output()
    assert 'iio:device0 (accel_3d): base accelerometer (udev ACCEL_LOCATION), not used for orientation' in d.output()


def test_pinned_device(testbed, start):
    testbed.accelerometer(pose='faceUp')
    testbed.accelerometer(pose='faceDown')
    d = start('--source', 'iio:iio:device1')
    assert d.client.begin() == 'faceDown', d.output()


@pytest.mark.parametrize('variant', ['poll', 'buffer'])
def test_remove_and_add_while_generating(testbed, start, variant):
    acc = testbed.accelerometer(variant=variant)
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    acc.remove()
    assert c.wait_for('HasAccelerometer', False), d.output()
    assert c.get('Orientation') == 'unknown'
    assert c.get('IsGeneratingNotifications') is True     # the Begin still counts
    c.pump(0.2)
    assert c.signals[-1][1:] == ('unknown', 'portrait')
    acc.replug()
    acc.set_pose('landscapeRight')
    assert c.wait_for('HasAccelerometer', True), d.output()
    assert c.wait_for('Orientation', 'landscapeRight'), d.output()   # started again by itself
    c.end()
    if variant == 'buffer':
        assert T.wait_for(lambda: acc.read('buffer/enable') == '0')


def test_files_vanishing_without_remove_event(testbed, start):
    acc = testbed.accelerometer(variant='poll')
    d = start()
    c = d.client
    c.begin()
    for axis in 'xyz':
        os.unlink(acc.path('in_accel_%s_raw' % axis))
    assert c.wait_for('HasAccelerometer', False), d.output()
    assert c.get('Orientation') == 'unknown'
    assert 'reads failed in a row' in d.output()


def test_garbage_raw_values_are_dropped_not_zero(testbed, start):
    acc = testbed.accelerometer(variant='poll', pose='landscapeLeft')
    d = start()
    c = d.client
    assert c.begin() == 'landscapeLeft'
    acc.write('in_accel_x_raw', 'garbage')
    time.sleep(0.5)
    # iio-sensor-proxy reads "garbage" as 0; orientd drops the sample and says why.
    assert c.get('Orientation') == 'landscapeLeft'
    assert c.get('HasAccelerometer') is True
    out = d.output()
    assert 'sample dropped: in_accel_x_raw: "garbage": not an integer' in out
    assert out.count('sample dropped') <= 2, 'rate limited'
    acc.set_pose('faceDown')
    assert c.wait_for('Orientation', 'faceDown')


@pytest.mark.parametrize('scale,reason', [
    ('0', 'scale 0.0 is not positive'),
    ('-0.0098', 'scale -0.0098 is not positive'),
    ('nan', '"nan": not a decimal number'),
    ('abc', '"abc": not a decimal number'),
])
def test_bad_scale_refuses_the_device(testbed, start, scale, reason):
    testbed.accelerometer(scale=scale)
    d = start()
    c = d.client
    assert c.get('HasAccelerometer') is False
    assert c.begin() == 'unknown'
    out = d.output()
    assert 'iio:device0: refused: ' in out and reason in out, out


def test_extreme_raw_values_keep_their_sign(testbed, start):
    acc = testbed.accelerometer(scale='%.17g' % (T.G / 2147483647))
    acc.set_counts(2147483647, 0, 0)
    d = start()
    assert d.client.begin() == 'landscapeRight', d.output()
    acc.set_counts(-2147483648, 0, 0)
    assert d.client.wait_for('Orientation', 'landscapeLeft'), d.output()


def test_orientctl_sensors_lists_what_was_found(testbed, bus):
    testbed.accelerometer(variant='buffer', props={'ACCEL_MOUNT_MATRIX': '0, 1, 0; -1, 0, 0; 0, 0, 1'}, pose='portrait')
    testbed.accelerometer(scale='0', pose='portrait')
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    r = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert 'iio:device0' in out and 'buffered' in out and 'udev ACCEL_MOUNT_MATRIX' in out
    assert 'motion detector:    none' in out
    assert '0, 1, 0; -1, 0, 0; 0, 0, 1' in out
    # sensor frame (0, -g, 0) → device frame (-g, 0, 0)
    assert 'sensor frame (0.00, -9.81, 0.00)' in out and 'device frame (-9.81, 0.00, 0.00)' in out
    assert 'iio:device1' in out and 'refused: in_accel_scale "0": scale 0.0 is not positive' in out


def test_libiio_is_loaded_only_while_reading(testbed, start):
    """libiio and what it links (libxml2, ICU, libusb, avahi) stay out of an idle daemon."""
    testbed.accelerometer(variant='buffer')
    d = start()

    def mapped():
        with open('/proc/%d/maps' % d.proc.pid) as f:
            return 'libiio.so' in f.read()
    assert not mapped()
    d.client.begin()
    assert mapped()
    d.client.end()
    assert T.wait_for(lambda: not mapped())
    assert d.client.get('Orientation') == 'portrait'     # a one-shot read loads and unloads it
    assert not mapped()


@pytest.mark.parametrize('gap', [0.02, 0.1, 0.3])
def test_registers_written_one_axis_at_a_time(testbed, start, gap):
    """An emulated chip (i2c-stub under QEMU, set_sensor in Tests/system/checks) has its axis
    registers written one at a time, `gap` apart: all three zeroed, then the new pose's axis set.
    The daemon reads free fall, then a landing in the new pose: it follows with one change
    (RestJumpGuard takes no jump into readings that do not move for a vibration motor)."""
    acc = testbed.accelerometer()
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    counts = list(acc.counts)
    for target in ['landscapeRight', 'portraitUpsideDown', 'portrait']:
        c.pump(0.3)
        before = len(c.signals)
        for i in range(3):
            counts[i] = 0
            acc.set_counts(*counts)
            time.sleep(gap)
        for i, v in enumerate(T.POSES[target]):
            if v:
                counts[i] = round(T.G * v / acc.scale)
                acc.set_counts(*counts)
        assert c.wait_for('Orientation', target, timeout=2.0), (target, gap, d.output())
        c.pump(0.5)
        assert [s[1] for s in c.signals[before:]] == [target], (c.signals[before:], d.output())
