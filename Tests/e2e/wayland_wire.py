"""The few Wayland requests the phone-shell tests need, spoken on the compositor's socket with
the wire format of the Wayland protocol (little-endian 32-bit words: object id, then size << 16
| opcode, then the arguments; strings length-prefixed with their NUL and padded to 4 bytes).

Debian 12 packages no Wayland client library for Python and no command that makes a virtual
pointer, and three requests and four events are all that is used here:
- `zwlr_virtual_pointer_manager_v1.create_virtual_pointer`: a headless phoc 0.24 has no input
  device, so it creates no `wl_seat` and phosh crashes at start; a virtual pointer makes phoc
  create `seat0` (wlr-virtual-pointer-unstable-v1).
- `zwlr_output_manager_v1` head events: every output's transform, stamped when the
  compositor's `done` arrives (wlr-output-management-unstable-v1), the same state `wlr-randr`
  prints, without a process per read.
"""
import socket
import struct
import threading
import time

DISPLAY_ID = 1
# wl_display requests and events
SYNC, GET_REGISTRY = 0, 1
ERROR = 0
# wl_registry: request bind, event global
BIND, GLOBAL = 0, 0
# wl_callback event
DONE = 0
# zwlr_virtual_pointer_manager_v1 request
CREATE_VIRTUAL_POINTER = 0
# zwlr_output_manager_v1 events and zwlr_output_head_v1 events
MANAGER_HEAD, MANAGER_DONE = 0, 1
HEAD_NAME, HEAD_TRANSFORM = 0, 7
# wl_output.transform, named as wlr-randr names them
TRANSFORMS = ['normal', '90', '180', '270', 'flipped', 'flipped-90', 'flipped-180', 'flipped-270']


def _string(text):
    data = text.encode() + b'\0'
    return struct.pack('<I', len(data)) + data + b'\0' * (-len(data) % 4)


def _read_string(body, offset):
    (n,) = struct.unpack_from('<I', body, offset)
    return body[offset + 4:offset + 4 + n - 1].decode(), offset + 4 + n + (-n % 4)


