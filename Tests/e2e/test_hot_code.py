"""The link order keeps a generating daemon's code in the hot start: while a client's readings
flow at rest, no page of orientd's code past the first `hot_code_bytes` (Sources/CLibc/memory.c,
which the memory release keeps) is resident. A per-sample function missing from
scripts/orientd.symbol-order sits among the start-up code past it, and its first call reads a
64 KiB window of code back in (the `memory_generating_orientd_own_executable_kib` line of
scripts/bench-memory): run scripts/symbol-order again. A 2-in-1's posture reads are past the
cut by design (docs/architecture.md, "Memory"), so the accelerometer here is alone."""
import os
import re
import struct

import pytest

import orientd_testbed as T

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = 4096
# Past the release the daemon hands back 300 ms after libiio opened (MemoryHandBack.sensorStartedUs,
# an idle-priority timer: later on a loaded machine) and several 100 ms polls at rest after it. A
# window read back stays while the daemon generates, so waiting longer only adds margin.
GENERATING_S = 2.5


def hot_code_bytes():
    with open(os.path.join(HERE, '..', '..', 'Sources', 'CLibc', 'memory.c')) as f:
        found = re.search(r'hot_code_bytes = (\d+) \* 1024;', f.read())
    assert found, 'hot_code_bytes not found in memory.c'
    return int(found.group(1)) * 1024


def resident_code_past(pid, kept):
    """File offsets (hex) of the resident pages of the executable's code mapping past its first
    `kept` bytes."""
    exe = os.path.realpath('/proc/%d/exe' % pid)
    past = []
    with open('/proc/%d/pagemap' % pid, 'rb') as pagemap, open('/proc/%d/maps' % pid) as maps:
        for line in maps:
            f = line.split()
            if len(f) < 6 or f[5] != exe or 'x' not in f[1]:
                continue
            start, end = (int(x, 16) for x in f[0].split('-'))
            pagemap.seek((start + kept) // PAGE * 8)
            data = pagemap.read(max(0, end - start - kept) // PAGE * 8)
            for i in range(len(data) // 8):
                if struct.unpack_from('<Q', data, i * 8)[0] >> 63:
                    past.append('%x' % ((int(f[2], 16) + kept) // PAGE + i))
    return past


@pytest.mark.parametrize('variant', ['poll', 'buffer'])
def test_generating_at_rest_runs_only_the_hot_start(testbed, start, variant):
    # A binary just linked is dirty in the page cache until written back, and the kernel pages
    # out no dirty page: the release would leave its code resident (pages past the cut, read
    # around each fault), whatever the link order.
    os.sync()
    testbed.accelerometer(variant=variant)
    d = start()
    assert d.client.begin() == 'portrait'
    d.client.pump(GENERATING_S)
    assert d.client.get('Orientation') == 'portrait'
    past = resident_code_past(d.proc.pid, hot_code_bytes())
    assert past == [], ('code pages past the hot start resident while generating: %s '
                        '(run scripts/symbol-order)' % ' '.join(past))
