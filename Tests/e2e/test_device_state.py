"""Every exit leaves the device as found: buffer, channel enables, trigger and sampling frequency
back to what they were, after any signal the daemon can catch, and after a SIGKILL at the next
start; one daemon per device."""
import os
import signal
import subprocess
import tempfile
import time

import pytest

import orientd_testbed as T

# Signal → (keeps running, exit code once it ends). SIGHUP and SIGPIPE are ignored; every other
# terminating signal ends the daemon through its clean stop: 0 when asked to stop, 1 (a failure
# systemd's Restart=on-failure restarts) for signals nobody sends a healthy daemon.
SIGNALS = {
    'SIGHUP': (True, 0),
    'SIGPIPE': (True, 0),
    'SIGUSR1': (False, 1),
    'SIGUSR2': (False, 1),
    'SIGALRM': (False, 1),
    'SIGTERM': (False, 0),
    'SIGINT': (False, 0),
}
# After a crash, the next start restores the device while idle within this time.
RESTORE_AT_START_S = 2.0


@pytest.fixture(autouse=True)
def runtime_directory(monkeypatch):
    """A private RUNTIME_DIRECTORY per test, so no daemon here shares /run/orientd with another."""
    path = tempfile.mkdtemp(prefix='orientd-run-')
    monkeypatch.setenv('RUNTIME_DIRECTORY', path)
    return path


def generating(testbed, start, *args):
    acc = testbed.accelerometer(variant='buffer', pose='portrait')
    original = T.device_state(acc)
    assert original['sampling_frequency'] == '10' and original['trigger/current_trigger'] == ''
    d = start(*args)
    assert d.client.begin() == 'portrait'
    assert T.wait_for(lambda: acc.read('buffer/enable') == '1', 3)
    running = T.device_state(acc)
    # What the reader changes, so that a leftover can be seen.
    assert running['sampling_frequency'] != original['sampling_frequency'], running
    assert running['trigger/current_trigger'] != '', running
    assert running['scan_elements/in_accel_x_en'] == '1', running
    return acc, original, d


@pytest.mark.parametrize('name', list(SIGNALS))
def test_signal_while_generating_leaves_the_device_as_found(testbed, start, name):
    keeps_running, code = SIGNALS[name]
    acc, original, d = generating(testbed, start)
    d.proc.send_signal(getattr(signal, name))
    if keeps_running:
        time.sleep(0.3)
        assert d.proc.poll() is None, 'ended with %s by %s:\n%s' % (d.proc.returncode, name, d.output()[-2000:])
        acc.set_pose('landscapeLeft')
        assert d.client.wait_for('Orientation', 'landscapeLeft', 3), d.output()[-2000:]
        assert d.client.get('IsGeneratingNotifications') is True
        assert T.device_state(acc)['buffer/enable'] == '1'
        d.proc.send_signal(signal.SIGTERM)
    try:
        rc = d.proc.wait(5)
    except subprocess.TimeoutExpired:
        rc = 'still running'
    left = T.device_state(acc)
    assert (rc, left) == (code, original), '%s: exit %s, device left %s' % (name, rc, left)


def test_a_closed_stderr_pipe_does_not_kill_it(testbed, bus):
    acc = testbed.accelerometer(variant='buffer', pose='portrait')
    original = T.device_state(acc)
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    read_end, write_end = os.pipe()
    proc = subprocess.Popen([os.path.join(T.BIN, 'orientd'), '--bus', bus.address, '--verbose'],
                            env=env, stdout=write_end, stderr=write_end)
    os.close(write_end)
    c = T.Client(bus.address)
    try:
        assert T.wait_for(lambda: c.has_owner() or proc.poll() is not None)
        os.close(read_end)            # the journal's reader is gone
        assert c.begin() == 'portrait'  # debug lines are written from here on
        acc.set_pose('landscapeLeft')
        assert c.wait_for('Orientation', 'landscapeLeft', 3)
        assert proc.poll() is None, 'ended with %s' % proc.returncode
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        try:
            rc = proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = proc.wait()
    assert rc == 0, rc
    assert T.device_state(acc) == original


def test_sigkill_then_restart_restores_the_device_while_idle(testbed, start):
    rundir = tempfile.mkdtemp(prefix='orientd-run-')
    acc, original, d = generating(testbed, start, '--runtime-directory', rundir)
    d.proc.kill()
    d.proc.wait()
    assert T.device_state(acc) != original      # what a crash leaves behind
    start('--runtime-directory', rundir)        # no Begin
    restored = T.wait_for(lambda: T.device_state(acc) == original, RESTORE_AT_START_S)
    assert restored, 'device after restart: %s, original %s' % (T.device_state(acc), original)


def test_a_second_daemon_on_another_bus_leaves_the_device_to_the_first(testbed, bus, start):
    rundir = tempfile.mkdtemp(prefix='orientd-run-')
    acc, original, first = generating(testbed, start, '--runtime-directory', rundir)
    other_bus = T.PrivateBus()
    second = None
    try:
        second = T.Orientd(other_bus, testbed, ['--runtime-directory', rundir])
        try:
            second.client.begin()
        except Exception:
            pass
        said = T.wait_for(lambda: 'in use by orientd' in second.output(), 3)
        assert said and str(first.proc.pid) in second.output(), second.output()
        assert second.client.get('HasAccelerometer') is False
        time.sleep(0.3)
        assert acc.read('buffer/enable') == '1'
        acc.set_pose('landscapeLeft')
        assert first.client.wait_for('Orientation', 'landscapeLeft', 3), first.output()[-2000:]
        assert first.proc.poll() is None and second.proc.poll() is None
    finally:
        if second:
            second.stop()
        other_bus.close()


def test_watermark_is_one_while_generating_and_put_back(testbed, start):
    # libiio 0.24 sets buffer/watermark to its buffer length (64 scans) and the kernel wakes a
    # reader only when that many wait (the fake does the same): a Begin's first scan and the
    # one-second silence watchdog would both wait 1.3 s. orientd sets it to 1 while it reads.
    acc = testbed.accelerometer(variant='buffer', pose='portrait', attrs={'buffer/watermark': '2'})
    d = start()
    assert d.client.begin() == 'portrait'
    assert T.wait_for(lambda: acc.read('buffer/enable') == '1', 3)
    assert acc.read('buffer/watermark') == '1'
    time.sleep(2.5)                   # longer than the silence watchdog
    acc.set_pose('landscapeLeft')
    assert d.client.wait_for('Orientation', 'landscapeLeft', 3), d.output()[-2000:]
    assert 'delivers no scans' not in d.output(), d.output()[-2000:]
    d.client.end()
    # The buffer goes off first, then the watermark is written back.
    assert T.wait_for(lambda: acc.read('buffer/enable') == '0' and acc.read('buffer/watermark') == '2', 3), \
        (acc.read('buffer/watermark'), d.output()[-2000:])
