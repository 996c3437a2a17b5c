"""Driving a liborientd client in the test process: its loop pumped through its fd, as an
app's loop would, and what its observers heard."""
import select
import time

from orientd_client import Client  # noqa: F401  (re-exported for the tests)


def pump(client, seconds):
    """Dispatches the client whenever its fd is readable, for `seconds`."""
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return
        ready, _, _ = select.select([client.fileno()], [], [], left)
        if ready:
            client.dispatch()


def pump_until(client, predicate, timeout=5.0):
    end = time.monotonic() + timeout
    while not predicate() and time.monotonic() < end:
        ready, _, _ = select.select([client.fileno()], [], [], min(0.05, max(0.0, end - time.monotonic())))
        if ready:
            client.dispatch()
    return predicate()


class Heard:
    """An observer that records each value with its time."""

    def __init__(self):
        self.values = []

    def __call__(self, value):
        self.values.append(value)

    @property
    def names(self):
        return list(self.values)
