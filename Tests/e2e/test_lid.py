"""logind's LidClosed (python-dbusmock's logind template on the private system bus, with the
property added): a closed lid is posture `closed` at 0° at once, whatever the sensors read;
opening gives the posture back to the sensors; LidClosed read at start; the lid switch open
decides closed-or-folded for a tablet held upright; without the property nothing fails."""

import dbus
import pytest

import orientd_testbed as T
from posture_fakes import Hinge, PostureClient

LOGIND = ('org.freedesktop.login1', '/org/freedesktop/login1')
MANAGER = 'org.freedesktop.login1.Manager'


@pytest.fixture
def logind(bus):
    proc, conn = T.start_dbusmock(bus, 'logind', LOGIND[0])
    yield conn.get_object(*LOGIND)
    proc.kill()
    proc.wait()


def add_lid(mock, closed):
    mock.AddProperty(MANAGER, 'LidClosed', dbus.Boolean(closed), dbus_interface='org.freedesktop.DBus.Mock')


def set_lid(mock, closed):
    """As logind does: the property changes and PropertiesChanged announces it."""
    mock.UpdateProperties(MANAGER, {'LidClosed': dbus.Boolean(closed)}, dbus_interface='org.freedesktop.DBus.Mock')


def test_lid_closed_is_closed_at_once_and_opening_returns_to_the_sensors(testbed, start, bus, logind):
    add_lid(logind, False)
    hinge = Hinge(testbed)
    hinge.pose('laptop')
    daemon = start()
    c = PostureClient(bus.address)
    assert c.wait_posture('laptop'), daemon.output()
    # The sensors still read 110°: only the lid switch says closed.
    set_lid(logind, True)
    assert c.wait_posture('closed', timeout=1.0), daemon.output()
    assert c.get('HingeAngle') == 0
    assert c.get('TabletMode') is False
    c.client.pump(1.5)
    assert c.get('Posture') == 'closed', 'the sensors must not override a closed lid'
    set_lid(logind, False)
    assert c.wait_posture('laptop'), daemon.output()
    c.client.pump(0.2)
    assert c.changes == [('laptop', 'unknown'), ('closed', 'laptop'), ('laptop', 'closed')]
    assert {'HingeAngle': 0.0, 'Posture': 'closed'} in c.properties


def test_lid_closed_at_start(testbed, start, bus, logind):
    add_lid(logind, True)
    Hinge(testbed).pose('tent')
    daemon = start()
    c = PostureClient(bus.address)
    assert c.wait_posture('closed'), daemon.output()
    c.client.pump(1.5)
    assert c.get('Posture') == 'closed'
    assert 'logind: LidClosed true' in daemon.output()


def test_lid_open_tells_a_tablet_held_upright_from_a_closed_lid(testbed, start, bus, logind):
    """Held upright, closed and folded back read alike; without a lid switch the start-up
    posture stays unknown (test_posture), with the switch open it is a tablet."""
    add_lid(logind, False)
    Hinge(testbed).pose('tablet')
    daemon = start()
    c = PostureClient(bus.address)
    assert c.wait_posture('tablet'), daemon.output()
    assert c.get('TabletMode') is True


def test_logind_without_a_lid_switch(testbed, start, bus, logind):
    hinge = Hinge(testbed)
    hinge.pose('laptop')
    daemon = start()
    c = PostureClient(bus.address)
    assert c.wait_posture('laptop'), daemon.output()
    assert 'no lid state from logind' in daemon.output()
    hinge.pose('tent')
    assert c.wait_posture('tent'), daemon.output()
