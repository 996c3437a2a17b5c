"""Client churn: 100 concurrent clients doing random Begin/End, a third of them killed with
SIGKILL mid-way. Afterwards nothing is generating, the sensor is stopped, and the daemon's
memory did not grow. Prints its figures."""
import os
import random
import signal
import subprocess
import sys
import time

import orientd_testbed as T

WORKER = r'''
import random, sys, dbus
bus = dbus.bus.BusConnection(sys.argv[1])
obj = bus.get_object('org.orientd.Orientation1', '/org/orientd/Orientation1')
begin = obj.get_dbus_method('BeginGeneratingNotifications', 'org.orientd.Orientation1')
end = obj.get_dbus_method('EndGeneratingNotifications', 'org.orientd.Orientation1')
rnd = random.Random(int(sys.argv[2]))
held = 0
for i in range(1, int(sys.argv[3]) + 1):
    if held == 0 or (held < 5 and rnd.random() < 0.5):
        begin(); held += 1
    else:
        end(); held -= 1
    if i % 10 == 0:
        print(i, flush=True)
for _ in range(held):
    end()
print('done', flush=True)
'''

CLIENTS = 100
OPS_PER_CLIENT = 150


def vmrss(pid):
    with open('/proc/%d/status' % pid) as f:
        return next(int(l.split()[1]) for l in f if l.startswith('VmRSS:'))


def churn(address, script, clients, ops, seed, kill_fraction):
    rnd = random.Random(seed)
    procs = [subprocess.Popen([sys.executable, script, address, str(seed * 1000 + i), str(ops)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(clients)]
    victims = rnd.sample(procs, int(clients * kill_fraction))
    time.sleep(1.0)          # mid-way: every client has started, none has finished
    for p in victims:
        p.send_signal(signal.SIGKILL)
    done = 0
    for p in procs:
        out, err = p.communicate(timeout=120)
        lines = out.split()
        counts = [int(x) for x in lines if x.isdigit()]
        done += ops if 'done' in lines else (counts[-1] if counts else 0)
        if p not in victims:
            assert p.returncode == 0, err
    return done


def test_client_churn(testbed, start, capsys):
    acc = testbed.accelerometer(variant='buffer')
    d = start('--max-callers', '512')
    script = os.path.join(os.path.dirname(d.log_path), 'churn_worker.py')
    with open(script, 'w') as f:
        f.write(WORKER)
    address = d.client_address
    # Warm-up at full size, with rounds as long as the measured one: the heap grows to its
    # working size for 100 concurrent callers, then stays there (RssAnon, rounds of 80
    # operations per client: +32, +16, +20, +4, 0, 0, +8 KiB; two warm-up rounds of 50 left
    # the measured round of 150 still growing, by up to 1.4 %).
    for seed in (1, 2, 4):
        churn(address, script, CLIENTS, OPS_PER_CLIENT, seed=seed, kill_fraction=1 / 3)
    assert d.client.wait_for('IsGeneratingNotifications', False)
    rss_before = vmrss(d.proc.pid)
    t0 = time.monotonic()
    ops = churn(address, script, CLIENTS, OPS_PER_CLIENT, seed=3, kill_fraction=1 / 3)
    seconds = time.monotonic() - t0
    stopped = d.client.wait_for('IsGeneratingNotifications', False, timeout=2)
    rss_after = vmrss(d.proc.pid)
    growth = 100.0 * (rss_after - rss_before) / rss_before
    with capsys.disabled():
        print('\nchurn_clients: %d' % CLIENTS)
        print('churn_killed: %d' % (CLIENTS // 3))
        print('churn_operations: %d' % ops)
        print('churn_seconds: %.1f' % seconds)
        print('churn_rss_before_kib: %d' % rss_before)
        print('churn_rss_after_kib: %d' % rss_after)
        print('churn_rss_growth_pct: %.2f' % growth)
    assert ops >= 10000
    assert stopped, d.output()[-2000:]
    assert T.wait_for(lambda: acc.read('buffer/enable') == '0')
    if os.environ.get('ORIENTD_SANITIZER') == 'address':
        # AddressSanitizer keeps freed memory in quarantine: RSS says nothing about orientd.
        with capsys.disabled():
            print('churn_rss_growth: not checked under AddressSanitizer')
    else:
        assert growth < 1.0
    assert d.proc.poll() is None
