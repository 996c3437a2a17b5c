"""What the benchmarks in this folder share: the test bed on the import path, starting a
daemon that serves net.hadess.SensorProxy on a private bus, stopping a process, percentiles,
a claimed sensor's wake-ups and change latency, and the side-by-side `name: value` printout
(orientd, iio-sensor-proxy, and their ratio)."""
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'e2e'))
import orientd_testbed as T  # noqa: E402

KINDS = ('orientd', 'iio-sensor-proxy')


def pct(xs, q):
    """The q-quantile of xs, linearly interpolated between the two nearest ranks."""
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summarize(out, name, xs, *quantiles):
    """out[NAME_median_ms] and out[NAME_pQQ_ms] for each quantile, None without samples."""
    out[name + '_median_ms'] = statistics.median(xs) if xs else None
    for q in quantiles:
        out['%s_p%d_ms' % (name, round(q * 100))] = pct(xs, q) if xs else None


def stop_process(proc, timeout=5):
    """SIGTERM, then SIGKILL if the process has not exited within the timeout."""
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def start_compat_daemon(kind, bus, tb):
    """orientd with its net.hadess.SensorProxy face, or iio-sensor-proxy, on the private bus:
    (pid, stop)."""
    if kind == 'orientd':
        d = T.Orientd(bus, tb, ['--sensor-proxy-compat'])
        return d.proc.pid, d.stop
    p = T.start_iio_sensor_proxy(bus, tb)
    return p.pid, (lambda: (p.kill(), p.wait()))


def claimed_rates(pid, seconds, changes, write, read, expected):
    """With a sensor already claimed: the daemon's wake-ups per second over `seconds`, then
    `changes` values written (write(i)) and waited for (read() == expected(i)), spread over
    the read phase. Returns (wake-ups per second, median and max change latency in ms)."""
    time.sleep(2)
    before = T.context_switches(pid)
    time.sleep(seconds)
    wakeups = (T.context_switches(pid) - before) / seconds
    latencies = []
    for i in range(changes):
        time.sleep(0.37 * (i % 3))
        t0 = time.monotonic()
        write(i)
        assert T.wait_for(lambda: read() == expected(i), 5, 0.01), (read(), expected(i))
        latencies.append((time.monotonic() - t0) * 1000)
    return wakeups, statistics.median(latencies), max(latencies)


def show(value, digits=3):
    if value is None:
        return 'none'
    return ('%%.%df' % digits) % value if isinstance(value, float) else str(value)


def print_side_by_side(prefix, results, digits=3):
    """results: {'orientd': {key: value}, 'iio-sensor-proxy': {key: value}}. Prints
    PREFIX_orientd_KEY, PREFIX_iio_sensor_proxy_KEY and, where both are numbers,
    PREFIX_ratio_KEY (orientd / iio-sensor-proxy)."""
    for key, mine in results['orientd'].items():
        theirs = results['iio-sensor-proxy'].get(key)
        print('%s_orientd_%s: %s' % (prefix, key, show(mine, digits)))
        print('%s_iio_sensor_proxy_%s: %s' % (prefix, key, show(theirs, digits)))
        if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)) and theirs:
            print('%s_ratio_%s: %.3f' % (prefix, key, mine / theirs))
    sys.stdout.flush()
