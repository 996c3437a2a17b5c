"""The man pages (man/orientd.8, man/orientctl.1, man/orientd-hwdb.7): groff renders them without
a warning, every option that `orientd --help` and `orientctl [SUBCOMMAND] --help` print is
documented, the udev properties orientd-hwdb(7) lists are exactly those the sources read and the
shipped rules set, and the version in debian/changelog is the one in
Sources/OrientationCore/Version.swift."""
import os
import re
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
# The binaries to ask for --help: ORIENTD_BIN_DIR, else the debug build `scripts/test` made.
BIN = os.environ.get('ORIENTD_BIN_DIR') or os.path.join(ROOT, '.build', 'debug')
PAGES = {'orientd': os.path.join(ROOT, 'man', 'orientd.8'),
         'orientctl': os.path.join(ROOT, 'man', 'orientctl.1'),
         'orientd-hwdb': os.path.join(ROOT, 'man', 'orientd-hwdb.7')}
OPTION = re.compile(r'(?<![\w-])(--?[A-Za-z][\w-]*)')


def run(*args):
    r = subprocess.run(list(args), capture_output=True, text=True)
    assert r.returncode == 0, (args, r.stdout, r.stderr)
    return r.stdout


def page_text(page):
    """The page as man renders it, hyphens as typed (\\- becomes -)."""
    env = dict(os.environ, MANWIDTH='200', MAN_KEEP_FORMATTING='0', LC_ALL='C.UTF-8')
    r = subprocess.run(['man', '-l', page], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return re.sub(r'.\x08', '', r.stdout).replace('\u2010', '-').replace('\u2212', '-')


def options(help_text):
    return {o for o in OPTION.findall(help_text) if o not in ('-', '--')}


@pytest.mark.parametrize('name', sorted(PAGES))
def test_page_renders_without_warnings(name):
    r = subprocess.run(['man', '--warnings', '-l', PAGES[name]], capture_output=True, text=True,
                       env=dict(os.environ, MANWIDTH='80'))
    assert r.returncode == 0
    assert r.stderr == '', r.stderr


def test_every_orientd_option_is_in_its_page():
    found = options(run(os.path.join(BIN, 'orientd'), '--help'))
    assert '--source' in found and '--bus' in found     # the parser above reads real help text
    text = page_text(PAGES['orientd'])
    missing = sorted(o for o in found if not re.search(r'(?<![\w-])' + re.escape(o) + r'(?![\w-])', text))
    assert not missing, 'not in orientd.8: %s' % missing


def orientctl_subcommands():
    text = run(os.path.join(BIN, 'orientctl'), '--help')
    section = text.split('SUBCOMMANDS:', 1)[1]
    return [m.group(1) for m in re.finditer(r'^\s{2,}([a-z][\w-]*)\s', section, re.M) if m.group(1) != 'help']


def test_every_orientctl_subcommand_and_option_is_in_its_page():
    subcommands = orientctl_subcommands()
    assert 'get' in subcommands and 'classify' in subcommands
    text = page_text(PAGES['orientctl'])
    missing = []
    for sub in [None] + subcommands:
        args = [os.path.join(BIN, 'orientctl')] + ([sub] if sub else []) + ['--help']
        for o in options(run(*args)):
            if not re.search(r'(?<![\w-])' + re.escape(o) + r'(?![\w-])', text):
                missing.append('%s %s' % (sub or '', o))
        if sub and not re.search(r'^\s*' + re.escape(sub) + r'\s*$', text, re.M):
            missing.append('section for subcommand ' + sub)
    assert not missing, 'not in orientctl.1: %s' % missing


# A udev property the sources read: `property("NAME")`, or a constant `…Property = "NAME"`
# (`property` alone too) handed to sd-device; and one a shipped rule sets: `ENV{NAME}="…"`.
READ_PROPERTY = re.compile(r'(?:property\("|[pP]roperty = ")([A-Z][A-Z0-9_]+)"')
SET_PROPERTY = re.compile(r'ENV\{([A-Z][A-Z0-9_]+)\}\+?="')
# udev's own keys of every device and event, which no hwdb entry or local rule sets (NAME:
# the kernel's name of an input device, in its uevent).
UDEV_KEYS = {'ACTION', 'SUBSYSTEM', 'DEVNAME', 'DEVPATH', 'SYSTEMD_WANTS', 'NAME'}


def properties_read_or_set():
    found = set()
    for folder, _, files in os.walk(os.path.join(ROOT, 'Sources')):
        for name in files:
            if name.endswith('.swift'):
                found |= set(READ_PROPERTY.findall(open(os.path.join(folder, name)).read()))
    # The udev keys named once in Contract.Udev and read through those names.
    contract = open(os.path.join(ROOT, 'Sources', 'OrientationCore', 'Contract.swift')).read()
    udev = re.search(r'enum Udev \{(.*?)\n    \}', contract, re.S)
    if udev:
        found |= set(re.findall(r'= "([A-Z][A-Z0-9_]+)"', udev.group(1)))
    for name in os.listdir(os.path.join(ROOT, 'udev')):
        found |= set(SET_PROPERTY.findall(open(os.path.join(ROOT, 'udev', name)).read()))
    return found - UDEV_KEYS


def documented_properties():
    """The tagged paragraphs of the page's PROPERTIES section."""
    text = page_text(PAGES['orientd-hwdb'])
    section = text.split('\nPROPERTIES\n', 1)[1].split('\nSCALE AND OFFSET\n', 1)[0]
    return set(re.findall(r'^ {7}([A-Z][A-Z0-9_]+)$', section, re.M))


def test_hwdb_page_lists_every_udev_property_and_no_other():
    code = properties_read_or_set()
    assert {'ACCEL_MOUNT_MATRIX', 'ORIENTD_SUPPORTED_ORIENTATIONS', 'ORIENTD_ACCELEROMETER'} <= code, code
    page = documented_properties()
    assert code - page == set(), 'read or set, not in orientd-hwdb.7: %s' % sorted(code - page)
    assert page - code == set(), 'in orientd-hwdb.7, never read or set: %s' % sorted(page - code)


def version_number():
    source = open(os.path.join(ROOT, 'Sources', 'OrientationCore', 'Version.swift')).read()
    return re.search(r'static let number = "([^"]+)"', source).group(1)


def test_versions_agree():
    number = version_number()
    changelog = run('dpkg-parsechangelog', '-l', os.path.join(ROOT, 'debian', 'changelog'), '-SVersion').strip()
    assert changelog == number
    for name, page in PAGES.items():
        assert '"orientd %s"' % number in open(page).read(), page
    daemon = run(os.path.join(BIN, 'orientd'), '--version').strip()
    ctl = run(os.path.join(BIN, 'orientctl'), '--version').strip()
    assert re.fullmatch(r'orientd %s \(Swift \d+\.\d+(\.\d+)?[^)]*\)' % re.escape(number), daemon), daemon
    # Both are the Embedded Swift build (scripts/build-embedded) and say so; a SwiftPM debug build
    # says nothing of the kind, for either.
    assert ctl == daemon.replace('orientd', 'orientctl', 1), ctl
    # The build wrote the version the compiler that built them gives (scripts/swift-version-source).
    built_with = re.search(r'\(Swift ([\d.]+)', daemon).group(1)
    compiler = re.search(r'Swift version ([\d.]+)', run('swift', '--version')).group(1)
    assert built_with == compiler, (built_with, compiler)
