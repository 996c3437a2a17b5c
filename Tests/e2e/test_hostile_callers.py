"""Hostile local callers on a bus run as Debian runs the system bus (default-deny policy, the
default limits written out, the repository's policy files): unprivileged users must neither
stop the daemon, nor freeze it, nor make it cycle the sensor."""
import json
import time

import dbus
import pytest

import orientd_testbed as T
import contract as C

# What the daemon is expected to grant (CallerLimits): tracked (resource, caller) pairs of one
# non-root user, of all users together, and callers of one resource.
PER_USER = 32
TOTAL = 384
PER_RESOURCE = 256
# A root property read while an attack runs: the answer a compositor waits for.
ROOT_READ_LIMIT_S = 0.1
LIMIT_EXCEEDED = C.ErrorName.limitExceeded
USER = 'orientd-test'

# Opens N connections one after the other; each calls Begin (and ClaimAccelerometer with the
# compatibility interface). Prints one JSON summary, then holds the connections until stdin closes.
CALLERS = r'''
import json, sys, dbus
address, n, compat = sys.argv[1], int(sys.argv[2]), sys.argv[3] == '1'
out = {'connections': 0, 'connect_failed': None, 'begin_ok': 0, 'claim_ok': 0, 'limit': 0, 'other': []}
held = []
def call(bus, name, path, iface, method, key):
    try:
        bus.get_object(name, path, introspect=False).get_dbus_method(method, iface)(timeout=10)
        out[key] += 1
    except dbus.DBusException as e:
        if e.get_dbus_name() == 'org.orientd.Orientation1.Error.LimitExceeded':
            out['limit'] += 1
        elif len(out['other']) < 5:
            out['other'].append('%s %s: %s' % (method, e.get_dbus_name(), e.get_dbus_message()))
        else:
            out['other'].append('')
for i in range(n):
    try:
        bus = dbus.bus.BusConnection(address)
    except dbus.DBusException as e:
        out['connect_failed'] = '%d: %s' % (i, e.get_dbus_name())
        break
    held.append(bus)
    out['connections'] += 1
    call(bus, 'org.orientd.Orientation1', '/org/orientd/Orientation1', 'org.orientd.Orientation1',
         'BeginGeneratingNotifications', 'begin_ok')
    if compat:
        call(bus, 'net.hadess.SensorProxy', '/net/hadess/SensorProxy', 'net.hadess.SensorProxy',
             'ClaimAccelerometer', 'claim_ok')
out['other_count'] = len(out['other'])
out['other'] = [o for o in out['other'] if o]
print(json.dumps(out), flush=True)
sys.stdin.read()
'''

# 20 calls pipelined on one connection on an object path of 64 KiB; prints each answer's
# error name and how long after sending it arrived.
LONG_PATHS = r'''
import json, sys, time, dbus, dbus.mainloop.glib
from gi.repository import GLib
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
address, shape, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
size = 64 * 1024
path = '/a' * (size // 2) if shape == 'components' else '/' + 'a' * (size - 1)
bus = dbus.bus.BusConnection(address)
bus.get_object('org.freedesktop.DBus', '/org/freedesktop/DBus').GetId(dbus_interface='org.freedesktop.DBus')
answers = []
t0 = time.monotonic()
def done(kind):
    def handler(*a):
        answers.append((time.monotonic() - t0, a[0].get_dbus_name() if kind == 'error' else 'reply'))
    return handler
for i in range(count):
    if i % 2:
        bus.call_async('org.orientd.Orientation1', path, 'org.freedesktop.DBus.Properties', 'Get', 'ss',
                       ('org.orientd.Orientation1', 'Orientation'), done('reply'), done('error'), timeout=60)
    else:
        bus.call_async('org.orientd.Orientation1', path, 'org.freedesktop.DBus.Introspectable', 'Introspect', '',
                       (), done('reply'), done('error'), timeout=60)
print('sent', flush=True)
ctx = GLib.MainContext.default()
while len(answers) < count and time.monotonic() - t0 < 60:
    ctx.iteration(True)
print(json.dumps(answers), flush=True)
'''

# One connection pipelining Begin/End pairs in batches for SECONDS.
STORM = r'''
import json, sys, time, dbus, dbus.mainloop.glib
from gi.repository import GLib
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
address, seconds = sys.argv[1], float(sys.argv[2])
bus = dbus.bus.BusConnection(address)
obj = bus.get_object('org.orientd.Orientation1', '/org/orientd/Orientation1', introspect=False)
state = {'pending': 0, 'errors': [], 'pairs': 0}
def ok(*a): state['pending'] -= 1
def err(e):
    state['pending'] -= 1
    if len(state['errors']) < 5: state['errors'].append(e.get_dbus_name())
ctx = GLib.MainContext.default()
end = time.monotonic() + seconds
while time.monotonic() < end:
    for _ in range(50):
        for m in ('BeginGeneratingNotifications', 'EndGeneratingNotifications'):
            state['pending'] += 1
            obj.get_dbus_method(m, 'org.orientd.Orientation1')(reply_handler=ok, error_handler=err, timeout=30)
        state['pairs'] += 1
    while state['pending'] > 0:
        ctx.iteration(True)
print(json.dumps(state), flush=True)
'''


