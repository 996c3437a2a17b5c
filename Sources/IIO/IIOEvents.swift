import CallError
import CIIO
import CLibc

/// The kernel's IIO event interface (thresholds, rate of change, motion detectors), which
/// libiio 0.24 does not wrap: a descriptor obtained from the device node that reads one
/// 16-byte record (`struct iio_event_data`: event code, timestamp) per event.
public enum IIOEvents {
    public static let recordSize = 16

    /// Opens the event descriptor of the device node `devnode` (`/dev/iio:deviceN`). The node
    /// itself is closed again at once: the kernel lets one process at a time hold it open,
    /// and a buffer (this daemon's, or another reader's) needs it.
    public static func open(devnode: String) throws(CallError) -> Int32 {
        let node = orientd_open(devnode, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0)
        guard node >= 0 else { throw CallError(call: "open \(devnode)", errno: orientd_errno()) }
        defer { close(node) }
        return try open(chardev: node)
    }

    /// The event descriptor of an already open device node (a running buffer's).
    public static func open(chardev: Int32) throws(CallError) -> Int32 {
        let fd = orientd_iio_event_fd(chardev)
        guard fd >= 0 else { throw CallError(call: "IIO_GET_EVENT_FD_IOCTL", errno: -fd) }
        return fd
    }

    /// Reads every record waiting on a non-blocking event descriptor; the number read, or
    /// nil when the descriptor reports an error other than "nothing more" (EAGAIN).
    public static func drain(_ fd: Int32) -> Int? {
        var count = 0
        var record = [UInt8](repeating: 0, count: recordSize * 8)
        while true {
            let n = record.withUnsafeMutableBytes { CLibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 { count += n / recordSize; continue }
            if n < 0 && orientd_errno() == EINTR { continue }
            return n < 0 && orientd_errno() == EAGAIN ? count : (count > 0 ? count : nil)
        }
    }
}
