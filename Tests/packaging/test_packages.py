"""The Debian packages: `make deb` builds them, lintian finds no error or warning, their file
lists hold exactly what `make install install-compat` installs, and both install into and purge
from a throw-away Debian 12 root (mmdebstrap, cached by scripts/debian-test-root) with their
maintainer scripts succeeding and nothing left behind. Also: apt swaps iio-sensor-proxy out.

Slow (a release build and a Debian root). ORIENTD_SKIP_PACKAGE_TEST=1 skips it, and says so."""
import glob
import os
import re
import shutil
import stat
import subprocess
import tempfile

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
OUT = os.path.join(ROOT, 'out')
PACKAGES = ['orientd', 'orientd-sensor-proxy', 'liborientd0', 'liborientd-dev']

pytestmark = pytest.mark.skipif(os.environ.get('ORIENTD_SKIP_PACKAGE_TEST') == '1',
                                reason='ORIENTD_SKIP_PACKAGE_TEST=1: Debian packages NOT built or tested')


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    assert r.returncode == 0, '%s failed (%d):\n%s\n%s' % (' '.join(args), r.returncode, r.stdout[-4000:], r.stderr[-4000:])
    return r.stdout


def version():
    return run(['dpkg-parsechangelog', '-l', os.path.join(ROOT, 'debian', 'changelog'), '-SVersion']).strip()


@pytest.fixture(scope='module')
def debs():
    """{package: path} of freshly built packages."""
    v = version()
    for old in glob.glob(os.path.join(OUT, '*_%s_*' % v)):
        os.remove(old)
    untracked = ['git', '-C', ROOT, 'status', '--porcelain', '--untracked-files=all']
    before = run(untracked)
    run(['make', 'deb'], cwd=ROOT)
    # Everything the build writes is gitignored (SwiftPM's cache, debian/ work files, out/).
    assert run(untracked) == before, 'make deb left files in the source tree:\n' + run(untracked)
    found = {p: glob.glob(os.path.join(OUT, '%s_%s_*.deb' % (p, v))) for p in PACKAGES}
    assert all(len(f) == 1 for f in found.values()), found
    return {p: f[0] for p, f in found.items()}


def test_lintian_has_no_errors_or_warnings(debs):
    changes = glob.glob(os.path.join(OUT, 'orientd_%s_*.changes' % version()))[0]
    r = subprocess.run(['lintian', '--fail-on', 'error,warning', '--pedantic', changes], capture_output=True, text=True)
    print(r.stdout)
    tags = [l for l in r.stdout.splitlines() if re.match(r'^[EW]: ', l)]
    assert r.returncode == 0 and not tags, r.stdout + r.stderr


def deb_entries(deb):
    """{path: (kind, mode)} from `dpkg-deb -c`, directories included, paths without './'."""
    entries = {}
    for line in run(['dpkg-deb', '-c', deb]).splitlines():
        perms, owner, size, date, time, name = line.split(None, 5)
        name = name.split(' -> ')[0]
        path = name[2:].rstrip('/')
        if path:
            entries[path] = (perms[0], perms[1:], owner)
    return entries


def install_paths():
    """The Makefile variables debian/rules installs with (its INSTALL_PATHS line)."""
    rules = open(os.path.join(ROOT, 'debian', 'rules')).read()
    return re.search(r'^INSTALL_PATHS = (.*)$', rules, re.M).group(1).split()


def staged_files():
    """{path: mode} of what `make install install-compat` installs with debian/rules' paths."""
    dest = tempfile.mkdtemp(prefix='orientd-stage-')
    try:
        # dpkg-buildpackage exports DEB_HOST_MULTIARCH, which puts liborientd in its multiarch directory.
        multiarch = run(['dpkg-architecture', '-qDEB_HOST_MULTIARCH']).strip()
        run(['make', '-s', 'install', 'install-compat', 'DESTDIR=' + dest] + install_paths(), cwd=ROOT,
            env=dict(os.environ, PATH='/opt/swift/usr/bin:' + os.environ['PATH'], DEB_HOST_MULTIARCH=multiarch))
        files = {}
        for top, dirs, names in os.walk(dest):
            for n in names:
                full = os.path.join(top, n)
                files[os.path.relpath(full, dest)] = stat.filemode(os.lstat(full).st_mode)[1:]
        return files
    finally:
        shutil.rmtree(dest)


