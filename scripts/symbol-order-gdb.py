# Run by gdb attached to orientd (scripts/symbol-order.py): a one-shot breakpoint on each
# function listed in $ORDER_FUNCTIONS ("ADDRESS NAME" lines from nm); each first hit is
# written to $ORDER_HITS with its CLOCK_MONOTONIC time when gdb is interrupted.
import os
import time

import gdb

pid = gdb.selected_inferior().pid
executable = os.path.realpath('/proc/%d/exe' % pid)
base = None
with open('/proc/%d/maps' % pid) as maps:
    for line in maps:
        f = line.split()
        if len(f) >= 6 and f[5] == executable and int(f[2], 16) == 0:
            base = int(f[0].split('-')[0], 16)
            break
hits = []


class FirstHit(gdb.Breakpoint):
    def stop(self):
        hits.append((time.monotonic(), self.symbol))
        self.enabled = False
        return False


gdb.execute('set pagination off')
with open(os.environ['ORDER_FUNCTIONS']) as functions:
    for line in functions:
        address, name = line.split()
        FirstHit('*0x%x' % (base + int(address, 16)), internal=True).symbol = name
print('symbol-order: ready', flush=True)
try:
    gdb.execute('continue')
except gdb.error:
    pass
with open(os.environ['ORDER_HITS'], 'w') as out:
    out.write(''.join('%.6f %s\n' % hit for hit in hits))
