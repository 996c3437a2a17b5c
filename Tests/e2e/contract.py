"""orientd's D-Bus names for the Python tests, read from the one copy the daemon uses
(Sources/OrientationCore/Contract*.swift): `contract.Orientation1.busName`,
`contract.SensorProxy.claimLight`, ... A name changed there changes here."""
import glob
import os
import re

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_ENUM = re.compile(r'\benum (\w+)\s*\{')
_NAME = re.compile(r'static let (\w+)\s*=\s*"([^"]*)"')
_ALIAS = re.compile(r'static let (\w+)\s*=\s*(\w+)\.(\w+)\s*$')


class _Names:
    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return 'contract.%s' % self._name


def _load():
    spaces = {}
    for path in sorted(glob.glob(os.path.join(_ROOT, 'Sources', 'OrientationCore', 'Contract*.swift'))):
        stack = []          # (enum name, brace depth at which it opened)
        depth = 0
        with open(path) as f:
            for line in f:
                code = line.split('//', 1)[0]
                opened = _ENUM.search(code)
                if opened:
                    stack.append((opened.group(1), depth + 1))
                depth += code.count('{')
                if stack and stack[-1][0] != 'Contract':
                    space = spaces.setdefault(stack[-1][0], _Names(stack[-1][0]))
                    m = _NAME.search(code)
                    if m:
                        setattr(space, m.group(1), m.group(2))
                    alias = _ALIAS.search(code)
                    if alias and alias.group(2) in spaces:
                        setattr(space, alias.group(1), getattr(spaces[alias.group(2)], alias.group(3)))
                depth -= code.count('}')
                while stack and depth < stack[-1][1]:
                    stack.pop()
    return spaces


globals().update(_load())
