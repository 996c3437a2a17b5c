"""The files `orientd --generate` writes from the daemon's declarations are the committed ones:
the D-Bus policy of org.orientd.Orientation1, the udev rule of the catalogued sensor kinds and
their docs table (docs/sensor-kinds.md). Each catalogued kind, found through its introspection
file, is in all three."""
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import orientd_testbed as T

GENERATED = ['dbus/org.orientd.Orientation1.conf', 'udev/80-orientd-sensor-kinds.rules', 'docs/sensor-kinds.md']


def generate(target):
    return subprocess.run([os.path.join(T.BIN, 'orientd'), '--generate', str(target)],
                          capture_output=True, text=True, timeout=30)


def committed(name):
    with open(os.path.join(T.ROOT, name)) as f:
        return f.read()


def test_the_committed_files_are_what_the_declarations_write(tmp_path):
    for directory in {os.path.dirname(n) for n in GENERATED}:
        (tmp_path / directory).mkdir()
    run = generate(tmp_path)
    assert run.returncode == 0, run.stderr
    written = sorted(os.path.relpath(os.path.join(top, n), tmp_path) for top, _, names in os.walk(tmp_path) for n in names)
    assert written == sorted(GENERATED)
    for name in GENERATED:
        assert (tmp_path / name).read_text() == committed(name), \
            '%s is stale: regenerate it with orientd --generate .' % name


def test_the_policy_lets_everyone_call_every_interface_orientd_introspects():
    policy = ET.fromstring(committed('dbus/org.orientd.Orientation1.conf'))
    allowed = {a.get('send_interface') for a in policy.iter('allow') if a.get('send_destination') == 'org.orientd.Orientation1'}
    for name in os.listdir(os.path.join(T.ROOT, 'dbus')):
        if not name.endswith('.xml') or not name.startswith('org.orientd.'):
            continue
        for iface in ET.fromstring(committed('dbus/' + name).split('-->', 1)[1]).iter('interface'):
            assert iface.get('name') in allowed, (name, iface.get('name'))
    owners = [a.get('own') for a in policy.iter('allow') if a.get('own')]
    assert owners == ['org.orientd.Orientation1']


def test_every_catalogued_kind_starts_orientd_and_is_in_the_docs_table():
    rule = committed('udev/80-orientd-sensor-kinds.rules')
    table = committed('docs/sensor-kinds.md')
    statements = [l for l in rule.splitlines() if l.strip() and not l.startswith('#')]
    assert statements[0] == 'ACTION=="remove", GOTO="orientd_sensor_kinds_end"'
    assert statements[-1] == 'LABEL="orientd_sensor_kinds_end"'
    for line in statements[1:-1]:
        assert re.fullmatch(r'SUBSYSTEM=="\w+", TEST=="[\w/]+", TAG\+="systemd", ENV\{SYSTEMD_WANTS\}\+="orientd.service"',
                            line), line
    rows = [l for l in table.splitlines() if l.startswith('| ') and '`' in l]
    # A catalogued kind is an org.orientd interface on an object other than Orientation1's.
    for name in os.listdir(os.path.join(T.ROOT, 'dbus')):
        if not name.startswith('org.orientd.') or name in ('org.orientd.Orientation1.xml', 'org.orientd.Posture1.xml') \
                or not name.endswith('.xml'):
            continue
        interface = name[:-len('.xml')]
        row = [r for r in rows if '`%s`' % interface in r]
        assert len(row) == 1, (interface, rows)
        attributes = re.findall(r'`(in_\w+)`', row[0])
        assert attributes, row
        for attribute in attributes:
            assert any('TEST=="%s"' % attribute in l for l in statements), (interface, attribute)


def test_a_directory_without_the_tree_is_refused(tmp_path):
    run = generate(tmp_path / 'missing')
    assert run.returncode == 1
    assert '--generate' in run.stderr
