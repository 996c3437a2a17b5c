#!/usr/bin/python3
"""The measured figures of the README's "Why switch", written from the benchmark page's own
run (the `name: value` lines at the end of docs/benchmarks.md), so that the README says what
the page says. `scripts/bench --report` runs it after writing the page.
    python3 benchmarks/report_readme.py docs/benchmarks.md README.md           rewrites the block
    python3 benchmarks/report_readme.py --check docs/benchmarks.md README.md   exit 1 if stale
The block lies between BEGIN and END below; nothing else of the README is touched.
"""
import re
import sys

BEGIN = '<!-- figures: written by benchmarks/report_readme.py from docs/benchmarks.md; do not edit -->'
END = '<!-- end of figures -->'
PAGE = 'docs/benchmarks.md'
NUMBERS = {2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', 10: 'ten'}


def raw_lines(page_text):
    """The run's lines from the page's "Every line of the run" block."""
    block = page_text.split('## Every line of the run', 1)[-1]
    values = {}
    for line in block.split('```', 2)[1].splitlines():
        name, sep, value = line.partition(': ')
        if sep and ' ' not in name:
            values[name] = value
    return values


def slug(heading):
    """A heading's anchor as GitHub and most Markdown renderers make it."""
    return re.sub(r'[^\w\- ]', '', heading.strip().lower()).replace(' ', '-')


def anchor(page_text, starts):
    for line in page_text.splitlines():
        if line.startswith('### ') and line[4:].startswith(starts):
            return '%s#%s' % (PAGE, slug(line[4:]))
    raise KeyError('no table on %s starts with %r' % (PAGE, starts))


def ms(text):
    return '%d' % round(float(text))


def count(text):
    value = float(text)
    return 'none' if value == 0 else '%g' % round(value, 1)


def times(ratio):
    n = round(1 / float(ratio))
    return NUMBERS.get(n, '%d times' % n) + (' times' if n in NUMBERS else '')


def figures(page_text):
    v = raw_lines(page_text)
    iio = anchor(page_text, 'IIO accelerometer')
    motion = anchor(page_text, 'Generated motion')
    phosh = anchor(page_text, 'phosh')
    desktop = anchor(page_text, 'Memory (KiB) as on a desktop')
    glances = v['screen_glance_changes'].split(' ', 1)
    out = [
        'Measured beside iio-sensor-proxy %s on the same fake devices, in one run of `scripts/bench' % v['bench_iio_sensor_proxy'],
        '--report docs/benchmarks.md`; [docs/benchmarks.md](%s) has every figure, the machine, its load' % PAGE,
        'and the goals:',
        '',
        '- **A client knows the orientation in about %d ms instead of %d ms.** Begin / claim → first'
        % (round(float(v['poll_orientd_begin_to_first_orientation_ms']) / 10) * 10,
           round(float(v['poll_iio_sensor_proxy_begin_to_first_orientation_ms']) / 100) * 100),
        '  orientation, polled accelerometer: orientd %s ms, iio-sensor-proxy %s ms (%.2f×;'
        % (ms(v['poll_orientd_begin_to_first_orientation_ms']), ms(v['poll_iio_sensor_proxy_begin_to_first_orientation_ms']),
           float(v['poll_ratio_begin_to_first_orientation_ms'])),
        '  [IIO accelerometer table](%s)). iio-sensor-proxy waits for its first timer tick.' % iio,
        '- **The screen follows a turn sooner, and a glance does not turn it.** A 90° or 180° rotation',
        '  made as a hand makes it reaches `ScreenOrientation` %s ms after the motion ends, against'
        % ms(v['poll_orientd_rotation_screen_latency_median_ms']),
        '  %s ms (median, %.2f×; same table); %s generated glances out and back turn it %s'
        % (ms(v['poll_iio_sensor_proxy_rotation_screen_latency_median_ms']), float(v['poll_ratio_rotation_screen_latency_median_ms']),
           re.search(r'on (\d+) glances', glances[1]).group(1), 'not once' if glances[0] == '0' else '%s times' % glances[0]),
        '  ([generated motion](%s)).' % motion,
        '- **A phone shell rotates %s sooner.** phosh on phoc, pose → output transform:' % times(v['phosh_ratio_pose_to_transform_median_ms']),
        '  %s ms against %s ms (median, %.2f×; [phosh table](%s)).'
        % (ms(v['phosh_orientd_pose_to_transform_median_ms']), ms(v['phosh_iio_sensor_proxy_pose_to_transform_median_ms']),
           float(v['phosh_ratio_pose_to_transform_median_ms']), phosh),
        '',
        'It keeps to %s wake-ups a second while a client listens and the device rests (%s with the'
        % (count(v['poll_orientd_generating_wakeups_per_s']), count(v['motion_orientd_generating_wakeups_per_s'])),
        'chip\'s motion detector) and %s while nobody listens. Memory: VmRSS %s× iio-sensor-proxy\'s'
        % (count(v['poll_orientd_idle_wakeups_per_s']), v['memory_desktop_before_ratio_vmrss']),
        'before the first client; counted as on a desktop, where GLib and libsystemd are shared, its',
        'private pages (USS) are %s× before the first client and %s× while a sensor runs:'
        % (v['memory_desktop_before_ratio_uss'], v['memory_desktop_generating_ratio_uss']),
        '[the memory tables](%s) say what holds them.' % desktop,
    ]
    if 'vm_security_exposure_orientd' in v and 'vm_security_exposure_iio_sensor_proxy' in v:
        out += ['It runs sandboxed: `systemd-analyze security` rates its unit %s, iio-sensor-proxy\'s %s'
                % (v['vm_security_exposure_orientd'], v['vm_security_exposure_iio_sensor_proxy']),
                '([Debian 13 table](%s)).' % anchor(page_text, 'Debian 13')]
    else:
        out += ['It runs sandboxed (`systemd-analyze security`: system check 2).']
    return out


def rewrite(readme_text, page_text):
    head, sep, rest = readme_text.partition(BEGIN + '\n')
    if not sep or END not in rest:
        raise SystemExit('README has no figures block (%s … %s)' % (BEGIN, END))
    tail = rest.split(END, 1)[1]
    return head + BEGIN + '\n' + '\n'.join(figures(page_text)) + '\n' + END + tail


def main(argv):
    check = argv[:1] == ['--check']
    page, readme = argv[1:] if check else argv
    with open(page) as f:
        page_text = f.read()
    with open(readme) as f:
        old = f.read()
    new = rewrite(old, page_text)
    if check:
        if new != old:
            print('%s: the figures block is not what %s says; run python3 benchmarks/report_readme.py %s %s'
                  % (readme, page, page, readme), file=sys.stderr)
            return 1
        return 0
    if new != old:
        with open(readme, 'w') as f:
            f.write(new)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
