"""The GTK 4 example (examples/gtk) under Xvfb, driven through liborientd by the real orientd:
turned through the four edge-up poses, its toolbar moves and turns while the drawing stays
put. A screenshot of each orientation is kept in Tests/client/screenshots/ (not committed)."""
import os
import socket
import subprocess
import threading
import time

import pytest

import orientd_testbed as T

HERE = os.path.dirname(os.path.abspath(__file__))
SHOTS = os.path.join(HERE, 'screenshots')
APP = os.path.join(os.environ.get('ORIENTD_CLIENT_BUILD', os.path.join(T.ROOT, '.build-client')), 'orientd-gtk')
# The middle of the 480 x 480 window, away from every edge the toolbar can take.
CANVAS_MIDDLE = '200x200+140+140'
# How long a frame takes to reach the X server once the app has relaid its controls.
FRAME_SETTLE_S = 0.7


@pytest.fixture
def display():
    """A private Xvfb. Its number is one that no X server answers on, either as a file socket
    or as an abstract one: abstract sockets are shared by every process in the network
    namespace, even one with its own /tmp (another Xvfb there would take our clients)."""
    env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
    number = next(n for n in range(100 + os.getpid() % 500, 1000)
                  if not os.path.exists('/tmp/.X%d-lock' % n) and not accepts('\0/tmp/.X11-unix/X%d' % n)
                  and not accepts('/tmp/.X11-unix/X%d' % n))
    xvfb = subprocess.Popen(['Xvfb', ':%d' % number, '-screen', '0', '640x640x24', '-nolisten', 'tcp'],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert T.wait_for(lambda: accepts('/tmp/.X11-unix/X%d' % number)), 'Xvfb :%d does not start' % number
    yield ':%d' % number
    xvfb.kill()
    xvfb.wait()


def accepts(path):
    with socket.socket(socket.AF_UNIX) as s:
        try:
            s.connect(path)
            return True
        except OSError:
            return False


class Lines:
    """The app's stdout, line by line, read by a thread."""

    def __init__(self, stream):
        self.lines = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            self.lines.append(line.strip())

    def wait(self, line, timeout=10):
        return T.wait_for(lambda: line in self.lines, timeout)


def capture(display, path):
    subprocess.run(['import', '-display', display, '-window', 'root', '-crop', '480x480+0+0', path], check=True)


def differing_pixels(a, b, scratch, region=None):
    """ImageMagick's count of differing pixels between two screenshots (or a region of both)."""
    if region:
        a, b = crop(a, region, scratch), crop(b, region, scratch)
    r = subprocess.run(['compare', '-metric', 'AE', a, b, 'null:'], capture_output=True, text=True)
    return int(float(r.stderr.split()[0]))


def crop(path, region, scratch):
    out = os.path.join(scratch, os.path.basename(path))
    subprocess.run(['convert', path, '-crop', region, '+repage', out], check=True)
    return out


def test_controls_turn_while_the_drawing_stays(display, testbed, start, bus, tmp_path):
    acc = testbed.accelerometer()
    start()
    os.makedirs(SHOTS, exist_ok=True)
    env = dict(os.environ, DISPLAY=display, GDK_BACKEND='x11', GSK_RENDERER='cairo', NO_AT_BRIDGE='1',
               GTK_A11Y='none', DBUS_SESSION_BUS_ADDRESS=bus.address,
               LD_LIBRARY_PATH=os.path.dirname(os.environ['ORIENTD_LIBRARY']))
    env.pop('LD_PRELOAD', None)
    app = subprocess.Popen([APP, bus.address], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out = Lines(app.stdout)
        shots = {}
        for pose in ('portrait', 'landscapeLeft', 'portraitUpsideDown', 'landscapeRight'):
            acc.set_pose(pose)
            assert out.wait('screen ' + pose), (out.lines, app.poll() is not None and app.stderr.read())
            time.sleep(FRAME_SETTLE_S)
            shots[pose] = os.path.join(SHOTS, pose + '.png')
            capture(display, shots[pose])
    finally:
        app.terminate()
        app.wait(5)
    names = list(shots)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert differing_pixels(shots[a], shots[b], tmp_path) > 500, (a, b)      # the toolbar moved
            assert differing_pixels(shots[a], shots[b], tmp_path, CANVAS_MIDDLE) == 0, (a, b)   # the drawing did not
