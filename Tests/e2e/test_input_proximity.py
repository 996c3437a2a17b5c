"""Proximity sensors that are input devices (a SW_FRONT_PROXIMITY switch: gpio-keys proximity
sensors, input-only drivers) on net.hadess.SensorProxy: HasProximity, ProximityNear from the
switch (its state at open, then its events), the node open only while claimed, followed
through hotplug and by Debian's monitor-sensor; the udev rule starts orientd for them."""
import fnmatch
import os
import re
import subprocess

import dbus

import orientd_testbed as T
import contract as C
from input_proximity_fakes import FakeInputProximity
from test_input_accelerometer import node_open
from test_sensor_proxy import monitor_sensor, read_until

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)


def session(bus):
    conn = dbus.bus.BusConnection(bus.address)
    proxy = conn.get_object(*ISP[:2])
    props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')
    return conn, dbus.Interface(proxy, ISP[2]), lambda name: props.Get(ISP[2], name)


def test_the_switch_is_the_proximity_sensor(testbed, start, bus):
    fake = FakeInputProximity(testbed, near=True)
    d = start('--sensor-proxy-compat')
    conn, sp, get = session(bus)
    try:
        assert bool(get('HasProximity')) is True, d.output()
        assert not node_open(d, fake), 'opened before anyone claims'
        sp.ClaimProximity()
        # The state at open (EVIOCGSW): near, without any event.
        assert T.wait_for(lambda: bool(get('ProximityNear'))), d.output()
        assert node_open(d, fake)
        fake.set_near(False)
        assert T.wait_for(lambda: not get('ProximityNear')), d.output()
        fake.set_near(True)
        assert T.wait_for(lambda: bool(get('ProximityNear'))), d.output()
        sp.ReleaseProximity()
        assert T.wait_for(lambda: not node_open(d, fake), timeout=3), d.output()
        fake.remove()
        assert T.wait_for(lambda: not get('HasProximity')), d.output()
    finally:
        conn.close()


def test_monitor_sensor_follows_the_switch(testbed, start, bus):
    fake = FakeInputProximity(testbed, near=False)
    d = start('--sensor-proxy-compat')
    m = monitor_sensor(bus)
    try:
        out = read_until(m, r'=== Has proximity sensor', 10)
        assert '=== Has proximity sensor' in out, out + d.output()
        assert T.wait_for(lambda: node_open(d, fake)), d.output()
        fake.set_near(True)
        out = read_until(m, r'Proximity value changed: 1')
        assert 'Proximity value changed: 1' in out, out + d.output()
        fake.set_near(False)
        out = read_until(m, r'Proximity value changed: 0')
        assert 'Proximity value changed: 0' in out, out + d.output()
    finally:
        m.kill()
        m.wait()
    assert T.wait_for(lambda: not node_open(d, fake), timeout=3), d.output()


def test_an_input_device_without_the_switch_is_not_a_proximity_sensor(testbed, start, bus):
    # A lid switch (SW_LID, bit 0) only.
    tb = testbed.tb
    parent = tb.add_device('platform', 'lid-0', None, [], [])
    inp = tb.add_device('input', 'input9', parent, ['name', 'Lid Switch', 'capabilities/sw', '1'], ['ID_INPUT', '1', 'ID_INPUT_SWITCH', '1'])
    tb.add_device('input', 'event9', inp, ['dev', '13:73'], ['ID_INPUT', '1', 'ID_INPUT_SWITCH', '1', 'DEVNAME', '/dev/input/event9'])
    d = start('--sensor-proxy-compat')
    conn, sp, get = session(bus)
    try:
        assert bool(get('HasProximity')) is False, d.output()
    finally:
        conn.close()


def test_orientctl_sensors_names_the_switch(testbed):
    fake = FakeInputProximity(testbed, near=False)
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    r = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    block = next((b for b in r.stdout.split('\n\n') if 'SW_FRONT_PROXIMITY' in b), None)
    assert block is not None, r.stdout
    assert 'role:               proximity' in block, block
    assert 'served on net.hadess.SensorProxy' in block, block


RULES = os.path.join(T.ROOT, 'udev', '80-orientd-sensor-proxy.rules')


def test_the_udev_rule_starts_orientd_for_a_proximity_switch():
    rule = next(l for l in open(RULES).read().splitlines() if 'ID_INPUT_SWITCH' in l and not l.startswith('#'))
    assert 'SUBSYSTEM=="input"' in rule and 'ENV{ORIENTD_SENSOR_PROXY}="1"' in rule, rule
    glob = re.search(r'ATTRS\{capabilities/sw\}=="([^"]+)"', rule).group(1)
    # The kernel prints the switch bitmap in hex; SW_FRONT_PROXIMITY is bit 11 (0x800).
    for bits, expected in [(0x800, True), (0x801, True), (0xc00, True), (0x4800, True), (0x1, False),
                           (0x400, False), (0x4000, False), (0x100, False), (0x20, False)]:
        assert fnmatch.fnmatchcase('%x' % bits, glob) == expected, (hex(bits), glob)
