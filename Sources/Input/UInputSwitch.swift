import CallError
import CInput
import CLibc

/// A virtual input device with one switch, made through the kernel's uinput node: it exists
/// from `init` until `close()` (or deinit), and `set` reports the switch's state to every
/// reader of the input device (libinput, the compositor).
public final class UInputSwitch {
    /// The switch code, such as `SW_TABLET_MODE`.
    public let code: UInt16
    /// Tests only: the node is a plain file or FIFO that records the events; the device
    /// setup ioctls, which only a uinput character device accepts, are skipped.
    public let isRecording: Bool
    private var fd: Int32

    public static let tabletMode = UInt16(SW_TABLET_MODE)

    /// Opens `path` and creates the device. `allowRecording` lets a node that is not a
    /// character device stand in for /dev/uinput (the tests' fake file).
    public init(path: String, name: String, code: UInt16, allowRecording: Bool) throws(CallError) {
        self.code = code
        fd = orientd_open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC, 0)
        guard fd >= 0 else { throw CallError(call: "open \(path)", errno: orientd_errno()) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let e = orientd_errno()
            CLibc.close(fd)
            throw CallError(call: "fstat \(path)", errno: e)
        }
        isRecording = (status.st_mode & UInt32(S_IFMT)) != UInt32(S_IFCHR)
        if isRecording {
            guard allowRecording else {
                // Every property is set from here on, so deinit runs on a throw: the
                // descriptor is closed once, here, and marked so deinit leaves it.
                CLibc.close(fd)
                fd = -1
                throw CallError(call: "\(path) is not a character device", errno: ENOTTY)
            }
            return
        }
        let r = orientd_uinput_create_switch(fd, name, code)
        guard r >= 0 else {
            CLibc.close(fd)
            fd = -1
            throw CallError(call: "create uinput device \"\(name)\" on \(path)", errno: -r)
        }
    }

    /// Reports the switch as on or off (an EV_SW event and its SYN_REPORT).
    public func set(_ on: Bool) throws(CallError) {
        guard fd >= 0 else { throw CallError(call: "write to a closed uinput device", errno: EBADF) }
        try check(orientd_uinput_emit_switch(fd, code, on ? 1 : 0), "write SW \(code)=\(on ? 1 : 0)")
    }

    /// Destroys the device. Idempotent.
    public func close() {
        guard fd >= 0 else { return }
        if !isRecording { _ = orientd_uinput_destroy(fd) }
        CLibc.close(fd)
        fd = -1
    }

    deinit { close() }
}
