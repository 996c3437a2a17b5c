"""org.orientd.Pressure1 on a fake barometer (umockdev): HasPressure to every client, the
pressure in kPa read only while claimed and sent to the claimants only, values that are not
pressures dropped, the claim ended by the caller leaving the bus; in_pressure_input as read and
in_pressure_raw as (raw + offset) × scale."""
import time

import dbus
import pytest

import orientd_testbed as T
import contract as C

PRESSURE = (C.Pressure1.busName, C.Pressure1.objectPath, C.Pressure1.interface)


class Listener:
    """A client of its own connection that records the PropertiesChanged of Pressure1."""

    def __init__(self, bus):
        self.conn = dbus.bus.BusConnection(bus.address)
        self.changes = []
        self.conn.add_signal_receiver(self._changed, signal_name='PropertiesChanged',
                                      dbus_interface='org.freedesktop.DBus.Properties', path=PRESSURE[1])
        proxy = self.conn.get_object(*PRESSURE[:2])
        self.pressure = dbus.Interface(proxy, PRESSURE[2])
        self.props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')

    def _changed(self, interface, changed, invalidated):
        if interface == PRESSURE[2]:
            for name, value in changed.items():
                self.changes.append((str(name), bool(value) if isinstance(value, dbus.Boolean) else float(value)))

    def get(self, name):
        value = self.props.Get(PRESSURE[2], name)
        return bool(value) if isinstance(value, dbus.Boolean) else float(value)

    def saw(self, name, value, timeout=5.0):
        def seen():
            T.Client.pump(None, 0)
            return (name, value) in self.changes
        return T.wait_for(seen, timeout)

    def sync(self):
        """A call and its reply: every signal sent to this connection before it has arrived."""
        self.get(C.Pressure1.hasPressure)
        T.Client.pump(None, 0.1)

    def close(self):
        self.conn.close()


@pytest.fixture
def listener(bus, request):
    """listener() connects one more client, closed after the test."""
    def connect():
        one = Listener(bus)
        request.addfinalizer(one.close)
        return one
    return connect


def add_barometer(testbed, attrs):
    s = T.FakeSimpleSensor(testbed.tb, 'iio:device%d' % T._next_iio_index(testbed), 'iio',
                           dict({'name': 'bmp280'}, **attrs), {'NAME': '"bmp280"'})
    testbed.devices.append(s)
    return s


def test_a_claim_reads_the_pressure_and_its_changes_reach_the_claimants_only(testbed, start, listener):
    baro = add_barometer(testbed, {'in_pressure_input': '101.325'})
    d = start('--source', 'none')
    claimant, bystander = listener(), listener()
    assert claimant.get(C.Pressure1.hasPressure) is True, d.output()
    time.sleep(1.0)
    assert 'pressure source started' not in d.output(), 'read before any claim'
    assert claimant.get(C.Pressure1.pressure) == 0.0
    claimant.pressure.ClaimPressure()
    claimant.pressure.ClaimPressure()                    # idempotent per caller
    assert T.wait_for(lambda: claimant.get(C.Pressure1.pressure) == 101.325), d.output()
    baro.write('in_pressure_input', '99.5')
    assert claimant.saw(C.Pressure1.pressure, 99.5), (claimant.changes, d.output())
    # Not pressures: dropped, the last reading stays.
    for bad in ['nan', '-3', '250000']:
        baro.write('in_pressure_input', bad)
        time.sleep(1.3)                                  # past one poll (1 s)
        assert claimant.get(C.Pressure1.pressure) == 99.5, (bad, d.output())
    assert 'pressure reading dropped' in d.output(), d.output()
    bystander.sync()
    assert C.Pressure1.pressure not in {n for n, _ in bystander.changes}, bystander.changes
    assert bystander.get(C.Pressure1.pressure) == 99.5, 'a Get answers without a claim'
    claimant.close()                                     # leaving the bus ends the claim
    assert T.wait_for(lambda: 'pressure source stopped' in d.output(), 5), d.output()
    assert d.output().count('pressure source started') == 1, d.output()
    # Has changes reach every client.
    baro.remove()
    assert bystander.saw(C.Pressure1.hasPressure, False), (bystander.changes, d.output())


def test_raw_counts_are_offset_then_scaled_and_release_stops_the_reads(testbed, start, listener):
    add_barometer(testbed, {'in_pressure_raw': '1000', 'in_pressure_scale': '0.1', 'in_pressure_offset': '13.25'})
    d = start('--source', 'none')
    client = listener()
    client.pressure.ClaimPressure()
    assert T.wait_for(lambda: abs(client.get(C.Pressure1.pressure) - 101.325) < 1e-6), d.output()
    client.pressure.ReleasePressure()
    client.pressure.ReleasePressure()                    # no claim: not an error
    assert T.wait_for(lambda: 'pressure source stopped' in d.output(), 5), d.output()


def test_without_a_barometer_there_is_no_pressure(testbed, start, listener):
    add_barometer(testbed, {'in_illuminance_input': '3'})  # not a pressure sensor
    d = start('--source', 'none')
    client = listener()
    assert client.get(C.Pressure1.hasPressure) is False, d.output()
    client.pressure.ClaimPressure()
    time.sleep(0.5)
    assert client.get(C.Pressure1.pressure) == 0.0


def test_orientctl_lists_barometers_and_refusals(testbed):
    import os
    import re
    import subprocess
    add_barometer(testbed, {'in_pressure_input': '101.325'})
    add_barometer(testbed, {'in_pressure_raw': '1000', 'in_pressure_scale': '0.1'})
    add_barometer(testbed, {'in_pressure_raw': '1000', 'in_pressure_scale': '-2'})
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    r = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stdout + r.stderr
    blocks = dict(re.findall(r'^(iio:device\d+)\n((?:  .*\n)+)', r.stdout, re.M))
    assert 'role:               pressure' in blocks['iio:device0'], r.stdout
    assert 'served on /org/orientd/Pressure1 (org.orientd.Pressure1 on org.orientd.Orientation1)' in blocks['iio:device0'], r.stdout
    assert 'polled in_pressure_input every 1000 ms (processed, kPa)' in blocks['iio:device0'], r.stdout
    assert 'not used (another pressure sensor is)' in blocks['iio:device1'], r.stdout
    assert 'raw, scale 0.1 (in_pressure_scale), offset 0.0' in blocks['iio:device1'], r.stdout
    assert 'refused:            in_pressure_scale -2 is not a positive number' in blocks['iio:device2'], r.stdout
