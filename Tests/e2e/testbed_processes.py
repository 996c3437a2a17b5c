"""Probes of processes for orientd's end-to-end tests: system users for unprivileged
callers, CPU time, context switches, and timed property reads."""
import os
import subprocess
import time

import contract as C


def ensure_user(name):
    """A system user without home or shell (created once, kept: useradd is slow)."""
    import pwd
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(['useradd', '--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name], check=True)
    return name


def run_python_as(user, script_text, args, workdir):
    """/usr/bin/python3 running `script_text` as `user` (no groups, no capabilities); stdin,
    stdout and stderr are pipes (text). The script is written to `workdir`."""
    script = os.path.join(workdir, 'client-%d.py' % time.monotonic_ns())
    with open(script, 'w') as f:
        f.write(script_text)
    os.chmod(script, 0o644)
    env = {'PATH': '/usr/bin:/bin', 'HOME': '/'}
    return subprocess.Popen(['setpriv', '--reuid', user, '--regid', user, '--clear-groups',
                             '/usr/bin/python3', script] + [str(a) for a in args],
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def cpu_seconds(pid):
    """User + system CPU time a process has used, from /proc/PID/stat."""
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def timed_get(client, prop, timeout=10.0):
    """(seconds, value) of one property read."""
    t0 = time.monotonic()
    value = client.obj().Get(C.Orientation1.interface, prop, dbus_interface='org.freedesktop.DBus.Properties', timeout=timeout)
    return time.monotonic() - t0, value


def context_switches(pid):
    """Context switches of every thread of the process so far: each is a wake-up."""
    total = 0
    for tid in os.listdir('/proc/%d/task' % pid):
        with open('/proc/%d/task/%s/status' % (pid, tid)) as f:
            for line in f:
                if line.startswith(('voluntary_ctxt_switches', 'nonvoluntary_ctxt_switches')):
                    total += int(line.split()[1])
    return total
