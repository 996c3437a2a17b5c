import CallError
import CLibc

/// Reads one sysfs attribute afresh (sd-device caches the values it has read once; a poll
/// needs the current one). The trailing newline and NULs are removed.
enum SysfsFile {
    static func read(_ path: String) throws(CallError) -> String {
        let fd = orientd_open(path, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { throw CallError(call: "open \(path)", errno: orientd_errno()) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { CLibc.read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else { throw CallError(call: "read \(path)", errno: orientd_errno()) }
        var bytes = buffer.prefix(n)
        while let last = bytes.last, last == 0x0a || last == 0 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
