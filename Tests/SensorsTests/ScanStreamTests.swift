import CallError
import Glibc
import OrientdTestSupport
@testable import Sensors
import Testing

/// The buffered read path every buffered reader shares (`ScanSession`, `ScanStream`), on the
/// fake libiio table and the manual clock, for a three-element scan: the device's trigger set
/// and undone, batches handed over whole, the pacing the reader asks for, EAGAIN, failures,
/// the pause.
extension FakeLibiioSuites {
@Suite struct ScanStreamTests {
    static let quietUs: UInt64 = 250_000
    static let failureLimit = 3
    static let scans = 16
    static let axes = ["anglvel_x", "anglvel_y", "anglvel_z"]

    final class Rig {
        let timers = ManualTimers()
        let device = FakeIIO.Device("iio:device1", name: "gyro_3d",
                                    channels: ScanStreamTests.axes.enumerated().map { FakeIIO.Channel($1, attributes: [:], scanIndex: Int32($0)) },
                                    attributes: ["buffer/enable": "0"])
        let trigger = FakeIIO.Device("trigger0", name: "gyro_3d-dev1", channels: [])
        private(set) var stream: ScanStream?
        private(set) var batches: [[[Int64]]] = []
        private(set) var losses: [String] = []
        private(set) var waits = 0
        var pacing = ScanStream.Pacing.after(500_000)

        init(triggerSet: Bool = false) throws {
            trigger.isTrigger = true
            if triggerSet { device.trigger = trigger }
            FakeIIO.install([device, trigger])
            let session = try ScanSession(sysname: "iio:device1") { device throws(CallError) in
                try ScanStreamTests.axes.map { axis throws(CallError) in try ScanSession.element(device, axis, of: "iio:device1") }
            }
            session.chooseTrigger(name: "gyro_3d")
            let reader = ScanStream.Reader(take: { [unowned self] in batches.append($0) }, pacing: { [unowned self] in pacing },
                                           lost: { [unowned self] in
                                               losses.append($0)
                                               stream?.close()
                                           }, waiting: { [unowned self] in waits += 1 })
            stream = try ScanStream(session: session, scans: ScanStreamTests.scans, loop: timers, quietUs: ScanStreamTests.quietUs,
                                    failureLimit: ScanStreamTests.failureLimit, reader: reader)
            stream?.waitForData()
        }

        func close() {
            stream?.close()
            stream = nil
            FakeIIO.uninstall()
        }

        func scansArrive(_ scans: [[Int64]]) {
            FakeIIO.refills.append(.scans(scans))
            timers.ready(fd: FakeIIO.pollFD)
        }
    }

    @Test func theDevicesOwnTriggerRunsTheBufferAndCloseLeavesTheDeviceAsFound() throws {
        let rig = try Rig()
        defer { rig.close() }
        #expect(rig.device.trigger === rig.trigger, "gyro_3d-dev1 set: there was none")
        #expect(FakeIIO.openBuffers == 1 && rig.device.channels.allSatisfy { $0.enabled })
        #expect(rig.timers.watching == 1 && rig.waits == 1)
        rig.stream?.close()
        #expect(rig.device.trigger == nil, "the trigger it set is detached")
        #expect(FakeIIO.openBuffers == 0 && !rig.device.channels.contains { $0.enabled })
        #expect(rig.timers.watching == 0 && rig.timers.armed == 0)
    }

    @Test func aTriggerAlreadySetIsKept() throws {
        let rig = try Rig(triggerSet: true)
        defer { rig.close() }
        rig.stream?.close()
        #expect(rig.device.trigger === rig.trigger, "not orientd's to detach")
    }

