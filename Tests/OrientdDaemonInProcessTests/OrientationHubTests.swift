import OrientdTestSupport
import OrientationCore
import OrientdDaemon
import Sensors
import Testing

/// A sensor the test feeds by hand.
final class FakeSource: SampleSource {
    var name: String { "fake" }
    var isAvailable = true
    var availabilityChanged: ((Bool) -> Void)?
    var supportedOrientations: String?
    private(set) var deliver: ((Sample) -> Void)?
    private(set) var starts = 0
    private(set) var stops = 0

    func start(deliver: @escaping (Sample) -> Void) throws(SourceError) {
        starts += 1
        self.deliver = deliver
    }
    func stop() {
        stops += 1
        deliver = nil
    }
    func readOnce() throws(SourceError) -> Vector3 { Vector3(9.8, 0, 0) }

    /// Samples of one pose, `count` of them `stepMs` apart from `startMs`.
    func feed(_ pose: Orientation, fromMs startMs: Int64, count: Int, stepMs: Int64 = 20) {
        let axis = pose.gravityAxis!
        for i in 0..<Int64(count) {
            deliver?(Sample(timeMs: startMs + i * stepMs, axis.x * 9.80665, axis.y * 9.80665, axis.z * 9.80665))
        }
    }
}

@Suite struct OrientationHubTests {
    @Test func aWaiterGetsTheFirstRealAnswer() {
        let timers = ManualTimers(), source = FakeSource()
        let hub = OrientationHub(source: source, timers: timers, lockLimit: 16)
        hub.run(.full)
        var answers: [Orientation] = []
        hub.whenFirstAnswer { answers.append($0) }
        #expect(answers.isEmpty)
        source.feed(.landscapeLeft, fromMs: 0, count: 10)
        #expect(answers == [.landscapeLeft])
        // Later callers get the answer at once.
        hub.whenFirstAnswer { answers.append($0) }
        #expect(answers == [.landscapeLeft, .landscapeLeft])
        #expect(timers.armed == 0)
    }

    @Test func aWaiterGetsUnknownAfterTheBound() {
        let timers = ManualTimers(), source = FakeSource()
        let hub = OrientationHub(source: source, timers: timers, lockLimit: 16)
        hub.run(.full)
        var answers: [Orientation] = []
        hub.whenFirstAnswer { answers.append($0) }
        hub.whenFirstAnswer { answers.append($0) }
        timers.advance(byUs: OrientationHub.firstAnswerTimeoutUs - 1)
        #expect(answers.isEmpty)
        timers.advance(byUs: 1)
        #expect(answers == [.unknown, .unknown])
    }

    @Test func withoutASensorTheAnswerIsUnknownAtOnce() {
        let timers = ManualTimers()
        let hub = OrientationHub(source: nil, timers: timers, lockLimit: 16)
        hub.run(.full)
        var answers: [Orientation] = []
        hub.whenFirstAnswer { answers.append($0) }
        #expect(answers == [.unknown])
    }

    @Test func stoppingAnswersWaitersAndStopsTheSource() {
        let timers = ManualTimers(), source = FakeSource()
        let hub = OrientationHub(source: source, timers: timers, lockLimit: 16)
        hub.run(.full)
        var answers: [Orientation] = []
        hub.whenFirstAnswer { answers.append($0) }
        hub.run(.off)
        #expect(answers == [.unknown])
        #expect(source.stops == 1)
        #expect(timers.armed == 0)
    }

    @Test func losingTheSensorPublishesUnknownAndAnewSensorRestarts() {
        let timers = ManualTimers(), source = FakeSource()
        let hub = OrientationHub(source: source, timers: timers, lockLimit: 16)
        var events: [String] = []
        hub.observe { event in
            switch event {
            case .orientationChanged(let new, _): events.append(new.rawValue)
            case .screenOrientationChanged(let screen): events.append("screen \(screen.rawValue)")
            case .sensorAvailabilityChanged: events.append("availability")
            case .sample, .supportedOrientationsChanged: break
            }
        }
        hub.run(.full)
        source.feed(.portrait, fromMs: 0, count: 10)
        source.isAvailable = false
        source.availabilityChanged?(false)
        source.isAvailable = true
        source.availabilityChanged?(true)
        #expect(events == ["portrait", "screen portrait", "unknown", "availability", "availability"])
        #expect(source.starts == 2)
        #expect(hub.screenOrientation == .portrait)
    }
}
