"""Fixtures for liborientd's tests: the e2e harness (a private dbus-daemon, a umockdev
testbed, the real orientd, iio-sensor-proxy 3.0) and the library under test.

ORIENTD_LIBRARY names the liborientd.so.0 to load (scripts/test-client builds it);
ORIENTD_BIN_DIR the orientd to run (`make build`)."""
import importlib.util
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'Tests', 'e2e'))
sys.path.insert(0, os.path.join(ROOT, 'examples', 'python'))
os.environ.setdefault('ORIENTD_LIBRARY', os.path.join(ROOT, '.build-liborientd', 'liborientd.so.0'))
import orientd_testbed as T  # noqa: E402

# The e2e tests' fixtures (a private bus, a testbed, orientd on both), loaded under another
# module name: both files are called conftest.
_spec = importlib.util.spec_from_file_location('e2e_conftest', os.path.join(ROOT, 'Tests', 'e2e', 'conftest.py'))
_e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_e2e)
bus, testbed, start = _e2e.bus, _e2e.testbed, _e2e.start


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
