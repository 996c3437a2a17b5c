import Glibc
import OrientdTestSupport
@testable import Sensors
import Testing

/// The polled reader in-process: its pacing on the manual clock (movement → fast reads →
/// rest), the chip's motion detector, and reads that fail and heal, through `IIOSource`.
extension FakeLibiioSuites {
@Suite struct PolledReaderTests {
    @Test func aStartReadsFastUntilTheMovementHoldThenRests() throws {
        let rig = ReaderRig(FakeIIO.accelerometer(raw: ["0", "-981", "0"]))
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 2_000)
        let gaps = rig.gaps()
        let options = rig.options
        #expect(gaps.first == Int64(options.confirmIntervalUs / 1000), "the second read confirms the first quickly")
        let fast = gaps.dropFirst().prefix { $0 == Int64(options.movingPollIntervalUs / 1000) }
        #expect(fast.count >= 25, "fast reads while the start counts as movement (\(gaps))")
        let afterFast = gaps.dropFirst(1 + fast.count)
        #expect(!afterFast.isEmpty && afterFast.allSatisfy { $0 == Int64(options.pollIntervalUs / 1000) }, "then rest reads (\(gaps))")
        let lastFast = rig.ms(rig.samples[1 + fast.count])
        #expect(lastFast < Int64(options.movementHoldUs / 1000) + 20, "fast reads end with the hold")
    }

    /// The chip's rate, read and written through the udev side (`ChipRate`): the lowest offered
    /// at or above the preferred one while the reader runs, the driver's own back at stop.
    @Test func theChipRunsAtThePreferredRateWhileReadAndGetsItsOwnBackAtStop() throws {
        let rig = ReaderRig(FakeIIO.accelerometer(raw: ["0", "-981", "0"], attributes: [
            "sampling_frequency": "12.5", "sampling_frequency_available": "12.5 25 62.5 100",
        ]))
        defer { rig.close() }
        try rig.start()
        #expect(rig.device.attributes["sampling_frequency"] == "62.5")
        rig.source?.stop()
        #expect(rig.device.attributes["sampling_frequency"] == "12.5")
    }

    @Test func aReadingThatMovedBringsFastReadsBack() throws {
        let rig = ReaderRig(FakeIIO.accelerometer(raw: ["0", "-981", "0"]))
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 1_500)
        let before = rig.samples.count
        rig.setRaw(["-981", "0", "0"])
        rig.advance(ms: 600)
        let gaps = rig.gaps(from: before)
        // The rest read that sees the turn, then a confirm read, then fast reads.
        #expect(gaps.prefix(3) == [Int64(rig.options.confirmIntervalUs / 1000), 20, 20], "\(gaps)")
        #expect(rig.samples.last?.gravity.x ?? 0 < -9, "the new pose is what is delivered")
    }

    @Test func theMotionDetectorBringsAReadAtOnceAndLengthensTheRest() throws {
        let attribute = "events/in_accel_x_roc_either_en"
        let rig = ReaderRig(FakeIIO.accelerometer(raw: ["0", "-981", "0"], attributes: [attribute: "0"]))
        defer { rig.close() }
        try rig.start()
        #expect(rig.device.attributes[attribute] == "1", "the detector is enabled")
        rig.advance(ms: 2_990)
        let restGaps = rig.gaps().suffix(2)
        #expect(restGaps.allSatisfy { $0 == Int64(rig.options.motionRestIntervalUs / 1000) }, "rest reads once a second (\(rig.gaps()))")
        let before = rig.samples.count
        rig.sysfs.fireMotion()
        rig.timers.ready(fd: rig.sysfs.eventFD)
        #expect(rig.samples.count == before + 1, "a motion event reads at once")
        rig.advance(ms: 100)
        #expect(rig.gaps(from: before).first == Int64(rig.options.confirmIntervalUs / 1000), "then fast reads")
        rig.source?.stop()
        #expect(rig.device.attributes[attribute] == "0", "stop puts the enable attribute back")
        #expect(rig.timers.watching == 0)
    }

    @Test func aDetectorThatFiresWhileTheReadingsRestIsTurnedOff() throws {
        let attribute = "events/in_accel_x_roc_either_en"
        let rig = ReaderRig(FakeIIO.accelerometer(raw: ["0", "-981", "0"], attributes: [attribute: "0"]))
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 1_000)
        for _ in 0...rig.options.spuriousMotionLimit {  // the first event counts as real
            rig.sysfs.fireMotion()
            rig.timers.ready(fd: rig.sysfs.eventFD)
            rig.advance(ms: 700)
        }
        #expect(rig.device.attributes[attribute] == "0", "turned off and put back")
        #expect(rig.timers.watching == 0)
        let before = rig.samples.count
        rig.advance(ms: 1_000)
        #expect(rig.gaps(from: before).allSatisfy { $0 == Int64(rig.options.pollIntervalUs / 1000) }, "the timer alone, at the polled rest")
    }

    @Test func readsThatFailMakeTheSensorUnavailableUntilARetryHeals() throws {
        let rig = ReaderRig(FakeIIO.accelerometer(raw: ["0", "-981", "0"]))
        defer { rig.close() }
        let source = try rig.start()
        rig.advance(ms: 1_000)
        rig.setRaw(["0", FakeIIO.failing(EIO), "0"])
        let before = rig.samples.count
        rig.advance(ms: UInt64(rig.options.failureLimit) * 250 + 10)
        #expect(rig.availability == [false], "unavailable after \(rig.options.failureLimit) failed reads")
        #expect(!source.isAvailable)
        #expect(rig.samples.count == before)
        #expect(rig.timers.armed == 1, "only the retry timer")
        rig.advance(ms: 1_000)
        #expect(rig.availability == [false], "retries fail while the device does")
        rig.setRaw(["0", "-981", "0"])
        rig.advance(ms: 1_600)
        #expect(rig.availability == [false, true], "a retry that reads heals it")
        #expect(source.isAvailable)
        #expect(rig.timers.armed == 0, "nothing runs until it is started again")
    }

    @Test func aMalformedReadingIsDroppedWithoutCountingAsAFailure() throws {
        let rig = ReaderRig(FakeIIO.accelerometer(raw: ["0", "-981", "0"]))
        defer { rig.close() }
        try rig.start()
        rig.advance(ms: 1_000)
        rig.setRaw(["0", "minus", "0"])
        let before = rig.samples.count
        rig.advance(ms: 3_000)
        #expect(rig.samples.count == before, "nothing delivered")
        #expect(rig.availability.isEmpty, "still available: the device answers")
        rig.setRaw(["0", "-981", "0"])
        rig.advance(ms: 260)
        #expect(rig.samples.count == before + 1)
    }
}
}
