import CallError
import CLibc

/// The files the sensors read and write outside libiio and sd-device: sysfs attributes read
/// afresh (sd-device caches the values it has read once; a poll needs the current one), and
/// the custody's lock and saved state (`DeviceCustody`). `SysfsFile` does it with the system's
/// calls; a test's fake (`FakeFiles`, beside `FakeSysfs`) keeps the files in memory.
public protocol FileAccess: AnyObject {
    /// The file's text, up to `limit` bytes, without its trailing newlines and NULs.
    func read(_ path: String, limit: Int) throws(CallError) -> String
    /// Puts `text` in place of the file at `path`, whole or not at all.
    func replace(_ path: String, with text: String) throws(CallError)
    /// Removes the file at `path`; one that is not there is no failure.
    func remove(_ path: String)
    /// Makes the directory at `path`; one that is there already is no failure.
    func makeDirectory(_ path: String)
    /// Takes the exclusive lock of the file at `path` (made when missing) without waiting and
    /// writes `owner` into it; nil when another process holds it. The lock is held while the
    /// returned object lives.
    func lock(_ path: String, owner: String) throws(CallError) -> AnyObject?
}

extension FileAccess {
    /// An attribute's text: a few dozen bytes.
    public func read(_ path: String) throws(CallError) -> String { try read(path, limit: 256) }
}

public final class SysfsFile: FileAccess, Sendable {
    /// The one there is: it holds nothing.
    public static let system = SysfsFile()
    private init() {}

    public func read(_ path: String, limit: Int) throws(CallError) -> String {
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

    /// Written whole to `<path>.new`, synced, and renamed over it, so a write cut short (a full
    /// disk) never replaces what was there.
    public func replace(_ path: String, with text: String) throws(CallError) {
        let temporary = path + ".new"
        let fd = orientd_open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CallError(call: "open \(temporary)", errno: orientd_errno()) }
        let complete = Self.writeAll(fd, text, at: 0) && fsync(fd) == 0
        let error = orientd_errno()
        close(fd)
        guard complete, rename(temporary, path) == 0 else {
            let failure = CallError(call: complete ? "rename \(temporary)" : "write \(temporary)", errno: complete ? orientd_errno() : error)
            unlink(temporary)
            throw failure
        }
    }

    public func remove(_ path: String) { unlink(path) }

    public func makeDirectory(_ path: String) { mkdir(path, 0o755) }

    /// An flock(2) lock: the kernel drops it when its holder dies, so a crashed run's lock file
    /// (with the dead pid) is taken over by the next.
    public func lock(_ path: String, owner: String) throws(CallError) -> AnyObject? {
        let fd = orientd_open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CallError(call: "open \(path)", errno: orientd_errno()) }
        let held = HeldLock(fd)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return nil }
        ftruncate(fd, 0)
        _ = Self.writeAll(fd, owner, at: 0)
        return held
    }

    /// Writes every byte of `text` from `offset`, through partial writes and EINTR.
    private static func writeAll(_ fd: Int32, _ text: String, at offset: Int) -> Bool {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if n < 0 && orientd_errno() == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// The lock file's descriptor: closing it lets the lock go.
    private final class HeldLock {
        let fd: Int32
        init(_ fd: Int32) { self.fd = fd }
        deinit { close(fd) }
    }
}
