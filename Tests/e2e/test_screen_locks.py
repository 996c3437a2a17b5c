"""Screen orientation locks (docs/dbus-api.md), end to end: the real orientd on a fake IIO
accelerometer (or a replayed trace), a private dbus-daemon, python-dbus clients in this process and in child processes, orientctl, and
Debian's monitor-sensor."""
import glob
import os
import signal
import subprocess
import sys
import time

import pytest

import orientd_testbed as T
from test_sensor_proxy import ISP, monitor_sensor, read_until
from screen_calls import ERR, INVALID_ARGS, NO_UPSIDE_DOWN, SCREEN_WITHIN, error_of, generating, lock, record_changes, unlock


def test_lock_keeps_the_screen_while_the_device_rotates(testbed, start, bus):
    acc, d = generating(testbed, start)
    c = d.client
    assert c.wait_for('ScreenOrientation', 'portrait'), d.output()
    seen = record_changes(c)
    locker = T.Client(bus.address)
    lock(locker, '')                                  # "" locks at the current screen orientation
    assert c.get('ScreenOrientationLock') == 'portrait'
    acc.set_pose('landscapeLeft')
    assert c.wait_for('Orientation', 'landscapeLeft'), d.output()
    time.sleep(SCREEN_WITHIN)                         # far beyond the dwell
    assert c.get('Orientation') == 'landscapeLeft'
    assert c.get('ScreenOrientation') == 'portrait', d.output()
    # A second lock by the same caller replaces its first and takes effect at once.
    lock(locker, 'landscapeRight')
    assert c.get('ScreenOrientation') == 'landscapeRight'
    assert c.get('ScreenOrientationLock') == 'landscapeRight'
    unlock(locker)
    # The rule's steady value (the device has held landscapeLeft all along) applies at once.
    assert c.get('ScreenOrientation') == 'landscapeLeft'
    assert c.get('ScreenOrientationLock') == ''
    c.pump(0.3)
    screen = [v for k, v in seen if k == 'ScreenOrientation']
    assert screen == ['landscapeRight', 'landscapeLeft'], seen
    assert [v for k, v in seen if k == 'ScreenOrientationLock'] == ['portrait', 'landscapeRight', ''], seen
    out = d.output()
    name = locker.bus.get_unique_name()
    assert 'screen orientation locked to portrait by %s (pid %d)' % (name, os.getpid()) in out, out
    assert 'screen orientation lock of %s (pid %d) released: unlocked' % (name, os.getpid()) in out, out


def test_newest_lock_wins_and_the_older_applies_after_it(testbed, start, bus):
    acc, d = generating(testbed, start)
    c = d.client
    assert c.wait_for('ScreenOrientation', 'portrait'), d.output()
    older, newer = T.Client(bus.address), T.Client(bus.address)
    lock(older, 'landscapeRight')
    lock(newer, 'portraitUpsideDown')
    assert c.get('ScreenOrientation') == 'portraitUpsideDown'
    # The older one re-locking makes it the newest.
    lock(older, 'landscapeLeft')
    assert c.get('ScreenOrientation') == 'landscapeLeft'
    lock(newer, 'portraitUpsideDown')
    assert c.get('ScreenOrientation') == 'portraitUpsideDown'
    newer.bus.close()                                 # the newest leaves the bus
    assert c.wait_for('ScreenOrientationLock', 'landscapeLeft'), d.output()
    assert c.get('ScreenOrientation') == 'landscapeLeft'
    unlock(older)
    assert c.get('ScreenOrientation') == 'portrait'
    assert c.get('ScreenOrientationLock') == ''


LOCKER = """
import dbus, sys, time
bus = dbus.bus.BusConnection(sys.argv[1])
bus.get_object('org.orientd.Orientation1', '/org/orientd/Orientation1').LockScreenOrientation(
    sys.argv[2], dbus_interface='org.orientd.Orientation1')
print(bus.get_unique_name(), flush=True)
time.sleep(600)
"""


