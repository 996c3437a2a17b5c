"""Buffered ambient light (a HID sensor hub's `in_intensity_both` scan element) on
net.hadess.SensorProxy: orientd and iio-sensor-proxy 3.0 run in turn on the same fake device
and the same private bus, and must report the same levels (within 1 %) and units and the same
HasAmbientLight across hotplug; Debian's monitor-sensor must follow both."""
import math
import re

import dbus
import pytest

import buffered_fakes as B
import orientd_testbed as T
from test_light_proximity import ISP, keep_alive, run_daemon, session, settled
from test_sensor_proxy import monitor_sensor, read_until


def light_run(kind, bus, testbed, dev, values):
    dev.use('file' if kind == 'iio-sensor-proxy' else 'fifo')
    stop, output = run_daemon(kind, bus, testbed)
    seen = {}
    try:
        conn, proxy, get = session(bus)
        seen['has'] = bool(get('HasAmbientLight'))
        proxy.ClaimLight(dbus_interface=ISP[2])
        levels = []
        previous = get('LightLevel')
        for value in values:
            dev.set_raw(value)
            previous = settled(get, 'LightLevel', previous)
            levels.append((float(previous), str(get('LightLevelUnit'))))
        seen['levels'] = levels
        dev.remove()
        T.wait_for(lambda: not get('HasAmbientLight'), 5)
        seen['has_after_remove'] = bool(get('HasAmbientLight'))
        dev.replug()
        T.wait_for(lambda: get('HasAmbientLight'), 5)
        seen['has_after_replug'] = bool(get('HasAmbientLight'))
        proxy.ReleaseLight(dbus_interface=ISP[2])
        conn.close()
    finally:
        stop()
    T.wait_for(lambda: not dbus.bus.BusConnection(bus.address).name_has_owner(ISP[0]), 5)
    return seen, output()


VARIANTS = {
    # name: (attributes, raw values written, lux expected per value)
    'type_scale': ({'in_intensity_scale': '0.5'}, [1000, 43211], [500.0, 21605.5]),
    'channel_scale': ({'in_intensity_both_scale': '0.01'}, [12345, 7], [123.45, 0.07]),
    'no_scale': ({}, [250, 80000], [250.0, 80000.0]),
}


@pytest.mark.parametrize('variant', sorted(VARIANTS))
def test_buffered_light_matches_iio_sensor_proxy(testbed, bus, variant):
    attrs, values, expected = VARIANTS[variant]
    dev = B.add_buffered_light(testbed, attrs=attrs)
    keep_alive(testbed)
    theirs, their_log = light_run('iio-sensor-proxy', bus, testbed, dev, values)
    dev.set_raw(0)
    for attr, value in (('buffer/enable', '0'), ('trigger/current_trigger', '')):   # iio-sensor-proxy leaves them set
        dev.write(attr, value)
    ours, our_log = light_run('orientd', bus, testbed, dev, values)
    assert theirs['has'] is True, their_log
    assert ours['has'] is True, our_log
    assert len(ours['levels']) == len(theirs['levels']) == len(values), (ours, theirs)
    for mine, their, lux in zip(ours['levels'], theirs['levels'], expected):
        assert mine[1] == their[1] == 'lux', (ours, theirs)
        assert math.isclose(mine[0], their[0], rel_tol=0.01), (ours, theirs)
        assert math.isclose(mine[0], lux, rel_tol=0.01), (ours, expected, our_log)
    assert ours['has_after_remove'] == theirs['has_after_remove'] == False, (ours, theirs, our_log)
    assert ours['has_after_replug'] == theirs['has_after_replug'] == True, (ours, theirs, our_log)


@pytest.mark.parametrize('kind', ['iio-sensor-proxy', 'orientd'])
def test_monitor_sensor_follows_buffered_light(testbed, bus, kind):
    dev = B.add_buffered_light(testbed, attrs={'in_intensity_scale': '0.5'},
                               mode='file' if kind == 'iio-sensor-proxy' else 'fifo')
    keep_alive(testbed)
    dev.set_raw(24)
    stop, output = run_daemon(kind, bus, testbed)
    m = monitor_sensor(bus)
    try:
        out = read_until(m, r'=== Has ambient light sensor', 10)
        assert '=== Has ambient light sensor' in out, out + output()
        dev.set_raw(691)
        out = read_until(m, r'Light changed: 345\.50* \(lux\)')
        assert re.search(r'Light changed: 345\.50* \(lux\)', out), out + output()
        dev.set_raw(5)
        out = read_until(m, r'Light changed: 2\.50* \(lux\)')
        assert re.search(r'Light changed: 2\.50* \(lux\)', out), out + output()
    finally:
        m.kill()
        m.wait()
        stop()


def test_buffered_light_runs_only_while_claimed(testbed, bus):
    dev = B.add_buffered_light(testbed, attrs={'in_intensity_scale': '0.5'})
    dev.set_raw(10)
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        conn, proxy, get = session(bus)
        assert get('HasAmbientLight') is not False, d.output()
        T.wait_for(lambda: False, 1.0)
        assert 'ambient light source started' not in d.output()
        assert not dev.buffer_enabled()
        proxy.ClaimLight(dbus_interface=ISP[2])
        assert T.wait_for(lambda: float(get('LightLevel')) == 5.0), d.output()
        assert str(get('LightLevelUnit')) == 'lux'
        assert dev.buffer_enabled()
        conn.close()                               # leaving the bus releases the claim
        assert T.wait_for(lambda: 'ambient light source stopped' in d.output(), 5), d.output()
        assert not dev.buffer_enabled()
        assert dev.read('trigger/current_trigger') == ''
    finally:
        d.stop()


def test_polled_light_wins_over_buffered(testbed, bus):
    """A HID hub offers `in_illuminance_input` and the `in_intensity_both` scan element;
    iio-sensor-proxy tries its polled driver first, and so does orientd. When the polled
    sensor goes, the buffered one takes over."""
    buffered = B.add_buffered_light(testbed)
    buffered.set_raw(77)
    polled = T.add_light(testbed, {'in_illuminance_input': '12.5'})
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        conn, proxy, get = session(bus)
        proxy.ClaimLight(dbus_interface=ISP[2])
        assert T.wait_for(lambda: float(get('LightLevel')) == 12.5), d.output()
        assert not buffered.buffer_enabled()
        polled.remove()
        assert T.wait_for(lambda: float(get('LightLevel')) == 77.0), d.output()
        assert get('HasAmbientLight') is not False
        assert buffered.buffer_enabled()
    finally:
        d.stop()


def test_buffered_light_drops_negative_levels(testbed, bus):
    """A negative level is a driver error, not darkness: dropped with its reason. The fake
    sends a scan only when the value changes, as HID sensor hubs do."""
    dev = B.add_buffered_light(testbed, attrs={'in_intensity_scale': '0.5'}, hz=0)
    dev.set_raw(40)
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        conn, proxy, get = session(bus)
        proxy.ClaimLight(dbus_interface=ISP[2])
        assert T.wait_for(lambda: float(get('LightLevel')) == 20.0), d.output()
        dev.set_raw(-8)
        assert T.wait_for(lambda: 'ambient light reading dropped: in_intensity_both gives a negative level -4.0' in d.output()), d.output()
        assert float(get('LightLevel')) == 20.0
        dev.set_raw(9)
        assert T.wait_for(lambda: float(get('LightLevel')) == 4.5), d.output()
    finally:
        d.stop()
