import CallError
import CLibc
import Systemd

/// orientd's hold on one IIO device: an exclusive lock that every orientd on the machine
/// honours (one reader per device: a second one would disable the first's buffer), and the
/// device attributes found before orientd changed them, written to disk before each change
/// so that a run after a crash puts them back, idle or not.
///
/// Files in the runtime directory (`RuntimeDirectory=orientd`, kept across restarts):
/// `<sysname>.lock` (holds the owner's pid) and `<sysname>.state` (`attribute<TAB>value` lines).
public final class DeviceCustody {
    public let sysname: String
    private let lockPath: String
    private let statePath: String
    private var lockFD: Int32
    /// The saved state's size that `leftovers` reads: a few dozen attributes' lines.
    private static let stateLimit = 4096
    /// Originals in the order they were first changed; restored in reverse.
    private var originals: [(attribute: String, value: String)] = []

    public enum Refusal: Error, CustomStringConvertible {
        case inUse(pid: String, lock: String)
        case failed(String)
        public var description: String {
            switch self {
            case let .inUse(pid, lock): return "in use by orientd (pid \(pid), lock \(lock))"
            case .failed(let message): return message
            }
        }
    }

    /// Takes the device's lock, or says who holds it.
    public init(sysname: String, directory: String) throws(Refusal) {
        self.sysname = sysname
        lockPath = "\(directory)/\(sysname).lock"
        statePath = "\(directory)/\(sysname).state"
        mkdir(directory, 0o755)
        let fd = orientd_open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .failed("cannot open \(lockPath): \(String(cString: strerror(orientd_errno())))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? SysfsFile.read(lockPath)) ?? "?"
            close(fd)
            throw .inUse(pid: holder.isEmpty ? "?" : holder, lock: lockPath)
        }
        lockFD = fd
        ftruncate(fd, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit { close(lockFD) }

    /// Originals a run that did not end cleanly left behind, oldest change first.
    public func leftovers() -> [(attribute: String, value: String)] {
        guard let text = try? SysfsFile.read(statePath, limit: Self.stateLimit) else { return [] }
        var found: [(attribute: String, value: String)] = []
        for line in text.utf8.split(separator: 0x0a) {
            let parts = line.split(separator: 0x09, maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { continue }
            found.append((String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self)))
        }
        return found
    }

    /// Notes `value` as the original of `attribute` (first call per attribute only) and
    /// writes the notes to disk before the caller changes the attribute.
    public func remember(_ attribute: String, original value: String) {
        remember([(attribute, value)])
    }

    /// The same for several attributes, written to disk once (each write is an fsync).
    public func remember(_ entries: [(attribute: String, value: String)]) {
        var added = false
        for entry in entries where !originals.contains(where: { $0.attribute == entry.attribute }) {
            originals.append(entry)
            added = true
        }
        if added { save() }
    }

    /// Puts every remembered attribute back, newest change first, with `write`; forgets the
    /// ones written. Failures are logged and the attribute stays remembered.
    public func restore(_ write: (_ attribute: String, _ value: String) -> Bool) {
        var failed: [(attribute: String, value: String)] = []
        for entry in originals.reversed() where !write(entry.attribute, entry.value) {
            failed.insert(entry, at: 0)
        }
        originals = failed
        save()
    }

    /// Drops the notes of `attributes`: their owner put the originals back itself.
    public func forget(_ attributes: [String]) {
        guard originals.contains(where: { attributes.contains($0.attribute) }) else { return }
        originals.removeAll { attributes.contains($0.attribute) }
        save()
    }

    /// Takes over what a previous run left (so `restore` puts it back).
    public func adopt(_ entries: [(attribute: String, value: String)]) {
        for entry in entries where !originals.contains(where: { $0.attribute == entry.attribute }) {
            originals.append(entry)
        }
        save()
    }

    private func save() {
        guard !originals.isEmpty else {
            unlink(statePath)
            return
        }
        var text = ""
        for entry in originals { text += "\(entry.attribute)\t\(entry.value)\n" }
        do throws(CallError) {
            // Only a file written whole replaces the saved state: a short write renamed into
            // place would lose the originals the next run must put back.
            try SysfsFile.replace(statePath, with: text)
        } catch {
            Log.warning("\(sysname): cannot save the original attributes to \(statePath): \(error)")
        }
    }
}
