"""An input accelerometer that sends no event answers at once: its current axis values (what
EVIOCGABS gives when the node is opened) are the first reading, so a claim on
net.hadess.SensorProxy returns with the pose of now and monitor-sensor prints it, as
iio-sensor-proxy 3.7 does for its input-accel driver. The fakes send nothing: the fifo stays
empty, only the ioctl tree answers."""
import dbus
import pytest

import orientd_testbed as T
import contract as C
from input_fakes import FakeInputAccelerometer
from test_input_accelerometer import node_open
from test_sensor_proxy import monitor_sensor, read_until

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)
NAMES = {'portrait': 'normal', 'landscapeLeft': 'right-up', 'portraitUpsideDown': 'bottom-up', 'landscapeRight': 'left-up'}
# iio-sensor-proxy 3.7's own fake: no INPUT_PROP_ACCELEROMETER, no resolution, 256 counts per g.
SHAPES = {
    'accelerometer-property': dict(counts_per_g=1024),
    'bare-256-per-g': dict(counts_per_g=256, resolution=0, accelerometer_prop=False),
}


@pytest.mark.parametrize('shape', sorted(SHAPES))
@pytest.mark.parametrize('pose', ['landscapeLeft', 'portraitUpsideDown'])
def test_a_claim_answers_the_pose_of_a_silent_device(testbed, start, bus, shape, pose):
    FakeInputAccelerometer(testbed, pose=pose, **SHAPES[shape])
    d = start('--sensor-proxy-compat')
    conn = dbus.bus.BusConnection(bus.address)
    try:
        proxy = conn.get_object(*ISP[:2])
        props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')
        assert props.Get(ISP[2], 'HasAccelerometer'), d.output()
        dbus.Interface(proxy, ISP[2]).ClaimAccelerometer()
        assert str(props.Get(ISP[2], 'AccelerometerOrientation')) == NAMES[pose], d.output()
    finally:
        conn.close()


@pytest.mark.parametrize('shape', sorted(SHAPES))
def test_monitor_sensor_prints_the_pose_of_a_silent_device(testbed, start, bus, shape):
    FakeInputAccelerometer(testbed, pose='landscapeRight', **SHAPES[shape])
    d = start('--sensor-proxy-compat')
    m = monitor_sensor(bus)
    try:
        out = read_until(m, r'left-up', 5)
        assert '=== Has accelerometer' in out, out + d.output()
        assert 'left-up' in out, out + d.output()
    finally:
        m.kill()
        m.wait()


@pytest.mark.parametrize('shape', sorted(SHAPES))
def test_a_read_before_any_claim_answers_the_pose_of_now(testbed, start, bus, shape):
    # iio-sensor-proxy 3.7 reports an input accelerometer's axis values from the moment it
    # binds it (its own test reads `normal` without a claim); orientd reads the node once for
    # the Get (opened, read, closed: nothing stays open before a claim).
    fake = FakeInputAccelerometer(testbed, pose='landscapeLeft', **SHAPES[shape])
    d = start('--sensor-proxy-compat')
    conn = dbus.bus.BusConnection(bus.address)
    try:
        props = dbus.Interface(conn.get_object(*ISP[:2]), 'org.freedesktop.DBus.Properties')
        assert str(props.Get(ISP[2], 'AccelerometerOrientation')) == 'right-up', d.output()
        assert not node_open(d, fake), 'left open after the one-shot read'
    finally:
        conn.close()


def test_an_iio_accelerometer_stays_undefined_before_a_claim(testbed, start, bus):
    # As iio-sensor-proxy 3.7 (its test_iio_poll_accel reads `undefined` before the claim).
    testbed.accelerometer(pose='landscapeLeft')
    d = start('--sensor-proxy-compat')
    conn = dbus.bus.BusConnection(bus.address)
    try:
        props = dbus.Interface(conn.get_object(*ISP[:2]), 'org.freedesktop.DBus.Properties')
        assert str(props.Get(ISP[2], 'AccelerometerOrientation')) == 'undefined', d.output()
    finally:
        conn.close()
