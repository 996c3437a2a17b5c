"""Readings that are not readings (a driver bug, a scale gone wrong: x alternating between
±1.7e308 m/s² for 5 s) never enter the filters: they are counted and logged once, and the
valid pose that follows is reported within a second of the garbage stopping."""
import re
import time

import orientd_testbed as T

G = 9.80665


def write_trace(tmp_path):
    lines = ['%d,0,%r,0' % (t, -G) for t in range(0, 1000, 10)]                       # portrait, 1 s
    lines += ['%d,%s,%r,0' % (t, '1.7e308' if (t // 10) % 2 else '-1.7e308', -G) for t in range(1000, 6000, 10)]
    lines += ['%d,0,%r,0' % (t, G) for t in range(6000, 9000, 10)]                    # upside down
    path = tmp_path / 'garbage.csv'
    path.write_text(''.join(line + '\n' for line in lines))
    return str(path)


def test_garbage_is_refused_and_the_next_valid_pose_follows_within_a_second(start, tmp_path):
    d = start('--source', 'replay:%s' % write_trace(tmp_path))
    c = d.client
    began = time.monotonic()
    assert c.begin() == 'portrait'
    assert T.wait_for(lambda: any(s[1] == 'portraitUpsideDown' for s in (c.pump(0.01) or c.signals)), 9), d.output()
    followed = next(s[0] for s in c.signals if s[1] == 'portraitUpsideDown') - began
    print('garbage_end_to_valid_pose_ms: %.0f' % ((followed - 6.0) * 1000))
    assert followed - 6.0 < 1.0, 'the valid pose after the garbage took %.2f s' % (followed - 6.0)
    assert [s[1] for s in c.signals] == ['portrait', 'portraitUpsideDown'], 'the garbage itself moved no pose: %r' % c.signals
    refused = [line for line in d.output().splitlines() if 'refused: not finite or beyond' in line]
    assert len(refused) == 1, 'logged once (rate-limited), not once per reading:\n' + '\n'.join(refused)
    assert T.wait_for(lambda: c.get('Orientation') == 'portraitUpsideDown', 1)
    assert d.proc.poll() is None
