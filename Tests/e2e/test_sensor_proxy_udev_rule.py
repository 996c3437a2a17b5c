"""The compatibility package's udev rule starts orientd for every sensor iio-sensor-proxy 3.0's
rule starts iio-sensor-proxy for (ambient light polled, buffered and hwmon, proximity,
compass), accelerometers being 80-orientd.rules' part, and for nothing else."""
import os
import re

import orientd_testbed as T

THEIRS = '/lib/udev/rules.d/80-iio-sensor-proxy.rules'
OURS = os.path.join(T.ROOT, 'udev', '80-orientd-sensor-proxy.rules')
# Served by orientd through 80-orientd.rules (accelerometers, IIO and input devices), which
# the compatibility package's dependency on orientd installs.
ELSEWHERE = {'iio-poll-accel', 'iio-buffer-accel', 'input-accel'}


def statements(path):
    return [l.strip() for l in open(path).read().splitlines() if l.strip() and not l.startswith('#')]


def matches(line):
    """The match keys of a rule line (SUBSYSTEM, TEST, ENV comparisons), as a set."""
    return frozenset(m for m in re.findall(r'[A-Z_]+(?:\{[\w/]+\})?==\"[^\"]*\"', line))


def test_rule_covers_what_iio_sensor_proxy_serves():
    theirs = {}
    for line in statements(THEIRS):
        kind = re.search(r'ENV\{IIO_SENSOR_PROXY_TYPE\}\+="([\w-]+)"', line)
        if kind:
            theirs.setdefault(kind.group(1), set()).add(matches(line))
    assert {'iio-buffer-compass', 'iio-buffer-als', 'iio-poll-als', 'hwmon-als', 'iio-poll-proximity'} <= set(theirs)
    ours = {matches(l) for l in statements(OURS) if 'ENV{ORIENTD_SENSOR_PROXY}="1"' in l and 'SYSTEMD_WANTS' not in l}
    for kind, conditions in theirs.items():
        if kind in ELSEWHERE:
            continue
        assert conditions <= ours, (kind, conditions - ours)
    served = set().union(*(c for k, c in theirs.items() if k not in ELSEWHERE))
    # Nothing more but orientd's additions: in_illuminance0_raw and in_proximity0_raw,
    # channel-0 sensors, which orientd reads (AmbientLight, Proximity) and iio-sensor-proxy's
    # rule does not list, a proximity switch that is an input device (InputProximitySource),
    # and any device an earlier rule marks with IIO_SENSOR_PROXY_TYPE.
    extra = ours - served
    assert extra == {frozenset({'SUBSYSTEM=="iio"', 'TEST=="in_illuminance0_raw"'}),
                     frozenset({'SUBSYSTEM=="iio"', 'TEST=="in_proximity0_raw"'}),
                     frozenset({'SUBSYSTEM=="input"', 'KERNEL=="event*"', 'ENV{ID_INPUT_SWITCH}=="1"',
                                'ATTRS{capabilities/sw}=="*[89abcdef][0-9a-f][0-9a-f]"'}),
                     frozenset({'ENV{IIO_SENSOR_PROXY_TYPE}=="?*"'})}, extra
    assert 'ENV{ORIENTD_SENSOR_PROXY}=="1", TAG+="systemd", ENV{SYSTEMD_WANTS}+="orientd.service"' in statements(OURS)
    assert statements(OURS)[0] == 'ACTION=="remove", GOTO="orientd_sensor_proxy_end"'