@pytest.fixture(scope='module')
def user():
    return T.ensure_user(USER)


def attack_and_probe(attacker, root_client):
    """Root property reads, one every 20 ms, while `attacker` runs and until it prints its first
    line. Returns (that line, the slowest read in seconds, the number of reads)."""
    import selectors
    sel = selectors.DefaultSelector()
    sel.register(attacker.stdout, selectors.EVENT_READ)
    slowest, reads = 0.0, 0
    while True:
        try:
            elapsed, _ = T.timed_get(root_client, 'HasAccelerometer', timeout=60)
        except dbus.DBusException as e:
            raise AssertionError('root read failed during the attack: %s' % e.get_dbus_name())
        slowest, reads = max(slowest, elapsed), reads + 1
        if sel.select(timeout=0.02):
            line = attacker.stdout.readline()
            return line, slowest, reads
        if attacker.poll() is not None:
            return attacker.stdout.readline(), slowest, reads


def start_daemon(bus, testbed, *args):
    d = T.Orientd(bus, testbed, list(args))
    return d


@pytest.mark.parametrize('compat', [True, False], ids=['with-sensor-proxy', 'orientation-only'])
def test_one_user_with_every_connection_it_may_open_cannot_stop_the_daemon(user, testbed, compat):
    policies = ['org.orientd.Orientation1.conf'] + (['net.hadess.SensorProxy.conf'] if compat else [])
    bus = T.DebianSystemBus(policies)
    testbed.accelerometer(pose='portrait')
    d = start_daemon(bus, testbed, *(['--sensor-proxy-compat'] if compat else []))
    root = d.client
    try:
        n = T.DEBIAN_SYSTEM_LIMITS['max_connections_per_user']
        attacker = T.run_python_as(user, CALLERS, [bus.address, n, '1' if compat else '0'], bus.dir)
        line, slowest, reads = attack_and_probe(attacker, root)
        assert d.proc.poll() is None, 'daemon exited with %s during the attack:\n%s' % (d.proc.returncode, d.output()[-3000:])
        assert line, 'attacker: ' + attacker.stderr.read()
        out = json.loads(line)
        print('attack:', out, 'slowest root read %.4f s over %d reads' % (slowest, reads))
        granted = out['begin_ok'] + out['claim_ok']
        attempts = out['connections'] * (2 if compat else 1)
        assert out['connections'] >= n - 1, out          # the bus, not the daemon, bounds connections
        assert out['other_count'] == 0, out
        assert granted <= PER_USER, out
        assert granted + out['limit'] == attempts, out
        assert slowest < ROOT_READ_LIMIT_S, 'root read took %.3f s during the attack (%d reads)' % (slowest, reads)
        # Held connections: the daemon still serves root, fast, and root may still Begin.
        elapsed, has = T.timed_get(root, 'HasAccelerometer')
        assert has and elapsed < ROOT_READ_LIMIT_S, elapsed
        assert root.begin() == 'portrait'
        root.end()
        attacker.stdin.close()
        attacker.wait(10)
        # The user's connections are gone: its budget is free again.
        again = T.run_python_as(user, CALLERS, [bus.address, 4, '0'], bus.dir)
        line = again.stdout.readline()
        again.stdin.close()
        again.wait(10)
        assert json.loads(line)['begin_ok'] == 4, line
        assert d.proc.poll() is None, d.output()[-3000:]
    finally:
        d.stop()
        bus.close()