# What debhelper adds besides the installed tree, per package.
DEBHELPER_FILES = {'usr/share/doc/{p}/copyright', 'usr/share/doc/{p}/changelog.gz',
                   'usr/share/lintian/overrides/{p}'}


def test_every_installed_file_is_in_exactly_one_package_with_its_mode(debs):
    contents = {p: deb_entries(d) for p, d in debs.items()}
    staged = staged_files()
    assert 'usr/libexec/orientd' in staged and 'usr/share/man/man8/orientd.8' in staged
    problems = []
    claimed = set()
    for path, mode in sorted(staged.items()):
        # dh_compress gzips man pages; dpkg-deb lists the compressed name.
        names = [path, path + '.gz'] if path.startswith('usr/share/man/') else [path]
        holders = [(p, n) for p in PACKAGES for n in names if n in contents[p]]
        if len(holders) != 1:
            problems.append('%s in %d packages %s' % (path, len(holders), holders))
            continue
        p, n = holders[0]
        claimed.add((p, n))
        kind, deb_mode, owner = contents[p][n]
        # Files, and the library's soname and development links.
        if kind not in ('-', 'l') or deb_mode != mode or owner != 'root/root':
            problems.append('%s: %s%s %s in %s, %s when installed' % (n, kind, deb_mode, owner, p, mode))
    for p in PACKAGES:
        extra = {DEBHELPER_FILES_FOR for DEBHELPER_FILES_FOR in (f.format(p=p) for f in DEBHELPER_FILES)}
        for n, (kind, deb_mode, owner) in contents[p].items():
            if kind == 'd' or (p, n) in claimed:
                continue
            if n in extra:
                continue
            problems.append('%s: %s is not something make install installs' % (p, n))
        for n in contents[p]:
            if re.search(r'(^|/)(\.build[^/]*|debian|Sources|Tests)(/|$)|/work/', n):
                problems.append('%s: %s comes from the build tree' % (p, n))
    assert not problems, '\n'.join(problems)


def test_installed_binaries_do_not_point_into_the_toolchain(debs):
    tree = tempfile.mkdtemp(prefix='orientd-deb-')
    try:
        run(['dpkg-deb', '-x', debs['orientd'], tree])
        for exe in ['usr/libexec/orientd', 'usr/bin/orientctl']:
            dynamic = run(['readelf', '-d', os.path.join(tree, exe)])
            # SwiftPM adds $ORIGIN; nothing may lead into the build tree or the toolchain.
            paths = re.findall(r'\((?:RPATH|RUNPATH)\).*\[(.*)\]', dynamic)
            assert all(p == '$ORIGIN' for p in paths), paths
            assert 'swift' not in dynamic.lower(), dynamic
        bash = open(os.path.join(tree, 'usr/share/bash-completion/completions/orientctl')).read()
        assert '_orientctl' in bash and 'sensors' in bash
        assert 'classify' in open(os.path.join(tree, 'usr/share/zsh/vendor-completions/_orientctl')).read()
        assert 'monitor' in open(os.path.join(tree, 'usr/share/fish/vendor_completions.d/orientctl.fish')).read()
    finally:
        shutil.rmtree(tree)


# Size goals (issue 28): the daemon's package should weigh what a small system daemon weighs
# (iio-sensor-proxy 3.0's Installed-Size is 179 KiB; orientd also ships orientctl, man pages,
# completions and its README), and the client about what the daemon weighs.
MAX_INSTALLED_SIZE_KIB = 6000
MAX_ORIENTCTL_BYTES = 3 * 1000 * 1000


