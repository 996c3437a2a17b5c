"""What the benchmarks read of a running process in /proc: CPU time, wake-ups (context
switches per thread), VmRSS and PSS."""
import os
import time


def proc_counters(pid):
    """CPU ticks of the process, and context switches per thread id."""
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    switches = {}
    for tid in os.listdir('/proc/%d/task' % pid):
        try:
            with open('/proc/%d/task/%s/status' % (pid, tid)) as f:
                switches[tid] = sum(int(line.split()[1]) for line in f
                                    if line.startswith(('voluntary_ctxt_switches', 'nonvoluntary_ctxt_switches')))
        except OSError:
            pass
    return time.monotonic(), ticks, switches


def rates(pid, seconds):
    """CPU % and wake-ups per second. Wake-ups are summed over threads alive at both ends
    (a thread that exits in between takes its counter with it; one that starts counts whole)."""
    t0, c0, s0 = proc_counters(pid)
    time.sleep(seconds)
    t1, c1, s1 = proc_counters(pid)
    hz = os.sysconf('SC_CLK_TCK')
    wakeups = sum(n - s0.get(tid, 0) for tid, n in s1.items())
    return 100.0 * (c1 - c0) / hz / (t1 - t0), wakeups / (t1 - t0)


def proc_field_kib(path, key):
    """The kB value of the line starting with `key` in a /proc file, -1 without one."""
    with open(path) as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1])
    return -1


def vmrss(pid):
    return proc_field_kib('/proc/%d/status' % pid, 'VmRSS:')


def pss(pid):
    return proc_field_kib('/proc/%d/smaps_rollup' % pid, 'Pss:')
