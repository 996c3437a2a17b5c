"""The README and the docs: short, undated, with links that resolve and figures that come from
the benchmark page, and the page as benchmarks/report.py writes it from its own run."""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
sys.path.insert(0, os.path.join(ROOT, 'benchmarks'))
import report_readme  # noqa: E402
import report_vm  # noqa: E402

README = os.path.join(ROOT, 'README.md')
PAGE = os.path.join(ROOT, 'docs', 'benchmarks.md')
README_MAX_LINES = 250
# What a reader must find on the README's first screen (its first 25 lines): link or command.
FIRST_SCREEN = {
    'install': '(#install)',
    'monitor the orientation': 'orientctl monitor',
    'lock the screen orientation': 'orientctl lock',
    'write a mount matrix': 'docs/hardware.md#writing-a-mount-matrix',
    'run the tests': 'docs/testing.md',
    'add a sensor kind': 'docs/architecture.md#where-a-new-piece-goes',
}
DATED = re.compile(r'\b20\d\d-\d\d-\d\d\b|\b\d\d:\d\d(?::\d\d)? ?UTC\b|\b\d\d:\d\dZ\b')


def read(path):
    with open(path) as f:
        return f.read()


def docs():
    folder = os.path.join(ROOT, 'docs')
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith('.md')]


def headings(path):
    return {report_readme.slug(line.lstrip('#')) for line in read(path).splitlines() if re.match(r'#{1,6} ', line)}


def test_readme_is_short_and_undated():
    text = read(README)
    assert len(text.splitlines()) <= README_MAX_LINES
    assert not DATED.findall(text), 'a dated run in the README: %s' % DATED.findall(text)


def test_readme_first_screen_leads_to_each_task():
    first = '\n'.join(read(README).splitlines()[:25])
    missing = [task for task, target in FIRST_SCREEN.items() if target not in first]
    assert not missing, missing


def test_links_in_readme_and_docs_resolve():
    broken = []
    for path in [README] + docs():
        for target in re.findall(r'\]\(([^)\s]+)\)', read(path)):
            if re.match(r'[a-z]+:', target):
                continue
            file, _, fragment = target.partition('#')
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if not os.path.exists(resolved):
                broken.append('%s: %s (no file)' % (os.path.relpath(path, ROOT), target))
            elif fragment and resolved.endswith('.md') and fragment not in headings(resolved):
                broken.append('%s: %s (no heading)' % (os.path.relpath(path, ROOT), target))
    assert not broken, broken


def test_readme_figures_are_the_pages():
    result = subprocess.run([sys.executable, os.path.join(ROOT, 'benchmarks', 'report_readme.py'), '--check', PAGE, README],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_readme_figures_follow_a_new_run():
    page = read(PAGE)
    changed = page.replace('poll_orientd_begin_to_first_orientation_ms: ', 'poll_orientd_begin_to_first_orientation_ms: 1')
    old = report_readme.rewrite(read(README), page)
    new = report_readme.rewrite(read(README), changed)
    value = report_readme.raw_lines(page)['poll_orientd_begin_to_first_orientation_ms']
    assert old != new and 'orientd %d ms' % round(float('1' + value)) in new


def test_benchmark_page_is_what_report_writes_from_its_own_run():
    """Every table but the Debian 13 one (its log is not on the page) comes back byte for byte."""
    page = read(PAGE)
    values = report_readme.raw_lines(page)
    with tempfile.NamedTemporaryFile('w', suffix='.lines', delete=False) as f:
        f.write(''.join('%s: %s\n' % nv for nv in values.items() if not nv[0].startswith('vm_')))
    try:
        out = subprocess.run([sys.executable, os.path.join(ROOT, 'benchmarks', 'report.py'), f.name],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    sections = lambda text: [s for s in re.split(r'\n(?=###? )', text.split('## Every line of the run')[0])
                             if not s.startswith('### Debian 13') and not s.startswith('#### ')]
    assert sections(out) == sections(page)


FIXTURE_LOG = '''\
ORIENTD-SYSTEM-TEST 2 systemd-analyze security exposure (running unit): 1.6 OK
ORIENTD-SYSTEM-TEST 9 systemd-analyze security exposure iio-sensor-proxy.service: 7.7 EXPOSED
ORIENTD-SYSTEM-TEST 9 systemd-analyze security exposure iio-sensor-proxy.service: 
ORIENTD-SYSTEM-TEST 9 memory iio-sensor-proxy generating USS kB: 1400
ORIENTD-SYSTEM-TEST 9 memory orientd generating USS kB: 5600
ORIENTD-SYSTEM-TEST memory orientd 2-in-1 before-first-client USS kB: 3488
ORIENTD-SYSTEM-TEST memory iio-sensor-proxy generating USS kB: 1200
ORIENTD-SYSTEM-TEST memory iio-sensor-proxy generating USS by mapping kB: [anon] 444, iio-sensor-proxy 88
ORIENTD-SYSTEM-TEST memory orientd generating USS kB: 3000
ORIENTD-SYSTEM-TEST memory ratio orientd/iio-sensor-proxy generating USS: 2.50
'''


def test_debian13_tables_keep_the_two_setups_apart():
    with tempfile.NamedTemporaryFile('w', suffix='.log', delete=False) as f:
        f.write(FIXTURE_LOG)
    try:
        out = []
        report_vm.table(out, f.name)
        values = dict(report_vm.values(f.name))
    finally:
        os.unlink(f.name)
    text = '\n'.join(out)
    fresh, check9 = text.split('#### ')[1:3]
    assert '| USS, generating | 3000 | 1200 | 2.50 |' in fresh
    assert '| USS, generating | 5600 | 1400 | 4.00 |' in check9
    assert '| overall | 1.6 OK | 7.7 EXPOSED |' in text
    assert values == {'vm_security_exposure_orientd': '1.6 OK', 'vm_security_exposure_iio_sensor_proxy': '7.7 EXPOSED',
                      'vm_memory_generating_ratio_uss': '2.50'}
