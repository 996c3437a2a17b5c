import CallError
import Glibc
@testable import Sensors

/// The files behind `FileAccess` in memory (the custody's lock and saved state): a lock another
/// process holds, and writes that fail as on a full disk.
final class FakeFiles: FileAccess {
    private(set) var files: [String: String] = [:]
    private(set) var directories: Set<String> = []
    /// Locks held, with what the holder wrote into the lock file.
    private var held: Set<String> = []
    /// Paths whose `replace` fails with ENOSPC (a full runtime directory).
    var full: Set<String> = []
    /// Paths replaced, in order.
    private(set) var replaced: [String] = []

    /// Another process holds the lock at `path` and wrote `owner` into it.
    func holdElsewhere(_ path: String, owner: String) {
        held.insert(path)
        files[path] = owner
    }

    func read(_ path: String, limit: Int) throws(CallError) -> String {
        guard let text = files[path] else { throw CallError(call: "open \(path)", errno: ENOENT) }
        var bytes = Array(text.utf8.prefix(limit))
        while let last = bytes.last, last == 0x0a { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    func replace(_ path: String, with text: String) throws(CallError) {
        guard !full.contains(path) else { throw CallError(call: "write \(path).new", errno: ENOSPC) }
        files[path] = text
        replaced.append(path)
    }

    func remove(_ path: String) { files[path] = nil }

    func makeDirectory(_ path: String) { directories.insert(path) }

    func lock(_ path: String, owner: String) throws(CallError) -> AnyObject? {
        guard !held.contains(path) else { return nil }
        held.insert(path)
        files[path] = owner
        return Lock { [unowned self] in _ = held.remove(path) }
    }

    /// Lets its lock go when released, as closing the descriptor does.
    private final class Lock {
        let release: () -> Void
        init(_ release: @escaping () -> Void) { self.release = release }
        deinit { release() }
    }
}