def test_package_and_client_sizes(debs):
    installed = int(run(['dpkg-deb', '-f', debs['orientd'], 'Installed-Size']).strip())
    print('orientd_installed_size_kib: %d' % installed)
    assert installed <= MAX_INSTALLED_SIZE_KIB
    sizes = {n.split()[5][2:]: int(n.split()[2]) for n in run(['dpkg-deb', '-c', debs['orientd']]).splitlines()
             if n.split()[5].endswith(('bin/orientctl', 'libexec/orientd'))}
    print('installed_binary_bytes: %s' % sizes)
    assert sizes['usr/bin/orientctl'] <= MAX_ORIENTCTL_BYTES, sizes


# --- a throw-away Debian 12 root -------------------------------------------------------------

# Not compared before and after: dpkg's and apt's own records and logs, caches that triggers
# refresh, and the kernel and runtime file systems (not mounted in the root).
VOLATILE = re.compile(r'^(var/lib/dpkg|var/log|var/cache|var/lib/apt|tmp|proc|sys|dev|run)(/|$)')


@pytest.fixture(scope='module')
def base_tarball():
    return run([os.path.join(ROOT, 'scripts', 'debian-test-root')]).strip()


@pytest.fixture
def root(base_tarball):
    """The base root unpacked, with /proc and /dev mounted as in any chroot (the Swift runtime
    reads a program's arguments from /proc/self/cmdline; apt wants /dev/pts). /run stays empty:
    no systemd and no udevd in there, so the maintainer scripts must leave them alone."""
    path = tempfile.mkdtemp(prefix='orientd-root-', dir='/var/tmp')
    mounts = []
    try:
        run(['tar', '-C', path, '-xf', base_tarball])
        run(['mount', '-t', 'proc', 'proc', os.path.join(path, 'proc')])
        mounts.append(os.path.join(path, 'proc'))
        run(['mount', '--rbind', '/dev', os.path.join(path, 'dev')])
        mounts.append(os.path.join(path, 'dev'))
        run(['mount', '--make-rslave', os.path.join(path, 'dev')])
        yield path
    finally:
        for m in reversed(mounts):
            subprocess.run(['umount', '-R', m])
        # Never delete through a mount that is still there.
        if not any(path in line for line in open('/proc/mounts')):
            shutil.rmtree(path)


def chroot(root, *args):
    return subprocess.run(['chroot', root] + list(args), capture_output=True, text=True,
                          env={'PATH': '/usr/sbin:/usr/bin:/sbin:/bin', 'LC_ALL': 'C',
                               'DEBIAN_FRONTEND': 'noninteractive'})


def snapshot(root):
    """{path: (type, mode, link target)} of the whole root, volatile places left out."""
    found = {}
    for top, dirs, names in os.walk(root):
        rel_top = os.path.relpath(top, root)
        dirs[:] = [d for d in dirs if not VOLATILE.match(os.path.normpath(os.path.join(rel_top, d)))]
        for n in dirs + names:
            full = os.path.join(top, n)
            rel = os.path.normpath(os.path.join(rel_top, n))
            st = os.lstat(full)
            target = os.readlink(full) if stat.S_ISLNK(st.st_mode) else None
            found[rel] = (stat.filemode(st.st_mode), target)
    return found


def copy_debs(root, debs):
    for d in debs.values():
        shutil.copy(d, os.path.join(root, 'tmp'))
    return ['/tmp/' + os.path.basename(d) for d in debs.values()]


def status(root, package):
    r = chroot(root, 'dpkg-query', '-W', '-f=${db:Status-Abbrev}', package)
    return r.stdout.strip() if r.returncode == 0 else 'not known'


