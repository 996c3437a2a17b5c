"""What a client reads the moment ClaimAccelerometer returns: iio-sensor-proxy 3.6 and later
return from the claim only after the sensor's first reading, so AccelerometerOrientation is
the device's pose now, also when the device turned while nobody claimed it and after the
sensor was unplugged and plugged back (compared with 3.7 on a real kxcjk1013 by the Debian 13
system test, check 9)."""
import re

import dbus
import pytest

import orientd_testbed as T
import contract as C

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)


class Claimer:
    """A client of its own connection: claims, reads the properties, releases."""

    def __init__(self, bus):
        self.conn = dbus.bus.BusConnection(bus.address)
        proxy = self.conn.get_object(*ISP[:2])
        self.sp = dbus.Interface(proxy, ISP[2])
        self.props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')

    def claim_and_read(self):
        self.sp.ClaimAccelerometer()
        return str(self.props.Get(ISP[2], 'AccelerometerOrientation'))

    def release(self):
        self.sp.ReleaseAccelerometer()

    def close(self):
        self.conn.close()


def sensor_stopped(d, count):
    """The daemon stopped its sensor `count` times (its debug log says so each time)."""
    return T.wait_for(lambda: len(re.findall(r'source .* stopped', d.output())) >= count)


@pytest.mark.parametrize('variant', ['poll', 'buffer'])
def test_claim_returns_with_the_pose_of_now(testbed, start, bus, variant):
    acc = testbed.accelerometer(variant=variant, pose='landscapeLeft')
    d = start('--sensor-proxy-compat')
    c = Claimer(bus)
    try:
        # The first claim: the sensor was never read.
        assert c.claim_and_read() == 'right-up', d.output()
        c.release()
        assert sensor_stopped(d, 1), d.output()
        # Turned while nobody claimed: the claim answers the new pose, not the old one.
        acc.set_pose('portraitUpsideDown')
        assert c.claim_and_read() == 'bottom-up', d.output()
        c.release()
        assert sensor_stopped(d, 2), d.output()
        # Unplugged, turned, plugged back: the claim answers the replugged sensor's pose.
        acc.remove()
        assert T.wait_for(lambda: not c.props.Get(ISP[2], 'HasAccelerometer')), d.output()
        acc.replug()
        acc.set_pose('landscapeRight')
        assert T.wait_for(lambda: bool(c.props.Get(ISP[2], 'HasAccelerometer'))), d.output()
        assert c.claim_and_read() == 'left-up', d.output()
    finally:
        c.close()
