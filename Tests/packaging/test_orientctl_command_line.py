"""orientctl's command line, read from its command table: help for each subcommand, usage
errors with their texts and exit status 64, failures with status 1. The texts are those
orientctl printed when swift-argument-parser read its command line (checked against that build
on 2026-11-25), so scripts that match them keep working."""
import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
BIN = os.environ.get('ORIENTD_BIN_DIR') or os.path.join(ROOT, '.build', 'debug')
ORIENTCTL = os.path.join(BIN, 'orientctl')
NOBUS = 'unix:path=/nonexistent/orientd-test-bus'


def run(*args, stdin=''):
    return subprocess.run([ORIENTCTL] + list(args), capture_output=True, text=True, input=stdin, timeout=20)


def usage(sub):
    lines = {
        None: 'orientctl <subcommand>',
        'get': 'orientctl get [--bus <bus>] [--json] [--gravity]',
        'monitor': 'orientctl monitor [--bus <bus>] [--json] [--count <count>] [--timeout <timeout>]',
        'classify': 'orientctl classify <file> [--screen]',
        'lock': 'orientctl lock [--bus <bus>] [--json] [<orientation>] -- [<command> ...]',
    }
    see = 'orientctl %s--help' % (sub + ' ' if sub else '')
    return 'Usage: %s\n  See \'%s\' for more information.\n' % (lines[sub], see)


GET_HELP = """OVERVIEW: Print the current orientation, or the gravity vector.

USAGE: orientctl get [--bus <bus>] [--json] [--gravity]

OPTIONS:
  --bus <bus>             Bus: system, session, or a D-Bus address. (default:
                          system)
  --json                  Print JSON instead of text.
  --gravity               Print the gravity vector (ReadGravity) as x y z in
                          m/s² instead.
  --version               Show the version.
  -h, --help              Show help information.

"""


@pytest.mark.parametrize('args', [['get', '--help'], ['get', '-h'], ['help', 'get'], ['get', '--json', '--help', 'extra']])
def test_subcommand_help(args):
    r = run(*args)
    assert (r.returncode, r.stdout, r.stderr) == (0, GET_HELP, '')


def test_help_wraps_discussion_and_lists_arguments():
    out = run('classify', '--help').stdout
    assert out.startswith('OVERVIEW: Classify a trace file offline.\n\n'
                          'FILE holds samples as `t_ms,x,y,z` lines (gravity vector in m/s², device\n'
                          'frame). One line')
    assert ('ARGUMENTS:\n  <file>                  Trace file in the t_ms,x,y,z format (\'-\' for standard\n'
            '                          input).\n\nOPTIONS:\n  --screen ') in out


def test_root_help_lists_every_subcommand():
    for args in ([], ['--help'], ['help'], ['nosuch', '--help']):
        r = run(*args)
        assert r.returncode == 0 and r.stdout.startswith('OVERVIEW: Query and test the orientd device orientation service.')
        assert '  lock                    Hold a screen orientation lock (while a command runs).\n' in r.stdout
        assert r.stdout.endswith("\n  See 'orientctl help <subcommand>' for detailed help.\n")


@pytest.mark.parametrize('args,message,sub', [
    (['nosuch'], "Error: Unexpected argument 'nosuch'\n", None),
    (['--json'], "Error: Unknown option '--json'\n", None),
    (['get', 'extra'], "Error: Unexpected argument 'extra'\n", 'get'),
    (['get', '--nosuch'], "Error: Unknown option '--nosuch'\n", 'get'),
    (['get', '--gravity=yes'], "Error: The option '--gravity' does not take any value, but 'yes' was specified.\n", 'get'),
    (['get', '--bus'], "Error: Missing value for '--bus <bus>'\nHelp:  --bus <bus>  Bus: system, session, or a D-Bus address.\n", 'get'),
    (['get', '--bus='], "Error: Missing value for '--bus <bus>'\nHelp:  --bus <bus>  Bus: system, session, or a D-Bus address.\n", 'get'),
    (['monitor', '--count', 'x'], "Error: The value 'x' is invalid for '--count <count>'\nHelp:  --count <count>  Exit after this many changes.\n", 'monitor'),
    (['monitor', '--count', '2.5'], "Error: The value '2.5' is invalid for '--count <count>'\nHelp:  --count <count>  Exit after this many changes.\n", 'monitor'),
    (['monitor', '--timeout', 'abc'], "Error: The value 'abc' is invalid for '--timeout <timeout>'\nHelp:  --timeout <timeout>  Exit after this many seconds.\n", 'monitor'),
    (['monitor', '--count', '0', '--bus', NOBUS], 'Error: --count must be at least 1\n', 'monitor'),
    (['monitor', '--timeout', '0'], 'Error: --timeout must be positive\n', 'monitor'),
    (['classify'], "Error: Missing expected argument '<file>'\nHelp:  <file>  Trace file in the t_ms,x,y,z format ('-' for standard input).\n", 'classify'),
    (['classify', 'a', 'b'], "Error: Unexpected argument 'b'\n", 'classify'),
    (['classify', '/nonexistent/trace.csv'], 'Error: cannot read trace /nonexistent/trace.csv\n', None),
    (['lock', 'portrait', 'extra'], "Error: Unexpected argument 'extra'\n", 'lock'),
])
def test_usage_errors_exit_64(args, message, sub):
    r = run(*args)
    assert (r.returncode, r.stdout, r.stderr) == (64, '', message + usage(sub))


def test_malformed_trace_names_file_and_line(tmp_path):
    trace = tmp_path / 't.csv'
    trace.write_text('0,1,2\n')
    r = run('classify', str(trace))
    assert (r.returncode, r.stderr) == (64, 'Error: %s:1: expected 4 fields t_ms,x,y,z, found 3\n' % trace + usage(None))
    trace.write_bytes(b'\xff\xfe')
    assert run('posture', str(trace)).stderr.startswith('Error: %s:1: not UTF-8 text\n' % trace)


@pytest.mark.parametrize('args', [['get'], ['status', '--json'], ['lock'], ['monitor', '--count=3'], ['get', '--bus', 'x']])
def test_an_unreachable_bus_is_a_failure(args):
    r = run(*(args + ['--bus', NOBUS]))
    assert (r.returncode, r.stdout) == (1, '')
    assert r.stderr == 'Error: cannot connect to the %s bus: connect to %s: No such file or directory\n' % (NOBUS, NOBUS)


def test_classify_reads_standard_input_and_options_in_any_order():
    trace = ''.join('%d,9.8,0,0\n' % t for t in range(0, 1000, 100))
    a, b = run('classify', '-', stdin=trace), run('classify', '--', '-', stdin=trace)
    assert a.returncode == 0 and a.stdout.startswith('t_ms,orientation\n') and 'landscape' in a.stdout
    assert b.stdout == a.stdout
    assert run('classify', '--screen', '-', stdin=trace).stdout == run('classify', '-', '--screen', stdin=trace).stdout


def test_version_everywhere():
    version = run('--version').stdout
    assert version.startswith('orientctl ') and run('get', '--version').stdout == version
    assert run('classify', '--version', 'x').stdout == version
