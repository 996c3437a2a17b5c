#!/usr/bin/python3
"""Writes the benchmark page (docs/benchmarks.md) to stdout from the `name: value` lines of one
`scripts/bench` run, the file given. Every figure on the page is one of those lines: orientd's
beside iio-sensor-proxy's with their ratio (`common.print_side_by_side`) and the goal where the
project has one; the lines no table takes are listed as they are, and all of them at the end.
    python3 benchmarks/report.py LINES [VM_LOG] > docs/benchmarks.md   (scripts/bench --report runs it)
VM_LOG: the output of `DEBIAN_SUITE=trixie scripts/system-test`; its memory and exposure lines
become the Debian 13 tables (benchmarks/report_vm.py) and `vm_…` lines of the run.
"""
import os
import re
import sys

import report_vm

# Tables of figures printed side by side: (title, prefixes whose cells share a row, the command).
FAMILIES = (
    ('IIO accelerometer: polled / buffered / polled with the chip\'s motion detector',
     ('poll', 'buffer', 'motion'), 'scripts/bench-iio'),
    ('Memory (KiB) alone: before the first client / generating / after the last End',
     ('memory_before', 'memory_generating', 'memory_after'), 'scripts/bench-memory'),
    ('Memory (KiB) as on a desktop (beside a process mapping the libraries a desktop maps): '
     'before / generating / after', ('memory_desktop_before', 'memory_desktop_generating', 'memory_desktop_after'),
     'scripts/bench-memory'),
    ('Memory (KiB) alone, a 2-in-1 (the keyboard base\'s accelerometer present): before / generating / after',
     ('memory_2in1_before', 'memory_2in1_generating', 'memory_2in1_after'), 'scripts/bench-memory'),
    ('phosh on a headless phoc, polled accelerometer', ('phosh',), 'benchmarks/phosh_rotation.py'),
    ('A Qt program (QOrientationSensor on the compatibility interface): Qt 5 / Qt 6', ('qt5', 'qt6'), 'scripts/bench-qt'),
    ('Input accelerometer (evdev)', ('input',), 'benchmarks/input_accelerometer.py'),
)

# Figures with one value per line, by the start of their names.
SINGLES = (
    ('Classifier', ('classifier_',), 'swift run -c release classifier-bench'),
    ('Corpus scores (device orientation)', ('corpus_',), 'scripts/score-corpus CORPUS_DIR'),
    ('Corpus scores (screen orientation)', ('screen_corpus_',), 'scripts/score-corpus --screen CORPUS_DIR'),
    ('Generated motion (scripts/make-motion-traces.py)', ('device_', 'screen_'), 'scripts/score-motion'),
    ('Replayed trace on a private bus', ('signal_', 'begin_reply_', 'vmrss_', 'pss_'), 'scripts/bench-bus'),
    ('Ambient light, polled', ('light_',), 'benchmarks/light_wakeups.py'),
    ('Ambient light and compass, buffered', ('buffered_light_', 'compass_'), 'benchmarks/buffered_sensor_wakeups.py'),
    ('Posture of a 2-in-1 (two polled accelerometers, tablet-mode switch exported)', ('posture_',),
     'benchmarks/posture.py --seconds 20'),
)

