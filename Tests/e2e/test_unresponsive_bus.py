"""Started against a bus that accepts the connection and never answers (a wedged
dbus-daemon), orientd gives up within 10 s with one clear error, instead of waiting for
sd-bus's 90 s authentication timeout until systemd's start timeout ends it."""
import os
import socket
import subprocess
import threading
import time

import orientd_testbed as T

LIMIT_S = 10.0


def silent_bus(path):
    """A socket that accepts every connection and reads, never writing a byte."""
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(8)
    held = []

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)

    threading.Thread(target=serve, daemon=True).start()
    return server, held


def test_a_bus_that_never_answers_costs_at_most_ten_seconds_and_one_error(tmp_path):
    path = str(tmp_path / 'silent_bus')
    server, held = silent_bus(path)
    try:
        started = time.monotonic()
        proc = subprocess.run([os.path.join(T.BIN, 'orientd'), '--bus', 'unix:path=' + path, '--source', 'none'],
                              capture_output=True, text=True, timeout=60)
        took = time.monotonic() - started
    finally:
        server.close()
        for conn in held:
            conn.close()
    print('unresponsive_bus_exit_s: %.2f' % took)
    assert held, 'orientd connected'
    assert proc.returncode == 1, proc.stderr
    assert took <= LIMIT_S, 'start-up against a silent bus took %.1f s' % took
    errors = [line for line in proc.stderr.splitlines() if line[:3] in ('<0>', '<1>', '<2>', '<3>')]
    assert len(errors) == 1 and 'did not answer' in errors[0], proc.stderr
