"""A process that maps the shared libraries a desktop session keeps mapped, every page of them,
so that a daemon's pages of those libraries count as shared (as on a desktop, where
gnome-shell, the settings daemons, systemd and dbus-daemon map GLib, libsystemd and libc) and
USS is what the daemon alone adds there.

Measured beside a test harness alone, a library page counts as private while no other process
maps it: iio-sensor-proxy's GDBus code in libgio (456 KiB) is private under a dbus-python
client and shared under a GDBus client, which is most of why two harnesses gave its idle USS
as 1364 and 900 KiB. The neighbour maps every page (a read of each), the same for both
daemons, so neither depends on which client the harness happens to use.

Not mapped: libiio and libserialport, which only a sensor daemon loads, and the umockdev
preload, which is mapped only under test."""
import mmap
import os
import signal
import subprocess
import sys

# Sonames (prefixes) of the libraries that processes of a GNOME or KDE session map anyway.
DESKTOP_LIBRARIES = (
    'libc.so.', 'libm.so.', 'ld-linux-', 'libgcc_s.so.', 'libstdc++.so.',
    'libglib-2.0.so.', 'libgobject-2.0.so.', 'libgio-2.0.so.', 'libgmodule-2.0.so.',
    'libgudev-1.0.so.', 'libsystemd.so.', 'libudev.so.', 'libdbus-1.so.', 'libselinux.so.',
    'libpcre2-8.so.', 'libffi.so.', 'libz.so.', 'liblzma.so.', 'libzstd.so.', 'liblz4.so.',
    'libgcrypt.so.', 'libgpg-error.so.', 'libcap.so.', 'libmount.so.', 'libblkid.so.',
    'libxml2.so.', 'libicuuc.so.', 'libicudata.so.', 'libavahi-common.so.',
    'libavahi-client.so.', 'libusb-1.0.so.', 'libevdev.so.', 'libnss_systemd.so.')


def library_paths():
    """Every file that ldconfig knows under one of those sonames."""
    out = subprocess.run(['ldconfig', '-p'], capture_output=True, text=True, check=True).stdout
    paths = set()
    for line in out.splitlines()[1:]:
        name, _, path = line.strip().partition(' => ')
        soname = name.split(' ', 1)[0]
        if soname.startswith(DESKTOP_LIBRARIES) and os.path.exists(path):
            paths.add(os.path.realpath(path))
    return sorted(paths)


def start():
    """The neighbour, once it holds every page: (process, number of libraries)."""
    paths = library_paths()
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__)] + paths,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, env={'PATH': os.environ.get('PATH', '')})
    assert proc.stdout.readline().strip() == b'ready'
    return proc, len(paths)


def hold(paths):
    maps = []
    for path in paths:
        with open(path, 'rb') as f:
            m = mmap.mmap(f.fileno(), 0, flags=mmap.MAP_PRIVATE, prot=mmap.PROT_READ)
        for offset in range(0, len(m), mmap.PAGESIZE):
            m[offset]
        maps.append(m)
    print('ready', flush=True)
    while True:
        signal.pause()


if __name__ == '__main__':
    hold(sys.argv[1:])
