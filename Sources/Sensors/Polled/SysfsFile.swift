import CallError
import CLibc

/// The files the sensors read and write outside libiio and sd-device, in one place: sysfs
/// attributes read afresh (sd-device caches the values it has read once; a poll needs the
/// current one) and the custody's saved state (`DeviceCustody`).
enum SysfsFile {
    /// The file's text, up to `limit` bytes, without its trailing newlines and NULs.
    static func read(_ path: String, limit: Int = 256) throws(CallError) -> String {
        let fd = orientd_open(path, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { throw CallError(call: "open \(path)", errno: orientd_errno()) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: limit)
        let n = buffer.withUnsafeMutableBytes { CLibc.read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else { throw CallError(call: "read \(path)", errno: orientd_errno()) }
        var bytes = buffer.prefix(n)
        while let last = bytes.last, last == 0x0a || last == 0 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Puts `text` in place of the file at `path`: written whole to `<path>.new`, synced, and
    /// renamed over it, so a write cut short (a full disk) never replaces what was there.
    static func replace(_ path: String, with text: String) throws(CallError) {
        let temporary = path + ".new"
        let fd = orientd_open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CallError(call: "open \(temporary)", errno: orientd_errno()) }
        let complete = writeAll(fd, text) && fsync(fd) == 0
        let error = orientd_errno()
        close(fd)
        guard complete, rename(temporary, path) == 0 else {
            let failure = CallError(call: complete ? "rename \(temporary)" : "write \(temporary)", errno: complete ? orientd_errno() : error)
            unlink(temporary)
            throw failure
        }
    }

    /// Writes every byte of `text`, through partial writes and EINTR.
    private static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && orientd_errno() == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
