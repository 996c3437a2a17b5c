"""One posture-b trace (../shared/corpus/posture-b, or $ORIENTD_POSTURE_B) replayed through two
fake accelerometers (display and base, umockdev, hwdb-style mount matrices) into the real
orientd, at the trace's own pace: the Posture and TabletMode changes on D-Bus must be those
`orientctl posture` prints for the same rows, in the same order, each within the delay the
daemon's low rate allows.

The daemon runs at its low level (the tablet-mode switch exported, nobody generating
orientation notifications): it reads both halves in one wake-up, twice a second at rest and ten
times a second while they move (PostureHub), so it sees a subset of the rows `orientctl posture`
sees; the tracker is the same."""
import os
import subprocess
import time

import pytest

import orientd_testbed as T
import posture_fakes as P
from test_posture_scores import POSTURE_B

# Every band in one trace: laptop, tablet, tent, flat, laptop (the slice below), at 100 Hz.
TRACE = 'V33_tablet_tent_laptop_100'
SLICE_END_MS = 46000
# Written to the fakes at 50 Hz: more than the daemon's fastest read (10 Hz), and few enough
# file writes to keep the pace on a loaded machine.
REPLAY_PERIOD_MS = 20
# A change on the bus may come before orientctl's: the daemon's reads fall between rows, and
# its first read of a new value can be the one that completes the settle time.
EARLY_S = 0.3
# Or after it: up to one 500 ms low-rate tick before the daemon notices movement, then its
# 100 ms reads (orientctl sees every 10 ms row), and the replay's own lag under load.
LATE_S = 1.5


def read_rows(path, end_ms):
    rows = []
    with open(path) as f:
        next(f)
        for line in f:
            values = [float(v) for v in line.split(',')]
            if values[0] > end_ms:
                break
            rows.append(values)
    return rows


def orientctl_changes(rows, tmp_path):
    sliced = tmp_path / 'slice.csv'
    sliced.write_text('t_ms,dx,dy,dz,bx,by,bz\n' + ''.join(
        '%d,%s\n' % (r[0], ','.join('%.4f' % v for v in r[1:])) for r in rows))
    out = subprocess.run([os.path.join(T.BIN, 'orientctl'), 'posture', str(sliced)],
                         capture_output=True, text=True, check=True).stdout
    changes = []
    for line in out.splitlines()[1:]:
        t_ms, posture, _ = line.split(',')
        changes.append((int(t_ms) / 1000, posture))
    return changes


def test_trace_replayed_through_the_daemon_matches_orientctl(testbed, start, bus, tmp_path):
    trace = os.path.join(POSTURE_B, 'traces', TRACE + '.csv')
    if not os.path.exists(trace):
        # CI has the corpus beside the clone: there its absence is a failure, not a skip.
        (pytest.fail if os.environ.get('CI') else pytest.skip)('posture-b not found at %s (set ORIENTD_POSTURE_B)' % POSTURE_B)
    rows = read_rows(trace, SLICE_END_MS)
    expected = orientctl_changes(rows, tmp_path)
    assert [p for _, p in expected] == ['laptop', 'tablet', 'tent', 'flat', 'laptop'], expected

    hinge = P.Hinge(testbed)

    def write(row):
        hinge.display.set_vector(*P.sensor_frame(P.DISPLAY_MATRIX, row[1:4]))
        hinge.base.set_vector(*P.sensor_frame(P.BASE_MATRIX, row[4:7]))

    write(rows[0])
    uinput = os.path.join(bus.dir, 'uinput')
    open(uinput, 'wb').close()
    daemon = start('--uinput-path', uinput)
    c = P.PostureClient(bus.address)
    seen = []   # (seconds into the replay, posture)
    t0 = time.monotonic()
    c.bus.add_signal_receiver(lambda p, q: seen.append((time.monotonic() - t0, str(p))),
                              signal_name='PostureDidChange', dbus_interface=P.POSTURE, path=T.PATH)
    # The first posture comes from the first row held still; the replay starts from it.
    assert c.wait_posture(expected[0][1]), daemon.output()
    tablet_modes = [c.get('TabletMode')]
    c.properties.clear()
    t0 = time.monotonic()
    seen.clear()
    next_ms = rows[0][0]
    lag = 0.0
    for row in rows:
        if row[0] < next_ms:
            continue
        next_ms = row[0] + REPLAY_PERIOD_MS
        due = t0 + (row[0] - rows[0][0]) / 1000
        while time.monotonic() < due:
            c.client.pump(0)
            time.sleep(min(0.005, max(0.0, due - time.monotonic())))
        lag = max(lag, time.monotonic() - due)
        write(row)
    c.client.pump(LATE_S + 0.5)
    daemon_says = [p for _, p in seen]
    tablet_modes += [p['TabletMode'] for p in c.properties if 'TabletMode' in p]

    assert lag < 0.5, 'the replay fell %.2f s behind its trace' % lag
    assert daemon_says == [p for _, p in expected[1:]], (seen, expected, daemon.output()[-3000:])
    offset = rows[0][0] / 1000
    for (t_bus, posture), (t_ctl, _) in zip(seen, expected[1:]):
        assert t_ctl - offset - EARLY_S <= t_bus <= t_ctl - offset + LATE_S, (posture, t_bus, t_ctl - offset)
    # TabletMode follows: off, on at tablet, on through tent, off at flat, off at laptop.
    assert tablet_modes == [False, True, False], c.properties
    assert P.switch_states(uinput) == [0, 1, 0]
