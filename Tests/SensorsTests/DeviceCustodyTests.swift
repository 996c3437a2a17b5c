import Glibc
@testable import Sensors
import Testing

/// The custody in-process: one holder per device, the originals on disk before each change, put
/// back on the device newest first, and what a run that died left behind. The first two run on
/// the system's files in a fresh runtime directory; the rest on `FakeFiles`, whose locks other
/// processes hold and whose disk fills.
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
        let device = FakeSysfs(sysname, [:])
        try inDirectory { directory in
            var first: DeviceCustody? = try DeviceCustody(device: device, directory: directory)
            do throws(DeviceCustody.Refusal) {
                _ = try DeviceCustody(device: device, directory: directory)
                Issue.record("a second custody of the device was granted")
            } catch {
                guard case .inUse(let pid, _) = error else { Issue.record("refused for \(error)"); return }
                #expect(pid == String(getpid()))
            }
            #expect(first != nil)
            first = nil
            _ = try DeviceCustody(device: device, directory: directory)  // free again once the first is gone
        }
    }

    @Test func originalsOutliveARunThatDiedAndGoBackNewestFirst() throws {
        let device = FakeSysfs(sysname, [:])
        try inDirectory { directory in
            var run: DeviceCustody? = try DeviceCustody(device: device, directory: directory)
            run?.remember("sampling_frequency", original: "12.5")
            // A later note of the same attribute is not its original.
            run?.remember([("buffer/length", "2"), ("sampling_frequency", "100")])
            run = nil  // the run dies: its lock goes, the saved originals stay
            let next = try DeviceCustody(device: device, directory: directory)
            let left = next.leftovers()
            #expect(left.map { "\($0.attribute)=\($0.value)" } == ["sampling_frequency=12.5", "buffer/length=2"])
            next.adopt(left)
            device.refused = ["buffer/length"]
            next.restore()
            #expect(device.writes.map { "\($0.attribute)=\($0.value)" } == ["sampling_frequency=12.5"])
            #expect(next.leftovers().map { $0.attribute } == ["buffer/length"], "what failed stays saved")
            device.refused = []
            next.restore()
            #expect(device.writes.last.map { "\($0.attribute)=\($0.value)" } == "buffer/length=2")
            #expect(next.leftovers().isEmpty)
            #expect(access(directory + "/" + sysname + ".state", F_OK) != 0, "nothing to put back: no state file")
        }
    }

    @Test func aLockAnotherProcessHoldsIsRefusedWithWhatItWrote() throws {
        let files = FakeFiles()
        let device = FakeSysfs(sysname, [:])
        for (written, told) in [("4242\n", "4242"), ("", "?")] {
            files.holdElsewhere("/run/orientd/\(sysname).lock", owner: written)
            do throws(DeviceCustody.Refusal) {
                _ = try DeviceCustody(device: device, directory: "/run/orientd", files: files)
                Issue.record("custody granted while another process holds the lock")
            } catch {
                guard case .inUse(let pid, let lock) = error else { Issue.record("refused for \(error)"); continue }
                #expect(pid == told && lock == "/run/orientd/\(sysname).lock")
            }
        }
        #expect(files.directories == ["/run/orientd"])
    }

    @Test func aStateThatCannotBeSavedKeepsTheLastWholeOneAndTheOriginals() throws {
        let files = FakeFiles()
        let device = FakeSysfs(sysname, ["sampling_frequency": "100", "buffer/length": "64"])
        let state = "/run/orientd/\(sysname).state"
        let custody = try DeviceCustody(device: device, directory: "/run/orientd", files: files)
        #expect(files.files["/run/orientd/\(sysname).lock"] == "\(getpid())\n", "the lock names its holder")
        custody.remember("sampling_frequency", original: "12.5")
        #expect(files.files[state] == "sampling_frequency\t12.5\n")
        files.full = [state]
        custody.remember("buffer/length", original: "2")
        #expect(files.files[state] == "sampling_frequency\t12.5\n", "a failed save leaves the last one as it was")
        custody.restore()
        #expect(device.writes.map { "\($0.attribute)=\($0.value)" } == ["buffer/length=2", "sampling_frequency=12.5"],
                "both go back from memory, newest first")
        #expect(files.files[state] == nil, "nothing left to put back: the state goes")
    }

    @Test func oneFeaturesAttributesGoBackAloneAndTheRestAtTheStop() throws {
        let files = FakeFiles()
        let device = FakeSysfs(sysname, [:])
        let custody = try DeviceCustody(device: device, directory: "/run/orientd", files: files)
        custody.remember([("sampling_frequency", "12.5"), ("events/in_accel_x_roc_either_en", "0")])
        custody.restore(["events/in_accel_x_roc_either_en"])
        #expect(device.writes.map { $0.attribute } == ["events/in_accel_x_roc_either_en"])
        #expect(custody.leftovers().map { $0.attribute } == ["sampling_frequency"], "the rest stays saved")
        custody.restore(["events/in_accel_x_roc_either_en"])
        #expect(device.writes.count == 1, "put back once")
        custody.restore()
        #expect(device.writes.map { $0.attribute } == ["events/in_accel_x_roc_either_en", "sampling_frequency"])
    }
}
