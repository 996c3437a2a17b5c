import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
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

    def run(*args, wait=True, preload=(), env=None):
        d = T.Orientd(bus, testbed, args, wait=wait, preload=preload, env=env)
        daemons.append(d)
        return d
    yield run
    for d in daemons:
        d.stop()


@pytest.fixture
def uinput(bus):
    """A plain file standing in for /dev/uinput (this machine has none): orientd's switch writes its events there."""
    path = os.path.join(bus.dir, 'uinput')
    open(path, 'wb').close()
    return path
