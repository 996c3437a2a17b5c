"""liborientd for Python, through ctypes: the device orientation with UIDevice's semantics
(docs/client-library.md). ctypes rather than GObject introspection: liborientd is a plain C
library without a GObject type system or a typelib, and ctypes ships with Python, so nothing
is generated, built or installed besides liborientd.so.0 itself.

    device = Client()                       # the system bus; Client(address) for another
    device.begin()
    device.observe_orientation(print)       # called with "portrait", "faceUp", ...
    device.run()                            # or: watch device.fileno(), call device.dispatch()

A Client belongs to one thread at a time; callbacks run inside dispatch() and run().
"""
import ctypes
import os

ORIENTATIONS = ['unknown', 'portrait', 'portraitUpsideDown', 'landscapeLeft', 'landscapeRight', 'faceUp', 'faceDown']
POSTURES = ['unknown', 'closed', 'laptop', 'flat', 'tent', 'tablet']
BACKENDS = ['none', 'orientd', 'sensorProxy']
UNAVAILABLE = -2

_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p)


def _load():
    lib = ctypes.CDLL(os.environ.get('ORIENTD_LIBRARY', 'liborientd.so.0'))
    p, i, u, s = ctypes.c_void_p, ctypes.c_int, ctypes.c_uint, ctypes.c_char_p
    signatures = {
        'orientd_client_new': (i, [s, ctypes.POINTER(p)]), 'orientd_client_free': (None, [p]),
        'orientd_client_last_error': (s, [p]), 'orientd_error_message': (s, [i]),
        'orientd_client_get_fd': (i, [p]), 'orientd_client_dispatch': (i, [p]),
        'orientd_client_run': (i, [p]), 'orientd_client_quit': (None, [p]),
        'orientd_client_begin_generating_notifications': (i, [p]),
        'orientd_client_end_generating_notifications': (i, [p]),
        'orientd_client_is_generating_notifications': (i, [p]), 'orientd_client_get_backend': (i, [p]),
        'orientd_client_get_orientation': (i, [p]), 'orientd_client_get_screen_orientation': (i, [p]),
        'orientd_client_get_supported_screen_orientations': (ctypes.c_uint32, [p]),
        'orientd_client_get_screen_orientation_lock': (i, [p]),
        'orientd_client_lock_screen_orientation': (i, [p, i]),
        'orientd_client_unlock_screen_orientation': (i, [p]),
        'orientd_client_read_gravity': (i, [p] + [ctypes.POINTER(ctypes.c_double)] * 3),
        'orientd_client_get_posture': (i, [p]), 'orientd_client_get_tablet_mode': (i, [p]),
        'orientd_client_observe_orientation': (u, [p, _CALLBACK, p]),
        'orientd_client_observe_screen_orientation': (u, [p, _CALLBACK, p]),
        'orientd_client_observe_posture': (u, [p, _CALLBACK, p]),
        'orientd_client_remove_observer': (i, [p, u]),
    }
    for name, (restype, argtypes) in signatures.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = restype, argtypes
    return lib


_lib = _load()


class OrientdError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class Client:
    def __init__(self, bus_address=None):
        handle = ctypes.c_void_p()
        r = _lib.orientd_client_new(bus_address.encode() if bus_address else None, ctypes.byref(handle))
        if r < 0:
            raise OrientdError(r, _lib.orientd_error_message(r).decode())
        self._h = handle
        self._callbacks = {}   # token -> the ctypes callback (kept alive while registered)

    def close(self):
        if self._h:
            _lib.orientd_client_free(self._h)
            self._h = None

    def __del__(self):
        self.close()

    def _check(self, r):
        if r < 0:
            message = _lib.orientd_client_last_error(self._h) or _lib.orientd_error_message(r)
            raise OrientdError(r, message.decode())
        return r

    # The caller's loop
    def fileno(self):
        return _lib.orientd_client_get_fd(self._h)

    def dispatch(self):
        self._check(_lib.orientd_client_dispatch(self._h))

    def run(self):
        self._check(_lib.orientd_client_run(self._h))

    def quit(self):
        _lib.orientd_client_quit(self._h)

    # Notifications and values
    def begin(self):
        self._check(_lib.orientd_client_begin_generating_notifications(self._h))

    def end(self):
        self._check(_lib.orientd_client_end_generating_notifications(self._h))

    @property
    def generating(self):
        return bool(_lib.orientd_client_is_generating_notifications(self._h))

    @property
    def backend(self):
        return BACKENDS[_lib.orientd_client_get_backend(self._h)]

    @property
    def orientation(self):
        return ORIENTATIONS[_lib.orientd_client_get_orientation(self._h)]

    @property
    def screen_orientation(self):
        return ORIENTATIONS[_lib.orientd_client_get_screen_orientation(self._h)]

    @property
    def supported_screen_orientations(self):
        bits = _lib.orientd_client_get_supported_screen_orientations(self._h)
        return [name for n, name in enumerate(ORIENTATIONS) if bits & (1 << n)]

    @property
    def screen_orientation_lock(self):
        value = _lib.orientd_client_get_screen_orientation_lock(self._h)
        return None if value == 0 else ORIENTATIONS[value]

    def lock(self, orientation):
        self._check(_lib.orientd_client_lock_screen_orientation(self._h, ORIENTATIONS.index(orientation)))

    def unlock(self):
        self._check(_lib.orientd_client_unlock_screen_orientation(self._h))

    def gravity(self):
        x, y, z = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
        self._check(_lib.orientd_client_read_gravity(self._h, ctypes.byref(x), ctypes.byref(y), ctypes.byref(z)))
        return x.value, y.value, z.value

    @property
    def posture(self):
        value = _lib.orientd_client_get_posture(self._h)
        return None if value == UNAVAILABLE else POSTURES[value]

    @property
    def tablet_mode(self):
        value = _lib.orientd_client_get_tablet_mode(self._h)
        return None if value == UNAVAILABLE else bool(value)

    # Observers: handler(name); the token removes it.
    def _observe(self, register, names, handler):
        callback = _CALLBACK(lambda _client, value, _data: handler(names[value]))
        token = register(self._h, callback, None)
        if token == 0:
            raise OrientdError(-1, 'observer not added')
        self._callbacks[token] = callback
        return token

    def observe_orientation(self, handler):
        return self._observe(_lib.orientd_client_observe_orientation, ORIENTATIONS, handler)

    def observe_screen_orientation(self, handler):
        return self._observe(_lib.orientd_client_observe_screen_orientation, ORIENTATIONS, handler)

    def observe_posture(self, handler):
        return self._observe(_lib.orientd_client_observe_posture, POSTURES, handler)

    def remove_observer(self, token):
        self._check(_lib.orientd_client_remove_observer(self._h, token))
        self._callbacks.pop(token, None)
