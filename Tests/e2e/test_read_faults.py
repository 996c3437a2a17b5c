"""Flaky hardware heals: a burst of read errors makes the sensor unavailable at most while it
lasts, a buffered stream that stops falls back to polled reads, and clients' Begins survive."""
import os
import shutil
import time

import orientd_testbed as T

# A read error episode as an I2C glitch gives one.
BURST_S = 1.0
# After reads succeed again, the sensor is back (HasAccelerometer) within this time.
RECOVERY_S = 3.0
# A buffered device whose scans stop: the fallback to polled reads is announced within this time.
FALLBACK_S = 3.0


def reported(c, pose, timeout):
    """The property and the OrientationDidChange signal both reach `pose` within `timeout`."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        c.pump(0.02)
        if c.get('Orientation') == pose and any(s[1] == pose for s in c.signals):
            return True
    return False


def test_polled_read_error_burst_recovers(testbed, start):
    acc = testbed.accelerometer(variant='poll', pose='portrait')
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    saved = {}
    for axis in 'xyz':               # every raw read fails: EISDIR, as with EIO
        path = acc.path('in_accel_%s_raw' % axis)
        saved[path] = open(path).read()
        os.unlink(path)
        os.mkdir(path)
    time.sleep(BURST_S)
    for path, text in saved.items():
        os.rmdir(path)
        with open(path, 'w') as f:
            f.write(text)
    t0 = time.monotonic()
    back = c.wait_for('HasAccelerometer', True, RECOVERY_S)
    back_s = time.monotonic() - t0
    assert d.proc.poll() is None, d.output()[-2000:]
    assert back, 'HasAccelerometer still false %.1f s after reads succeed:\n%s' % (back_s, d.output()[-2000:])
    assert c.get('IsGeneratingNotifications') is True
    c.signals.clear()
    acc.set_pose('landscapeLeft')
    assert reported(c, 'landscapeLeft', 3), d.output()[-2000:]


def test_buffered_eio_burst_recovers(testbed, start):
    acc = testbed.accelerometer(variant='buffer', pose='portrait')
    T.use_pty_node(acc)
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    acc.set_pose('landscapeLeft')
    assert c.wait_for('Orientation', 'landscapeLeft', 3)    # the stream works before the fault
    T.pty_hangup(acc)                  # reads of the open node fail with EIO
    time.sleep(BURST_S)
    T.use_pty_node(acc)                # a working node again
    t0 = time.monotonic()
    back = c.wait_for('HasAccelerometer', True, RECOVERY_S)
    back_s = time.monotonic() - t0
    assert d.proc.poll() is None, d.output()[-2000:]
    assert back, 'HasAccelerometer still false %.1f s after reads succeed:\n%s' % (back_s, d.output()[-2000:])
    assert c.get('IsGeneratingNotifications') is True
    c.signals.clear()
    acc.set_pose('portrait')
    assert reported(c, 'portrait', 3), d.output()[-2000:]


def test_buffered_scans_stopping_fall_back_to_polled_reads(testbed, start):
    acc = testbed.accelerometer(variant='buffer', pose='portrait')
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    assert T.wait_for(lambda: acc.read('buffer/enable') == '1', 3)
    before = len(d.output())
    T.stop_scans(acc)                  # the device stays; no scans arrive any more
    t0 = time.monotonic()
    said = T.wait_for(lambda: 'polled' in d.output()[before:], FALLBACK_S)
    c.signals.clear()
    acc.set_pose('landscapeLeft')      # through the raw attributes only
    seen = reported(c, 'landscapeLeft', FALLBACK_S + 2)
    seen_s = time.monotonic() - t0
    assert d.proc.poll() is None
    assert seen, 'pose change through the raw attributes not reported within %.1f s:\n%s' % (seen_s, d.output()[before:])
    assert said, d.output()[before:]
    assert c.get('HasAccelerometer') is True


# A reader that spins on a readable node costs a whole core; one that waits costs a few
# reads per batch interval. The bound sits far from both.
EAGAIN_CPU_BOUND = 0.15
# Reads a waiting reader may make: one per fast batch interval (20 ms) at most.
EAGAIN_READS_PER_S_BOUND = 50
# Longer than two silence watchdog periods (1 s each: the re-arm, then the fallback).
EAGAIN_S = 3.0


def test_buffered_eagain_does_not_spin(testbed, bus, start):
    """The node polls readable while every read answers EAGAIN (finding 4): the daemon waits
    instead of spinning, keeps answering, counts the episode as silence (re-arm, then polled
    reads, said once), and follows the next pose."""
    acc, d, flag = T.buffered_under_eagain(testbed, bus, start)
    c = d.client
    before = len(d.output())
    open(flag, 'w').close()            # from now on every read of the node is EAGAIN
    time.sleep(0.3)                    # the fake keeps writing: the node stays readable
    cpu0, t0 = T.cpu_seconds(d.proc.pid), time.monotonic()
    slowest = 0.0
    while time.monotonic() - t0 < EAGAIN_S:
        t = time.monotonic()
        assert c.get('Orientation') == 'portrait'
        slowest = max(slowest, time.monotonic() - t)
        time.sleep(0.1)
    share = (T.cpu_seconds(d.proc.pid) - cpu0) / (time.monotonic() - t0)
    os.unlink(flag)
    with open(flag + '.hits') as f:
        hits = int(f.read())
    print('EAGAIN episode: %d reads answered EAGAIN, %.1f %% of a core, slowest property read %.1f ms'
          % (hits, 100 * share, 1000 * slowest))
    assert hits > 0, 'the fault was never met: the reader did not read the node'
    assert d.proc.poll() is None, d.output()[-2000:]
    assert hits <= EAGAIN_READS_PER_S_BOUND * EAGAIN_S, 'the reader retries EAGAIN without waiting: %d reads' % hits
    assert share < EAGAIN_CPU_BOUND, 'the reader spins on EAGAIN: %.0f %% of a core' % (100 * share)
    assert slowest < 0.1, 'a property read took %.0f ms during the episode' % (1000 * slowest)
    episode = d.output()[before:]
    assert episode.count('falling back to polled reads') == 1, episode
    c.signals.clear()
    acc.set_pose('landscapeLeft')
    assert reported(c, 'landscapeLeft', 5), d.output()[-2000:]
    assert c.get('IsGeneratingNotifications') is True
