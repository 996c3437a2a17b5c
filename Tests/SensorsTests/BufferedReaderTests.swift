import Glibc
import OrientdTestSupport
@testable import Sensors
import Testing

/// The buffered reader in-process on the fake libiio table and the manual clock: its start
/// from the raw attributes, the watermark, scan-by-scan reads while moving and batches at
/// rest, the stop linger (EAGAIN and the rest of the shared read path: ScanStreamTests).
extension FakeLibiioSuites {
@Suite struct BufferedReaderTests {
    static let watermark = "64"

    static func device(attributes: [String: String] = [:]) -> FakeIIO.Device {
        FakeIIO.accelerometer(raw: ["0", "-981", "0"], scanElements: true, timestamp: true,
                              attributes: ["buffer/watermark": watermark, "buffer/enable": "0", "sampling_frequency": "50"].merging(attributes) { $1 })
    }

    @Test func theFirstAnswersComeFromTheRawAttributesThenTheBufferRuns() throws {
        let rig = ReaderRig(Self.device())
        defer { rig.close() }
        try rig.start()
        #expect(rig.samples.count == 1, "a raw reading at once")
        #expect(FakeIIO.openBuffers == 0)
        rig.advance(ms: rig.options.confirmIntervalUs / 1000)
        #expect(rig.samples.count == 2, "a second raw reading confirms it")
        #expect(FakeIIO.openBuffers == 1, "then the buffer runs")
        #expect(rig.timers.watching == 1, "its poll fd is watched")
        #expect(rig.device.channels.allSatisfy { $0.enabled }, "the axes and the timestamp are enabled")
    }

    @Test func theWatermarkIsOneWhileTheBufferRunsAndPutBackAfter() throws {
        let rig = ReaderRig(Self.device())
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 20)
        #expect(rig.device.attributes["buffer/watermark"] == "1", "the node wakes the loop for every scan")
        let order = FakeIIO.writes.map { "\($0.attribute)=\($0.value)" }
        let set = try #require(order.firstIndex(of: "buffer/watermark=1"))
        #expect(order[..<set].last == "buffer/enable=0" && order.dropFirst(set + 1).first == "buffer/enable=1",
                "written with the buffer disabled (\(order))")
        rig.source?.stop()
        #expect(FakeIIO.openBuffers == 0)
        #expect(rig.device.attributes["buffer/watermark"] == Self.watermark)
        #expect(rig.device.attributes["buffer/enable"] == "0")
        #expect(!rig.device.channels.contains { $0.enabled })
    }

    @Test func whileMovingEachScanIsReadAsItArrivesAndAtRestInBatches() throws {
        let rig = ReaderRig(Self.device())
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 15)
        var queued = 0
        func stream(ms: Int, pose: [Int64] = [0, -981, 0]) {
            for _ in 0..<(ms / 20) {
                rig.advance(ms: 20)
                rig.scansArrive([pose + [Int64(rig.timers.now) * 1000]])
                queued += 1
            }
        }
        let raw = rig.samples.count
        FakeIIO.refillCalls = 0
        stream(ms: 500)
        #expect(FakeIIO.refillCalls == 25, "moving (a start): one read per scan")
        stream(ms: 200)
        FakeIIO.refillCalls = 0
        stream(ms: 1_000)
        #expect((3...5).contains(FakeIIO.refillCalls), "at rest: a batch every 250 ms (\(FakeIIO.refillCalls) reads)")
        stream(ms: 100, pose: [-981, 0, 0])
        rig.advance(ms: 250)
        FakeIIO.refillCalls = 0
        stream(ms: 200, pose: [-981, 0, 0])
        #expect(FakeIIO.refillCalls == 10, "a turn: one read per scan again")
        #expect(rig.samples.count - raw == queued - FakeIIO.refills.count, "every scan read is delivered")
        let last = try #require(rig.samples.last)
        #expect(last.gravity.x < -9)
        #expect(UInt64(last.timeUs) == rig.timers.now, "stamped with the kernel's timestamp")
    }

    @Test func aPausedBufferKeepsItsSetUpAndDropsStaleScansOnResume() throws {
        let rig = ReaderRig(Self.device())
        defer { rig.close() }
        let source = try rig.start()
        rig.advance(ms: 15)
        source.pause()
        #expect(rig.timers.watching == 0 && rig.timers.armed == 0, "nothing read while paused")
        #expect(FakeIIO.openBuffers == 1, "the buffer stays for the linger")
        let before = rig.samples.count
        FakeIIO.refills = [.scans([[0, -981, 0, 1]])]
        rig.timers.ready(fd: FakeIIO.pollFD)
        rig.advance(ms: 500)
        #expect(rig.samples.count == before)
        try source.start { _ in }
        #expect(FakeIIO.refills.isEmpty, "the stale scans are drained")
        #expect(rig.samples.count == before, "and not delivered")
        #expect(rig.timers.watching == 1)
        #expect(FakeIIO.openBuffers == 1, "no new set-up")
    }
}
}
