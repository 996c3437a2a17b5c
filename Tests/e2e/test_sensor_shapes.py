"""Sensor shapes iio-sensor-proxy 3.7 serves, on umockdev fakes, through the compat face
(net.hadess.SensorProxy) and orientd's own interface: accelerometers without a scale or with
a wrong one, base accelerometers alone, indexed channels (docs/sensor-inputs.md)."""
import os
import subprocess
import time

import dbus
import pytest

import orientd_testbed as T
import contract as C

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)


def compat(bus):
    """(proxy, get) on the compat face once it is on the bus."""
    conn = dbus.bus.BusConnection(bus.address)
    assert T.wait_for(lambda: conn.name_has_owner(ISP[0]), 10)
    proxy = conn.get_object(*ISP[:2])
    props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')
    return proxy, lambda name: props.Get(ISP[2], name)


def claimed_orientation(bus, d, expected, timeout=5.0):
    proxy, get = compat(bus)
    proxy.ClaimAccelerometer(dbus_interface=ISP[2])
    assert T.wait_for(lambda: str(get('AccelerometerOrientation')) == expected, timeout), \
        (str(get('AccelerometerOrientation')), d.output())
    return proxy, get


def sensors(testbed):
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    r = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    return r.stdout


# -- 8: no scale, or a wrong one ---------------------------------------------------------

@pytest.mark.parametrize('variant', ['poll', 'buffer'])
def test_accelerometer_without_scale_is_served_by_direction(testbed, start, bus, variant):
    acc = testbed.accelerometer(variant=variant, scale=None)
    acc.set_counts(0, -256, 0)          # 256 counts per g, a unit nobody states
    d = start('--sensor-proxy-compat')
    _, get = claimed_orientation(bus, d, 'normal')
    assert bool(get('HasAccelerometer')) is True
    acc.set_counts(256, 0, 0)
    assert T.wait_for(lambda: str(get('AccelerometerOrientation')) == 'left-up'), d.output()
    out = d.output()
    assert 'steady readings have length 256' in out and 'would give g' in out, out
    assert out.count('would give g') == 1, 'logged once'


@pytest.mark.parametrize('counts,scale,length', [
    ((0, -26000, 0), '0.009806650', '254.9'),   # 26 g at rest
    ((0, -1000, 0), '0.001', '1'),              # g reported in place of m/s²
])
def test_accelerometer_with_a_wrong_scale_is_served_by_direction(testbed, start, bus, counts, scale, length):
    acc = testbed.accelerometer(scale=scale)
    acc.set_counts(*counts)
    d = start('--sensor-proxy-compat')
    _, get = claimed_orientation(bus, d, 'normal')
    acc.set_counts(counts[1], 0, 0)
    assert T.wait_for(lambda: str(get('AccelerometerOrientation')) == 'right-up'), d.output()
    assert 'steady readings have length ' + length in d.output(), d.output()
    # orientd's own interface follows too.
    d.client.begin()
    assert d.client.wait_for('Orientation', 'landscapeLeft'), d.output()


def test_an_absurd_scale_stays_refused(testbed, start):
    testbed.accelerometer(scale='1000')
    d = start()
    assert d.client.get('HasAccelerometer') is False
    assert 'refused: in_accel_scale "1000"' in d.output(), d.output()


def test_orientctl_sensors_names_a_missing_scale(testbed):
    testbed.accelerometer(scale=None)
    out = sensors(testbed)
    assert 'refused' not in out, out
    assert 'steady length taken as g' in out, out
    assert 'the daemon takes a steady reading as g' in out, out


# -- 9: a base accelerometer is never the display one ------------------------------------

@pytest.mark.parametrize('where', [{'props': {'ACCEL_LOCATION': 'base'}}, {'attrs': {'label': 'accel-base'}}])
def test_a_lone_base_accelerometer_is_not_the_display_one(testbed, start, bus, where):
    testbed.accelerometer(pose='landscapeLeft', **where)
    d = start('--sensor-proxy-compat')
    _, get = compat(bus)
    assert bool(get('HasAccelerometer')) is False, d.output()
    assert d.client.get('HasAccelerometer') is False, d.output()
    assert d.client.begin() == 'unknown', d.output()
    assert 'base accelerometer' in d.output(), d.output()


# -- 6: indexed channels ------------------------------------------------------------------

