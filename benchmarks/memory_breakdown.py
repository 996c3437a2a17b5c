#!/usr/bin/python3
"""Memory as users' tools count it, orientd beside iio-sensor-proxy in one run, on the same fake
polled accelerometer (umockdev) and a private bus, in three states:
  before      started, no client yet (0.5 s after it owns its bus name)
  generating  one client (Begin / ClaimAccelerometer), device at rest, 1.5 s later
  after       the last client has ended (End / Release), past orientd's 1 s stop linger
For each: VmRSS (top, ps), Pss (smem's PSS: shared pages divided among their users) and USS
(smem's USS: Private_Clean + Private_Dirty, what the process alone adds), and `own`: the
resident pages of the daemon's executable, heap, stack and anonymous mappings, which no other
process shares whatever runs beside it; then Rss / Pss / USS per mapped file ('[anon]' for
heap and anonymous mappings), for mappings of at least 40 KiB.
`name: value` lines, in KiB; ratios are orientd / iio-sensor-proxy.

    umockdev-wrapper /usr/bin/python3 benchmarks/memory_breakdown.py --orientd-bin .build-bin

Private pages of a shared library count in USS only while no other process maps them, so USS
and Pss depend on what else runs: iio-sensor-proxy's USS moves by 450 KiB with whether another
GDBus program is running (libgio's GDBus pages are then shared). `own` does not. With
--desktop each daemon is measured a second time beside desktop_neighbour.py, a process that
maps every page of the libraries a desktop session maps anyway (GLib, libsystemd, libc, ...):
the `memory_desktop_` lines, USS as on a desktop. `own` is split into the executable's pages,
the heap, the stack and the other anonymous mappings (`own_executable` ... `own_anon`). The
umockdev preload library (libumockdev-preload.so.0) is mapped only under test; its row shows
what it adds.
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'e2e'))
import compare_iio_sensor_proxy as B  # noqa: E402
import desktop_neighbour  # noqa: E402
import orientd_testbed as T  # noqa: E402

KINDS = ('orientd', 'iio-sensor-proxy')
STATES = ('before', 'generating', 'after')
# Mappings whose Rss is smaller than this are summed into `other`.
SHOWN_KIB = 40
# orientd keeps the sensor running for 1 s after the last End (SensorDemand's linger), then
# stops it and unloads libiio; wait past that.
AFTER_END_S = 2.5


def smaps(pid):
    """{file: {'rss', 'pss', 'uss'}} in KiB, from /proc/PID/smaps."""
    out, name = {}, None
    with open('/proc/%d/smaps' % pid) as f:
        for line in f:
            fields = line.split()
            if not fields:
                continue
            if '-' in fields[0] and not fields[0].endswith(':'):
                path = fields[5] if len(fields) > 5 else ''
                name = os.path.basename(path) if path.startswith('/') else '[anon]' if path == '' else path
                out.setdefault(name, {'rss': 0, 'pss': 0, 'uss': 0})
            elif fields[0] == 'Rss:':
                out[name]['rss'] += int(fields[1])
            elif fields[0] == 'Pss:':
                out[name]['pss'] += int(fields[1])
            elif fields[0] in ('Private_Clean:', 'Private_Dirty:'):
                out[name]['uss'] += int(fields[1])
    return out


def is_shared(name):
    """A shared library or a kernel-provided page, not the daemon's own memory."""
    return '.so' in name or name in ('[vdso]', '[vvar]', '[vsyscall]')


OWN_PARTS = ('executable', 'heap', 'stack', 'anon')


def own_part(name):
    return {'[heap]': 'heap', '[stack]': 'stack', '[anon]': 'anon'}.get(name, 'executable')


def snapshot(pid):
    files = smaps(pid)
    total = {'vmrss': B.vmrss(pid),
             'pss': sum(v['pss'] for v in files.values()),
             'uss': sum(v['uss'] for v in files.values()),
             'own': sum(v['rss'] for name, v in files.items() if not is_shared(name))}
    for part in OWN_PARTS:
        total['own_' + part] = sum(v['rss'] for name, v in files.items()
                                   if not is_shared(name) and own_part(name) == part)
    return total, files


