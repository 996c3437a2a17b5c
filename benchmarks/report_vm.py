"""The Debian 13 part of the benchmark page, from the log of one `DEBIAN_SUITE=trixie
scripts/system-test` run (benchmarks/report.py calls it).

The suite measures memory in two set-ups, and their lines differ only by a check number:
- `memory …` (Tests/system/measure-memory): each daemon started afresh with the display
  accelerometer alone, then one client, then none;
- `9 memory …` (Tests/system/sensor-proxy-compare, check 9): each daemon through check 9's
  client session (12 poses, 3 s each), with the keyboard base's accelerometer present, which
  orientd reads twice a second from the start for the tablet-mode switch (libiio loaded).
Check 2 prints orientd's `systemd-analyze security` exposure, check 9 iio-sensor-proxy's (where
its unit is installed and unmasked).
"""
import re

STATES = ('before-first-client', 'generating', 'after-last-release')
METRICS = ('VmRSS', 'Pss', 'USS')
DAEMONS = ('orientd', 'iio-sensor-proxy')
SETUPS = (
    ('', 'Each daemon started afresh, the display accelerometer alone', 'Tests/system/measure-memory'),
    ('9 ', 'Check 9, before, during and after its client session (12 poses, 3 s each), the keyboard '
           'base\'s accelerometer present (orientd reads it for the tablet-mode switch from the start, so '
           'libiio stays loaded)',
     'Tests/system/sensor-proxy-compare'),
)

FIGURE = re.compile(r'(?:^|\s)(9 )?memory (orientd|iio-sensor-proxy) (\S+) (VmRSS|Pss|USS) kB: (\d+)\s*$')
MAPPING = re.compile(r'(?:^|\s)(9 )?memory (orientd|iio-sensor-proxy) (\S+) USS by mapping kB: (.*)$')
NOTE = re.compile(r'(?:^|\s)memory orientd (2-in-1 \S+ USS kB|\S+ libiio loaded): (.*)$')
SECURITY = re.compile(r'(?:^|\s)[29] systemd-analyze security exposure (\(running unit\)|iio-sensor-proxy\.service): (.*)$')


def parse(path):
    """{(setup, daemon, state, metric): kB}, [(setup, daemon, state, mappings)], [(what, value)],
    {daemon: exposure}: the last value wins where a line repeats."""
    figures, mappings, notes, security = {}, [], [], {}
    with open(path, errors='replace') as f:
        for line in f:
            line = line.rstrip('\n')
            m = FIGURE.search(line)
            if m:
                setup, daemon, state, metric, kb = m.groups()
                figures[(setup or '', daemon, state, metric)] = int(kb)
                continue
            m = MAPPING.search(line)
            if m:
                mappings.append((m.group(1) or '', m.group(2), m.group(3), m.group(4).strip()))
                continue
            m = NOTE.search(line)
            if m:
                notes.append(m.groups())
                continue
            m = SECURITY.search(line)
            if m and m.group(2).strip():
                security['orientd' if m.group(1).startswith('(') else 'iio-sensor-proxy'] = m.group(2).strip()
    return figures, mappings, notes, security


def values(path):
    """The `name: value` lines the page's raw section and the README take from the log."""
    figures, _, _, security = parse(path)
    out = []
    for daemon in DAEMONS:
        if daemon in security:
            out.append(('vm_security_exposure_%s' % daemon.replace('-', '_'), security[daemon]))
    for state in STATES:
        for metric in METRICS:
            mine, theirs = figures.get(('', 'orientd', state, metric)), figures.get(('', 'iio-sensor-proxy', state, metric))
            if mine is not None and theirs:
                out.append(('vm_memory_%s_ratio_%s' % (state.split('-')[0], metric.lower()), '%.2f' % (mine / theirs)))
    return out


def table(out, path):
    """Appends the Debian 13 section to `out`."""
    figures, mappings, notes, security = parse(path)
    out.append('### Debian 13 (the VM, iio-sensor-proxy 3.7)\n\n`DEBIAN_SUITE=trixie scripts/system-test`, '
               'both daemons on the kernel\'s kxcjk1013 driver (i2c-stub), one after the other; orientd is '
               'Debian\'s own build (swiftlang, not Embedded Swift).\n')
    if not figures and not security:
        out.append('No `memory …` or exposure lines in that log.\n')
        return
    if security:
        out.append('| `systemd-analyze security` exposure (checks 2 and 9) | orientd | iio-sensor-proxy |\n|---|---|---|')
        out.append('| overall | %s | %s |\n' % (security.get('orientd', '—'), security.get('iio-sensor-proxy', '—')))
    for prefix, title, source in SETUPS:
        rows = [(state, metric) for state in STATES for metric in METRICS
                if (prefix, 'orientd', state, metric) in figures or (prefix, 'iio-sensor-proxy', state, metric) in figures]
        if not rows:
            continue
        out.append('#### Memory (kB). %s\n\n`%s`\n' % (title, source))
        out.append('| figure | orientd | iio-sensor-proxy | ratio |\n|---|---|---|---|')
        for state, metric in rows:
            mine, theirs = (figures.get((prefix, d, state, metric)) for d in DAEMONS)
            ratio = '%.2f' % (mine / theirs) if mine is not None and theirs else ''
            out.append('| %s, %s | %s | %s | %s |' % (metric, state.replace('-', ' '),
                                                    '—' if mine is None else mine, '—' if theirs is None else theirs, ratio))
        out.append('')
        own = [(d, s, m) for p, d, s, m in mappings if p == prefix]
        if own:
            out.append('<details><summary>USS by mapping (kB)</summary>\n')
            out += ['- %s, %s: %s' % (d, s.replace('-', ' '), m) for d, s, m in own]
            out.append('\n</details>\n')
    if notes:
        out.append('Also in that log: ' + '; '.join('orientd %s: %s' % (what, value) for what, value in notes) + '.\n')
