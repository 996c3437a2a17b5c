"""Accelerometers that are input devices (lis3lv02d, hdaps, input-bridge ones): discovered on
udev's `input` subsystem, read through libevdev from a fake evdev node (input_fakes), used only
when no IIO display accelerometer exists, and followed by Debian's monitor-sensor."""
import os
import re
import subprocess
import threading
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


def libevdev_mapped(d):
    """libevdev is in the daemon's address space (it is dlopen()ed while a node is open)."""
    with open('/proc/%d/maps' % d.proc.pid) as f:
        return 'libevdev.so' in f.read()


def test_begin_answers_from_the_input_accelerometer_and_follows_its_events(testbed, start):
    fake = FakeInputAccelerometer(testbed, pose='portrait')
    d = start()
    assert d.client.get('HasAccelerometer') is True, d.output()
    assert not node_open(d, fake), 'opened before anyone listens'
    assert not libevdev_mapped(d), 'libevdev loaded before a node is opened'
    assert d.client.begin() == 'portrait', d.output()
    assert node_open(d, fake)
    assert libevdev_mapped(d)
    for pose in ('landscapeLeft', 'portraitUpsideDown', 'landscapeRight', 'portrait'):
        fake.set_pose(pose)
        assert d.client.wait_for('Orientation', pose), (pose, d.output())
    d.client.end()
    # Closed after the last End (and the demand's linger): nothing can be read any more, and
    # libevdev is unloaded with the last node.
    assert T.wait_for(lambda: not node_open(d, fake), timeout=3), d.output()
    assert not libevdev_mapped(d)


def abs_reads(d):
    """EVIOCGABS requests the daemon made (umockdev's ioctl debug log): the axis reads of an
    open or of a poll."""
    return len(re.findall(r'request 8018454[0-2]: emulated', d.output()))


def test_monitor_sensor_follows_the_four_edge_poses(testbed, start, bus):
    fake = FakeInputAccelerometer(testbed, pose='portrait')
    d = start('--sensor-proxy-compat')
    m = monitor_sensor(bus)
    try:
        out = read_until(m, r'Accelerometer orientation changed: normal')
        assert '=== Has accelerometer' in out, out + d.output()
        assert 'Accelerometer orientation changed: normal' in out, out + d.output()
        expected = ['normal']
        for pose, name in [('landscapeLeft', 'right-up'), ('portraitUpsideDown', 'bottom-up'),
                           ('landscapeRight', 'left-up'), ('portrait', 'normal')]:
            fake.set_pose(pose)
            expected.append(name)
            pattern = r'(?:Accelerometer orientation changed: \S+\n(?:.|\n)*?){%d}' % len(expected)
            out = read_until(m, pattern)
            changes = re.findall(r'Accelerometer orientation changed: (\S+)', out)
            assert changes == expected, out + d.output()
    finally:
        m.kill()
        m.wait()
    assert T.wait_for(lambda: not node_open(d, fake), timeout=3), d.output()


def test_a_device_that_sends_no_events_is_polled_and_closed_after_the_last_end(testbed, start):
    fake = FakeInputAccelerometer(testbed, pose='landscapeRight')
    d = start(env={'UMOCKDEV_DEBUG': 'ioctl'})
    t0 = time.monotonic()
    assert d.client.begin() == 'landscapeRight', d.output()
    first = time.monotonic() - t0
    time.sleep(1.0)
    polls = abs_reads(d)
    # libevdev's open reads the three axes once; each poll (every 250 ms at rest) three more.
    assert polls >= 3 + 3 * 3, (polls, d.output())
    d.client.end()
    # The last End pauses the reader at once (nothing read during the stop linger) and the
    # node is closed when the linger ends.
    time.sleep(0.1)
    after = abs_reads(d)
    assert T.wait_for(lambda: not node_open(d, fake), timeout=3), d.output()
    time.sleep(0.3)
    assert abs_reads(d) == after, 'read after the last End'
    assert first < 1.0, first


def test_a_device_that_sends_events_is_not_polled_at_rest(testbed, start):
    fake = FakeInputAccelerometer(testbed, pose='portrait')
    d = start(env={'UMOCKDEV_DEBUG': 'ioctl'})
    assert d.client.begin() == 'portrait', d.output()
    fake.set_pose('landscapeLeft')
    assert d.client.wait_for('Orientation', 'landscapeLeft'), d.output()
    time.sleep(0.8)   # past the fast reads that follow a change (600 ms)
    before = abs_reads(d)
    time.sleep(1.0)
    assert abs_reads(d) == before, 'polled although the device sends events'
    fake.set_pose('portrait')
    assert d.client.wait_for('Orientation', 'portrait'), d.output()
    d.client.end()


