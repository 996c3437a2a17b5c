import Glibc
import OrientdTestSupport
@testable import Sensors
import Testing

/// What `IIOSource` does when its buffer misbehaves, in-process on the fake libiio table and
/// the manual clock: a silent buffer is re-armed once, then read polled; EIO makes the
/// sensor unavailable until a retry reads; the chip's motion detector brings a batch at once.
extension FakeLibiioSuites {
@Suite struct BufferedRecoveryTests {
    @Test func aSilentBufferIsReArmedOnceThenReadPolled() throws {
        let rig = ReaderRig(FakeLibiioSuites.BufferedReaderTests.device())
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 15)
        #expect(FakeIIO.openBuffers == 1)
        let first = FakeIIO.buffers.first
        rig.advance(ms: 1_000)   // no scan for a second: the device is probed, it is there
        #expect(FakeIIO.openBuffers == 0, "re-armed: a fresh start from the raw attributes")
        rig.advance(ms: 15)
        #expect(FakeIIO.openBuffers == 1 && FakeIIO.buffers.first !== first, "a new buffer")
        rig.advance(ms: 1_000)
        #expect(FakeIIO.openBuffers == 0, "silent again: no buffer any more")
        let before = rig.samples.count
        rig.advance(ms: 1_000)
        #expect(FakeIIO.openBuffers == 0)
        #expect(rig.samples.count - before >= 25, "the raw attributes are read instead, fast after the start (\(rig.gaps(from: before)))")
        #expect(rig.availability.isEmpty, "available throughout")
    }

    /// A device removed and added again whose remove event was lost: the add of its syspath
    /// while bound brings the buffer back from the polled fallback the old device left.
    @Test func theBoundDeviceAddedAgainIsReadBufferedAgain() throws {
        let rig = ReaderRig(FakeLibiioSuites.BufferedReaderTests.device())
        defer { rig.close() }
        let source = try rig.start()
        rig.advance(ms: 15)
        rig.advance(ms: 1_000)
        rig.advance(ms: 15)
        rig.advance(ms: 1_000)
        #expect(FakeIIO.openBuffers == 0, "silent twice: read polled")
        source.binding.deviceEvent("change", rig.sysfs.syspath)
        rig.advance(ms: 15)
        #expect(FakeIIO.openBuffers == 0, "a change event is no new device")
        source.binding.deviceEvent("add", rig.sysfs.syspath)
        rig.advance(ms: 15)
        #expect(FakeIIO.openBuffers == 1, "the buffer is read again")
        #expect(rig.availability.isEmpty, "available throughout")
    }

    @Test func aBufferThatKeepsFailingMakesTheSensorUnavailableUntilARetryReads() throws {
        let rig = ReaderRig(FakeLibiioSuites.BufferedReaderTests.device())
        defer { rig.close() }
        let source = try rig.start()
        rig.advance(ms: 15)
        for _ in 0..<rig.options.failureLimit {
            FakeIIO.refills = [.failure(EIO)]
            rig.timers.ready(fd: FakeIIO.pollFD)
        }
        #expect(rig.availability == [false])
        #expect(!source.isAvailable)
        #expect(FakeIIO.openBuffers == 0, "the buffer is gone with its reader")
        rig.setRaw(["0", FakeIIO.failing(EIO), "0"])
        rig.advance(ms: 300)
        #expect(rig.availability == [false], "the retry's read failed too")
        rig.setRaw(["0", "-981", "0"])
        rig.advance(ms: 500)
        #expect(rig.availability == [false, true], "healed")
        try source.start { _ in }
        rig.advance(ms: 15)
        #expect(FakeIIO.openBuffers == 1, "read buffered again")
    }

    @Test func aDeviceThatVanishedSilentlyIsLostAfterItsProbesFail() throws {
        let rig = ReaderRig(FakeLibiioSuites.BufferedReaderTests.device())
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 15)
        rig.device.attributes["buffer/enable"] = FakeIIO.failing(ENODEV)
        rig.advance(ms: 1_000 + 200 * UInt64(rig.options.failureLimit - 1) - 1)
        #expect(rig.availability.isEmpty, "one probe short")
        rig.advance(ms: 1)
        #expect(rig.availability == [false])
    }

    @Test func theMotionDetectorBringsTheBatchAtOnceAndLengthensTheRest() throws {
        let attribute = "events/in_accel_x_roc_either_en"
        let rig = ReaderRig(FakeLibiioSuites.BufferedReaderTests.device(attributes: [attribute: "0"]))
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 15)
        #expect(rig.device.attributes[attribute] == "1")
        // Scans at 50 Hz; after the start's hold the batches come once a second.
        FakeIIO.refillCalls = 0
        for _ in 0..<100 {
            rig.advance(ms: 20)
            rig.scansArrive([[0, -981, 0, Int64(rig.timers.now) * 1000]])
        }
        FakeIIO.refillCalls = 0
        for _ in 0..<49 {
            rig.advance(ms: 20)
            FakeIIO.refills.append(.scans([[0, -981, 0, Int64(rig.timers.now) * 1000]]))
        }
        #expect(FakeIIO.refillCalls <= 1, "at most one batch in a second at rest")
        let before = rig.samples.count
        rig.sysfs.fireMotion()
        rig.timers.ready(fd: rig.sysfs.eventFD)
        #expect(rig.samples.count > before, "the motion event reads the batch at once")
        #expect(FakeIIO.refills.isEmpty)
        rig.source?.stop()
        #expect(rig.device.attributes[attribute] == "0")
    }
}
}
