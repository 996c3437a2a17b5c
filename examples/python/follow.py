#!/usr/bin/env python3
"""Follows the device orientation and prints each change: the Python example of
docs/client-library.md. `follow.py [COUNT [BUS-ADDRESS]]` exits after COUNT changes (0: never)."""
import sys

from orientd_client import Client

count = int(sys.argv[1]) if len(sys.argv) > 1 else 0
seen = 0


def changed(orientation):
    global seen
    print(orientation, flush=True)
    seen += 1
    if seen == count:
        device.quit()


device = Client(sys.argv[2] if len(sys.argv) > 2 else None)
device.begin()
device.observe_orientation(changed)
device.run()
device.end()
