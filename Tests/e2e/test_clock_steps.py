"""Scan timestamps that step: the wall clock jumps back by an hour and forward by a day (NTP,
the RTC read after resume). Neither freezes the classifier nor costs more than a gap; the
timestamp channel is switched to the monotonic clock while orientd reads, and put back."""
import time

import orientd_testbed as T

HOUR_NS = 3600 * 10**9
DAY_NS = 24 * HOUR_NS


def test_rotations_after_clock_steps_are_reported_in_the_usual_time(testbed, start):
    acc = testbed.accelerometer(variant='buffer', attrs={'current_timestamp_clock': 'realtime'})
    d = start()
    c = d.client
    assert c.begin() == 'portrait'
    # The kernel's own clock for the timestamps, while orientd reads (restored below).
    assert T.wait_for(lambda: acc.read('current_timestamp_clock') == 'monotonic'), d.output()
    for step_ns, pose in [(-HOUR_NS, 'landscapeLeft'), (DAY_NS, 'portraitUpsideDown'), (-DAY_NS, 'landscapeRight')]:
        acc.clock_offset_ns += step_ns
        time.sleep(0.3)
        turned = time.monotonic()
        acc.set_pose(pose)
        assert c.wait_for('Orientation', pose, 3), d.output()[-3000:]
        print('clock_step_%+d_s_to_%s_ms: %.0f' % (step_ns // 10**9, pose, (time.monotonic() - turned) * 1000))
        # The usual time: well under a second, the classifier's gap restart and still window included.
        assert time.monotonic() - turned < 1.0
    c.end()
    assert T.wait_for(lambda: acc.read('buffer/enable') == '0' and acc.read('current_timestamp_clock') == 'realtime'), d.output()