def test_a_game_controllers_motion_sensor_is_refused(testbed, start):
    # A DualShock-style controller: one HID device, a gamepad input device that udev marks
    # ID_INPUT_JOYSTICK and a motion-sensor input device with INPUT_PROP_ACCELEROMETER.
    hid = testbed.tb.add_device('hid', '0005:054C:09CC.0001', None, [], [])
    testbed.tb.add_device('input', 'input20', hid, ['name', 'Wireless Controller', 'uniq', 'aa:bb:cc:dd:ee:ff'],
                          ['ID_INPUT', '1', 'ID_INPUT_JOYSTICK', '1'])
    FakeInputAccelerometer(testbed, number=21, name='Wireless Controller Motion Sensors', parent=hid, uniq='aa:bb:cc:dd:ee:ff')
    d = start()
    assert d.client.get('HasAccelerometer') is False, d.output()
    assert re.search(r'event21 \(Wireless Controller Motion Sensors\): refused: a game controller, not the display\'s: '
                     r'input20 \(Wireless Controller\) of the same device is a joystick', d.output()), d.output()
    out = sensors(testbed)
    assert re.search(r'event21 \(Wireless Controller Motion Sensors\)\n.*\n  refused: +a game controller', out), out


def test_a_node_udev_marks_a_joystick_is_refused(testbed, start):
    FakeInputAccelerometer(testbed, props={'ID_INPUT_JOYSTICK': '1'})
    d = start()
    assert d.client.get('HasAccelerometer') is False, d.output()
    assert 'refused: a game controller, not the display\'s: udev ID_INPUT_JOYSTICK=1' in d.output(), d.output()


def test_an_iio_display_accelerometer_comes_first(testbed, start):
    testbed.accelerometer(pose='landscapeLeft')
    fake = FakeInputAccelerometer(testbed, pose='portrait')
    d = start()
    assert d.client.begin() == 'landscapeLeft', d.output()
    assert not node_open(d, fake)
    d.client.end()
    out = sensors(testbed)
    assert 'not used (the IIO display accelerometer iio:device0 is)' in out, out


def test_hotplug(testbed, start):
    d = start()
    assert d.client.get('HasAccelerometer') is False
    fake = FakeInputAccelerometer(testbed, pose='portraitUpsideDown')
    T.send_uevent(testbed.tb, fake.syspath, 'add')
    assert T.wait_for(lambda: d.client.get('HasAccelerometer') is True), d.output()
    assert d.client.begin() == 'portraitUpsideDown', d.output()
    fake.remove()
    assert T.wait_for(lambda: d.client.get('HasAccelerometer') is False), d.output()
    assert T.wait_for(lambda: d.client.get('Orientation') == 'unknown'), d.output()
    assert not node_open(d, fake)
    # Back again while the caller still holds its Begin: it starts at once.
    # (The kernel numbers it anew; umockdev keeps the first ioctl tree of a node path.)
    fake = FakeInputAccelerometer(testbed, number=6, pose='landscapeRight')
    T.send_uevent(testbed.tb, fake.syspath, 'add')
    assert d.client.wait_for('Orientation', 'landscapeRight'), d.output()
    d.client.end()


def sensors(testbed):
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    return subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True,
                          timeout=10).stdout


