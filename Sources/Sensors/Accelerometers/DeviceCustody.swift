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
/// The lock and the saved state go through `FileAccess` (`SysfsFile`; a test's fake), the
/// attributes back to the device through `SysfsDevice`: custody is the one place that puts
/// them back, at a reader's stop, after a crash, or (`restore(_:)`) one feature's own.
public final class DeviceCustody {
    public let sysname: String
    private let device: any SysfsDevice
    private let files: any FileAccess
    private let lockPath: String
    private let statePath: String
    private let lock: AnyObject
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
    public init(device: any SysfsDevice, directory: String, files: any FileAccess = SysfsFile.system) throws(Refusal) {
        (sysname, self.device, self.files) = (device.sysname, device, files)
        lockPath = "\(directory)/\(device.sysname).lock"
        statePath = "\(directory)/\(device.sysname).state"
        files.makeDirectory(directory)
        let held: AnyObject?
        do throws(CallError) {
            held = try files.lock(lockPath, owner: "\(getpid())\n")
        } catch {
            throw .failed("cannot open \(lockPath): \(String(cString: strerror(error.errno)))")
        }
        guard let held else {
            let holder = (try? files.read(lockPath)) ?? ""
            throw .inUse(pid: holder.isEmpty ? "?" : holder, lock: lockPath)
        }
        lock = held
    }

    /// Originals a run that did not end cleanly left behind, oldest change first.
    public func leftovers() -> [(attribute: String, value: String)] {
        guard let text = try? files.read(statePath, limit: Self.stateLimit) else { return [] }
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

    /// Puts every remembered attribute back on the device, newest change first, and forgets
    /// the ones written (`SysfsDevice.restore`: a device that is gone has nothing left to put
    /// back). A failure is logged and the attribute stays remembered: the next start puts it back.
    public func restore() { restore { _ in true } }

    /// The same for `attributes` alone (a motion detector turned off while its reader runs).
    public func restore(_ attributes: [String]) { restore { attributes.contains($0) } }

    private func restore(where chosen: (String) -> Bool) {
        var kept: [(attribute: String, value: String)] = []
        for entry in originals.reversed() where !chosen(entry.attribute) || !device.restore(entry.attribute, entry.value) {
            kept.insert(entry, at: 0)
        }
        guard kept.count != originals.count else { return }
        originals = kept
        save()
    }

    /// Drops the notes of `attributes`: their change did not happen.
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
            files.remove(statePath)
            return
        }
        var text = ""
        for entry in originals { text += "\(entry.attribute)\t\(entry.value)\n" }
        do throws(CallError) {
            // Only a file written whole replaces the saved state: a short write renamed into
            // place would lose the originals the next run must put back.
            try files.replace(statePath, with: text)
        } catch {
            Log.warning("\(sysname): cannot save the original attributes to \(statePath): \(error)")
        }
    }
}
