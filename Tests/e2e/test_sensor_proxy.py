"""net.hadess.SensorProxy compatibility: a client nobody here wrote (Debian's monitor-sensor)
against orientd, and orientd's interface against the one iio-sensor-proxy publishes."""
import os
import re
import subprocess
import time

import dbus
import pytest

import orientd_testbed as T
import contract as C

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)


def monitor_sensor(bus):
    env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
    env['DBUS_SYSTEM_BUS_ADDRESS'] = bus.address
    proc = subprocess.Popen(['monitor-sensor'], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    os.set_blocking(proc.stdout.fileno(), False)
    proc.seen = ''
    return proc


def read_until(proc, pattern, timeout=5.0):
    """Lines of `proc` until one matches `pattern` (non-blocking reads on its stdout)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            proc.seen += os.read(proc.stdout.fileno(), 65536).decode(errors='replace')
        except BlockingIOError:
            pass
        if re.search(pattern, proc.seen):
            return proc.seen
        time.sleep(0.02)
    return proc.seen


def stops(d):
    """How often the daemon stopped its sensor (its debug log says so each time)."""
    return len(re.findall(r'source .* stopped', d.output()))


@pytest.mark.parametrize('variant', ['poll', 'buffer'])
def test_monitor_sensor_sees_orientation_changes(testbed, start, bus, variant):
    acc = testbed.accelerometer(variant=variant)
    d = start('--sensor-proxy-compat')
    m = monitor_sensor(bus)
    try:
        out = read_until(m, r'Accelerometer orientation changed: normal')
        assert '=== Has accelerometer' in out, out + d.output()
        assert 'Accelerometer orientation changed: normal' in out, out + d.output()
        for pose, name in [('landscapeLeft', 'right-up'), ('portraitUpsideDown', 'bottom-up'), ('landscapeRight', 'left-up')]:
            acc.set_pose(pose)
            out = read_until(m, 'Accelerometer orientation changed: ' + name)
            assert 'changed: ' + name in out, out + d.output()
        # The claim is held by monitor-sensor's connection: the sensor runs, but a claim is
        # not a Begin, so IsGeneratingNotifications stays false.
        assert stops(d) == 0, d.output()
        assert d.client.get('IsGeneratingNotifications') is False
    finally:
        m.kill()
        m.wait()
    # monitor-sensor left without releasing: its claim went with it, and the sensor stops
    # after the linger.
    assert T.wait_for(lambda: stops(d) == 1), d.output()


def test_claims_are_idempotent_and_share_the_hub(testbed, start, bus):
    testbed.accelerometer(pose='landscapeRight')
    d = start('--sensor-proxy-compat')
    conn = dbus.bus.BusConnection(bus.address)
    proxy = conn.get_object(*ISP[:2])
    props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')
    proxy.ClaimAccelerometer(dbus_interface=ISP[2])
    proxy.ClaimAccelerometer(dbus_interface=ISP[2])
    assert T.wait_for(lambda: str(props.Get(ISP[2], 'AccelerometerOrientation')) == 'left-up'), d.output()
    assert props.Get(ISP[2], 'HasAccelerometer') is not False
    # A claim runs the sensor but is not a Begin: IsGeneratingNotifications follows Begins only.
    assert d.client.get('IsGeneratingNotifications') is False
    assert stops(d) == 0
    # One Release undoes both Claims (idempotent per caller, as in iio-sensor-proxy); the
    # sensor stops after the linger.
    proxy.ReleaseAccelerometer(dbus_interface=ISP[2])
    assert T.wait_for(lambda: stops(d) == 1), d.output()
    # A Release without a claim is not an error there either.
    proxy.ReleaseAccelerometer(dbus_interface=ISP[2])
    # A Begin on orientd's own interface and a Claim hold the same sensor.
    d.client.begin()
    assert d.client.get('IsGeneratingNotifications') is True
    proxy.ClaimAccelerometer(dbus_interface=ISP[2])
    d.client.end()
    assert d.client.get('IsGeneratingNotifications') is False
    time.sleep(1.5)  # longer than the linger: the claim alone keeps the sensor running
    assert stops(d) == 1, d.output()
    proxy.ReleaseAccelerometer(dbus_interface=ISP[2])
    assert T.wait_for(lambda: stops(d) == 2), d.output()
    assert str(props.Get(ISP[2], 'AccelerometerTilt')) in ('vertical', 'undefined')
    assert props.Get(ISP[2], 'HasAmbientLight') is not True
    compass = dbus.Interface(conn.get_object(ISP[0], '/net/hadess/SensorProxy/Compass'), 'org.freedesktop.DBus.Properties')
    assert compass.Get('net.hadess.SensorProxy.Compass', 'HasCompass') is not True


def test_tilt_follows_the_screen(testbed, start, bus):
    acc = testbed.accelerometer()
    d = start('--sensor-proxy-compat')
    conn = dbus.bus.BusConnection(bus.address)
    # orientd asks for its own name first: the compatibility name follows a moment later.
    assert T.wait_for(lambda: conn.name_has_owner(ISP[0])), d.output()
    proxy = conn.get_object(*ISP[:2])
    props = dbus.Interface(proxy, 'org.freedesktop.DBus.Properties')
    proxy.ClaimAccelerometer(dbus_interface=ISP[2])
    tilt = lambda: str(props.Get(ISP[2], 'AccelerometerTilt'))
    assert T.wait_for(lambda: tilt() == 'vertical'), d.output()
    acc.set_vector(0, -T.G * 0.64, -T.G * 0.77)       # leaning back 50°
    assert T.wait_for(lambda: tilt() == 'tilted-up'), tilt()
    acc.set_pose('faceUp')
    assert T.wait_for(lambda: tilt() == 'face-up'), tilt()
    acc.set_pose('faceDown')
    assert T.wait_for(lambda: tilt() == 'face-down'), tilt()


def interface_members(xml, name):
    """{(kind, name): (type, access)} of one interface in introspection XML."""
    body = xml[xml.index('<interface name="%s">' % name):]
    body = body[:body.index('</interface>')]
    members = {}
    for kind, attrs in re.findall(r'<(method|property|signal)\s([^>]*)>', body):
        a = dict(re.findall(r'(\w+)="([^"]*)"', attrs))
        members[(kind, a['name'])] = (a.get('type'), a.get('access'))
    return members


def introspect(bus, name, path):
    return subprocess.run(['busctl', '--address=' + bus.address, 'introspect', '--xml-interface', name, path],
                          capture_output=True, text=True, check=True).stdout


def test_interface_matches_iio_sensor_proxy(testbed, bus):
    testbed.accelerometer(props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'})
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root,
               DBUS_SYSTEM_BUS_ADDRESS=bus.address)
    isp = subprocess.Popen(['/usr/sbin/iio-sensor-proxy'], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = T.Client(bus.address)
    try:
        assert T.wait_for(lambda: client.bus.name_has_owner(ISP[0]), 10)
        theirs = {path: interface_members(introspect(bus, ISP[0], path), iface) for path, iface in
                  [(ISP[1], ISP[2]), ('/net/hadess/SensorProxy/Compass', 'net.hadess.SensorProxy.Compass')]}
    finally:
        isp.kill()
        isp.wait()
    assert T.wait_for(lambda: not client.bus.name_has_owner(ISP[0]))
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        ours = {path: interface_members(introspect(bus, ISP[0], path), iface) for path, iface in
                [(ISP[1], ISP[2]), ('/net/hadess/SensorProxy/Compass', 'net.hadess.SensorProxy.Compass')]}
    finally:
        d.stop()
    for path in theirs:
        assert theirs[path], path
        missing = {k: v for k, v in theirs[path].items() if ours[path].get(k) != v}
        assert not missing, (path, missing)
    # The one addition: AccelerometerTilt (iio-sensor-proxy 3.1 and later).
    extra = set(ours[ISP[1]]) - set(theirs[ISP[1]])
    assert extra <= {('property', 'AccelerometerTilt')}, extra
