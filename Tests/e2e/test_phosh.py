"""A real phone shell turns its screen with orientd: Debian's phosh on phoc, headless
(phosh_session.py), rotating its output from `orientd --sensor-proxy-compat` on the umockdev
fakes. The transform is read three ways that must agree: the compositor's output-management
events, `wlr-randr`, and phosh's org.gnome.Mutter.DisplayConfig.GetCurrentState.

Waits are bounded and generous (a pose reaches the screen in about 0.5 s: the screen rule's
dwell); how fast is the benchmark's business (benchmarks/phosh_rotation.py)."""
import re
import time

import pytest

import orientd_testbed as T
import phosh_session as P

# A pose reaches the transform after orientd's screen dwell (0.3 s steady) plus a poll or two
# of the fake: about 0.5 s here. Ten seconds covers phosh still starting and a loaded machine.
ROTATE_TIMEOUT = 10.0
# Long enough for a pose that would rotate to have done so (dwell plus polling, 0.5-0.7 s),
# used where nothing must change.
HOLD = 1.5
# systemd/orientd.service restarts a failed daemon after RestartSec=1s: the bus has no
# net.hadess.SensorProxy for that long, and phosh sees it go and come back.
RESTART_GAP = 1.0
EDGE_SEQUENCE = [('landscapeRight', '90'), ('portraitUpsideDown', '180'),
                 ('landscapeLeft', '270'), ('portrait', 'normal')]


@pytest.fixture
def shell(bus):
    missing = P.missing_programs()
    assert not missing, 'not installed: %s (scripts/install-deps test installs them)' % missing
    sessions = []

    def run():
        s = P.PhoshSession(bus.address)
        sessions.append(s)
        return s
    yield run
    for s in sessions:
        s.close()


def claims(d, member='ClaimAccelerometer'):
    """How often phosh claimed (or released) the accelerometer: the daemon's debug log has a
    line for each."""
    verb = 'release' if member == 'ReleaseAccelerometer' else 'claim'
    return len(re.findall(r'%s of accelerometer claims from ' % verb, d.output()))


def assert_transform(s, d, wanted):
    assert s.wait_transform(wanted, ROTATE_TIMEOUT) is not None, \
        'output at %s, wanted %s\n%s\n%s' % (s.transform(), wanted, s.logs(), d.output())
    # phosh learns the applied state from the same compositor events as any client: its
    # DisplayConfig may follow a few milliseconds after ours.
    assert T.wait_for(lambda: s.wlr_randr_transform() == wanted, ROTATE_TIMEOUT), s.wlr_randr_transform()
    assert T.wait_for(lambda: s.display_config_transform() == wanted, ROTATE_TIMEOUT), s.display_config_transform()


def distinct_transforms(s):
    seen = []
    for _, state in s.wayland.transforms:
        value = next(iter(state.values()))
        if not seen or seen[-1] != value:
            seen.append(value)
    return seen


def hold_flat(s, d, acc, pose):
    """Lays the device flat; once orientd reports it, the transform must stay for HOLD."""
    before = s.transform()
    acc.set_pose(pose)
    assert d.client.wait_for('Orientation', pose, ROTATE_TIMEOUT), d.output()
    T.wait_for(lambda: s.transform() != before, HOLD)
    assert s.transform() == before, s.logs()


def test_phosh_follows_the_edge_poses_and_keeps_the_transform_when_flat(testbed, start, shell):
    acc = testbed.accelerometer(pose='portrait')
    d = start('--sensor-proxy-compat')
    s = shell()
    assert T.wait_for(lambda: claims(d) == 1, ROTATE_TIMEOUT), s.logs() + d.output()
    assert_transform(s, d, 'normal')
    for pose, transform in EDGE_SEQUENCE:
        acc.set_pose(pose)
        assert_transform(s, d, transform)
        if transform == '90':
            hold_flat(s, d, acc, 'faceUp')
        elif transform == '180':
            hold_flat(s, d, acc, 'faceDown')
    # Each pose turned the screen once, straight to its transform, and nothing else moved it.
    assert distinct_transforms(s) == ['normal', '90', '180', '270', 'normal'], s.wayland.transforms
    assert s.alive(), s.logs()


def test_orientation_lock_freezes_rotation_and_unlock_applies_the_current_pose(testbed, start, shell):
    acc = testbed.accelerometer(pose='landscapeRight')
    d = start('--sensor-proxy-compat')
    s = shell()
    assert_transform(s, d, '90')
    s.set_orientation_lock(True)
    # phosh gives up its claim while locked.
    assert T.wait_for(lambda: claims(d, 'ReleaseAccelerometer') == 1, ROTATE_TIMEOUT), s.logs() + d.output()
    acc.set_pose('portraitUpsideDown')
    # orientd sees the new pose (a one-shot read: nobody claims), the screen does not move.
    assert d.client.wait_for('Orientation', 'portraitUpsideDown', ROTATE_TIMEOUT), d.output()
    T.wait_for(lambda: s.transform() != '90', HOLD)
    assert s.transform() == '90' and s.wlr_randr_transform() == '90'
    s.set_orientation_lock(False)
    # Unlocked: phosh claims again and gets the pose the device is in now.
    assert T.wait_for(lambda: claims(d) == 2, ROTATE_TIMEOUT), s.logs() + d.output()
    assert_transform(s, d, '180')
    assert distinct_transforms(s) == ['normal', '90', '180'], s.wayland.transforms


def test_hotplugged_accelerometer_rotates_the_output(testbed, start, shell):
    d = start('--sensor-proxy-compat')
    s = shell()
    assert T.wait_for(lambda: s.transform() == 'normal', ROTATE_TIMEOUT)
    assert claims(d) == 0   # phosh claims only once HasAccelerometer is true
    acc = testbed.accelerometer(pose='landscapeRight')
    T.send_uevent(testbed.tb, acc.syspath, 'add')
    assert T.wait_for(lambda: claims(d) == 1, ROTATE_TIMEOUT), s.logs() + d.output()
    assert_transform(s, d, '90')
    acc.set_pose('portrait')
    assert_transform(s, d, 'normal')


@pytest.mark.xfail(P.phosh_version() < (0, 46), strict=True,
                   reason='phosh before 0.46 never claims again after the sensor daemon restarts (phosh #1214)')
def test_phosh_claims_again_after_orientd_restarts(testbed, bus, shell):
    """A known failure of the client, recorded: when net.hadess.SensorProxy leaves the bus,
    phosh 0.24 calls ReleaseAccelerometer, which fails (nobody owns the name), so it still
    believes it holds a claim and never claims from the daemon that comes back. phosh 0.46
    claims again; there this test must pass."""
    acc = testbed.accelerometer(pose='portrait')
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        s = shell()
        assert T.wait_for(lambda: claims(d) == 1, ROTATE_TIMEOUT), s.logs() + d.output()
        assert d.stop() == 0
    finally:
        d.stop()
    time.sleep(RESTART_GAP)
    d = T.Orientd(bus, testbed, ['--sensor-proxy-compat'])
    try:
        acc.set_pose('landscapeRight')
        # Bounded short: on phosh 0.24 this waits for a claim that never comes.
        assert T.wait_for(lambda: claims(d) == 1, 5.0), s.logs() + d.output()
        assert_transform(s, d, '90')
    finally:
        d.stop()