def test_a_killed_locker_releases_its_lock(testbed, start, bus):
    acc, d = generating(testbed, start)
    c = d.client
    assert c.wait_for('ScreenOrientation', 'portrait'), d.output()
    child = subprocess.Popen([sys.executable, '-c', LOCKER, bus.address, 'landscapeLeft'],
                             stdout=subprocess.PIPE, text=True,
                             env={k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')})
    try:
        name = child.stdout.readline().strip()
        assert name.startswith(':'), name
        assert c.get('ScreenOrientation') == 'landscapeLeft'
        acc.set_pose('landscapeRight')               # the device turns while the lock holds
        assert c.wait_for('Orientation', 'landscapeRight'), d.output()
        time.sleep(1.0)
        assert c.get('ScreenOrientation') == 'landscapeLeft'
        child.send_signal(signal.SIGKILL)
        child.wait()
        t0 = time.monotonic()
        # The steady value the rule kept is shown as soon as the bus reports the locker gone.
        assert c.wait_for('ScreenOrientation', 'landscapeRight', timeout=SCREEN_WITHIN), d.output()
        assert time.monotonic() - t0 < 0.3 + 0.5, 'within the dwell (plus the bus round trips)'
        assert c.get('ScreenOrientationLock') == ''
        assert 'screen orientation lock of %s (pid %d) released: it left the bus' % (name, child.pid) in d.output()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_errors(testbed, start, bus):
    acc, d = generating(testbed, start, pose='faceUp', args=('--supported-orientations', NO_UPSIDE_DOWN))
    c = d.client
    assert c.wait_for('Orientation', 'faceUp'), d.output()
    assert c.get('ScreenOrientation') == 'unknown'
    # "" locks at the current screen orientation, which is not known before the first edge-up
    # reading.
    assert error_of(lock, c, '') == ERR + 'NoOrientation'
    assert error_of(unlock, c) == ERR + 'NotLocked'
    for name in ('faceUp', 'faceDown', 'unknown', 'sideways', 'Portrait', 'portrait;landscapeLeft'):
        assert error_of(lock, c, name) == INVALID_ARGS, name
    assert error_of(lock, c, 'portraitUpsideDown') == INVALID_ARGS    # unsupported here
    assert c.get('ScreenOrientationLock') == ''
    # A named orientation locks before any reading, and the first edge-up reading does not
    # override it.
    lock(c, 'landscapeLeft')
    acc.set_pose('portrait')
    assert c.wait_for('Orientation', 'portrait'), d.output()
    time.sleep(0.6)
    assert c.get('ScreenOrientation') == 'landscapeLeft'
    unlock(c)
    assert c.get('ScreenOrientation') == 'portrait'
    assert error_of(unlock, c) == ERR + 'NotLocked'


def test_locks_share_the_caller_limit(testbed, start, bus):
    acc, d = generating(testbed, start, args=('--max-callers', '2'))
    a, b, third = (T.Client(bus.address) for _ in range(3))
    lock(a, 'portrait')
    lock(b, 'landscapeLeft')
    assert error_of(lock, third, 'landscapeRight') == ERR + 'LimitExceeded'
    assert d.client.get('ScreenOrientationLock') == 'landscapeLeft', 'a refused lock changes nothing'
    lock(b, 'landscapeRight')                        # replacing one's own lock is not a new caller
    assert d.client.get('ScreenOrientationLock') == 'landscapeRight'


def test_compat_orientation_follows_the_lock(testbed, start, bus):
    acc = testbed.accelerometer()
    d = start('--poll-interval-ms', '20', '--sensor-proxy-compat')
    c = d.client
    proxy = c.bus.get_object(ISP[0], ISP[1])
    proxy.ClaimAccelerometer(dbus_interface=ISP[2])

    def compat():
        return str(proxy.Get(ISP[2], 'AccelerometerOrientation', dbus_interface='org.freedesktop.DBus.Properties'))
    assert T.wait_for(lambda: compat() == 'normal'), d.output()
    lock(c, 'landscapeRight')
    assert compat() == 'left-up'
    unlock(c)
    assert compat() == 'normal'


def orientctl(*args):
    return [os.path.join(T.BIN, 'orientctl')] + list(args)


def test_orientctl_lock_holds_while_a_command_runs(testbed, start, bus):
    testbed.accelerometer()
    d = start()
    env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
    probe = ('busctl --address=%s get-property %s %s %s ScreenOrientationLock; exit 7'
             % (bus.address, T.NAME, T.PATH, T.IFACE))
    run = subprocess.run(orientctl('lock', 'landscapeLeft', '--bus', bus.address, '--', 'sh', '-c', probe),
                         capture_output=True, text=True, env=env, timeout=20)
    assert run.returncode == 7, run.stderr               # COMMAND's status passed through
    assert run.stdout == 's "landscapeLeft"\n', run.stdout   # the lock is held while it runs
    assert d.client.get('ScreenOrientationLock') == ''       # and released when it ends
    # A command killed by a signal: 128 + N, as a shell reports it.
    run = subprocess.run(orientctl('lock', 'portrait', '--bus', bus.address, '--', 'sh', '-c', 'kill -TERM $$'),
                         capture_output=True, text=True, env=env, timeout=20)
    assert run.returncode == 128 + signal.SIGTERM, run.stderr
    missing = subprocess.run(orientctl('lock', 'portrait', '--bus', bus.address, '--', '/nonexistent/command'),
                             capture_output=True, text=True, env=env, timeout=20)
    assert missing.returncode == 127 and 'cannot run /nonexistent/command' in missing.stderr
    refused = subprocess.run(orientctl('lock', 'faceUp', '--bus', bus.address, '--', 'true'),
                             capture_output=True, text=True, env=env, timeout=20)
    assert refused.returncode == 1 and INVALID_ARGS in refused.stderr, refused.stderr


@pytest.mark.parametrize('sig', [signal.SIGINT, signal.SIGTERM])
def test_orientctl_lock_holds_until_interrupted(testbed, start, bus, sig):
    testbed.accelerometer()
    d = start()
    c = d.client
    c.begin()
    assert c.wait_for('ScreenOrientation', 'portrait'), d.output()
    env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
    holder = subprocess.Popen(orientctl('lock', '--bus', bus.address), env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert c.wait_for('ScreenOrientationLock', 'portrait'), holder.stderr
        status = subprocess.run(orientctl('status', '--bus', bus.address), capture_output=True, text=True, env=env)
        assert 'ScreenOrientationLock: portrait\n' in status.stdout, status.stdout
        assert 'SupportedScreenOrientations: portrait portraitUpsideDown landscapeLeft landscapeRight\n' in status.stdout
        holder.send_signal(sig)
        assert holder.wait(5) == 0
        assert 'screen orientation locked to portrait' in holder.stderr.read()
        assert c.get('ScreenOrientationLock') == ''
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()


# -- Debian's monitor-sensor: the screen follows deliberate rotations, not glances -------

GLANCES = sorted(glob.glob(os.path.join(T.ROOT, 'examples', 'glance', 'glance_landscape*_50hz_*.csv')))
REPLAY_SPEED = 8


def trace_seconds(path):
    last = [line for line in open(path) if line[:1].isdigit()][-1]
    return int(last.split(',')[0]) / 1000


@pytest.mark.parametrize('trace', GLANCES, ids=os.path.basename)
def test_monitor_sensor_sees_no_change_on_a_glance(testbed, start, bus, trace):
    d = start('--sensor-proxy-compat', '--source', 'replay:%s,speed=%d' % (trace, REPLAY_SPEED))
    m = monitor_sensor(bus)
    try:
        out = read_until(m, r'Accelerometer orientation changed: normal')
        assert 'Accelerometer orientation changed: normal' in out, out + d.output()
        time.sleep(trace_seconds(trace) / REPLAY_SPEED + 1)
        out = read_until(m, r'changed: (?!normal)', timeout=0.2)
        assert out.count('Accelerometer orientation changed') == 1, out
        # The device orientation did turn during the glances: the screen held still on purpose.
        assert 'orientation landscape' in d.output(), d.output()
    finally:
        m.kill()
        m.wait()


def test_monitor_sensor_sees_a_real_rotation(testbed, start, bus):
    path = os.path.join(bus.dir, 'rotation.csv')
    with open(path, 'w') as f:
        f.write('t_ms,x,y,z\n')
        for i in range(0, 8000, 20):
            f.write('%d,%s\n' % (i, '0,-9.80665,0.2' if i < 3000 else '-9.80665,0,0.2'))
    d = start('--sensor-proxy-compat', '--source', 'replay:' + path)
    m = monitor_sensor(bus)
    try:
        out = read_until(m, r'Accelerometer orientation changed: right-up', timeout=10)
        assert 'Accelerometer orientation changed: normal' in out and 'changed: right-up' in out, out + d.output()
    finally:
        m.kill()
        m.wait()