LABELS = {
    'begin_to_first_orientation_ms': 'Begin / claim → first orientation (ms)',
    'begin_to_first_orientation_max_ms': 'the same, slowest run (ms)',
    'startup_to_bus_name_ms': 'exec → bus name owned (ms)',
    'startup_to_ready_ms': 'exec → READY=1 (ms)',
    'vmrss_idle_kib': 'VmRSS idle (KiB)',
    'pss_idle_kib': 'Pss idle (KiB)',
    'idle_wakeups_per_s': 'wake-ups/s, nobody listening',
    'generating_cpu_pct': 'CPU while generating (%)',
    'generating_wakeups_per_s': 'wake-ups/s while generating, device at rest',
    'vmrss_generating_kib': 'VmRSS generating (KiB)',
    'latency_median_ms': 'step → `Orientation` / `AccelerometerOrientation`, median (ms)',
    'latency_p95_ms': 'the same, p95 (ms)',
    'screen_latency_median_ms': 'step → `ScreenOrientation` / `AccelerometerOrientation`, median (ms)',
    'screen_latency_p90_ms': 'the same, p90 (ms)',
    'screen_latency_p95_ms': 'the same, p95 (ms)',
    'compat_latency_median_ms': 'step → compat `AccelerometerOrientation`, median (ms)',
    'compat_latency_p90_ms': 'the same, p90 (ms)',
    'latency_missed': 'steps missed',
    'rotation_latency_median_ms': 'rotation (90°/180° in 0.4 s) → `Orientation`, from the end of the motion, median (ms)',
    'rotation_latency_p95_ms': 'the same, p95 (ms)',
    'rotation_screen_latency_median_ms': 'rotation → `ScreenOrientation`, from the end of the motion, median (ms)',
    'rotation_screen_latency_p95_ms': 'the same, p95 (ms)',
    'rotation_compat_latency_median_ms': 'rotation → compat `AccelerometerOrientation`, median (ms)',
    'rotation_compat_latency_p95_ms': 'the same, p95 (ms)',
    'rotation_missed': 'rotations missed',
    'vmrss_kib': 'VmRSS (`top`, `ps`)', 'pss_kib': 'Pss (`smem`)', 'uss_kib': 'USS (`smem`: private pages)',
    'own_kib': 'own pages (executable, heap, stack, anonymous)', 'own_executable_kib': '… of them the executable',
    'own_heap_kib': '… the heap', 'own_stack_kib': '… the stack', 'own_anon_kib': '… other anonymous mappings',
    'pose_to_transform_median_ms': 'pose → output transform, median (ms)',
    'pose_to_transform_p95_ms': 'the same, p95 (ms)',
    'unlock_to_transform_median_ms': '`orientation-lock` off → current pose on the screen, median (ms)',
    'claim_to_transform_median_ms': 'phosh\'s claim → the same, median (ms)',
    'hotplug_to_transform_median_ms': 'accelerometer `add` uevent → output rotated, median (ms)',
    'property_to_transform_median_ms': 'the daemon\'s `PropertiesChanged` → new transform, median (ms)',
    'rotation_reading_median_ms': 'rotation → `QOrientationReading`, from the end of the motion, median (ms)',
    'rotation_reading_p95_ms': 'the same, p95 (ms)',
    'step_reading_median_ms': 'step → `QOrientationReading`, median (ms)',
    'step_reading_p90_ms': 'the same, p90 (ms)',
}

# The project's goals: key -> (text, test of one cell's orientd value and ratio).
GOALS = {
    'begin_to_first_orientation_ms': ('≤ 25 ms', lambda v, r: v <= 25),
    'startup_to_ready_ms': ('≤ 20 ms', lambda v, r: v <= 20),
    'generating_wakeups_per_s': ('≤ 4', lambda v, r: v <= 4),
    'vmrss_idle_kib': ('≤ 0.6×', lambda v, r: r <= 0.6),
    'vmrss_generating_kib': ('≤ 0.6×', lambda v, r: r <= 0.6),
    'latency_median_ms': ('≤ 0.3×', lambda v, r: r <= 0.3),
    'screen_latency_median_ms': ('≤ 0.6×', lambda v, r: r <= 0.6),
    'screen_latency_p90_ms': ('≤ 0.6×', lambda v, r: r <= 0.6),
    'rotation_screen_latency_median_ms': ('≤ 100 ms', lambda v, r: v <= 100),
    'rotation_screen_latency_p95_ms': ('≤ 250 ms', lambda v, r: v <= 250),
    'pose_to_transform_median_ms': ('≤ 0.6×', lambda v, r: r <= 0.6),
    'rotation_reading_median_ms': ('≤ 1.0×', lambda v, r: r <= 1.0),
    'uss_kib': ('≤ 1.0×', lambda v, r: r <= 1.0),
    'own_kib': ('≤ 1.0×', lambda v, r: r <= 1.0),
}
SINGLE_GOALS = {'posture_rest_wakeups_per_s': ('≤ 2', lambda v: v <= 2)}

