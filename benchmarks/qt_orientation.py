#!/usr/bin/python3
"""What a Qt program sees: orientd (--sensor-proxy-compat) and iio-sensor-proxy side by side on
the same fake polled accelerometer (umockdev), each on a private bus, in one run. A Qt 5 and a
Qt 6 client (PyQt5 / PyQt6 QtSensors, Debian's python3-pyqt5.qtsensors and
python3-pyqt6.qtsensors) hold a QOrientationSensor on Qt's iio-sensor-proxy backend, which reads
net.hadess.SensorProxy's AccelerometerOrientation. Prints `name: value` lines:

  qtN_<daemon>_rotation_reading_median_ms / _p95_ms   a rotation as a hand makes it (90° or
        180° about the screen's normal in 0.4 s, minimum jerk) -> the client's
        QOrientationReading for the new pose, from the end of the motion
  qtN_<daemon>_step_reading_median_ms / _p90_ms       a pose written at once -> the reading
  qtN_<daemon>_missed                                 poses the client never reported (5 s)
  qtN_ratio_...                                       orientd / iio-sensor-proxy

Run under umockdev-wrapper from the repository root, after `make build`:
    umockdev-wrapper /usr/bin/python3 benchmarks/qt_orientation.py --orientd-bin .build-bin
"""
import argparse
import os
import random
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_iio_sensor_proxy as C  # noqa: E402

T = C.T
# QOrientationReading::Orientation: TopUp 1, TopDown 2, LeftUp 3, RightUp 4. Qt's backend maps
# iio-sensor-proxy's normal / bottom-up / left-up / right-up to them.
QT_VALUE = {'portrait': 1, 'portraitUpsideDown': 2, 'landscapeRight': 3, 'landscapeLeft': 4}

CLIENT = r'''
import sys, time
if sys.argv[1] == "5":
    from PyQt5.QtCore import QCoreApplication
    from PyQt5.QtSensors import QOrientationSensor, QSensor
else:
    from PyQt6.QtCore import QCoreApplication
    from PyQt6.QtSensors import QOrientationSensor, QSensor
app = QCoreApplication([])
s = QOrientationSensor()
ids = [bytes(i).decode() for i in QSensor.sensorsForType(b"QOrientationSensor")]
chosen = [i for i in ids if "iio" in i]
if chosen:
    s.setIdentifier(chosen[0].encode())
def changed():
    o = s.reading().orientation()
    print(time.monotonic_ns(), int(getattr(o, "value", o)), flush=True)
s.readingChanged.connect(changed)
print("started", s.start(), ids, flush=True)
app.exec() if hasattr(app, "exec") else app.exec_()
'''


class QtClient:
    def __init__(self, qt, bus_address):
        env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=bus_address, QT_QPA_PLATFORM='offscreen')
        env.pop('LD_PRELOAD', None)
        self.proc = subprocess.Popen(['/usr/bin/python3', '-c', CLIENT, qt], env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        self.readings = []
        self.started = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            if line.startswith('started'):
                self.started = line.strip()
            else:
                t, v = line.split()
                self.readings.append((int(t), int(v)))

    def wait(self, value, since, timeout=5.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for t, v in self.readings[since:]:
                if v == value:
                    return t
            time.sleep(0.002)
        return None

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def measure(qt, kind, args):
    bus, tb = T.PrivateBus(), T.Testbed()
    acc, env = C.fake_device(tb, kind, 'poll', args)
    d = C.Daemon(kind, bus, tb, args.orientd_bin, env_extra=env)
    client = QtClient(qt, bus.address)
    out = {}
    try:
        if client.wait(QT_VALUE['portrait'], 0, 10) is None:
            return {'error': 'no reading (%s)' % client.started}
        out['client'] = client.started
        rnd = random.Random(11)
        current = 'portrait'
        rotation, step, missed = [], [], 0
        for i in range(args.rotations + args.steps):
            target = rnd.choice([p for p in C.IN_PLANE if p != current])
            time.sleep(1.5 + rnd.uniform(0, 1.0))
            mark = len(client.readings)
            if i < args.rotations:
                t_end = C.rotate(acc, current, target, lambda: None)
            else:
                t_end = time.monotonic_ns()
                acc.set_pose(target)
            t = client.wait(QT_VALUE[target], mark)
            if t is None:
                missed += 1
            else:
                (rotation if i < args.rotations else step).append((t - t_end) / 1e6)
            acc.set_pose(target)
            current = target
        C.summarize(out, 'rotation_reading', rotation, 0.95)
        C.summarize(out, 'step_reading', step, 0.90)
        out['missed'] = missed
    finally:
        client.stop()
        d.stop()
        acc.close()
        bus.close()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--orientd-bin', required=True)
    ap.add_argument('--rotations', type=int, default=12)
    ap.add_argument('--steps', type=int, default=12)
    ap.add_argument('--stream-hz', type=float, default=50)
    ap.add_argument('--qt', default='5,6')
    args = ap.parse_args()
    args.motion_library = None
    for qt in args.qt.split(','):
        C.print_side_by_side('qt' + qt, {k: measure(qt, k, args) for k in C.KINDS}, digits=1)

if __name__ == '__main__':
    main()
