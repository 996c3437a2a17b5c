"""Replay options no value can crash, and traces that cannot make the daemon spin."""
import os
import subprocess
import time

import pytest

import orientd_testbed as T

# A looped trace whose timestamps are all equal, replayed while a client Begins: the daemon's
# CPU over this window stays below this share of one core.
CPU_WINDOW_S = 2.0
CPU_LIMIT = 0.20
USAGE_EXIT = 2


def trace(tmp_path, lines):
    path = tmp_path / 'trace.csv'
    path.write_text(''.join(line + '\n' for line in lines))
    return str(path)


@pytest.mark.parametrize('speed', ['1e-300', 'nan', 'inf', '-1', '0', '1e300'])
def test_absurd_replay_speed_is_a_usage_error(bus, testbed, tmp_path, speed):
    path = trace(tmp_path, ['%d,0,-9.80665,0' % (10 * i) for i in range(20)])
    d = T.Orientd(bus, testbed, ['--source', 'replay:%s,speed=%s,loop' % (path, speed)], wait=False)
    try:
        rc = d.proc.wait(3)
    except subprocess.TimeoutExpired:
        # Accepted: what a Begin then does is the figure for the report.
        try:
            outcome = 'Begin answered %s' % d.client.begin()
        except Exception as e:          # noqa: BLE001
            outcome = 'Begin failed: %s' % e
        time.sleep(0.5)
        outcome += ', daemon exit %s' % d.proc.poll()
        d.stop()
        pytest.fail('speed=%s accepted; %s' % (speed, outcome))
    assert rc == USAGE_EXIT, (rc, d.output())
    assert 'speed' in d.output(), d.output()


def test_looped_trace_with_equal_timestamps_is_refused_with_the_reason(start, tmp_path):
    # A loop that spans no time would be due again at once, forever (finding 10: 100 % CPU).
    # orientd refuses such a trace at start-up, naming the file and the reason.
    path = trace(tmp_path, ['0,0,-9.80665,0'] * 50)
    d = start('--source', 'replay:%s,loop' % path, wait=False)
    assert d.proc.wait(5) == 1, d.output()
    assert str(path) in d.output() and 'timestamps that advance' in d.output(), d.output()


def test_looped_trace_that_advances_does_not_spin(start, tmp_path):
    path = trace(tmp_path, ['%d,0,-9.80665,0' % (t * 20) for t in range(50)])
    d = start('--source', 'replay:%s,loop' % path)
    d.client.begin()
    cpu0, t0 = T.cpu_seconds(d.proc.pid), time.monotonic()
    time.sleep(CPU_WINDOW_S)
    assert d.proc.poll() is None, d.output()[-2000:]
    share = (T.cpu_seconds(d.proc.pid) - cpu0) / (time.monotonic() - t0)
    assert share < CPU_LIMIT, '%.0f %% of a core' % (100 * share)
    assert d.client.get('Orientation') == 'portrait'


def test_a_huge_line_is_refused_with_its_line_number(start, tmp_path):
    # Finding 10: a line of commas used to cost 69 bytes of memory per byte.
    path = tmp_path / 'trace.csv'
    path.write_text('t_ms,x,y,z\n0,0,-9.8,0\n' + ',' * (8 << 20) + '\n')
    d = start('--source', 'replay:%s' % path, wait=False)
    assert d.proc.wait(10) == 1, d.output()
    assert '%s:3: line longer than 4096 bytes' % path in d.output(), d.output()


def replay_rss_kib(start, path):
    d = start('--source', 'replay:%s,speed=1000' % path)
    assert d.client.begin() == 'portrait'
    time.sleep(0.5)
    with open('/proc/%d/status' % d.proc.pid) as f:
        rss = int(next(l for l in f if l.startswith('VmRSS:')).split()[1])
    d.stop()
    return rss


def test_a_large_trace_is_streamed_with_bounded_memory(start, tmp_path):
    line = '%d,0.01,-9.80665,0.02\n'
    small, large = tmp_path / 'small.csv', tmp_path / 'large.csv'
    small.write_text(''.join(line % (t * 10) for t in range(100)))
    large.write_text(''.join(line % (t * 10) for t in range(60_000)))   # 1.5 MB, 10 minutes at 100 Hz
    growth = replay_rss_kib(start, large) - replay_rss_kib(start, small)
    print('replay_rss_growth_for_1_5_mb_kib: %d' % growth)
    # Held whole, the text and its samples would cost about 3.4 MB more.
    assert growth < 1024, 'the trace is held in memory (+%d KiB)' % growth