NOTES = [
    'How to read it:',
    '',
    '- **A step** (a pose written at once) waits for the next rest read, 125 ms on average at',
    '  orientd\'s 250 ms rest reads, or for the chip\'s motion detector; iio-sensor-proxy reads',
    '  every 700 ms. **A rotation** (90° or 180° in 0.4 s, as a hand turns) is timed from the end',
    '  of the motion; the device orientation can arrive before it ends (negative figures).',
    '- **The screen rule** decides on a fake accelerometer by its still path: the fake does not',
    '  move between reads once a turn ends. Hands carry tremor, and there the hold decides; the',
    '  corpus and generated-motion figures measure that.',
    '- **Begin / claim → first orientation**: orientd\'s classifier takes two agreeing readings',
    '  15 ms apart; iio-sensor-proxy answers from its first timer tick (700 ms), or, for input',
    '  accelerometers, from a single reading.',
    '- **Memory**: VmRSS counts every resident page, Pss divides shared pages among the processes',
    '  that map them, USS counts the pages no other process maps, so it depends on the',
    '  neighbours. *Alone*: beside the test harness only. *As on a desktop*: beside a process that',
    '  maps every page of the libraries a desktop session maps anyway (GLib, libsystemd, libc, …;',
    '  `benchmarks/desktop_neighbour.py`), so a library page counts as shared, as it would there.',
    '  *Own pages* (the executable, heap, stack and anonymous mappings) depend on no neighbour.',
    '  On a shared machine another iio-sensor-proxy started by other work can share its',
    '  executable\'s pages too.',
    '- **Input accelerometer** wake-ups while orientd polls a device that has sent no event are',
    '  not comparable: every ioctl umockdev emulates is a round trip on a socket.',
    '',
]

BREAKDOWN = re.compile(r'memory_(desktop_)?(before|generating|after)_(orientd|iio_sensor_proxy)_rss_pss_uss_kib\[(.*)\]$')


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def read_lines(path):
    lines = []
    with open(path) as f:
        for line in f:
            name, sep, value = line.rstrip('\n').partition(': ')
            if sep and name and ' ' not in name:
                lines.append((name, value))
    return lines


def side_by_side(values, prefix):
    """{key: (orientd, iio-sensor-proxy, ratio)} of one prefix, and the names it took."""
    rows, used = {}, set()
    for name in values:
        if not name.startswith(prefix + '_orientd_') or BREAKDOWN.match(name):
            continue
        key = name[len(prefix + '_orientd_'):]
        theirs = [n for n in (prefix + '_iio_sensor_proxy_' + key, prefix + '_iio-sensor-proxy_' + key) if n in values]
        ratio = [n for n in (prefix + '_ratio_' + key, prefix + '_ratio_' + re.sub('_kib$', '', key)) if n in values]
        rows[key] = (values[name], values[theirs[0]] if theirs else '—', values[ratio[0]] if ratio else '')
        used.update([name] + theirs[:1] + ratio[:1])
    return rows, used


def goal_cell(key, cells):
    if key not in GOALS:
        return ''
    text, test = GOALS[key]
    failed = [label for label, mine, ratio in cells
              if number(mine) is None or (number(ratio) is None and '×' in text)
              or not test(number(mine), number(ratio) if number(ratio) is not None else 0)]
    if not failed:
        return text + ': met'
    if len(cells) > 1 and len(failed) < len(cells):
        return '%s: not met (%s)' % (text, ', '.join(failed))
    return text + ': not met'


def family_table(out, values, title, prefixes, command):
    per_prefix = [side_by_side(values, p) for p in prefixes]
    keys = [k for k in per_prefix[0][0]] + [k for rows, _ in per_prefix[1:] for k in rows if k not in per_prefix[0][0]]
    if not keys:
        return set()
    out.append('### %s\n\n`%s`\n' % (title, command))
    out.append('| figure | orientd | iio-sensor-proxy | ratio | goal |\n|---|---|---|---|---|')
    for key in keys:
        cells = [(p.rsplit('_', 1)[-1], rows[key][0], rows[key][2]) for p, (rows, _) in zip(prefixes, per_prefix) if key in rows]
        col = lambda i: ' / '.join(rows[key][i] if key in rows else '—' for rows, _ in per_prefix)
        out.append('| %s | %s | %s | %s | %s |' % (LABELS.get(key, '`%s`' % key), col(0), col(1),
                                                   col(2) if any(r for _, _, r in cells) else '', goal_cell(key, cells)))
    out.append('')
    return set().union(*(used for _, used in per_prefix))