def test_indexed_proximity_channel(testbed, start, bus):
    prox = T.FakeSimpleSensor(testbed.tb, 'iio:device0', 'iio', {'name': 'prox', 'in_proximity0_raw': '3',
                                                              'in_proximity0_nearlevel': '100'}, {'NAME': '"prox"'})
    testbed.devices.append(prox)
    d = start('--sensor-proxy-compat')
    proxy, get = compat(bus)
    assert bool(get('HasProximity')) is True, d.output()
    proxy.ClaimProximity(dbus_interface=ISP[2])
    prox.write('in_proximity0_raw', '500')
    assert T.wait_for(lambda: bool(get('ProximityNear')) is True), d.output()
    prox.write('in_proximity0_raw', '2')
    assert T.wait_for(lambda: bool(get('ProximityNear')) is False), d.output()


def test_indexed_accelerometer_channels(testbed, start, bus):
    attrs = {'name': 'accel_3d', 'in_accel_scale': '0.009806650'}
    attrs.update({'in_accel0_%s_raw' % a: v for a, v in zip('xyz', ('0', '-1000', '0'))})
    acc = T.FakeSimpleSensor(testbed.tb, 'iio:device0', 'iio', attrs, {'NAME': '"accel_3d"'})
    testbed.devices.append(acc)
    d = start('--sensor-proxy-compat')
    _, get = claimed_orientation(bus, d, 'normal')
    acc.write('in_accel0_x_raw', '-1000')
    acc.write('in_accel0_y_raw', '0')
    assert T.wait_for(lambda: str(get('AccelerometerOrientation')) == 'right-up'), d.output()


# -- 1 and 2: accelerometers that have only a buffer --------------------------------------

@pytest.mark.parametrize('trigger', [True, False])
def test_buffer_only_accelerometer(testbed, start, bus, trigger):
    acc = testbed.accelerometer(variant='buffer', raw=False, trigger=trigger)
    d = start('--sensor-proxy-compat')
    _, get = compat(bus)
    assert bool(get('HasAccelerometer')) is True, d.output()
    # Bound, nobody reads: left as found (iio-sensor-proxy 3.7 enables the scan elements
    # here; orientd keeps its guarantee, docs/sensor-inputs.md).
    time.sleep(0.3)
    assert all(acc.read('scan_elements/in_accel_%s_en' % a) == '0' for a in 'xyz')
    assert acc.read('buffer/enable') == '0'
    m_proxy, get = claimed_orientation(bus, d, 'normal')
    assert acc.read('buffer/enable') == '1'
    assert all(acc.read('scan_elements/in_accel_%s_en' % a) == '1' for a in 'xyz')
    out = sensors(testbed)
    assert 'buffer only' in out, out
    if not trigger:
        assert 'no trigger (hardware FIFO)' in out, out
    acc.set_pose('landscapeLeft')
    assert T.wait_for(lambda: str(get('AccelerometerOrientation')) == 'right-up'), d.output()
    m_proxy.ReleaseAccelerometer(dbus_interface=ISP[2])
    # Released: the buffer goes off after the stop linger, nothing is read.
    assert T.wait_for(lambda: acc.read('buffer/enable') == '0', 5), d.output()
    # orientd's own interface answers at once too.
    assert d.client.begin() == 'landscapeLeft', d.output()
    d.client.end()
    # Let go of: the device is left as found.
    assert d.stop() == 0
    assert all(acc.read('scan_elements/in_accel_%s_en' % a) == '0' for a in 'xyz')
    assert acc.read('buffer/enable') == '0'


def test_a_buffer_that_never_delivers_falls_back_to_polled_reads(testbed, start, bus):
    acc = testbed.accelerometer(variant='buffer')
    T.stop_scans(acc)                  # enables, but no scan ever comes
    d = start('--sensor-proxy-compat')
    _, get = claimed_orientation(bus, d, 'normal')
    assert T.wait_for(lambda: 'falling back to polled reads' in d.output(), 10), d.output()
    acc.set_pose('landscapeRight')
    assert T.wait_for(lambda: str(get('AccelerometerOrientation')) == 'left-up'), d.output()
    assert acc.read('buffer/enable') == '0'


# -- 3: the chip's own sampling frequency --------------------------------------------------

