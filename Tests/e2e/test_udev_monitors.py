"""One udev monitor per subsystem: with an accelerometer, a light, a proximity and a compass
sensor, seven of orientd's sensors follow `iio` and two `input`, and each subsystem is watched
through one shared monitor. A monitor is a uevent netlink socket; under umockdev's preload it
is a unix socket bound in the testbed's directory (where `uevent()` sends the events), so the
daemon's monitors are its descriptors that are such sockets."""
import os
import re

import dbus

import buffered_fakes as B
import orientd_testbed as T
import contract as C

ISP = (C.SensorProxy.busName, C.SensorProxy.objectPath, C.SensorProxy.interface)


def uevent_sockets(pid, root):
    """The paths of the unix sockets in `root` that process `pid` holds open."""
    inodes = set()
    for fd in os.listdir('/proc/%d/fd' % pid):
        try:
            target = os.readlink('/proc/%d/fd/%s' % (pid, fd))
        except FileNotFoundError:
            continue
        m = re.fullmatch(r'socket:\[(\d+)\]', target)
        if m:
            inodes.add(m.group(1))
    paths = []
    with open('/proc/%d/net/unix' % pid) as f:
        next(f)
        for line in f:
            fields = line.split()
            if len(fields) >= 8 and fields[6] in inodes and fields[7].startswith(root + '/'):
                paths.append(fields[7])
    return paths


def watched_subsystems(log):
    """The subsystems the daemon says it opened a monitor for, in order (a repeat is a second
    monitor of the same subsystem)."""
    return re.findall(r'udev: watching (\S+) events', log)


def test_one_monitor_per_subsystem(bus, testbed, start):
    testbed.accelerometer()
    light = T.add_light(testbed, {'in_illuminance_input': '40'})
    T.add_proximity(testbed, raw='10', props={'PROXIMITY_NEAR_LEVEL': '100'})
    B.add_compass(testbed, mode='file')
    d = start('--sensor-proxy-compat')
    subsystems = watched_subsystems(d.output())
    sockets = uevent_sockets(d.proc.pid, testbed.root)
    print('monitors:', len(sockets), 'subsystems:', subsystems)
    assert len(sockets) == len(set(subsystems)), 'monitors %s for subsystems %s' % (sockets, subsystems)
    assert sorted(subsystems) == sorted(set(subsystems)), 'a subsystem with two monitors: %s' % subsystems
    assert {'iio', 'input'} <= set(subsystems)

    # Every sensor still hears the shared iio monitor: the light goes and comes back.
    conn = dbus.bus.BusConnection(bus.address)
    assert T.wait_for(lambda: conn.name_has_owner(ISP[0]), 10)
    props = dbus.Interface(conn.get_object(*ISP[:2]), 'org.freedesktop.DBus.Properties')
    assert T.wait_for(lambda: props.Get(ISP[2], 'HasAmbientLight'), 5)
    light.remove()
    assert T.wait_for(lambda: not props.Get(ISP[2], 'HasAmbientLight'), 5), d.output()
    light.replug()
    assert T.wait_for(lambda: props.Get(ISP[2], 'HasAmbientLight'), 5), d.output()
    assert props.Get(ISP[2], 'HasAccelerometer') and props.Get(ISP[2], 'HasProximity'), d.output()
    conn.close()
    assert len(uevent_sockets(d.proc.pid, testbed.root)) == len(sockets), 'hotplug opened no monitor'
