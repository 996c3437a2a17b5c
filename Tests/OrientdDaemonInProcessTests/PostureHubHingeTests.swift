import OrientdTestSupport
import OrientationCore
import OrientdDaemon
import PostureCore
import Sensors
import Testing

/// A kernel hinge sensor whose angle the test sets.
final class FakeHinge: HingeAngleSource {
    var name: String { "fake hinge" }
    var isAvailable = true
    var availabilityChanged: ((Bool) -> Void)?
    var degrees = 110.0
    private(set) var reads = 0

    func readDegrees() throws(SourceError) -> Double {
        reads += 1
        return degrees
    }

    func setAvailable(_ available: Bool) {
        isAvailable = available
        availabilityChanged?(available)
    }
}

@Suite struct PostureHubHingeTests {
    final class Rig {
        let timers = ManualTimers()
        let display = HalfSource(), base = HalfSource()
        let hinge = FakeHinge()
        let hub: PostureHub
        var events: [PostureHub.Event] = []
        init(hingeAvailable: Bool = true) {
            hinge.isAvailable = hingeAvailable
            hub = PostureHub(display: SampleTap(display), base: base, hinge: hinge, timers: timers)
            hub.observe { [unowned(unsafe) self] in self.events.append($0) }
            // The accelerometers say laptop at 110°.
            display.reading = displayReading(hinge: 110, base: base.reading)
        }
        var postureChanges: [Posture] {
            events.compactMap { if case .changed(let u) = $0, u.postureChanged { return u.posture } else { return nil } }
        }
    }

    @Test func theKernelHingeIsPreferredAndReadOncePerTick() {
        let rig = Rig()
        rig.hinge.degrees = 350
        #expect(rig.hub.method == .kernelHinge)
        rig.hub.run(.low)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hinge.reads == 3)
        #expect(rig.display.oneShotReads == 0 && rig.base.oneShotReads == 0)
        #expect(!rig.display.keptOpen && !rig.base.keptOpen)
        #expect(rig.hub.posture == .tablet && rig.hub.hingeAngle == 350)
        // At the full level: a read every 200 ms, and no base stream.
        rig.hub.run(.full)
        let before = rig.hinge.reads
        rig.timers.advance(byUs: 1_000_000)
        #expect(rig.hinge.reads - before == 5)
        #expect(rig.base.starts == 0)
        #expect(rig.timers.armed == 1)
        rig.hub.run(.off)
        #expect(rig.timers.armed == 0)
    }

    @Test func losingTheKernelHingeFallsBackToTheAccelerometers() {
        let rig = Rig()
        rig.hinge.degrees = 350
        rig.hub.run(.low)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .tablet)
        rig.hinge.setAvailable(false)
        #expect(rig.hub.method == .accelerometers && rig.hub.hasHinge)
        #expect(rig.hub.posture == .unknown)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .laptop)
        rig.hinge.setAvailable(true)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .tablet)
        #expect(rig.postureChanges == [.tablet, .unknown, .laptop, .unknown, .tablet])
        // No availability event: a hinge was measurable all along.
        #expect(!rig.events.contains { if case .hingeAvailabilityChanged = $0 { return true } else { return false } })
    }

    @Test func theLidSwitchClosesAtOnceAndSurvivesAMethodChange() {
        let rig = Rig()
        rig.hub.run(.low)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .laptop)
        rig.hub.setLidClosed(true)
        #expect(rig.hub.posture == .closed && rig.hub.hingeAngle == 0)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .closed)
        // The hinge sensor goes: the new tracker is told the lid is closed.
        rig.hinge.setAvailable(false)
        #expect(rig.hub.posture == .closed)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .closed)
        rig.hub.setLidClosed(false)
        rig.timers.advance(byUs: 1_500_000)
        #expect(rig.hub.posture == .laptop)
    }

    @Test func withoutAnyHingeTheLidSaysNothing() {
        let rig = Rig(hingeAvailable: false)
        rig.base.isAvailable = false
        let hub = PostureHub(display: SampleTap(rig.display), base: rig.base, hinge: rig.hinge, timers: rig.timers)
        hub.setLidClosed(true)
        #expect(hub.posture == .unknown && !hub.hasHinge)
    }
}