@pytest.mark.parametrize('current,available,chosen', [
    ('5.2', '1 3 6 12 25 50 100 200', '50'),                                     # LSM303: low to high
    ('1.560000', '800.000000 400.000000 200.000000 100.000000 50.000000 12.500000 6.250000 1.560000', '50'),  # MMA8452
    ('5.2', None, '10'),                                                         # no list: iio-sensor-proxy's floor
])
def test_polled_chip_runs_fast_enough_while_read_and_is_restored(testbed, start, bus, current, available, chosen):
    attrs = {'sampling_frequency': current}
    acc = testbed.accelerometer(variant='poll', attrs=attrs)
    if available is None:
        os.unlink(acc.path('sampling_frequency_available'))
    else:
        acc.write('sampling_frequency_available', available)
    d = start('--sensor-proxy-compat')
    assert acc.read('sampling_frequency') == current        # nobody reads: left as found
    proxy, get = claimed_orientation(bus, d, 'normal')
    assert T.wait_for(lambda: acc.read('sampling_frequency') == chosen, 3), d.output()
    proxy.ReleaseAccelerometer(dbus_interface=ISP[2])
    assert T.wait_for(lambda: acc.read('sampling_frequency') == current, 5), d.output()
    d.client.begin()
    assert T.wait_for(lambda: acc.read('sampling_frequency') == chosen, 3), d.output()
    assert d.stop() == 0
    assert acc.read('sampling_frequency') == current


# -- 4: the driver a udev rule names (IIO_SENSOR_PROXY_TYPE) ------------------------------

def test_a_rule_that_forces_polling_is_honoured(testbed, start, bus):
    acc = testbed.accelerometer(variant='buffer', props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    d = start('--sensor-proxy-compat')
    _, get = claimed_orientation(bus, d, 'normal')
    acc.set_pose('landscapeRight')
    assert T.wait_for(lambda: str(get('AccelerometerOrientation')) == 'left-up'), d.output()
    assert acc.read('buffer/enable') == '0', 'the buffer ran though a rule asks for polled reads'
    assert 'polled' in d.output()
    out = sensors(testbed)
    assert 'polled (udev IIO_SENSOR_PROXY_TYPE="iio-poll-accel")' in out, out


def test_a_light_sensor_marked_hwmon_als_outside_hwmon(testbed, start, bus):
    """Apple's SMC as iio-sensor-proxy's rule marks it: `light` on the platform device."""
    smc = T.FakeSimpleSensor(testbed.tb, 'applesmc.768', 'platform', {'light': '(128,128)'},
                             {'IIO_SENSOR_PROXY_TYPE': 'hwmon-als'})
    testbed.devices.append(smc)
    d = start('--sensor-proxy-compat')
    proxy, get = compat(bus)
    assert bool(get('HasAmbientLight')) is True, d.output()
    proxy.ClaimLight(dbus_interface=ISP[2])
    assert T.wait_for(lambda: abs(float(get('LightLevel')) - 50.0) < 0.5), (get('LightLevel'), d.output())
    assert str(get('LightLevelUnit')) == 'vendor'
    smc.write('light', '(255,255)')
    assert T.wait_for(lambda: abs(float(get('LightLevel')) - 100.0) < 0.01), d.output()
    assert 'applesmc.768' in sensors(testbed)


def test_an_unmarked_platform_device_is_not_a_light_sensor(testbed, start, bus):
    T.FakeSimpleSensor(testbed.tb, 'applesmc.768', 'platform', {'light': '(128,128)'}, {})
    d = start('--sensor-proxy-compat')
    _, get = compat(bus)
    assert bool(get('HasAmbientLight')) is False, d.output()


@pytest.mark.parametrize('mark,expected', [('iio-buffer-als', 321.0), ('iio-poll-als', 999.0)])
def test_a_rule_chooses_between_polled_and_buffered_light(testbed, start, bus, mark, expected):
    """A HID hub's light sensor with both `in_illuminance_raw` and the `in_intensity_both`
    scan element: orientd reads it polled by default, as the rule's mark says otherwise."""
    import buffered_fakes as B
    dev = B.add_buffered_light(testbed, attrs={'in_illuminance_raw': '999'}, props={'IIO_SENSOR_PROXY_TYPE': mark})
    dev.set_raw(321)
    d = start('--sensor-proxy-compat')
    proxy, get = compat(bus)
    proxy.ClaimLight(dbus_interface=ISP[2])
    assert T.wait_for(lambda: float(get('LightLevel')) == expected, 5), (float(get('LightLevel')), d.output())


@pytest.mark.parametrize('trigger', [True, False])
def test_buffer_only_accelerometer_answers_an_idle_read(testbed, start, trigger):
    acc = testbed.accelerometer(variant='buffer', raw=False, trigger=trigger, pose='landscapeRight')
    found = T.device_state(acc)
    d = start()
    assert d.client.get('Orientation') == 'landscapeRight', d.output()
    assert T.device_state(acc) == found       # one scan, then left as found