def measure(kind, args, desktop=False, two_in_one=False):
    neighbour = desktop_neighbour.start()[0] if desktop else None
    bus, tb = T.PrivateBus(), T.Testbed()
    devnode = 'file' if kind == 'iio-sensor-proxy' else 'fifo'
    acc = tb.accelerometer(variant='poll', props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'}, devnode=devnode)
    # A 2-in-1's keyboard base: orientd reads both halves at posture's slow rate from the start.
    base = tb.accelerometer(variant='poll', props={'ACCEL_LOCATION': 'base'}, pose='faceUp', devnode=devnode) \
        if two_in_one else None
    d = B.Daemon(kind, bus, tb, args.orientd_bin)
    found = {}
    try:
        time.sleep(0.5)
        found['before'] = snapshot(d.proc.pid)
        d.call(d.claim)
        time.sleep(1.5)
        found['generating'] = snapshot(d.proc.pid)
        d.call(d.release)
        time.sleep(AFTER_END_S)
        found['after'] = snapshot(d.proc.pid)
    finally:
        d.stop()
        acc.close()
        if base:
            base.close()
        bus.close()
        if neighbour:
            neighbour.kill()
            neighbour.wait()
    return found


def key(kind):
    return kind.replace('-', '_')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--orientd-bin', required=True)
    ap.add_argument('--breakdown', action='store_true', help='also the figures per mapped file')
    ap.add_argument('--desktop', action='store_true',
                    help='also beside a process that maps the libraries a desktop maps (memory_desktop_ lines)')
    ap.add_argument('--two-in-one', action='store_true',
                    help='also with a keyboard base accelerometer present (memory_2in1_ lines)')
    args = ap.parse_args()
    results = {kind: measure(kind, args) for kind in KINDS}
    print_totals('memory', results)
    if args.breakdown:
        print_breakdown('memory', results)
    if args.desktop:
        print('memory_desktop_libraries: %d' % len(desktop_neighbour.library_paths()))
        results = {kind: measure(kind, args, desktop=True) for kind in KINDS}
        print_totals('memory_desktop', results)
        if args.breakdown:
            print_breakdown('memory_desktop', results)
    if args.two_in_one:
        print_totals('memory_2in1', {kind: measure(kind, args, two_in_one=True) for kind in KINDS})


def print_totals(prefix, results):
    for state in STATES:
        for metric in ('vmrss', 'pss', 'uss', 'own') + tuple('own_' + p for p in OWN_PARTS):
            mine, theirs = (results[k][state][0][metric] for k in KINDS)
            print('%s_%s_orientd_%s_kib: %d' % (prefix, state, metric, mine))
            print('%s_%s_iio_sensor_proxy_%s_kib: %d' % (prefix, state, metric, theirs))
            if theirs:
                print('%s_%s_ratio_%s: %.2f' % (prefix, state, metric, mine / theirs))
    sys.stdout.flush()


def print_breakdown(prefix, results):
    for kind in KINDS:
        for state in STATES:
            files = results[kind][state][1]
            other = {'rss': 0, 'pss': 0, 'uss': 0}
            for name, v in sorted(files.items(), key=lambda kv: -kv[1]['rss']):
                if v['rss'] < SHOWN_KIB:
                    for m in other:
                        other[m] += v[m]
                    continue
                print('%s_%s_%s_rss_pss_uss_kib[%s]: %d / %d / %d' % (prefix, state, key(kind), name, v['rss'], v['pss'], v['uss']))
            print('%s_%s_%s_rss_pss_uss_kib[other]: %d / %d / %d' % (prefix, state, key(kind), other['rss'], other['pss'], other['uss']))


if __name__ == '__main__':
    main()
