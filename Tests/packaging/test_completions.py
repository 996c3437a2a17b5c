"""The shell completions that `make install` installs, written by `orientctl
--generate-completion-script SHELL` from its command table: bash and fish run them (bash's
completion function called as bash calls it, fish's `complete -C`), zsh parses its script
(`zsh -n`; running a zsh completion needs a terminal), and every subcommand and option that
`--help` prints is in each script. scripts/install-deps test installs zsh and fish."""
import os
import re
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
BIN = os.environ.get('ORIENTD_BIN_DIR') or os.path.join(ROOT, '.build', 'debug')
ORIENTCTL = os.path.join(BIN, 'orientctl')
OPTION = re.compile(r'(?<![\w-])(--[A-Za-z][\w-]*)')


def script(shell):
    r = subprocess.run([ORIENTCTL, '--generate-completion-script', shell], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


def complete(line, tmp_path):
    """What the bash completion offers for the last word of `line` (the cursor at its end)."""
    path = tmp_path / 'orientctl.bash'
    path.write_text(script('bash'))
    words = line.split(' ')
    probe = ('source %s\nCOMP_WORDS=(%s)\nCOMP_CWORD=%d\nCOMP_LINE=%s\nCOMP_POINT=${#COMP_LINE}\n'
             '_orientctl\nprintf "%%s\\n" "${COMPREPLY[@]}"\n') % (
        path, ' '.join("'%s'" % w for w in words), len(words) - 1, "'%s'" % line)
    r = subprocess.run(['bash', '-c', probe], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == '', r.stderr
    return [w for w in r.stdout.splitlines() if w]


def subcommands():
    text = subprocess.run([ORIENTCTL, '--help'], capture_output=True, text=True).stdout
    section = text.split('SUBCOMMANDS:', 1)[1]
    return [m.group(1) for m in re.finditer(r'^\s{2,}([a-z][\w-]*)\s', section, re.M)]


def options_of(sub):
    text = subprocess.run([ORIENTCTL, sub, '--help'], capture_output=True, text=True).stdout
    return set(OPTION.findall(text))


def test_bash_script_parses():
    r = subprocess.run(['bash', '-n'], input=script('bash'), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize('line,expected', [
    ('orientctl ', ['get', 'status', 'monitor', 'lock', 'sensors', 'classify', 'posture', 'help', '--version', '-h', '--help']),
    ('orientctl cl', ['classify']),
    ('orientctl monitor --c', ['--count']),
    ('orientctl get --bus ', ['system', 'session']),
    ('orientctl get --bus s', ['system', 'session']),
    ('orientctl monitor --count ', []),
    ('orientctl lock land', ['landscapeLeft', 'landscapeRight']),
    ('orientctl help p', ['posture']),
    ('orientctl classify tr', ['trace.csv']),
    ('orientctl posture --bus', []),
])
def test_bash_completes(line, expected, tmp_path):
    (tmp_path / 'trace.csv').write_text('0,0,-9.8,0\n')
    assert complete(line, tmp_path) == expected


def test_bash_completes_a_command_after_the_terminator(tmp_path):
    assert 'bash' in complete('orientctl lock portrait -- bas', tmp_path)


def test_every_subcommand_and_option_is_in_each_script():
    subs = subcommands()
    assert 'get' in subs and 'lock' in subs    # the parser above reads real help text
    for shell in ('bash', 'zsh', 'fish'):
        text = script(shell)
        missing = [s for s in subs if not re.search(r'(?<![\w-])' + s + r'(?![\w-])', text)]
        for sub in subs:
            for option in options_of(sub):
                name = option if shell != 'fish' else '-l ' + option[2:]
                if name not in text:
                    missing.append('%s %s' % (sub, option))
        assert not missing, '%s completion lacks %s' % (shell, missing)


def test_an_unknown_shell_is_a_usage_error():
    r = subprocess.run([ORIENTCTL, '--generate-completion-script', 'tcsh'], capture_output=True, text=True)
    assert r.returncode == 64 and "The value 'tcsh' is invalid" in r.stderr


def test_zsh_script_parses(tmp_path):
    path = tmp_path / '_orientctl'
    path.write_text(script('zsh'))
    r = subprocess.run(['zsh', '-n', str(path)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr == '', r.stderr


def fish_complete(line, tmp_path):
    path = tmp_path / 'orientctl.fish'
    path.write_text(script('fish'))
    r = subprocess.run(['fish', '--no-config', '-c', 'source %s; complete -C %s' % (path, "'%s'" % line)],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == '', r.stderr
    return [l.split('\t')[0] for l in r.stdout.splitlines()]


@pytest.mark.parametrize('line,expected', [
    ('orientctl ', ['classify', 'get', 'help', 'lock', 'monitor', 'posture', 'sensors', 'status']),
    ('orientctl get --bus ', ['session', 'system']),
    ('orientctl monitor --count ', []),
    ('orientctl lock land', ['landscapeLeft', 'landscapeRight']),
    ('orientctl classify tr', ['trace.csv']),
    ('orientctl help p', ['posture']),
])
def test_fish_completes(line, expected, tmp_path):
    (tmp_path / 'trace.csv').write_text('0,0,-9.8,0\n')
    assert fish_complete(line, tmp_path) == expected
