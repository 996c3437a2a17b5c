import Glibc
import OrientationCore
@testable import Sensors
import Testing

/// The one-shot reading of an accelerometer that has only a buffer (no raw attributes), in-process
/// on the fake libiio table: the buffer runs for one scan and the device goes back as it was
/// found; reads within a second share the answer; a silent buffer gives none within its bound.
extension FakeLibiioSuites {
@Suite struct BufferOneShotTests {
    static func device() -> FakeIIO.Device {
        let channels = ["accel_x", "accel_y", "accel_z"].enumerated().map { FakeIIO.Channel($1, attributes: [:], scanIndex: Int32($0)) }
        return FakeIIO.Device("iio:device0", name: "accel_3d", channels: channels,
                              attributes: ["in_accel_scale": "0.01", "buffer/enable": "0", "buffer/length": "2"])
    }

    @Test func oneScanIsReadAndTheDeviceGoesBackAsFound() throws {
        let rig = ReaderRig(Self.device())
        defer { rig.close() }
        let source = rig.bind()
        #expect(source.isAvailable && rig.sysfs.attribute("in_accel_x_raw") == nil, "bound, buffer only")
        FakeIIO.refills.append(.scans([[0, -981, 0]]))
        FakeIIO.scanReady()
        let gravity = try source.readOnce()
        #expect(abs(gravity.y + 9.81) < 1e-9 && gravity.x == 0 && gravity.z == 0, "\(gravity)")
        #expect(FakeIIO.openBuffers == 0 && !rig.device.channels.contains { $0.enabled }, "the buffer off, its axes disabled")
        #expect(rig.device.attributes["buffer/length"] == "2" && rig.device.attributes["buffer/enable"] == "0")
        let calls = FakeIIO.refillCalls
        FakeIIO.refills.append(.scans([[981, 0, 0]]))
        #expect(try source.readOnce() == gravity, "a read within a second gets the same answer")
        #expect(FakeIIO.refillCalls == calls, "and runs no buffer")
        rig.advance(ms: 1_000)
        FakeIIO.scanReady()
        let next = try source.readOnce()
        #expect(abs(next.x - 9.81) < 1e-9, "a second later the buffer runs again (\(next))")
    }

    @Test func aSilentBufferGivesNoReadingWithinItsBound() throws {
        let rig = ReaderRig(Self.device())
        defer { rig.close() }
        let source = rig.bind()
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        #expect(throws: SourceError.self) { try source.readOnce() }
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let waitedMs = (end.tv_sec - start.tv_sec) * 1000 + (end.tv_nsec - start.tv_nsec) / 1_000_000
        #expect(waitedMs >= Int(BufferOneShot.firstScanTimeoutMs) - 1, "waited \(waitedMs) ms for the scan")
        #expect(FakeIIO.openBuffers == 0 && rig.device.attributes["buffer/length"] == "2", "the device as it was found")
        #expect(source.isAvailable, "one silent buffer does not lose the device")
    }
}
}
