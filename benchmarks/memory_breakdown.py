#!/usr/bin/python3
"""Where a daemon's resident memory is: VmRSS and Pss, and the Rss of each mapping by file,
idle and then generating (one client, device at rest), on a fake polled accelerometer
(umockdev) and a private bus. `name: value` lines, in KiB.

    umockdev-wrapper /usr/bin/python3 benchmarks/memory_breakdown.py --orientd-bin .build-bin [--kind iio-sensor-proxy]
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'e2e'))
import compare_iio_sensor_proxy as B  # noqa: E402
import orientd_testbed as T  # noqa: E402

# Mappings smaller than this are summed into `other`.
SHOWN_KIB = 40


def by_file(pid):
    rss, name = {}, None
    with open('/proc/%d/smaps' % pid) as f:
        for line in f:
            fields = line.split()
            if not fields:
                continue
            if '-' in fields[0] and not fields[0].endswith(':'):
                name = os.path.basename(fields[5]) if len(fields) > 5 else 'anonymous'
            elif fields[0] == 'Rss:':
                rss[name] = rss.get(name, 0) + int(fields[1])
    return rss


def report(kind, phase, pid):
    print('%s_%s_vmrss_kib: %d' % (kind, phase, B.vmrss(pid)))
    print('%s_%s_pss_kib: %d' % (kind, phase, B.pss(pid)))
    other = 0
    for name, kib in sorted(by_file(pid).items(), key=lambda kv: -kv[1]):
        if kib >= SHOWN_KIB:
            print('%s_%s_rss_kib[%s]: %d' % (kind, phase, name, kib))
        else:
            other += kib
    print('%s_%s_rss_kib[other]: %d' % (kind, phase, other))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--orientd-bin', required=True)
    ap.add_argument('--kind', default='orientd', choices=['orientd', 'iio-sensor-proxy'])
    args = ap.parse_args()
    bus, tb = T.PrivateBus(), T.Testbed()
    acc = tb.accelerometer(variant='poll', props={'IIO_SENSOR_PROXY_TYPE': 'iio-poll-accel'},
                           devnode='file' if args.kind == 'iio-sensor-proxy' else 'fifo')
    d = B.Daemon(args.kind, bus, tb, args.orientd_bin)
    try:
        time.sleep(0.5)
        report(args.kind, 'idle', d.proc.pid)
        d.call(d.claim)
        time.sleep(1.5)
        report(args.kind, 'generating', d.proc.pid)
        d.call(d.release)
    finally:
        d.stop()
        acc.close()
        bus.close()


if __name__ == '__main__':
    main()
