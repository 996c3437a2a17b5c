"""make install into a temporary tree: the files, the unit (systemd-analyze), the D-Bus policy
and activation files (dbus-daemon and the parser), the udev rule."""
import configparser
import os
import re
import shutil
import subprocess
import tempfile

import pytest

import orientd_testbed as T

FILES = ['bin/orientctl', 'libexec/orientd', 'lib/systemd/system/orientd.service',
         'lib/udev/rules.d/80-orientd.rules', 'lib/udev/rules.d/80-orientd-sensor-kinds.rules',
         'share/dbus-1/system.d/org.orientd.Orientation1.conf',
         'share/dbus-1/system-services/org.orientd.Orientation1.service',
         'share/dbus-1/interfaces/org.orientd.Orientation1.xml', 'share/dbus-1/interfaces/org.orientd.Posture1.xml',
         'share/doc/orientd/README.md', 'share/man/man8/orientd.8', 'share/man/man1/orientctl.1',
         'share/man/man7/orientd-hwdb.7']
COMPAT = ['lib/systemd/system/orientd.service.d/sensor-proxy-compat.conf',
          'share/dbus-1/system.d/net.hadess.SensorProxy.conf',
          'share/dbus-1/system-services/net.hadess.SensorProxy.service']


@pytest.fixture(scope='module')
def installed():
    """PREFIX inside a temporary directory, so the unit's ExecStart is a real file here."""
    root = tempfile.mkdtemp(prefix='orientd-install-')
    prefix = root + '/usr'
    subprocess.run(['make', '-s', 'install-compat', 'PREFIX=' + prefix], cwd=T.ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    yield prefix
    shutil.rmtree(root)


def test_the_tree(installed):
    for f in FILES + COMPAT:
        assert os.path.isfile(os.path.join(installed, f)), f
    for exe in ['bin/orientctl', 'libexec/orientd']:
        assert os.access(os.path.join(installed, exe), os.X_OK)
    # The installed daemon carries the Swift runtime: no RUNPATH into the toolchain.
    dynamic = subprocess.run(['readelf', '-d', os.path.join(installed, 'libexec/orientd')],
                             capture_output=True, text=True).stdout
    assert 'swift' not in dynamic.lower(), dynamic
    version = subprocess.run([os.path.join(installed, 'libexec/orientd'), '--version'], capture_output=True, text=True)
    assert version.returncode == 0 and version.stdout.startswith('orientd ')


def test_unit_verifies_and_points_at_the_daemon(installed):
    unit = os.path.join(installed, 'lib/systemd/system/orientd.service')
    text = open(unit).read()
    assert 'ExecStart=%s/libexec/orientd\n' % installed in text
    r = subprocess.run(['systemd-analyze', 'verify', unit], capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr.strip() == '', r.stderr
    drop_in = open(os.path.join(installed, COMPAT[0])).read()
    assert 'ExecStart=%s/libexec/orientd --sensor-proxy-compat' % installed in drop_in


def exposure(unit):
    out = subprocess.run(['systemd-analyze', 'security', '--offline=true', unit], capture_output=True, text=True).stdout
    return float(re.search(r'Overall exposure level for \S+: ([0-9.]+)', out).group(1))


def test_unit_is_more_locked_down_than_iio_sensor_proxy(installed):
    ours = exposure(os.path.join(installed, 'lib/systemd/system/orientd.service'))
    assert ours <= 2.0, ours
    theirs_path = '/lib/systemd/system/iio-sensor-proxy.service'
    if os.path.exists(theirs_path):
        assert ours < exposure(theirs_path)


def test_policy_files_load_into_dbus_daemon(installed):
    bus = T.SystemStyleBus(os.path.join(installed, 'share/dbus-1/system.d'))
    try:
        # As root, the policy lets us own both names.
        for name in ['org.orientd.Orientation1', 'net.hadess.SensorProxy']:
            r = subprocess.run(['/usr/bin/python3', '-c', 'import dbus,sys; b=dbus.bus.BusConnection(sys.argv[1]); '
                                'print(b.request_name(sys.argv[2], dbus.bus.NAME_FLAG_DO_NOT_QUEUE))', bus.address, name],
                               capture_output=True, text=True)
            assert r.stdout.strip() == '1', r.stderr   # DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
    finally:
        bus.close()


def test_activation_files(installed):
    # Activation names the unit itself: the Alias= exists only once the unit is enabled, and
    # `make install` enables nothing (the system test found activation failing that way).
    assert os.path.exists(os.path.join(installed, 'lib/systemd/system/orientd.service'))
    for name in ['org.orientd.Orientation1', 'net.hadess.SensorProxy']:
        parser = configparser.ConfigParser()
        parser.optionxform = str
        parser.read(os.path.join(installed, 'share/dbus-1/system-services/%s.service' % name))
        section = parser['D-BUS Service']
        assert section['Name'] == name
        assert section['User'] == 'root'
        assert section['SystemdService'] == 'orientd.service'


def test_udev_rule_wants_the_service_for_accelerometers_only(installed):
    rule = open(os.path.join(installed, 'lib/udev/rules.d/80-orientd.rules')).read()
    statements = [l for l in rule.splitlines() if l.strip() and not l.startswith('#')]
    for line in statements:
        assert re.fullmatch(r'(LABEL="\w+"|(\s*[A-Z_]+(\{[\w/]+\})?(==|!=|=|\+=)"[^"]*",?)+)', line), line
    wants = [l for l in statements if 'SYSTEMD_WANTS' in l]
    assert wants == ['ENV{ORIENTD_ACCELEROMETER}=="1", TAG+="systemd", ENV{SYSTEMD_WANTS}+="orientd.service"']
    setters = [l for l in statements if 'ORIENTD_ACCELEROMETER}="1"' in l]
    # IIO accelerometers: raw attributes or scan elements, unnumbered or channel 0 (in_accel0_x).
    iio = [l for l in setters if all(re.search(r'in_accel0?_%s_' % axis, l) for axis in 'xyz')]
    # Input accelerometers: the evdev nodes udev's input_id marks as accelerometers.
    inputs = [l for l in setters if l.startswith('SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_ACCELEROMETER}=="1",')]
    assert len(iio) == 4 and len(inputs) == 1 and len(setters) == 5, setters
    assert 'SUBSYSTEM!="iio", GOTO="orientd_end"' in statements
