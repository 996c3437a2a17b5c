"""Who hears what on net.hadess.SensorProxy: readings (AccelerometerOrientation,
AccelerometerTilt, LightLevel, ProximityNear) go to the callers that claimed that sensor only,
as iio-sensor-proxy 3.1 and later send them; Has* changes go to every client (GNOME Settings
reads them without a claim). A second client that only listens (a match rule for
PropertiesChanged, no claim) must not be woken by readings; orientd's own interface keeps
broadcasting."""
import time

import dbus
import pytest

import orientd_testbed as T
import contract as C

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)
READINGS = {'AccelerometerOrientation', 'AccelerometerTilt', 'LightLevel', 'LightLevelUnit', 'ProximityNear'}


class Listener:
    """A client of its own connection that records every PropertiesChanged of the compat
    interface it receives (its match rule names no destination, as GDBusProxy's)."""

    def __init__(self, bus):
        self.conn = dbus.bus.BusConnection(bus.address)
        self.changes = []
        self.conn.add_signal_receiver(self._changed, signal_name='PropertiesChanged',
                                      dbus_interface='org.freedesktop.DBus.Properties', path=ISP[1])
        proxy = self.conn.get_object(*ISP[:2])
        self.sp = dbus.Interface(proxy, ISP[2])
        self.props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')

    def _changed(self, interface, changed, invalidated):
        if interface == ISP[2]:
            for name, value in changed.items():
                self.changes.append((str(name), bool(value) if isinstance(value, dbus.Boolean) else value))

    def names(self):
        return {name for name, _ in self.changes}

    def values(self, name):
        return [value for n, value in self.changes if n == name]

    def sync(self):
        """A call to the daemon and its reply: every signal the daemon sent this connection
        before the reply has arrived (one connection's messages keep their order)."""
        self.props.Get(ISP[2], 'HasAccelerometer')
        pump(0.1)

    def close(self):
        self.conn.close()


@pytest.fixture
def listener(bus):
    """listener() connects one more client; all are closed after the test."""
    made = []

    def make():
        made.append(Listener(bus))
        return made[-1]
    yield make
    for one in made:
        one.close()


def pump(seconds):
    T.Client.pump(None, seconds)


def wait_signal(listener, name, value, timeout=5.0):
    def seen():
        pump(0)
        return value in [str(v) if isinstance(v, dbus.String) else v for v in listener.values(name)]
    return T.wait_for(seen, timeout)


def test_readings_reach_claimants_only_and_has_reaches_everyone(testbed, start, listener):
    acc = testbed.accelerometer(pose='portrait')
    light = T.add_light(testbed, {'in_illuminance_input': '120.5'})
    prox = T.add_proximity(testbed, raw='0', attrs={'in_proximity_nearlevel': '100'})
    d = start('--sensor-proxy-compat')
    claimant, bystander = listener(), listener()
    claimant.sp.ClaimAccelerometer()
    claimant.sp.ClaimLight()
    claimant.sp.ClaimProximity()
    acc.set_pose('landscapeLeft')
    light.write('in_illuminance_input', '300.25')
    prox.write('in_proximity_raw', '500')
    assert wait_signal(claimant, 'AccelerometerOrientation', 'right-up'), (claimant.changes, d.output())
    assert wait_signal(claimant, 'LightLevel', 300.25), (claimant.changes, d.output())
    assert wait_signal(claimant, 'ProximityNear', True), (claimant.changes, d.output())
    bystander.sync()
    assert not bystander.names() & READINGS, bystander.changes
    # What a client reads without a claim is still there (a Get, not a signal).
    assert str(bystander.props.Get(ISP[2], 'AccelerometerOrientation')) == 'right-up'

    # Has* changes reach both.
    acc.remove()
    prox.remove()
    assert wait_signal(bystander, 'HasAccelerometer', False), (bystander.changes, d.output())
    assert wait_signal(bystander, 'HasProximity', False), (bystander.changes, d.output())
    assert wait_signal(claimant, 'HasAccelerometer', False), (claimant.changes, d.output())
    light.remove()
    assert wait_signal(bystander, 'HasAmbientLight', False), (bystander.changes, d.output())
    bystander.sync()
    assert not bystander.names() & READINGS, bystander.changes


def test_a_released_claim_hears_no_more_readings(testbed, start, listener):
    acc = testbed.accelerometer(pose='portrait')
    d = start('--sensor-proxy-compat')
    first, second = listener(), listener()
    first.sp.ClaimAccelerometer()
    second.sp.ClaimAccelerometer()
    acc.set_pose('landscapeLeft')
    assert wait_signal(first, 'AccelerometerOrientation', 'right-up'), d.output()
    assert wait_signal(second, 'AccelerometerOrientation', 'right-up'), d.output()
    second.sp.ReleaseAccelerometer()
    acc.set_pose('landscapeRight')
    assert wait_signal(first, 'AccelerometerOrientation', 'left-up'), d.output()
    second.sync()
    assert 'left-up' not in [str(v) for v in second.values('AccelerometerOrientation')], second.changes


def test_orientd_own_interface_still_broadcasts(testbed, start, bus, listener):
    acc = testbed.accelerometer(pose='portrait')
    d = start('--sensor-proxy-compat')
    watcher = T.Client(bus.address)
    claimant = listener()
    claimant.sp.ClaimAccelerometer()
    acc.set_pose('landscapeLeft')
    assert wait_signal(claimant, 'AccelerometerOrientation', 'right-up'), d.output()
    # No Begin on this connection: OrientationDidChange still reaches it.
    assert T.wait_for(lambda: (pump(0), any(s[1] == 'landscapeLeft' for s in watcher.signals))[1]), (watcher.signals, d.output())
