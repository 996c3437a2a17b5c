"""Random D-Bus messages at the daemon's objects: wrong argument signatures, unknown members,
property writes, bogus paths and interfaces, on orientd's and the compatibility interface.
Every call gets an answer, the daemon keeps serving, and nothing changes but what a valid
call does. Prints its figures."""
import collections
import random

import dbus

import orientd_testbed as T

PATHS = ['/org/orientd/Orientation1', '/net/hadess/SensorProxy', '/net/hadess/SensorProxy/Compass', '/', '/org/orientd']
INTERFACES = ['org.orientd.Orientation1', 'net.hadess.SensorProxy', 'net.hadess.SensorProxy.Compass',
              'org.freedesktop.DBus.Properties', 'org.freedesktop.DBus.Introspectable', 'org.freedesktop.DBus.Peer',
              'org.example.Nope']
MEMBERS = ['BeginGeneratingNotifications', 'EndGeneratingNotifications', 'ClaimAccelerometer',
           'ReleaseAccelerometer', 'ClaimLight', 'ClaimCompass', 'Get', 'Set', 'GetAll', 'Introspect', 'Ping',
           'Orientation', 'Frobnicate', 'OrientationDidChange']
PROPERTIES = ['Orientation', 'ScreenOrientation', 'IsGeneratingNotifications', 'HasAccelerometer',
              'AccelerometerOrientation', 'LightLevel', 'Nope', '']


def random_args(rnd):
    choices = [
        ('', []),
        ('s', [rnd.choice(INTERFACES + PROPERTIES + ['\u00e9' * rnd.randint(0, 300)])]),
        ('ss', [rnd.choice(INTERFACES), rnd.choice(PROPERTIES)]),
        ('ssv', [rnd.choice(INTERFACES), rnd.choice(PROPERTIES), dbus.String('portrait', variant_level=1)]),
        ('i', [rnd.randint(-2**31, 2**31 - 1)]),
        ('b', [rnd.random() < 0.5]),
        ('d', [rnd.uniform(-1e300, 1e300)]),
        ('as', [[str(rnd.random())] * rnd.randint(0, 50)]),
        ('a{sv}', [{str(i): dbus.Int32(i, variant_level=1) for i in range(rnd.randint(0, 20))}]),
        ('(ii)', [(rnd.randint(0, 9), rnd.randint(0, 9))]),
    ]
    return rnd.choice(choices)


def test_random_messages(testbed, start, capsys):
    testbed.accelerometer(pose='landscapeLeft')
    d = start('--sensor-proxy-compat')
    conn = dbus.bus.BusConnection(d.client_address)
    rnd = random.Random(2026)
    answers = collections.Counter()
    calls = 3000
    for _ in range(calls):
        path, iface, member = rnd.choice(PATHS), rnd.choice(INTERFACES), rnd.choice(MEMBERS)
        signature, args = random_args(rnd)
        try:
            conn.call_blocking(T.NAME, path, iface, member, signature, args, timeout=5)
            answers['ok'] += 1
        except dbus.DBusException as e:
            answers[e.get_dbus_name()] += 1
    with capsys.disabled():
        print('\nbus_fuzz_calls: %d' % calls)
        for name, n in sorted(answers.items()):
            print('bus_fuzz_%s: %d' % (name.split('.')[-1], n))
    # Every call was answered (NoReply would mean a handler that never replied).
    assert 'org.freedesktop.DBus.Error.NoReply' not in answers
    assert sum(answers.values()) == calls
    assert d.proc.poll() is None
    # The random Begins and Claims of this connection go with it.
    conn.close()
    assert d.client.wait_for('IsGeneratingNotifications', False)
    assert d.client.get('HasAccelerometer') is True
    assert d.client.begin() == 'landscapeLeft'
    d.client.end()
