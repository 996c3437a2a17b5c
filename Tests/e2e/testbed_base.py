"""What every part of orientd's end-to-end testbed shares: standard gravity, the
repository's root, polling for a condition, and sending a uevent under umockdev."""
import os
import signal
import time

G = 9.80665
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POSES = {
    'portrait': (0, -1, 0), 'portraitUpsideDown': (0, 1, 0),
    'landscapeLeft': (-1, 0, 0), 'landscapeRight': (1, 0, 0),
    'faceUp': (0, 0, -1), 'faceDown': (0, 0, 1),
}


def wait_for(predicate, timeout=5.0, interval=0.01):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


def send_uevent(tb, syspath, action):
    """tb.uevent(syspath, action), sent from a forked child. umockdev's sender looks up the
    listeners' sockets, then connects to each, and aborts the whole process when one vanished
    in between (a daemon closing a monitor as it stops: ENOENT instead of the ECONNREFUSED it
    ignores). A real kernel has no such race; here the child dies instead of the test run,
    and the event is sent again (listeners that got it twice see a repeated add or remove,
    which they must take anyway)."""
    for _ in range(3):
        pid = os.fork()
        if pid == 0:
            try:
                tb.uevent(syspath, action)
            finally:
                os._exit(0)
        # A lock another thread of this process held at the fork (a fake's streamer inside
        # the preload) would leave the child waiting: it gets 3 s, then is killed.
        end = time.monotonic() + 3.0
        done, status = 0, 0
        while time.monotonic() < end:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.002)
        if not done:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            continue
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            return
    raise AssertionError('umockdev could not send the %s uevent of %s' % (action, syspath))
