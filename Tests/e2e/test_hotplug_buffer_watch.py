"""A buffered accelerometer removed and re-added 200 times in 20 s while a client generates:
afterwards the buffer is read as before, woken by its node through sd-event's epoll set, not
polled or read another way. Once with the daemon keeping up with every round, once unpaced
with every third remove event lost (a kernel drops uevents for a listener whose socket is
full), so that the daemon sees the device added again while it still holds it."""
import os
import re
import time

import orientd_testbed as T

EVENTS = 200
SECONDS = 20.0


def epoll_targets(pid):
    """What the daemon's epoll sets watch: the targets of their file descriptors."""
    targets = []
    for fd in os.listdir('/proc/%d/fd' % pid):
        try:
            if os.readlink('/proc/%d/fd/%s' % (pid, fd)) != 'anon_inode:[eventpoll]':
                continue
            info = open('/proc/%d/fdinfo/%s' % (pid, fd)).read()
        except OSError:
            continue
        for tfd in re.findall(r'^tfd:\s*(\d+)', info, re.M):
            try:
                targets.append(os.readlink('/proc/%d/fd/%s' % (pid, tfd)))
            except OSError:
                pass
    return targets


def node_watched(d, acc, seconds):
    """The buffer's node enters the epoll set within `seconds` (it is watched between batches
    and while the device moves)."""
    node = '/dev/' + acc.sysname
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if any(t.endswith(node) for t in epoll_targets(d.proc.pid)):
            return True
        time.sleep(0.002)
    return False


def storm(d, acc, paced, lose_every=0):
    """EVENTS remove and add events in SECONDS, the pose changing every other round. paced:
    each round waits until the daemon has seen it (umockdev aborts the sender when the
    daemon's uevent socket is full; a real kernel drops the event instead). lose_every: every
    that many rounds the device goes without its remove event, the last round among them."""
    started = time.monotonic()
    scans = d.output().count('udev lists')
    for i in range(EVENTS // 2):
        acc.remove(uevent=not (lose_every and (EVENTS // 2 - 1 - i) % lose_every == 0))
        acc.replug()
        if i % 2:
            acc.set_pose('portrait' if i % 4 == 1 else 'landscapeLeft')
        if paced:
            scans += 1
            assert T.wait_for(lambda: d.output().count('udev lists') >= scans, 5), d.output()[-2000:]
            scans = d.output().count('udev lists')
        time.sleep(max(0.0, started + (i + 1) * SECONDS / (EVENTS // 2) - time.monotonic()))
    print('storm_seconds: %.1f' % (time.monotonic() - started))


def buffer_watched_after(testbed, start, paced, lose_every=0):
    acc = testbed.accelerometer(variant='buffer')
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    acc.set_pose('landscapeLeft')
    assert c.wait_for('Orientation', 'landscapeLeft', 5), d.output()
    assert node_watched(d, acc, 3), 'not watched before the storm: %s' % epoll_targets(d.proc.pid)
    storm(d, acc, paced, lose_every)
    acc.set_pose('landscapeRight')
    assert c.wait_for('HasAccelerometer', True, 5), d.output()[-3000:]
    assert c.wait_for('Orientation', 'landscapeRight', 5), d.output()[-3000:]
    assert T.wait_for(lambda: acc.read('buffer/enable') == '1', 3), 'read polled after the storm:\n' + d.output()[-3000:]
    acc.set_pose('faceUp')
    assert node_watched(d, acc, 3), 'the buffer node is no longer watched: %s\n%s' % (epoll_targets(d.proc.pid), d.output()[-3000:])
    assert c.wait_for('Orientation', 'faceUp', 5), d.output()[-3000:]
    c.end()


def test_buffer_stays_watched_after_200_hotplug_events(testbed, start):
    buffer_watched_after(testbed, start, paced=True)


def test_buffer_stays_watched_when_remove_events_are_lost(testbed, start):
    buffer_watched_after(testbed, start, paced=False, lose_every=3)


def test_a_device_added_again_without_its_remove_gets_its_buffer_back(testbed, bus, start):
    """A buffer that fell back to polled reads (reads answer EAGAIN: silence, a re-arm, then
    the fallback) whose device is removed without a remove event and added again: the add of
    the bound device is a new device, read through its buffer again."""
    acc, d, flag = T.buffered_under_eagain(testbed, bus, start)
    c = d.client
    open(flag, 'w').close()
    assert T.wait_for(lambda: 'falling back to polled reads' in d.output(), 5), d.output()[-2000:]
    os.unlink(flag)
    acc.remove(uevent=False)
    acc.replug()
    acc.set_pose('landscapeLeft')
    assert c.wait_for('Orientation', 'landscapeLeft', 5), d.output()[-2000:]
    assert T.wait_for(lambda: acc.read('buffer/enable') == '1', 3), 'still read polled:\n' + d.output()[-2000:]
    assert node_watched(d, acc, 3), 'the buffer node is not watched: %s' % epoll_targets(d.proc.pid)
    c.end()
