"""Where orientd is absent, liborientd follows iio-sensor-proxy 3.0 (Debian 12's
net.hadess.SensorProxy): a claim for the process's begins, the orientation mapped to the
seven names, and what iio-sensor-proxy cannot give reported as unavailable, not faked.
orientd appearing later takes over."""
import pytest

import orientd_testbed as T
from client_harness import Client, Heard, pump, pump_until
from orientd_client import OrientdError

UNAVAILABLE = -2
PROXY = 'net.hadess.SensorProxy'


def test_fallback_to_iio_sensor_proxy(testbed, sensor_proxy, start, bus):
    acc = testbed.accelerometer(props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    isp = sensor_proxy()
    watcher = T.Client(bus.address)
    assert T.wait_for(lambda: watcher.bus.name_has_owner(PROXY), 10)
    c = Client(bus.address)
    assert c.backend == 'sensorProxy'
    heard, screens = Heard(), Heard()
    c.observe_orientation(heard)
    c.observe_screen_orientation(screens)
    c.begin()
    c.begin()
    assert pump_until(c, lambda: heard.names == ['portrait'], 10), heard.names
    for pose in ('landscapeLeft', 'landscapeRight', 'portraitUpsideDown'):
        acc.set_pose(pose)
        assert pump_until(c, lambda: heard.names[-1:] == [pose], 10), (pose, heard.names)
    assert screens.names == ['portrait', 'landscapeLeft', 'landscapeRight', 'portraitUpsideDown']
    # No lock, no gravity, no posture, no supported list from iio-sensor-proxy.
    for call in (lambda: c.lock('portrait'), c.gravity):
        with pytest.raises(OrientdError) as e:
            call()
        assert e.value.code == UNAVAILABLE
    assert c.posture is None and c.tablet_mode is None and c.supported_screen_orientations == []
    # orientd appearing takes over: one Begin there, one announcement.
    d = start()
    assert pump_until(c, lambda: c.backend == 'orientd')
    assert pump_until(c, lambda: len(heard.names) == 5), heard.names
    assert heard.names[-1] == 'portraitUpsideDown'
    assert d.client.get('IsGeneratingNotifications') is True
    c.lock('landscapeLeft')
    assert d.client.get('ScreenOrientationLock') == 'landscapeLeft'
    c.close()


def proxy_orientation(watcher):
    obj = watcher.bus.get_object(PROXY, '/net/hadess/SensorProxy')
    return str(obj.Get(PROXY, 'AccelerometerOrientation', dbus_interface='org.freedesktop.DBus.Properties'))


def test_fallback_claim_follows_begin_and_end(testbed, sensor_proxy, bus):
    """The claim is held while the process's begins outnumber its ends: iio-sensor-proxy reads
    the accelerometer (and its AccelerometerOrientation moves) only then."""
    acc = testbed.accelerometer(props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    sensor_proxy()
    watcher = T.Client(bus.address)
    assert T.wait_for(lambda: watcher.bus.name_has_owner(PROXY), 10)
    c = Client(bus.address)
    heard = Heard()
    c.observe_orientation(heard)
    c.begin()
    assert pump_until(c, lambda: heard.names == ['portrait'], 10)
    c.end()
    pump(c, 0.5)
    acc.set_pose('landscapeLeft')
    pump(c, 2.0)
    assert proxy_orientation(watcher) == 'normal'    # released: nobody reads the sensor
    assert heard.names == ['portrait'] and c.orientation == 'unknown', heard.names
    c.begin()
    assert pump_until(c, lambda: heard.names[-1:] == ['landscapeLeft'], 10), heard.names
    assert proxy_orientation(watcher) == 'right-up'
    c.close()