def test_install_and_purge_leave_nothing_behind(debs, root):
    r = chroot(root, 'dpkg', '--purge', 'iio-sensor-proxy')
    assert r.returncode == 0, r.stderr
    before = snapshot(root)
    paths = copy_debs(root, debs)

    r = chroot(root, 'dpkg', '-i', *paths)
    assert r.returncode == 0, r.stdout + r.stderr
    for p in PACKAGES:
        assert status(root, p) == 'ii', p
    installed = snapshot(root)
    # dh_installsystemd's postinst enabled the unit's D-Bus alias; nothing makes it start at
    # boot (udev starts it for an accelerometer; systemd is not running in the root, so nothing
    # was started and udev was not triggered).
    wants = 'etc/systemd/system/multi-user.target.wants/orientd.service'
    alias = 'etc/systemd/system/dbus-org.orientd.Orientation1.service'
    assert wants not in installed, 'orientd would start at boot on machines without an accelerometer'
    assert installed.get(alias, (None, None))[1] == '/lib/systemd/system/orientd.service', installed.get(alias)
    for f in ['usr/libexec/orientd', 'usr/bin/orientctl', 'lib/systemd/system/orientd.service.d/sensor-proxy-compat.conf',
              'usr/share/dbus-1/system-services/net.hadess.SensorProxy.service', 'usr/share/man/man8/orientd.8.gz',
              'usr/share/man/man7/orientd-hwdb.7.gz']:
        assert os.path.exists(os.path.join(root, f)), f
    r = chroot(root, '/usr/libexec/orientd', '--version')
    assert r.returncode == 0 and r.stdout.startswith('orientd %s ' % version()), r.stdout + r.stderr
    r = chroot(root, 'systemd-analyze', 'verify', '/lib/systemd/system/orientd.service')
    assert r.returncode == 0 and r.stderr.strip() == '', r.stderr

    r = chroot(root, 'dpkg', '--purge', *PACKAGES)
    assert r.returncode == 0, r.stdout + r.stderr
    for p in PACKAGES:
        assert status(root, p) in ('not known', 'un'), (p, status(root, p))
    after = snapshot(root)
    after = {k: v for k, v in after.items() if not k.startswith('tmp/')}
    left = sorted(set(after) - set(before))
    gone = sorted(set(before) - set(after))
    changed = sorted(k for k in set(before) & set(after) if before[k] != after[k])
    assert not left and not gone and not changed, 'left behind %s, removed %s, changed %s' % (left, gone, changed)


def test_apt_replaces_iio_sensor_proxy(debs, root):
    assert status(root, 'iio-sensor-proxy') == 'ii'
    paths = copy_debs(root, debs)
    # Local files only, nothing to download (apt 2.6 rejects local files with --no-download).
    r = chroot(root, 'apt-get', 'install', '-y', *paths)
    assert r.returncode == 0, r.stdout + r.stderr
    for p in PACKAGES:
        assert status(root, p) == 'ii', p
    assert status(root, 'iio-sensor-proxy')[:2] in ('rc', 'un'), status(root, 'iio-sensor-proxy')
    assert not os.path.exists(os.path.join(root, 'usr/libexec/iio-sensor-proxy'))
    policy = os.path.join(root, 'usr/share/dbus-1/system.d/net.hadess.SensorProxy.conf')
    assert 'net.hadess.SensorProxy' in open(policy).read()
    # The polkit action orientd asks about before a compass claim is its own copy, installed.
    action = open(os.path.join(root, 'usr/share/polkit-1/actions/net.hadess.SensorProxy.policy')).read()
    assert 'id="net.hadess.SensorProxy.claim-sensor"' in action and '<vendor>orientd</vendor>' in action
    # Removing the compatibility package leaves orientd serving its own name.
    r = chroot(root, 'apt-get', 'remove', '-y', 'orientd-sensor-proxy')
    assert r.returncode == 0, r.stdout + r.stderr
    assert status(root, 'orientd') == 'ii'
    assert not os.path.exists(os.path.join(root, 'lib/systemd/system/orientd.service.d/sensor-proxy-compat.conf'))