def test_units_come_from_the_resolution_a_udev_property_or_iio_sensor_proxys_256(testbed):
    FakeInputAccelerometer(testbed, number=5, counts_per_g=1024)
    FakeInputAccelerometer(testbed, number=6, name='ST LIS3LV02DL Accelerometer', counts_per_g=1000, resolution=0,
                           accelerometer_prop=False, props={'ORIENTD_ACCEL_RESOLUTION': '1000'})
    FakeInputAccelerometer(testbed, number=7, name='hdaps', counts_per_g=256, resolution=0, accelerometer_prop=False,
                           props={'ACCEL_MOUNT_MATRIX': '0, 1, 0; -1, 0, 0; 0, 0, 1'})
    out = sensors(testbed)
    blocks = {m.group(1): m.group(0) for m in re.finditer(r'^(event\d+) (?:.+\n)+', out, re.M)}
    assert 'used for orientation (no IIO display accelerometer)' in blocks['event5'], out
    assert 'units:              1024.0 counts per g (input_absinfo resolution)' in blocks['event5'], out
    assert 'device frame (0.00, -9.81, 0.00)' in blocks['event5'], out
    assert 'not used (another input accelerometer is)' in blocks['event6'], out
    assert 'units:              1000.0 counts per g (udev ORIENTD_ACCEL_RESOLUTION)' in blocks['event6'], out
    assert 'device frame (0.00, -9.81, 0.00)' in blocks['event6'], out
    assert "256.0 counts per g (not given; iio-sensor-proxy's 256 per g)" in blocks['event7'], out
    assert 'mount matrix:       0, 1, 0; -1, 0, 0; 0, 0, 1 (udev ACCEL_MOUNT_MATRIX)' in blocks['event7'], out
    assert 'device frame (-9.81, 0.00, 0.00)' in blocks['event7'], out


def test_the_udev_rule_wants_orientd_for_what_iio_sensor_proxy_calls_input_accel():
    """iio-sensor-proxy 3.0 starts for `SUBSYSTEM=="input", ENV{ID_INPUT_ACCELEROMETER}=="1"`
    (its input driver then takes only /dev/input/event* nodes); 80-orientd.rules does the same
    for the event nodes, with either package."""
    theirs = open('/lib/udev/rules.d/80-iio-sensor-proxy.rules').read()
    assert 'SUBSYSTEM=="input", ENV{ID_INPUT_ACCELEROMETER}=="1", ENV{IIO_SENSOR_PROXY_TYPE}+="input-accel"' in theirs
    ours = [l for l in open(os.path.join(T.ROOT, 'udev', '80-orientd.rules')).read().splitlines()
            if l and not l.startswith('#')]
    setter = 'SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_ACCELEROMETER}=="1", ENV{ORIENTD_ACCELEROMETER}="1"'
    assert setter in ours
    # Before the IIO part's early exit, and it reaches the line that wants the service.
    assert ours.index(setter) < ours.index('SUBSYSTEM!="iio", GOTO="orientd_end"')
    assert ours.index('SUBSYSTEM=="input", GOTO="orientd_want"') < ours.index('SUBSYSTEM!="iio", GOTO="orientd_end"')
    want = ours.index('LABEL="orientd_want"')
    assert ours[want + 1] == 'ENV{ORIENTD_ACCELEROMETER}=="1", TAG+="systemd", ENV{SYSTEMD_WANTS}+="orientd.service"'


def context_switches(pid):
    with open('/proc/%d/status' % pid) as f:
        return sum(int(l.split()[1]) for l in f if l.startswith(('voluntary_ctxt_switches', 'nonvoluntary_ctxt_switches')))


def test_a_device_that_sends_noise_at_rest_is_read_in_batches(testbed, start):
    """A device whose noise passes its fuzz sends frames at rest (50 a second here): orientd
    reads them in batches every 250 ms instead of waking for each, and still sees a turn."""
    fake = FakeInputAccelerometer(testbed, pose='portrait')
    d = start()
    assert d.client.begin() == 'portrait', d.output()
    target = {'counts': fake.pose_counts('portrait')}
    stop = threading.Event()

    def noise():
        i = 0
        while not stop.is_set():
            x, y, z = target['counts']
            fake.send(x + (i % 3) - 1, y + (i % 2), z)   # a few counts: far below the movement threshold
            i += 1
            time.sleep(0.02)
    thread = threading.Thread(target=noise)
    thread.start()
    try:
        time.sleep(3.0)   # past the fast reads and the held deliveries of the start
        c0, t0 = context_switches(d.proc.pid), time.monotonic()
        time.sleep(2.0)
        rate = (context_switches(d.proc.pid) - c0) / (time.monotonic() - t0)
        # Each read of the node through umockdev's preload costs about 10 context switches
        # (round trips on its socket): 4 batches a second are about 40, a wake-up for each of
        # the 50 frames about 500.
        assert rate <= 120, (rate, 'woken for each of 50 frames a second?')
        target['counts'] = fake.pose_counts('landscapeLeft')
        t1 = time.monotonic()
        assert d.client.wait_for('Orientation', 'landscapeLeft'), d.output()
        assert time.monotonic() - t1 < 1.0
    finally:
        stop.set()
        thread.join()
    d.client.end()
