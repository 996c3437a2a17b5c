"""Kernel hinge-angle sensors (ChromeOS cros-ec-lid-angle, Intel ISH's hinge) on umockdev:
posture from the kernel's angle through the same bands, hysteresis and settle time; preferred
to the two accelerometers when both are present; the EC's 'unreliable' value; hotplug back
to the accelerometers; `orientctl sensors`; wake-ups at rest.

Facts from the drivers (drivers/iio/common/cros_ec_sensors/cros_ec_lid_angle.c,
drivers/iio/position/hid-sensor-custom-intel-hinge.c): cros-ec-lid-angle has one unindexed
channel in_angl_raw in degrees, no scale; the ISH hinge names its device "hinge" with
in_angl0_raw (hinge), shared in_angl_scale (radians per count: 0.017453293) and in_angl_offset."""
import os
import subprocess
import time


import orientd_testbed as T
from posture_fakes import Hinge, PostureClient, POSES


class FakeHingeSensor(T.FakeSimpleSensor):
    def __init__(self, testbed, kind='cros', degrees=100):
        self.kind = kind
        if kind == 'cros':
            attrs = {'name': 'cros-ec-lid-angle', 'in_angl_raw': str(degrees)}
        else:
            attrs = {'name': 'hinge', 'in_angl0_raw': str(degrees), 'in_angl1_raw': '0', 'in_angl2_raw': '0',
                     'in_angl0_label': 'hinge', 'in_angl_scale': '0.017453293', 'in_angl_offset': '0'}
        super().__init__(testbed.tb, 'iio:device%d' % len(testbed.devices), 'iio', attrs, {})
        testbed.devices.append(self)

    def set(self, degrees):
        self.write('in_angl_raw' if self.kind == 'cros' else 'in_angl0_raw', str(degrees))


def test_cros_ec_lid_angle_through_the_bands(testbed, start, bus, uinput):
    hinge = FakeHingeSensor(testbed, 'cros', 100)
    daemon = start('--uinput-path', uinput)
    c = PostureClient(bus.address)
    assert c.get('HasHinge') is True
    assert c.wait_posture('laptop'), daemon.output()
    assert c.get('HingeAngle') == 100
    assert c.get('TabletMode') is False
    for degrees, posture, tablet in ((200, 'tent', True), (350, 'tablet', True), (100, 'laptop', False)):
        hinge.set(degrees)
        assert c.wait_posture(posture), daemon.output()
        assert c.get('HingeAngle') == degrees
        assert c.get('TabletMode') is tablet
    c.client.pump(0.3)
    assert c.changes == [('laptop', 'unknown'), ('tent', 'laptop'), ('tablet', 'tent'), ('laptop', 'tablet')]
    assert 'iio:device0: hinge sensor, cros-ec-lid-angle: in_angl_raw in degrees' in daemon.output()
    # The switch follows the kernel's angle too.
    from posture_fakes import switch_states
    assert switch_states(uinput) == [0, 1, 0]
    # No accelerometer: orientation has no sensor, posture does not need one.
    assert c.client.get('HasAccelerometer') is False


def test_settle_and_hysteresis_apply_to_the_kernel_angle(testbed, start, bus):
    hinge = FakeHingeSensor(testbed, 'cros', 120)
    daemon = start()
    c = PostureClient(bus.address)
    assert c.wait_posture('laptop'), daemon.output()
    # 170° is past the laptop band's edge (165°) but within its 10° hysteresis.
    hinge.set(170)
    time.sleep(2)
    assert c.get('Posture') == 'laptop'
    assert c.get('HingeAngle') == 170
    # The EC's LID_ANGLE_UNRELIABLE (500): the posture holds, the angle becomes -1.
    hinge.set(500)
    assert T.wait_for(lambda: c.get('HingeAngle') == -1, timeout=4), daemon.output()
    assert c.get('Posture') == 'laptop'
    hinge.set(300)
    assert c.wait_posture('tent'), daemon.output()


def test_the_kernel_hinge_wins_over_two_accelerometers(testbed, start, bus):
    pair = Hinge(testbed)
    pair.pose('laptop')                      # the accelerometers say 110°
    hinge = FakeHingeSensor(testbed, 'cros', 350)
    daemon = start()
    c = PostureClient(bus.address)
    assert c.wait_posture('tablet'), daemon.output()
    assert c.get('HingeAngle') == 350
    time.sleep(1.5)
    assert c.get('Posture') == 'tablet'
    assert "the kernel's hinge sensor (preferred to the accelerometers)" in daemon.output()
    # Orientation still comes from the display accelerometer.
    assert c.client.get('HasAccelerometer') is True
    # The hinge sensor goes away: the accelerometers take over, from scratch.
    hinge.remove()
    assert c.wait_posture('laptop'), daemon.output()
    assert abs(c.get('HingeAngle') - POSES['laptop'][0]) < 3
    assert c.get('HasHinge') is True
    c.client.pump(0.3)
    assert c.changes == [('tablet', 'unknown'), ('unknown', 'tablet'), ('laptop', 'unknown')]
    # And back: the kernel's sensor is preferred again.
    hinge.replug()
    assert c.wait_posture('tablet'), daemon.output()


def test_intel_ish_hinge_in_radians(testbed, start, bus):
    hinge = FakeHingeSensor(testbed, 'intel', 180)   # (180 + 0) × 0.017453293 rad = 180°
    daemon = start()
    c = PostureClient(bus.address)
    assert c.wait_posture('flat'), daemon.output()
    assert abs(c.get('HingeAngle') - 180) < 0.01
    assert 'Intel ISH hinge: (in_angl0_raw + 0.0)' in daemon.output()


def test_orientctl_sensors_shows_the_hinge_role(testbed):
    Hinge(testbed).pose('laptop')
    FakeHingeSensor(testbed, 'cros', 123)
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root)
    r = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'sensors'], env=env, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    blocks = r.stdout.split('\n\n')
    hinge = next(b for b in blocks if 'iio:device2' in b)
    assert 'role:               hinge angle' in hinge
    assert 'used for posture (preferred to the accelerometers)' in hinge
    assert 'in_angl_raw 123: 123.0°' in hinge
    base = next(b for b in blocks if 'iio:device1' in b)
    assert "base accelerometer, not used (the kernel's hinge sensor gives the hinge angle)" in base


def test_wakeups_at_rest_with_the_kernel_hinge_and_the_switch(testbed, start, bus, uinput):
    """One sysfs read per wake-up, twice a second."""
    FakeHingeSensor(testbed, 'cros', 110)
    daemon = start('--uinput-path', uinput)
    c = PostureClient(bus.address)
    assert c.wait_posture('laptop'), daemon.output()
    assert os.path.getsize(uinput) > 0

    def wakeups():
        with open('/proc/%d/status' % daemon.proc.pid) as f:
            return next(int(l.split()[1]) for l in f if l.startswith('voluntary_ctxt_switches'))
    time.sleep(1)
    before, t0 = wakeups(), time.monotonic()
    time.sleep(8)
    rate = (wakeups() - before) / (time.monotonic() - t0)
    print('wake-ups per second at rest, kernel hinge, switch exported: %.2f' % rate)
    assert 1.5 <= rate <= 2.2, rate
