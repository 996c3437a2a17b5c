"""Private D-Bus daemons for orientd's end-to-end tests: an allow-all bus, the system bus's
default-deny policy, Debian's system bus with its limits, and the mocks and the other daemon
(python-dbusmock, iio-sensor-proxy) that tests start on them."""
import os
import shutil
import subprocess
import tempfile
import time

import dbus

from testbed_base import ROOT, wait_for


class PrivateBus:
    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix='orientd-e2e-')
        self._launch(f"""<busconfig><type>system</type><listen>unix:path={self.dir}/bus</listen>
<policy context="default"><allow user="*"/><allow own="*"/>
<allow send_type="method_call"/><allow send_type="signal"/>
<allow send_requested_reply="true" send_type="method_return"/>
<allow send_requested_reply="true" send_type="error"/>
<allow receive_type="method_call"/><allow receive_type="method_return"/>
<allow receive_type="error"/><allow receive_type="signal"/>
</policy></busconfig>""")

    def _launch(self, config):
        """Starts dbus-daemon with `config` (written to the bus folder, readable by test users)."""
        conf = os.path.join(self.dir, 'bus.conf')
        with open(conf, 'w') as f:
            f.write(config)
        os.chmod(self.dir, 0o755)
        env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
        # Its log goes to a file: a pipe nobody reads would stall it once full.
        log = os.path.join(self.dir, 'dbus-daemon.log')
        with open(log, 'w') as err:
            self.proc = subprocess.Popen(['dbus-daemon', '--config-file=' + conf, '--nofork', '--print-address=1'],
                                         stdout=subprocess.PIPE, stderr=err, env=env, text=True)
        self.address = self.proc.stdout.readline().strip()
        assert self.address, 'dbus-daemon refused the configuration: ' + open(log).read()

    def close(self):
        self.proc.kill()
        self.proc.wait()


# The default policy of Debian's system bus (/usr/share/dbus-1/system.conf): nobody owns or
# calls anything unless a policy file in the included directory allows it.
SYSTEM_POLICY = """<busconfig><type>system</type><listen>unix:path={socket}</listen>
<policy context="default">
  <allow user="*"/>
  <deny own="*"/>
  <deny send_type="method_call"/>
  <allow send_type="signal"/>
  <allow send_requested_reply="true" send_type="method_return"/>
  <allow send_requested_reply="true" send_type="error"/>
  <allow receive_type="method_call"/><allow receive_type="method_return"/>
  <allow receive_type="error"/><allow receive_type="signal"/>
  <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
  <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
  <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
  <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Peer"/>
</policy>
<includedir>{policy_dir}</includedir></busconfig>"""


class SystemStyleBus(PrivateBus):
    """A bus with the system bus's default-deny policy plus the policy files of `policy_dir`."""

    def __init__(self, policy_dir):
        self.dir = tempfile.mkdtemp(prefix='orientd-sysbus-')
        self._launch(SYSTEM_POLICY.format(socket=self.dir + '/bus', policy_dir=policy_dir))


# Debian's system bus limits, written out: dbus-daemon's built-in defaults, listed (commented
# out) in /usr/share/dbus-1/system.conf. A private bus without them would let a test pass that
# the real system bus fails (max_match_rules_per_connection is what drops a daemon that
# tracks too many callers).
DEBIAN_SYSTEM_LIMITS = {
    'max_incoming_bytes': 133169152,
    'max_incoming_unix_fds': 64,
    'max_outgoing_bytes': 133169152,
    'max_outgoing_unix_fds': 64,
    'max_message_size': 33554432,
    'max_message_unix_fds': 16,
    'service_start_timeout': 25000,
    'auth_timeout': 5000,
    'pending_fd_timeout': 150000,
    'max_completed_connections': 2048,
    'max_incomplete_connections': 64,
    'max_connections_per_user': 256,
    'max_pending_service_starts': 512,
    'max_names_per_connection': 512,
    'max_match_rules_per_connection': 512,
    'max_replies_per_connection': 128,
}


class DebianSystemBus(PrivateBus):
    """The system bus as Debian runs it: default-deny policy, the default limits spelled out,
    and only the repository's policy files named in `policies` (file names in dbus/)."""

    def __init__(self, policies=('org.orientd.Orientation1.conf',)):
        self.dir = tempfile.mkdtemp(prefix='orientd-debbus-')
        policy_dir = os.path.join(self.dir, 'system.d')
        os.mkdir(policy_dir)
        for name in policies:
            shutil.copy(os.path.join(ROOT, 'dbus', name), policy_dir)
        limits = '\n'.join('<limit name="%s">%d</limit>' % kv for kv in DEBIAN_SYSTEM_LIMITS.items())
        text = SYSTEM_POLICY.format(socket=self.dir + '/bus', policy_dir=policy_dir)
        self._launch(text.replace('<includedir>', limits + '\n<includedir>', 1))


def start_dbusmock(bus, template, bus_name):
    """python-dbusmock's `template` on the bus, once it owns `bus_name`: (process, connection).
    The mock runs without the umockdev preload."""
    env = {k: v for k, v in os.environ.items() if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR')}
    env['DBUS_SYSTEM_BUS_ADDRESS'] = bus.address
    proc = subprocess.Popen(['/usr/bin/python3', '-m', 'dbusmock', '--system', '--template', template],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    conn = dbus.bus.BusConnection(bus.address)
    assert wait_for(lambda: conn.name_has_owner(bus_name)), 'the %s mock did not start' % template
    return proc, conn


def start_iio_sensor_proxy(bus, testbed):
    """iio-sensor-proxy 3.0 (Debian's /usr/sbin/iio-sensor-proxy) on the private bus against
    the testbed; returns (process, log path)."""
    log_path = os.path.join(bus.dir, 'isp-%d.log' % time.monotonic_ns())
    env = dict(os.environ, LD_PRELOAD='libumockdev-preload.so.0', UMOCKDEV_DIR=testbed.root,
               DBUS_SYSTEM_BUS_ADDRESS=bus.address, G_MESSAGES_DEBUG='all')
    log = open(log_path, 'w')
    proc = subprocess.Popen(['/usr/sbin/iio-sensor-proxy'], env=env, stdout=log, stderr=subprocess.STDOUT)
    proc.log_path = log_path
    return proc
