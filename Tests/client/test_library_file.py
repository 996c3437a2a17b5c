"""liborientd.so as a C app meets it: a soname, only C libraries in NEEDED (no Swift
runtime), exactly orientd.h's functions exported, and at most 300 KiB stripped."""
import os
import re
import subprocess

import orientd_testbed as T

LIB = os.path.realpath(os.environ['ORIENTD_LIBRARY'])
HEADER = os.path.join(T.ROOT, 'include', 'orientd.h')
SIZE_LIMIT = 300 * 1024


def readelf(*args):
    return subprocess.run(['readelf'] + list(args) + [LIB], capture_output=True, text=True, check=True).stdout


def test_soname_and_needed_libraries():
    dynamic = readelf('-d')
    assert 'Library soname: [liborientd.so.0]' in dynamic
    needed = re.findall(r'Shared library: \[([^\]]+)\]', dynamic)
    assert sorted(needed) == ['libc.so.6', 'libsystemd.so.0'], needed


def test_exports_are_the_header():
    declared = set(re.findall(r'\b(orientd_\w+)\(', open(HEADER).read()))
    out = subprocess.run(['nm', '-D', '--defined-only', LIB], capture_output=True, text=True, check=True).stdout
    exported = {line.split()[-1].split('@')[0] for line in out.splitlines() if ' T ' in line}
    assert exported == declared, (exported ^ declared)


def test_stripped_size(tmp_path):
    stripped = tmp_path / 'liborientd.so'
    subprocess.run(['strip', '-o', str(stripped), LIB], check=True)
    size = stripped.stat().st_size
    print('liborientd_stripped_bytes: %d' % size)
    assert size <= SIZE_LIMIT, size
