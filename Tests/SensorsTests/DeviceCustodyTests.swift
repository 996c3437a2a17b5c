import Glibc
@testable import Sensors
import Testing

/// The custody in-process, in a fresh runtime directory: one holder per device, the originals
/// on disk before each change, put back newest first, and what a run that died left behind.
@Suite struct DeviceCustodyTests {
    let sysname = "iio:device3"

    /// A fresh runtime directory for `body`, removed after it.
    func inDirectory(_ body: (String) throws -> Void) rethrows {
        var template = Array("/tmp/orientd-custody-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer {
            for name in [".lock", ".state", ".state.new"] { unlink(directory + "/" + sysname + name) }
            rmdir(directory)
        }
        try body(directory)
    }

    @Test func aSecondHolderIsRefusedAndToldTheFirstsPid() throws {
        try inDirectory { directory in
            var first: DeviceCustody? = try DeviceCustody(sysname: sysname, directory: directory)
            do throws(DeviceCustody.Refusal) {
                _ = try DeviceCustody(sysname: sysname, directory: directory)
                Issue.record("a second custody of the device was granted")
            } catch {
                guard case .inUse(let pid, _) = error else { Issue.record("refused for \(error)"); return }
                #expect(pid == String(getpid()))
            }
            #expect(first != nil)
            first = nil
            _ = try DeviceCustody(sysname: sysname, directory: directory)  // free again once the first is gone
        }
    }

    @Test func originalsOutliveARunThatDiedAndGoBackNewestFirst() throws {
        try inDirectory { directory in
            var run: DeviceCustody? = try DeviceCustody(sysname: sysname, directory: directory)
            run?.remember("sampling_frequency", original: "12.5")
            // A later note of the same attribute is not its original.
            run?.remember([("buffer/length", "2"), ("sampling_frequency", "100")])
            run = nil  // the run dies: its lock goes, the saved originals stay
            let next = try DeviceCustody(sysname: sysname, directory: directory)
            let left = next.leftovers()
            #expect(left.map { "\($0.attribute)=\($0.value)" } == ["sampling_frequency=12.5", "buffer/length=2"])
            next.adopt(left)
            var written: [String] = []
            next.restore { attribute, value in
                written.append("\(attribute)=\(value)")
                return attribute != "buffer/length"  // this write fails
            }
            #expect(written == ["buffer/length=2", "sampling_frequency=12.5"])
            #expect(next.leftovers().map { $0.attribute } == ["buffer/length"], "what failed stays saved")
            next.restore { _, _ in true }
            #expect(next.leftovers().isEmpty)
            #expect(access(directory + "/" + sysname + ".state", F_OK) != 0, "nothing to put back: no state file")
        }
    }
}