def breakdown_tables(out, lines):
    rows, used = {}, set()
    for name, value in lines:
        m = BREAKDOWN.match(name)
        if m:
            desktop, state, kind, file = m.groups()
            rows.setdefault((kind, 'as on a desktop' if desktop else 'alone'), {}).setdefault(file, {})[state] = value
            used.add(name)
    for (kind, setting), files in rows.items():
        out.append('### Memory by mapped file, %s, %s: Rss / Pss / USS (KiB)\n\n`scripts/bench-memory`\n'
                   % (kind.replace('_', '-'), setting))
        out.append('| file | before | generating | after |\n|---|---|---|---|')
        for file, states in files.items():
            out.append('| `%s` | %s |' % (file, ' | '.join(states.get(s, '—') for s in ('before', 'generating', 'after'))))
        out.append('')
    return used


def singles_table(out, lines, used, title, starts, command):
    chosen = [(n, v) for n, v in lines if n not in used and n.startswith(starts)]
    if not chosen:
        return set()
    out.append('### %s\n\n`%s`\n' % (title, command))
    out.append('| figure | value | goal |\n|---|---|---|')
    for name, value in chosen:
        goal = ''
        if name in SINGLE_GOALS and number(value) is not None:
            text, test = SINGLE_GOALS[name]
            goal = '%s: %s' % (text, 'met' if test(number(value)) else 'not met')
        out.append('| `%s` | %s | %s |' % (name, value, goal))
    out.append('')
    return {n for n, _ in chosen}


def main():
    lines = read_lines(sys.argv[1])
    values = dict(lines)
    out = ['# Benchmarks',
           '',
           'Written by `scripts/bench --report docs/benchmarks.md` from one run; do not edit by hand, run',
           'it again. Ratios are orientd / iio-sensor-proxy (below 1: orientd takes less); both daemons run',
           'on the same umockdev fake devices and private buses, one after the other. The Debian 13 memory',
           'figures come from the VM (`scripts/bench --report PAGE --vm` runs `DEBIAN_SUITE=trixie',
           'scripts/system-test` after the benchmarks, in the same run; its lines `memory …` and `2 systemd-analyze`;',
           '`--vm-log LOG` takes them from the saved log of such a VM run instead, of the same commit).',
           '',
           '| run | |\n|---|---|']
    for name, label in (('bench_date', 'date (UTC)'), ('bench_machine', 'machine'), ('bench_iio_sensor_proxy', 'iio-sensor-proxy'),
                        ('bench_load_start', 'load average at the start (1, 5, 15 min)'),
                        ('bench_load_end', 'load average at the end'), ('bench_runtime_s', 'run time (s)')):
        out.append('| %s | %s |' % (label, values.get(name, '—')))
    out.append('')
    load = number(values.get('bench_load_start', '').split(' ')[0] or 'x')
    if load is not None and load > 1.0:
        out += ['The machine was shared with other work during this run (load average %s at the start):' % load,
                'timings and wake-ups are then less steady than on an idle machine.', '']
    out += NOTES
    used = {n for n, _ in lines if n.startswith('bench_')}
    for title, prefixes, command in FAMILIES:
        used |= family_table(out, values, title, prefixes, command)
    for title, starts, command in SINGLES:
        used |= singles_table(out, lines, used, title, starts, command)
    if len(sys.argv) > 2:
        report_vm.table(out, sys.argv[2])
        vm_lines = report_vm.values(sys.argv[2])
        lines += vm_lines
        used |= {n for n, _ in vm_lines}
    else:
        out.append('### Debian 13\n\nNot in this run (`scripts/bench --report PAGE --vm` adds it).\n')
    used |= breakdown_tables(out, lines)
    rest = [(n, v) for n, v in lines if n not in used]
    if rest:
        out.append('### Other lines\n\n| name | value |\n|---|---|')
        out += ['| `%s` | %s |' % nv for nv in rest]
        out.append('')
    out.append('## Every line of the run\n\n<details><summary>%d lines</summary>\n\n```' % len(lines))
    out += ['%s: %s' % nv for nv in lines]
    out.append('```\n\n</details>')
    print('\n'.join(out))


if __name__ == '__main__':
    main()
