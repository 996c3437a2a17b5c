"""The examples of examples/ (C on a GLib main loop, Python through ctypes, Swift), each run
as a program against the real orientd and then against iio-sensor-proxy 3.0 (the fallback):
each prints the first orientation, then the one the fake device is turned to, and exits."""
import os
import subprocess
import sys
import time

import pytest

import orientd_testbed as T

ROOT = T.ROOT
BUILD = os.environ.get('ORIENTD_CLIENT_BUILD', os.path.join(ROOT, '.build-client'))
LIBDIR = os.path.dirname(os.environ['ORIENTD_LIBRARY'])
COMMANDS = {
    'c': [os.path.join(BUILD, 'follow')],
    'python': [sys.executable, os.path.join(ROOT, 'examples', 'python', 'follow.py')],
    'swift': [os.environ.get('ORIENTD_SWIFT_EXAMPLE', os.path.join(ROOT, '.build', 'debug', 'orientd-follow'))],
}


def follow(language, bus, acc):
    env = dict(os.environ, LD_LIBRARY_PATH=LIBDIR)
    proc = subprocess.Popen(COMMANDS[language] + ['2', bus.address], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        acc.set_pose('landscapeLeft')
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, first + out, err


@pytest.mark.parametrize('language', sorted(COMMANDS))
def test_example_follows_orientd(language, testbed, start, bus):
    acc = testbed.accelerometer()
    start()
    code, out, err = follow(language, bus, acc)
    assert (code, out) == (0, 'portrait\nlandscapeLeft\n'), err


@pytest.mark.parametrize('language', sorted(COMMANDS))
def test_example_follows_iio_sensor_proxy(language, testbed, sensor_proxy, bus):
    acc = testbed.accelerometer(props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    isp = sensor_proxy()
    watcher = T.Client(bus.address)
    assert T.wait_for(lambda: watcher.bus.name_has_owner('net.hadess.SensorProxy'), 10), open(isp.log_path).read()
    code, out, err = follow(language, bus, acc)
    assert (code, out) == (0, 'portrait\nlandscapeLeft\n'), (err, open(isp.log_path).read()[-2000:])