class WaylandClient:
    """One connection to a compositor. Until `watch_outputs` starts the reader thread, events
    are read only inside `roundtrip`."""

    def __init__(self, socket_path, timeout=5.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(socket_path)
        self._buf = b''
        self._next_id = 2
        self._done = set()
        self.globals = {}          # interface -> (name, version)
        self.error = None
        self._lock = threading.Lock()
        self._heads = {}           # head object id -> {'name': ..., 'transform': ...}
        self._pending = {}         # head id -> transform announced before the next `done`
        self._manager = None
        self.transforms = []       # (time.monotonic() at `done`, {head name: transform name})
        self._changed = threading.Condition(self._lock)
        self._thread = None
        self._closing = False
        self.registry = self._new_id()
        self._send(DISPLAY_ID, GET_REGISTRY, struct.pack('<I', self.registry))
        self.roundtrip()

    def _new_id(self):
        object_id, self._next_id = self._next_id, self._next_id + 1
        return object_id

    def _send(self, object_id, opcode, payload=b''):
        self.sock.sendall(struct.pack('<II', object_id, (8 + len(payload)) << 16 | opcode) + payload)

    def roundtrip(self):
        """wl_display.sync, reading events until its callback is done (bounded by the socket
        timeout)."""
        callback = self._new_id()
        self._send(DISPLAY_ID, SYNC, struct.pack('<I', callback))
        while callback not in self._done:
            self._read_once()

    def _read_once(self):
        data = self.sock.recv(65536)
        if not data:
            raise EOFError('the compositor closed the connection')
        self._buf += data
        while len(self._buf) >= 8:
            object_id, word = struct.unpack_from('<II', self._buf)
            size = word >> 16
            if len(self._buf) < size:
                break
            body, self._buf = self._buf[8:size], self._buf[size:]
            self._event(object_id, word & 0xffff, body)

    def _event(self, object_id, opcode, body):
        if object_id == DISPLAY_ID and opcode == ERROR:
            _, code = struct.unpack_from('<II', body)
            self.error = 'wayland error %d: %s' % (code, _read_string(body, 8)[0])
            raise RuntimeError(self.error)
        if object_id == self.registry and opcode == GLOBAL:
            (name,) = struct.unpack_from('<I', body)
            interface, offset = _read_string(body, 4)
            (version,) = struct.unpack_from('<I', body, offset)
            self.globals[interface] = (name, version)
        elif object_id == self._manager and opcode == MANAGER_HEAD:
            (head,) = struct.unpack_from('<I', body)
            with self._lock:
                self._heads[head] = {'name': None, 'transform': None}
        elif object_id == self._manager and opcode == MANAGER_DONE:
            with self._lock:
                for head, transform in self._pending.items():
                    self._heads[head]['transform'] = transform
                self._pending = {}
                state = {h['name']: h['transform'] for h in self._heads.values()}
                self.transforms.append((time.monotonic(), state))
                self._changed.notify_all()
        elif object_id in self._heads and opcode == HEAD_NAME:
            with self._lock:
                self._heads[object_id]['name'] = _read_string(body, 0)[0]
        elif object_id in self._heads and opcode == HEAD_TRANSFORM:
            (value,) = struct.unpack_from('<i', body)
            with self._lock:
                self._pending[object_id] = TRANSFORMS[value] if 0 <= value < len(TRANSFORMS) else str(value)
        elif opcode == DONE and object_id not in (DISPLAY_ID, self.registry):
            self._done.add(object_id)

    def bind(self, interface, version):
        name, offered = self.globals[interface]
        object_id = self._new_id()
        self._send(self.registry, BIND, struct.pack('<I', name) + _string(interface)
                   + struct.pack('<II', min(version, offered), object_id))
        return object_id

    def create_virtual_pointer(self):
        """A virtual pointer on the compositor's default seat (seat argument null); it lives as
        long as this connection."""
        manager = self.bind('zwlr_virtual_pointer_manager_v1', 1)
        pointer = self._new_id()
        self._send(manager, CREATE_VIRTUAL_POINTER, struct.pack('<II', 0, pointer))
        self.roundtrip()
        return pointer

    def has_seat(self):
        self.roundtrip()
        return 'wl_seat' in self.globals

    def watch_outputs(self):
        """Binds the output manager and reads its events on a thread from now on."""
        self._manager = self.bind('zwlr_output_manager_v1', 1)
        self.roundtrip()
        self.sock.settimeout(None)
        self._thread = threading.Thread(target=self._read_forever, daemon=True)
        self._thread.start()

    def _read_forever(self):
        try:
            while not self._closing:
                self._read_once()
        except (OSError, EOFError, RuntimeError):
            with self._lock:
                self._changed.notify_all()

    def transform(self, head=None):
        """The latest transform of `head` (default: the only one), or None before the first."""
        with self._lock:
            if not self.transforms:
                return None
            state = self.transforms[-1][1]
        return state.get(head) if head else next(iter(state.values()), None)

    def _since(self, wanted):
        """When the output last became `wanted` and stayed so, or None if it is not now."""
        stamp = None
        for at, state in reversed(self.transforms):
            if wanted not in state.values():
                break
            stamp = at
        return stamp

    def wait_transform(self, wanted, timeout):
        """Waits (at most `timeout` seconds) until the transform is `wanted`; returns the
        time.monotonic() of the compositor's `done` that made it so, or None."""
        end = time.monotonic() + timeout
        with self._lock:
            while True:
                stamp = self._since(wanted)
                left = end - time.monotonic()
                if stamp is not None or left <= 0:
                    return stamp
                self._changed.wait(left)

    def close(self):
        self._closing = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        if self._thread:
            self._thread.join(2)