def test_many_users_together_stay_within_the_total(testbed):
    """Fourteen users, each with more claims than it may hold: the total bound answers
    LimitExceeded before the daemon's bus connection runs out of match rules."""
    users = [T.ensure_user('orientd-h%d' % i) for i in range(14)]
    bus = T.DebianSystemBus(['org.orientd.Orientation1.conf', 'net.hadess.SensorProxy.conf'])
    testbed.accelerometer(pose='portrait')
    d = start_daemon(bus, testbed, '--sensor-proxy-compat')
    root = d.client
    attackers = []
    try:
        results = []
        slowest_all = 0.0
        for u in users:
            a = T.run_python_as(u, CALLERS, [bus.address, 20, '1'], bus.dir)
            attackers.append(a)
            line, slowest, _ = attack_and_probe(a, root)
            slowest_all = max(slowest_all, slowest)
            assert d.proc.poll() is None, 'daemon exited with %s after %d users:\n%s' % (
                d.proc.returncode, len(results), d.output()[-3000:])
            assert line, a.stderr.read()
            results.append(json.loads(line))
        print('users:', [(r['begin_ok'], r['claim_ok'], r['limit']) for r in results], 'slowest root read %.4f s' % slowest_all)
        begins = sum(r['begin_ok'] for r in results)
        claims = sum(r['claim_ok'] for r in results)
        assert all(r['other_count'] == 0 for r in results), results
        assert all(r['begin_ok'] + r['claim_ok'] <= PER_USER for r in results), results
        assert begins <= PER_RESOURCE and claims <= PER_RESOURCE, (begins, claims)
        assert begins + claims <= TOTAL, (begins, claims)
        assert results[0]['begin_ok'] + results[0]['claim_ok'] == PER_USER, results[0]   # not over-tight
        assert slowest_all < ROOT_READ_LIMIT_S, slowest_all
        # Once users fill the total, a new caller (root too) is refused, not the daemon stopped.
        try:
            root.begin()
            root.end()
        except dbus.DBusException as e:
            assert e.get_dbus_name() == LIMIT_EXCEEDED, e
        elapsed, has = T.timed_get(root, 'HasAccelerometer')
        assert has and elapsed < ROOT_READ_LIMIT_S, elapsed
        assert d.proc.poll() is None, d.output()[-3000:]
    finally:
        for a in attackers:
            if a.poll() is None:
                a.stdin.close()
                a.wait(10)
        d.stop()
        bus.close()


@pytest.mark.parametrize('shape', ['components', 'single'])
def test_long_object_paths_are_refused_at_once(user, testbed, shape):
    bus = T.DebianSystemBus()
    acc = testbed.accelerometer(pose='portrait')
    d = start_daemon(bus, testbed)
    root = d.client
    try:
        assert root.begin() == 'portrait'
        attacker = T.run_python_as(user, LONG_PATHS, [bus.address, shape, 20], bus.dir)
        assert attacker.stdout.readline().strip() == 'sent', attacker.stderr.read()
        # A pose change reported to root while the calls are queued.
        t0 = time.monotonic()
        acc.set_pose('landscapeLeft')
        line, slowest, reads = attack_and_probe(attacker, root)
        changed = root.wait_for('Orientation', 'landscapeLeft', timeout=15)
        change_s = time.monotonic() - t0
        assert line, attacker.stderr.read()
        answers = json.loads(line)
        print('long paths: last answer %.3f s, slowest root read %.3f s over %d reads, pose change %.3f s'
              % (max(t for t, _ in answers), slowest, reads, change_s), {n for _, n in answers})
        assert len(answers) == 20, answers
        assert {name for _, name in answers} == {'org.freedesktop.DBus.Error.UnknownObject'}, answers
        last = max(t for t, _ in answers)
        assert last < 1.0, 'the 20 calls took %.2f s to answer' % last
        assert slowest < ROOT_READ_LIMIT_S, 'root read took %.3f s (%d reads)' % (slowest, reads)
        assert changed and change_s < 1.0, 'pose change reported after %.2f s' % change_s
        assert d.proc.poll() is None
    finally:
        d.stop()
        bus.close()


def test_begin_end_storm_does_not_cycle_the_sensor(user, testbed):
    bus = T.DebianSystemBus()
    acc = testbed.accelerometer(variant='buffer', pose='portrait')
    d = start_daemon(bus, testbed)
    try:
        before = d.output()
        cpu0, t0 = T.cpu_seconds(d.proc.pid), time.monotonic()
        attacker = T.run_python_as(user, STORM, [bus.address, 2.0], bus.dir)
        out, err = attacker.communicate(timeout=60)
        cpu = T.cpu_seconds(d.proc.pid) - cpu0
        wall = time.monotonic() - t0
        assert out, err
        storm = json.loads(out)
        log = d.output()[len(before):]
        starts = sum(1 for line in log.splitlines() if 'source ' in line and line.rstrip().endswith('started'))
        enables = log.count('buffer enabled')
        print('storm: %d pairs, %d starts, %d buffer enables, %.2f ms CPU per pair, %.0f %% of a core'
              % (storm['pairs'], starts, enables, 1000 * cpu / max(1, storm['pairs']), 100 * cpu / wall))
        assert storm['pairs'] > 100 and not storm['errors'], storm
        assert d.proc.poll() is None, d.output()[-3000:]
        assert starts <= 3 and enables <= 3, '%d starts, %d buffer enables for %d pairs' % (starts, enables, storm['pairs'])
        # Answering a call costs far less than starting a sensor: bounded per pair.
        assert cpu / storm['pairs'] < 0.001, '%.2f ms of CPU per pair (%.0f %% of a core over %.1f s)' % (
            1000 * cpu / storm['pairs'], 100 * cpu / wall, wall)
        # After the last End and the linger, the sensor is stopped.
        assert T.wait_for(lambda: acc.read('buffer/enable') == '0', 5), 'buffer still enabled after the storm'
    finally:
        d.stop()
        bus.close()
