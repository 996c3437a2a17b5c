"""Fixtures for liborientd's tests: the e2e harness (a private dbus-daemon, a umockdev
testbed, the real orientd, iio-sensor-proxy 3.0) and the library under test.

ORIENTD_LIBRARY names the liborientd.so.0 to load (scripts/test-client builds it);
ORIENTD_BIN_DIR the orientd to run (`make build`)."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'Tests', 'e2e'))
sys.path.insert(0, os.path.join(ROOT, 'examples', 'python'))
os.environ.setdefault('ORIENTD_LIBRARY', os.path.join(ROOT, '.build-liborientd', 'liborientd.so.0'))
import orientd_testbed as T  # noqa: E402


@pytest.fixture
def bus():
    b = T.PrivateBus()
    yield b
    b.close()


@pytest.fixture
def testbed():
    tb = T.Testbed()
    yield tb
    tb.close()


@pytest.fixture
def start(bus, testbed):
    """start(*args) runs orientd on the private bus against the testbed; stopped afterwards."""
    daemons = []

    def run(*args, wait=True):
        d = T.Orientd(bus, testbed, args, wait=wait)
        daemons.append(d)
        return d
    yield run
    for d in daemons:
        d.stop()


@pytest.fixture
def sensor_proxy(bus, testbed):
    """start() runs iio-sensor-proxy 3.0 on the private bus; stopped afterwards."""
    procs = []

    def run():
        p = T.start_iio_sensor_proxy(bus, testbed)
        procs.append(p)
        return p
    yield run
    for p in procs:
        p.kill()
        p.wait()
