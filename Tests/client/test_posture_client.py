"""Posture and tablet mode through liborientd on a 2-in-1 (two fake accelerometers, display
and base, as Tests/e2e/test_posture.py poses them): the posture observer hears each change."""
from client_harness import Client, Heard, pump_until
from test_posture import Hinge


def test_posture_observer_and_tablet_mode(testbed, start, bus, tmp_path):
    hinge = Hinge(testbed)
    hinge.pose('laptop')
    uinput = tmp_path / 'uinput'
    uinput.write_bytes(b'')
    start('--uinput-path', str(uinput))
    c = Client(bus.address)
    postures = Heard()
    c.observe_posture(postures)
    assert pump_until(c, lambda: c.posture == 'laptop', 10), c.posture
    assert c.tablet_mode is False
    hinge.pose('tent')
    assert pump_until(c, lambda: postures.names[-1:] == ['tent'], 10), postures.names
    assert c.tablet_mode is True
    hinge.pose('laptop')
    assert pump_until(c, lambda: postures.names[-1:] == ['laptop'], 10), postures.names
    assert pump_until(c, lambda: c.tablet_mode is False)
    c.close()
