"""A crash while generating, then a restart with nobody listening: the device is put back when
it is bound, on a fake that refuses, as the kernel does, a new trigger, scan element, buffer
length or watermark, or sampling frequency while the buffer runs (faults/busy_while_enabled.c)."""
import os
import tempfile

import orientd_testbed as T
from test_device_state import generating, runtime_directory  # noqa: F401 (fixture)

RESTORE_AT_START_S = 2.0


def test_sigkill_then_restart_restores_a_busy_device_while_idle(testbed, start, bus):
    rundir = tempfile.mkdtemp(prefix='orientd-run-')
    busy = T.fault_library('busy_while_enabled', rundir)
    refused = os.path.join(rundir, 'refused.log')
    env = {'ORIENTD_FAULT_BUSY_LOG': refused}
    acc, original, d = generating(testbed, lambda *a: start(*a, preload=[busy], env=env), '--runtime-directory', rundir)
    d.proc.kill()
    d.proc.wait()
    left = T.device_state(acc)
    assert left['buffer/enable'] == '1' and left != original
    start('--runtime-directory', rundir, preload=[busy], env=env)     # no Begin
    restored = T.wait_for(lambda: T.device_state(acc) == original, RESTORE_AT_START_S)
    refusals = open(refused).read() if os.path.exists(refused) else ''
    assert restored, 'device after restart: %s, original %s; refused writes:\n%s' % (T.device_state(acc), original, refusals)
