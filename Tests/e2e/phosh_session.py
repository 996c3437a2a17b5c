"""Debian's phone shell without a screen: phoc (wlroots) with one headless output and phosh on
it, on a private session bus, rotating the output from net.hadess.SensorProxy on the system bus
at `system_bus_address` (orientd --sensor-proxy-compat or iio-sensor-proxy).

What it takes (docs/testing.md, "phosh without a screen"): WLR_BACKENDS=headless, WLR_RENDERER=pixman,
WLR_HEADLESS_OUTPUTS=1; GSETTINGS_BACKEND=keyfile; a private 0700 XDG_RUNTIME_DIR; `[core]
xwayland=false`; phosh --unlocked (a locked phosh releases the sensor); and a virtual pointer
before phosh starts (wayland_wire.py says why). phosh is started beside phoc, not with
`phoc -E`, so that the pointer exists first and phosh has a pid of its own to stop.
"""
import os
import re
import shutil
import signal
import subprocess
import tempfile

import dbus

import orientd_testbed as T
from wayland_wire import TRANSFORMS, WaylandClient

PHOC = '/usr/bin/phoc'
PHOSH = '/usr/libexec/phosh'
WLR_RANDR = '/usr/bin/wlr-randr'
GSETTINGS = '/usr/bin/gsettings'
LOCK_SCHEMA = 'org.gnome.settings-daemon.peripherals.touchscreen'
LOCK_KEY = 'orientation-lock'
DISPLAY_CONFIG = ('org.gnome.Mutter.DisplayConfig', '/org/gnome/Mutter/DisplayConfig')
# Start-up bounds on a loaded 2-core machine: phoc takes about 0.1 s to open its socket and
# phosh 1-2 s to publish DisplayConfig; both are far inside these.
SOCKET_TIMEOUT = 10.0
SHELL_TIMEOUT = 30.0
STOP_TIMEOUT = 5.0
# The compositor's status for each transform, as DisplayConfig reports it (wl_output order).
DISPLAY_CONFIG_TRANSFORMS = {i: name for i, name in enumerate(TRANSFORMS)}


def missing_programs():
    return [p for p in (PHOC, PHOSH, WLR_RANDR, GSETTINGS) if not os.access(p, os.X_OK)]


