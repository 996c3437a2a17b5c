"""Trace readers on input that never ends a line (/dev/zero, a pipe of one endless line):
`orientctl classify`, `orientctl posture` and the daemon's `--source replay:` refuse the first
line longer than any trace line (4096 bytes, Trace.longestLineBytes) with its line number, in
bounded memory, instead of buffering it until an allocation fails. Each program runs with its
address space capped (RLIMIT_AS) well below what buffering the input would take."""
import os
import resource
import subprocess

import pytest

import orientd_testbed as T

ORIENTCTL = os.path.join(T.BIN, 'orientctl')
# orientctl maps about 30 MiB (glibc, libsystemd); buffering /dev/zero passed 2 GB in seconds.
ADDRESS_SPACE_CAP = 256 << 20
LIMIT = 4096


def capped():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))


def run(args, stdin=subprocess.DEVNULL):
    return subprocess.run([ORIENTCTL] + args, stdin=stdin, capture_output=True, text=True, timeout=30,
                          preexec_fn=capped)


@pytest.mark.parametrize('command', ['classify', 'posture'])
def test_orientctl_refuses_endless_input_with_its_line_number(command):
    r = run([command, '/dev/zero'])
    assert r.returncode == 64, (r.returncode, r.stderr[-500:])
    assert r.stderr.startswith('Error: /dev/zero:1: line longer than %d bytes\n' % LIMIT), r.stderr[-500:]


@pytest.mark.parametrize('command', ['classify', 'posture'])
def test_orientctl_refuses_endless_standard_input(command):
    with open('/dev/zero', 'rb') as zero:
        r = run([command, '-'], stdin=zero)
    assert r.returncode == 64, (r.returncode, r.stderr[-500:])
    assert r.stderr.startswith('Error: <stdin>:1: line longer than %d bytes\n' % LIMIT), r.stderr[-500:]


@pytest.mark.parametrize('command,header,row', [
    ('classify', 't_ms,x,y,z', '0,0,-9.8,0'),
    ('posture', 't_ms,dx,dy,dz,bx,by,bz', '0,0,-9.8,0,0,0,-9.8'),
])
def test_a_long_line_after_good_ones_is_named_by_its_number(tmp_path, command, header, row):
    trace = tmp_path / 'trace.csv'
    # A line of exactly the limit is still a line (a parse error, not a length error).
    trace.write_text('%s\n%s\n%s\n' % (header, row, '#' + 'x' * (LIMIT - 1)) + '1' * (LIMIT + 1) + '\n')
    r = run([command, str(trace)])
    assert (r.returncode, r.stderr.splitlines()[0]) == (64, 'Error: %s:4: line longer than %d bytes' % (trace, LIMIT)), r.stderr


def test_a_line_of_the_limit_is_accepted(tmp_path):
    trace = tmp_path / 'trace.csv'
    trace.write_text('t_ms,x,y,z\n' + '#' + 'x' * (LIMIT - 1) + '\n0,0,-9.8,0\n100,0,-9.8,0\n')
    r = run(['classify', str(trace)])
    assert r.returncode == 0, r.stderr


def test_the_daemon_refuses_an_endless_replay(start):
    # The daemon checks the whole trace at start: /dev/zero is one endless first line.
    d = start('--source', 'replay:/dev/zero', wait=False)
    assert d.proc.wait(20) == 1, d.output()
    assert '/dev/zero:1: line longer than %d bytes' % LIMIT in d.output(), d.output()