    @Test func everyScanWaitingIsOneBatchInOrderAndTheReaderPacesTheNext() throws {
        let rig = try Rig()
        defer { rig.close() }
        let full = (0..<Self.scans).map { [Int64($0), 0, 0] }
        FakeIIO.refills.append(.scans(full))
        rig.scansArrive([[100, 200, 300]])
        #expect(FakeIIO.refillCalls == 2, "a full refill is followed by another")
        #expect(rig.batches == [full + [[100, 200, 300]]], "one batch, oldest first, x y z in scan order")
        #expect(rig.timers.watching == 0 && rig.timers.armed == 1, "paced: the next batch on a timer")
        FakeIIO.refills.append(.scans([[1, 2, 3]]))
        FakeIIO.refills.append(.scans([[4, 5, 6]]))
        rig.timers.advance(byUs: 500_000)
        #expect(rig.batches.last == [[1, 2, 3], [4, 5, 6]], "what came meanwhile, read at once")
        rig.timers.advance(byUs: 500_000)
        #expect(rig.batches.count == 2, "nothing came")
        #expect(rig.timers.watching == 1 && rig.timers.armed == 0, "then it waits on the fd")
        rig.pacing = .whenReadable
        rig.scansArrive([[7, 8, 9]])
        #expect(rig.timers.watching == 1 && rig.timers.armed == 0, "each scan as it arrives")
        #expect(rig.losses.isEmpty)
    }

    @Test func eagainAfterAWakeUpLeavesTheNodeUnwatchedForAWhile() throws {
        let rig = try Rig()
        defer { rig.close() }
        rig.timers.ready(fd: FakeIIO.pollFD)   // readable, but the read answers EAGAIN
        #expect(FakeIIO.refillCalls == 1)
        #expect(rig.timers.watching == 0, "a level-triggered node would wake the loop without end")
        rig.timers.ready(fd: FakeIIO.pollFD)
        #expect(FakeIIO.refillCalls == 1)
        rig.timers.advance(byUs: Self.quietUs - 1)
        #expect(rig.timers.watching == 0)
        rig.timers.advance(byUs: 1)
        #expect(rig.timers.watching == 1, "watched again")
        #expect(FakeIIO.refillCalls == 1 && rig.batches.isEmpty && rig.losses.isEmpty, "EAGAIN is no failure")
    }

    @Test func readsThatKeepFailingLoseTheDeviceAndAGoodReadForgetsFewer() throws {
        let rig = try Rig()
        defer { rig.close() }
        for round in 0..<3 {
            FakeIIO.refills = Array(repeating: .failure(EIO), count: Self.failureLimit - 1) + [.scans([[Int64(round), 0, 0]])]
            rig.timers.ready(fd: FakeIIO.pollFD)
            rig.timers.advance(byUs: 500_000 * UInt64(Self.failureLimit))
        }
        #expect(rig.batches.count == 3 && rig.losses.isEmpty, "failures short of the limit, then a good read: forgotten")
        FakeIIO.refills = Array(repeating: .failure(EIO), count: Self.failureLimit)
        rig.timers.ready(fd: FakeIIO.pollFD)
        rig.timers.advance(byUs: 500_000 * UInt64(Self.failureLimit))
        #expect(rig.losses.count == 1 && rig.losses[0].hasPrefix("\(Self.failureLimit) buffer reads failed in a row"), "\(rig.losses)")
        #expect(FakeIIO.openBuffers == 0)
    }

    @Test func pausedNothingIsReadAndResumeReadsOrDropsWhatWaited() throws {
        let rig = try Rig()
        defer { rig.close() }
        rig.stream?.pause()
        #expect(rig.timers.watching == 0 && rig.timers.armed == 0 && FakeIIO.openBuffers == 1)
        rig.scansArrive([[1, 1, 1]])
        #expect(rig.batches.isEmpty)
        rig.stream?.resume(droppingStale: false)
        #expect(rig.batches == [[[1, 1, 1]]], "read at once")
        rig.stream?.pause()
        rig.scansArrive([[2, 2, 2]])
        rig.stream?.resume(droppingStale: true)
        #expect(rig.batches.count == 1 && FakeIIO.refills.isEmpty, "drained, not handed over")
        #expect(rig.timers.watching == 1)
    }

    @Test func readNowReadsTheBatchDueOnATimer() throws {
        let rig = try Rig()
        defer { rig.close() }
        #expect(rig.stream?.readNow() == false, "no batch due: the fd wakes the loop")
        rig.scansArrive([[1, 1, 1]])
        FakeIIO.refills.append(.scans([[2, 2, 2]]))
        #expect(rig.stream?.isPaced == true && rig.stream?.readNow() == true)
        #expect(rig.batches.last == [[2, 2, 2]])
    }
}
}
