"""ReadGravity (docs/dbus-api.md): a one-shot reading while nobody generates, the current
one while a Begin is held, the same through `orientctl get --gravity`, and NoSensor without
an accelerometer."""
import os
import subprocess

import pytest

import orientd_testbed as T
from screen_calls import ERR, error_of


def test_read_gravity_idle_and_generating(testbed, start, bus):
    acc = testbed.accelerometer()
    d = start('--poll-interval-ms', '20')
    c = d.client
    acc.set_vector(1.5, -9.5, 2.0)

    def gravity():
        return tuple(float(v) for v in c.obj().ReadGravity(dbus_interface=T.IFACE))
    idle = gravity()                                 # a one-shot reading: nobody is generating
    assert c.get('IsGeneratingNotifications') is False
    assert idle == pytest.approx((1.5, -9.5, 2.0), abs=0.01), d.output()
    c.begin()
    acc.set_vector(-9.0, 0.5, 3.0)
    assert T.wait_for(lambda: gravity() == pytest.approx((-9.0, 0.5, 3.0), abs=0.01)), (gravity(), d.output())
    out = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'get', '--gravity', '--bus', bus.address],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert [float(v) for v in out.stdout.split()] == pytest.approx([-9.0, 0.5, 3.0], abs=0.01)


def test_read_gravity_without_a_sensor(testbed, start, bus):
    d = start('--source', 'none')
    assert error_of(lambda: d.client.obj().ReadGravity(dbus_interface=T.IFACE)) == ERR + 'NoSensor'
