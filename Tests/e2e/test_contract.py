"""The interface files in dbus/ (orientd's own and net.hadess.SensorProxy) are what
`orientd --bus-introspect` writes from the daemon's one declaration of its objects, and what
the running daemon introspects, interface by interface and object by object; every member and
property they name is in Contract (read through contract.py)."""
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import contract as C
import orientd_testbed as T

# Every introspection file committed in dbus/ (one per interface: each catalogued sensor kind
# adds its own).
FILES = sorted(f for f in os.listdir(os.path.join(T.ROOT, 'dbus')) if f.endswith('.xml'))
# orientd's own interfaces: every Contract space with an org.orientd interface and an object
# (Orientation1, Posture1, and one per catalogued sensor kind), all on orientd's bus name.
ORIENTD = [s for s in vars(C).values() if isinstance(s, C._Names)
           and getattr(s, 'interface', '').startswith('org.orientd.') and hasattr(s, 'objectPath')]
# The object each interface lives on.
PATHS = {s.interface: s.objectPath for s in ORIENTD}
PATHS.update({
    C.SensorProxy.interface: C.SensorProxy.objectPath,
    C.SensorProxy.compassInterface: C.SensorProxy.compassPath,
})
BUS_NAMES = {s.interface: C.Orientation1.busName for s in ORIENTD}
BUS_NAMES.update({
    C.SensorProxy.interface: C.SensorProxy.busName,
    C.SensorProxy.compassInterface: C.SensorProxy.busName,
})


def interfaces(text):
    """Each interface element of an introspection document, whitespace normalised."""
    found = {}
    for m in re.finditer(r'<interface name="([^"]+)">.*?</interface>', text, re.S):
        found[m.group(1)] = ' '.join(m.group(0).split())
    return found


def contract_names():
    names = set()
    for space in ORIENTD + [C.SensorProxy]:
        names.update(v for k, v in vars(space).items() if not k.startswith('_') and isinstance(v, str))
    return names


def introspect(*arguments):
    return subprocess.run([os.path.join(T.BIN, 'orientd'), '--bus-introspect', *arguments],
                          capture_output=True, text=True, timeout=30)


def test_the_committed_interface_files_are_what_the_declarations_write(tmp_path):
    run = introspect(str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert sorted(os.listdir(tmp_path)) == FILES
    assert {'org.orientd.Orientation1.xml', 'org.orientd.Posture1.xml', 'net.hadess.SensorProxy.xml'} <= set(FILES)
    for name in FILES:
        with open(os.path.join(T.ROOT, 'dbus', name)) as f:
            committed = f.read()
        assert (tmp_path / name).read_text() == committed, \
            'dbus/%s is stale: regenerate it with orientd --bus-introspect dbus' % name


def test_one_interface_file_is_printed():
    run = introspect(C.Posture1.interface)
    assert run.returncode == 0, run.stderr
    with open(os.path.join(T.ROOT, 'dbus', 'org.orientd.Posture1.xml')) as f:
        assert run.stdout == f.read()


def test_a_target_that_is_neither_an_interface_nor_a_directory_is_refused(tmp_path):
    run = introspect(str(tmp_path / 'missing'))
    assert run.returncode == 1
    assert 'missing/org.orientd.Orientation1.xml' in run.stderr and 'org.orientd.Posture1' in run.stderr
    assert run.stdout == ''


def test_every_interface_file_matches_the_running_daemon(bus, start):
    start('--source', 'none', '--sensor-proxy-compat')
    checked = []
    for name in FILES:
        with open(os.path.join(T.ROOT, 'dbus', name)) as f:
            text = f.read()
        ET.fromstring(text.split('-->', 1)[1])          # well-formed after the comment
        described = interfaces(text)
        assert described, name
        for iface, element in described.items():
            live = subprocess.run(['busctl', '--address=' + bus.address, 'introspect', '--xml-interface',
                                   BUS_NAMES[iface], PATHS[iface]], capture_output=True, text=True, check=True).stdout
            assert interfaces(live).get(iface) == element, '%s: %s differs from the daemon' % (name, iface)
            checked.append(iface)
    assert sorted(checked) == sorted(PATHS), checked


def test_every_name_in_the_interface_files_is_in_contract():
    names = contract_names()
    for name in FILES:
        with open(os.path.join(T.ROOT, 'dbus', name)) as f:
            root = ET.fromstring(f.read().split('-->', 1)[1])
        for iface in root.iter('interface'):
            assert iface.get('name') in names, iface.get('name')
            for member in list(iface.iter('method')) + list(iface.iter('property')) + list(iface.iter('signal')):
                assert member.get('name') in names, '%s.%s is not in Contract' % (iface.get('name'), member.get('name'))