def phosh_version():
    """phosh's (major, minor) from its Debian package (`phosh --version` needs a display);
    (0, 0) when it is not installed."""
    out = subprocess.run(['dpkg-query', '-W', '-f=${Version}', 'phosh'], capture_output=True, text=True,
                         timeout=10).stdout
    m = re.match(r'(?:\d+:)?(\d+)\.(\d+)', out)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def stop_process(proc):
    """SIGTERM to this pid, SIGKILL after STOP_TIMEOUT; returns its exit status."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait()


class PhoshSession:
    def __init__(self, system_bus_address):
        self.dir = tempfile.mkdtemp(prefix='orientd-phosh-')
        self.runtime = os.path.join(self.dir, 'runtime')
        os.mkdir(self.runtime, 0o700)
        self.config_home = os.path.join(self.dir, 'config')
        os.mkdir(self.config_home)
        self.phoc = self.phosh = self.wayland = None
        self.session_bus = T.PrivateBus()
        env = {k: v for k, v in os.environ.items()
               if k not in ('LD_PRELOAD', 'UMOCKDEV_DIR', 'WAYLAND_DISPLAY', 'DISPLAY', 'DBUS_SESSION_BUS_ADDRESS')}
        env.update(HOME=self.dir, XDG_RUNTIME_DIR=self.runtime, XDG_CONFIG_HOME=self.config_home,
                   XDG_CACHE_HOME=os.path.join(self.dir, 'cache'), XDG_DATA_HOME=os.path.join(self.dir, 'data'),
                   GSETTINGS_BACKEND='keyfile', WLR_BACKENDS='headless', WLR_RENDERER='pixman',
                   WLR_HEADLESS_OUTPUTS='1', DBUS_SESSION_BUS_ADDRESS=self.session_bus.address,
                   DBUS_SYSTEM_BUS_ADDRESS=system_bus_address, NO_AT_BRIDGE='1')
        self.env = env
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _start(self):
        ini = os.path.join(self.dir, 'phoc.ini')
        with open(ini, 'w') as f:
            f.write('[core]\nxwayland=false\n')
        self.phoc = self._spawn([PHOC, '-C', ini], 'phoc.log')
        sock = os.path.join(self.runtime, 'wayland-0')

        def connect():
            # The socket file appears at bind(), a moment before phoc listens on it.
            if self.phoc.poll() is not None:
                return 'exited'
            try:
                return WaylandClient(sock)
            except (FileNotFoundError, ConnectionRefusedError):
                return None
        self.wayland = T.wait_for(connect, SOCKET_TIMEOUT)
        assert isinstance(self.wayland, WaylandClient), 'phoc accepts no client:\n' + self.log('phoc.log')
        self.env['WAYLAND_DISPLAY'] = 'wayland-0'
        self.wayland.create_virtual_pointer()
        assert T.wait_for(self.wayland.has_seat, SOCKET_TIMEOUT), 'phoc made no seat for the virtual pointer'
        self.wayland.watch_outputs()
        self.phosh = self._spawn([PHOSH, '--unlocked'], 'phosh.log')
        self.session = dbus.bus.BusConnection(self.session_bus.address)
        assert T.wait_for(lambda: self.session.name_has_owner(DISPLAY_CONFIG[0]) or self.phosh.poll() is not None,
                          SHELL_TIMEOUT), 'phosh did not publish DisplayConfig:\n' + self.log('phosh.log')
        assert self.phosh.poll() is None, 'phosh exited (%s):\n%s' % (self.phosh.returncode, self.log('phosh.log'))

    def _spawn(self, argv, log_name):
        with open(os.path.join(self.dir, log_name), 'w') as log:
            return subprocess.Popen(argv, env=self.env, stdin=subprocess.DEVNULL, stdout=log,
                                    stderr=subprocess.STDOUT, cwd=self.dir)

    def log(self, name):
        try:
            with open(os.path.join(self.dir, name)) as f:
                return f.read()[-6000:]
        except OSError:
            return ''

    def logs(self):
        return '--- phoc ---\n%s\n--- phosh ---\n%s' % (self.log('phoc.log'), self.log('phosh.log'))

    # -- what the output shows ------------------------------------------------------------
    def transform(self):
        """The output's transform as the compositor last announced it (zwlr_output_manager_v1)."""
        return self.wayland.transform()

    def wait_transform(self, wanted, timeout):
        return self.wayland.wait_transform(wanted, timeout)

    def wlr_randr_transform(self):
        """The `Transform:` line of `wlr-randr` (one output)."""
        out = subprocess.run([WLR_RANDR], env=self.env, capture_output=True, text=True, timeout=10)
        m = re.search(r'^\s*Transform:\s*(\S+)', out.stdout, re.M)
        assert m, out.stdout + out.stderr
        return m.group(1)

    def display_config_transform(self):
        """The transform of the logical monitor in phosh's org.gnome.Mutter.DisplayConfig."""
        obj = self.session.get_object(*DISPLAY_CONFIG)
        _serial, _monitors, logical, _props = obj.GetCurrentState(dbus_interface=DISPLAY_CONFIG[0], timeout=10)
        assert len(logical) == 1, logical
        return DISPLAY_CONFIG_TRANSFORMS.get(int(logical[0][3]), str(logical[0][3]))

    # -- settings -------------------------------------------------------------------------
    def set_orientation_lock(self, locked):
        """`gsettings set` in phosh's keyfile settings, as a user's quick setting does."""
        subprocess.run([GSETTINGS, 'set', LOCK_SCHEMA, LOCK_KEY, 'true' if locked else 'false'],
                       env=self.env, check=True, timeout=10)

    def alive(self):
        return self.phosh.poll() is None and self.phoc.poll() is None

    def close(self):
        """Stops phosh, then phoc, each by its pid, then the session bus."""
        for proc in (self.phosh, self.phoc):
            if proc is not None:
                stop_process(proc)
        if isinstance(self.wayland, WaylandClient):
            self.wayland.close()
        self.session_bus.close()
        shutil.rmtree(self.dir, ignore_errors=True)
