"""Release is release (net.hadess.SensorProxy light, proximity and compass): after the last
Release nothing is read and nothing is signalled, though the set-up lingers for a second, so
a claim/release storm still costs one start; and sleep stops a claimed light, which reads a
fresh value right after resume."""
import re
import time

import dbus
import pytest

import buffered_fakes as B
import orientd_testbed as T
from test_sleep import logind, prepare_for_sleep  # noqa: F401 (fixture)
import contract as C

NAME = C.SensorProxy.busName
PATH = C.SensorProxy.objectPath
IFACE = C.SensorProxy.interface
COMPASS = (C.SensorProxy.compassPath, C.SensorProxy.compassInterface)


class Watcher:
    """One connection: a sensor's claim and release, its property, and every
    PropertiesChanged of its interface."""

    def __init__(self, bus, path, iface):
        self.conn = dbus.bus.BusConnection(bus.address)
        assert T.wait_for(lambda: self.conn.name_has_owner(NAME), 10)
        self.obj = self.conn.get_object(NAME, path)
        self.iface = iface
        self.changes = []
        self.conn.add_signal_receiver(self._changed, signal_name='PropertiesChanged',
                                      dbus_interface='org.freedesktop.DBus.Properties', path=path)

    def _changed(self, iface, changed, invalidated):
        if str(iface) == self.iface:
            self.changes.append((time.monotonic(), {str(k): v for k, v in changed.items()}, [str(n) for n in invalidated]))

    def get(self, prop):
        return self.obj.Get(self.iface, prop, dbus_interface='org.freedesktop.DBus.Properties')

    def call(self, member):
        getattr(self.obj, member)(dbus_interface=self.iface)

    def pump(self, seconds):
        T.Client.pump(None, seconds)


def light(testbed):
    dev = T.add_light(testbed, {'in_illuminance_input': '100'})
    return dev, lambda v: dev.write('in_illuminance_input', str(v)), [100.0, 300.0, 42.0]


def proximity(testbed):
    dev = T.add_proximity(testbed, raw='0', props={'PROXIMITY_NEAR_LEVEL': '50'})
    return dev, lambda v: dev.write('in_proximity_raw', str(v)), [False, True, False]


def compass(testbed):
    dev = B.add_compass(testbed, attrs={'in_rot_scale': '0.1'})
    return dev, lambda v: dev.set_raw(int(v * 10)), [0.0, 90.0, 180.0]


SENSORS = {
    # name: (fake, path, interface, claim, release, property)
    'light': (light, PATH, IFACE, 'ClaimLight', 'ReleaseLight', 'LightLevel'),
    'proximity': (proximity, PATH, IFACE, 'ClaimProximity', 'ReleaseProximity', 'ProximityNear'),
    'compass': (compass, COMPASS[0], COMPASS[1], 'ClaimCompass', 'ReleaseCompass', 'CompassHeading'),
}


def raw_for(name, value):
    return {'proximity': 100 if value else 0}.get(name, value)


@pytest.mark.parametrize('name', sorted(SENSORS))
def test_nothing_is_read_or_signalled_after_the_last_release(testbed, bus, start, name):
    make, path, iface, claim, release, prop = SENSORS[name]
    dev, set_value, values = make(testbed)
    d = start('--sensor-proxy-compat')
    w = Watcher(bus, path, iface)
    w.call(claim)
    set_value(raw_for(name, values[1]))
    assert T.wait_for(lambda: w.get(prop) == values[1], 5), d.output()
    w.pump(0.3)                             # signals of the claimed period are in
    before = len(w.changes)
    w.call(release)
    set_value(raw_for(name, values[2]))     # changed right after the release, inside the linger
    w.pump(1.6)
    assert w.get(prop) == values[1], 'a value changed after the last release was read: ' + d.output()
    late = [c for c in w.changes[before:] if prop in c[1]]
    assert late == [], 'signalled after the last release: %r' % late
    # Claimed again, the sensor reads the new value.
    w.call(claim)
    assert T.wait_for(lambda: w.get(prop) == values[2], 5), d.output()


def test_a_claim_release_storm_costs_one_start(testbed, bus, start):
    dev, set_value, values = compass(testbed)
    d = start('--sensor-proxy-compat')
    w = Watcher(bus, *COMPASS)
    for _ in range(50):
        w.call('ClaimCompass')
        w.call('ReleaseCompass')
    w.pump(1.5)
    out = d.output()
    assert len(re.findall(r'compass source started', out)) == 1, out
    assert T.wait_for(lambda: 'compass source stopped' in d.output(), 3), d.output()
    assert dev.read('buffer/enable') == '0'


def test_a_claimed_light_is_not_read_while_asleep_and_reads_fresh_after_resume(testbed, bus, start, logind):  # noqa: F811
    dev, set_value, _ = light(testbed)
    d = start('--sensor-proxy-compat')
    w = Watcher(bus, PATH, IFACE)
    w.call('ClaimLight')
    assert T.wait_for(lambda: w.get('LightLevel') == 100.0, 5), d.output()
    prepare_for_sleep(logind, True)
    assert T.wait_for(lambda: 'going to sleep' in d.output() or 'goes to sleep' in d.output(), 5), d.output()
    w.pump(0.2)
    asleep = len(w.changes)
    set_value(555)                            # changed while asleep
    w.pump(1.0)
    assert w.get('LightLevel') == 100.0, 'read while asleep: ' + d.output()
    assert w.changes[asleep:] == [], 'signalled while asleep'
    resumed = time.monotonic()
    prepare_for_sleep(logind, False)
    assert T.wait_for(lambda: w.get('LightLevel') == 555.0, 2), d.output()
    w.pump(0.05)
    fresh = [c[0] for c in w.changes if c[0] > resumed and c[1].get('LightLevel') == 555.0]
    assert fresh, 'no PropertiesChanged with the fresh level'
    latency = fresh[0] - resumed
    print('resume_to_fresh_light_ms: %.0f' % (latency * 1000))
    assert latency < 0.3, 'a fresh value within 300 ms of resume'
