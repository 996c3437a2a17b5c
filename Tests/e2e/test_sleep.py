"""Suspend and resume with logind (python-dbusmock's logind template on the private system
bus): the sensor stops before sleep and every Begin is kept; after resume a pose changed while
asleep is reported at once; a delay inhibitor lock is held only while the sensor runs."""
import re
import time

import dbus
import pytest

import orientd_testbed as T
import contract as C

LOGIND = (C.Logind.busName, C.Logind.objectPath)


@pytest.fixture
def logind(bus):
    proc, conn = T.start_dbusmock(bus, 'logind', LOGIND[0])
    mock = conn.get_object(*LOGIND)
    yield mock
    proc.kill()
    proc.wait()


def prepare_for_sleep(mock, sleeping):
    mock.EmitSignal('org.freedesktop.login1.Manager', 'PrepareForSleep', 'b', [dbus.Boolean(sleeping)],
                    dbus_interface='org.freedesktop.DBus.Mock')


def orientd_inhibitors(mock):
    return [tuple(str(x) for x in i[:4]) for i in mock.ListInhibitors(dbus_interface='org.freedesktop.login1.Manager')
            if str(i[1]) == 'orientd']


def reads(d):
    """Samples the daemon took (its debug log notes each start and stop; the classifier's
    decisions show what it read)."""
    return len(re.findall(r'orientation \w+ \(was', d.output()))


@pytest.mark.parametrize('variant', ['poll', 'buffer'])
def test_sleep_stops_the_sensor_keeps_begins_and_resume_reports_the_new_pose(testbed, start, logind, variant):
    acc = testbed.accelerometer(variant=variant, pose='portrait')
    d = start()
    c = d.client
    # Idle: no inhibitor lock.
    time.sleep(0.2)
    assert orientd_inhibitors(logind) == []
    assert c.begin() == 'portrait'
    assert T.wait_for(lambda: orientd_inhibitors(logind) == [('sleep', 'orientd', 'Stop the sensors before the system sleeps', 'delay')]), d.output()

    prepare_for_sleep(logind, True)
    assert T.wait_for(lambda: 'source' in d.output() and 'stopped' in d.output()), d.output()
    if variant == 'buffer':
        assert acc.read('buffer/enable') == '0'
    assert T.wait_for(lambda: orientd_inhibitors(logind) == []), 'the inhibitor is released once the sensor stopped'
    decided = reads(d)
    acc.set_pose('landscapeLeft')       # turned while asleep
    time.sleep(0.5)
    assert reads(d) == decided, 'no sensor reads while asleep'
    assert c.get('IsGeneratingNotifications') is True, 'Begins are kept across sleep'

    resumed = time.monotonic()
    prepare_for_sleep(logind, False)
    assert T.wait_for(lambda: any(s[1] == 'landscapeLeft' for s in (c.pump(0.01) or c.signals))), d.output()
    latency = next(s[0] for s in c.signals if s[1] == 'landscapeLeft') - resumed
    print('resume_to_new_orientation_ms: %.0f' % (latency * 1000))
    assert latency < 1.0, 'reported right after resume, not after the next motion'
    assert c.get('Orientation') == 'landscapeLeft'
    assert T.wait_for(lambda: len(orientd_inhibitors(logind)) == 1), 'the inhibitor is taken again after resume'

    c.end()
    assert T.wait_for(lambda: orientd_inhibitors(logind) == []), 'an idle daemon holds no inhibitor'
