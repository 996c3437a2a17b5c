import Glibc
import Testing
@testable import OrientationCore

/// The heading on the move (`PlanarHeading`, `HeadingParameters`): single strong readings'
/// direction in the screen's plane says which edge is up without a step's or a stride's delay,
/// once they agree, lie close together and the device turned through the plane to get there.
@Suite struct PlanarHeadingTests {
    /// A reading of length `planar` in the screen's plane at `degrees` (0 portrait, 90
    /// landscapeRight, as `Orientation.gravityAxis`), leaning back by `z`.
    static func reading(_ degrees: Double, planar: Double = 12, z: Double = -4) -> Vector3 {
        let a = degrees * .pi / 180
        return Vector3(planar * sin(a), -planar * cos(a), z)
    }

    static func heading(_ readings: [(ms: Int64, degrees: Double, planar: Double)]) -> PlanarHeading {
        var heading = PlanarHeading(parameters: HeadingParameters())
        for r in readings { heading.append(reading(r.degrees, planar: r.planar), at: r.ms * 1000, leanZ: -4) }
        return heading
    }

    @Test func twoStrongReadingsAgreeingNearAnAxisAreSteady() throws {
        let heading = Self.heading([(0, 95, 12), (100, 85, 15)])
        let steady = try #require(heading.steadyPose(at: 100_000))
        #expect(steady.pose == .landscapeRight)
        #expect(abs(steady.direction.magnitude - standardGravity) < 1e-9)
        #expect(heading.steadyPose(at: 301_000) == nil, "the window has passed")
    }

    @Test func weakFarApartOrSpreadReadingsAreNot() {
        #expect(Self.heading([(0, 90, 5.9), (100, 90, 5.9)]).steadyPose(at: 100_000) == nil, "too short in the plane")
        #expect(Self.heading([(0, 90, 12), (60, 90, 12)]).steadyPose(at: 60_000) == nil, "60 ms: too close in time")
        #expect(Self.heading([(0, 78, 12), (100, 101, 12)]).steadyPose(at: 100_000) == nil, "23° apart: still turning")
        #expect(Self.heading([(0, 90, 12), (100, 66, 12)]).steadyPose(at: 100_000) == nil, "24° off the axis")
    }

    /// A weak reading inside the window (a runner's flight) asks the strong ones for 150 ms.
    @Test func aWeakReadingInTheWindowAsksForALongerSpan() {
        let interrupted = Self.heading([(0, 90, 2), (20, 92, 12), (120, 88, 12)])
        #expect(interrupted.steadyPose(at: 120_000) == nil)
        let longer = Self.heading([(0, 90, 2), (20, 92, 12), (120, 88, 12), (180, 89, 12)])
        #expect(longer.steadyPose(at: 180_000)?.pose == .landscapeRight)
    }

    /// A weaker reading near the pose's axis is a witness, not a flight; one off it still asks
    /// for 150 ms, and witnesses alone are no heading.
    @Test func aWitnessNearTheAxisIsNoFlight() {
        #expect(Self.heading([(0, 92, 4), (20, 92, 12), (120, 88, 12)]).steadyPose(at: 120_000)?.pose == .landscapeRight)
        #expect(Self.heading([(0, 60, 4), (20, 92, 12), (120, 88, 12)]).steadyPose(at: 120_000) == nil, "off the axis")
        #expect(Self.heading([(0, 92, 4), (100, 90, 4)]).steadyPose(at: 100_000) == nil, "witnesses alone")
    }

    /// A z against the lean and longer than it, but under half the in-plane part: near the
    /// screen's plane, a stance reading, not a reversed swing.
    @Test func aReadingNearThePlaneAgainstTheLeanCounts() {
        var heading = PlanarHeading(parameters: HeadingParameters())
        heading.append(Self.reading(90, planar: 12, z: 5), at: 0, leanZ: -4)
        heading.append(Self.reading(88, planar: 12, z: -4), at: 100_000, leanZ: -4)
        #expect(heading.steadyPose(at: 100_000)?.pose == .landscapeRight)
    }

    @Test func aReadingReversedAlongTheNormalSaysNothing() {
        var heading = PlanarHeading(parameters: HeadingParameters())
        heading.append(Self.reading(90, z: -4), at: 0, leanZ: -4)
        heading.append(Self.reading(-90, z: 9), at: 50_000, leanZ: -4)  // a fore-aft swing's
        heading.append(Self.reading(88, z: -4), at: 100_000, leanZ: -4)
        #expect(heading.steadyPose(at: 100_000)?.pose == .landscapeRight)
    }

    /// Turned through the plane: portrait, landscapeRight, then upside down. Shrunk through
    /// zero: portrait, a reading too short to count, upside down.
    @Test func aTurnPassesASidePoseAndASwingDoesNot() {
        let turned = Self.heading([(0, 0, 12), (100, 90, 12), (200, 180, 12)])
        #expect(turned.turnedAway(from: .portrait))
        let swung = Self.heading([(0, 0, 12), (100, 90, 2), (200, 180, 12)])
        #expect(!swung.turnedAway(from: .portrait))
    }

    /// For the device one reading may stray to 25° from the axis when three or more agree and
    /// their mean is within 20° (`strayDegrees`); two, or a mean further out, say nothing.
    @Test func oneOfThreeMayStrayPastTheAxis() {
        func steady(_ degrees: [Double]) -> Orientation? {
            var heading = PlanarHeading(parameters: .device)
            for (k, d) in degrees.enumerated() { heading.append(Self.reading(d), at: Int64(k) * 90_000, leanZ: -4) }
            return heading.steadyPose(at: Int64(degrees.count - 1) * 90_000)?.pose
        }
        #expect(steady([-10, -16, -22]) == .portrait)
        #expect(steady([-16, -22]) == nil)
        #expect(steady([-18, -22, -24]) == nil)
        #expect(steady([-10, -16, -27]) == nil)
    }

    /// One reading pointing back at the pose left, after the side pose, does not end the turn;
    /// two in a row (`turnBackReadings`) do: the device is back there.
    @Test func oneReadingBackEndsNoTurnAndTwoDo() {
        let once = Self.heading([(0, 0, 12), (100, 0, 12), (200, 90, 12), (300, -5, 8), (400, 180, 12)])
        #expect(once.turnedAway(from: .portrait))
        let twice = Self.heading([(0, 0, 12), (100, 0, 12), (200, 90, 12), (300, -5, 8), (400, 5, 8)])
        #expect(!twice.turnedAway(from: .portrait))
    }

    /// 2.4 s of `scripts/make-motion-traces.py --variant gait3 --seed 19`, move_run_10hz
    /// (35.6–38.0 s): a runner's half turn from landscapeRight to landscapeLeft ending at
    /// 37 277 ms. Two strong readings at −96° and −102° (37 199, 37 305 ms) answer it; the
    /// busy paths waited for the step average until 37 622 ms.
    static let halfTurn: [(Int64, Double, Double, Double)] = [
        (35688, -8.6574, -1.4365, 11.5305), (35783, 15.6868, 2.1452, -14.8057), (35874, 13.6182, 2.7773, -10.4387),
        (35961, 12.3349, 2.3559, 4.4819), (36067, 4.1755, 0.3448, 0.2490), (36160, 13.9821, -0.0575, -16.2231),
        (36264, 17.0467, -0.1532, -3.1220), (36365, -9.9599, -2.0111, 15.5527), (36467, 16.4913, 2.9688, -15.0356),
        (36576, 13.9247, 3.3902, -8.2744), (36676, -0.6512, 0.9385, 11.6837), (36776, 12.9861, 1.3791, -8.7915),
        (36890, 12.9287, 3.3327, -13.0053), (36981, 1.9537, 13.1011, 3.1795), (37091, -4.4628, 1.0726, -1.5323),
        (37199, -11.2815, -1.0343, -18.1193), (37305, -17.3723, -3.7924, -0.6895), (37411, 0.8619, -0.3831, 5.9568),
        (37522, -11.1282, -0.3831, -19.0770), (37622, -18.5215, -1.0534, -4.9608), (37711, 7.4508, 1.9345, 18.1768),
        (37808, -13.7714, -2.9497, -17.7171), (37910, -12.0668, -3.5626, -12.3924), (37998, -8.5617, -2.8156, 6.7229),
    ]

    @Test("a runner's half turn at 10 Hz is answered from two strong readings, 300 ms sooner")
    func recordedHalfTurn() throws {
        let samples = Self.halfTurn.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) }
        let quick = classify(samples), slow = classify(samples, parameters: .withoutHeading)
        #expect(quick.map(\.orientation) == [.landscapeRight, .landscapeLeft])
        #expect(slow.map(\.orientation) == quick.map(\.orientation))
        let turned = try #require(quick.last), late = try #require(slow.last)
        #expect(turned.timeMs - 37_277 <= 50, "\(turned.timeMs - 37_277) ms after the turn")
        #expect(late.timeMs - turned.timeMs >= 300, "\(late.timeMs - turned.timeMs) ms sooner")
    }

    /// A quarter turn in 0.4 s while running (`SettledOnTheMoveTests.running`): the device
    /// answers within 200 ms of its end with the heading, 100 ms or more sooner than without
    /// it, and the screen within `headingHoldMs` and 200 ms of its end. (At 10 Hz this runner's
    /// bob leaves too few strong readings in a row: there the recorded half turn above is the
    /// test.)
    @Test("a quarter turn while running turns device and screen sooner", arguments: [50.0, 100.0])
    func quarterTurn(rateHz: Double) throws {
        let samples = SettledOnTheMoveTests.running(rateHz: rateHz, untilMs: 8000) { t in
            90 * SettledOnTheMoveTests.minimumJerk((t - 4000) / 400)
        }
        let quick = classify(samples), slow = classify(samples, parameters: .withoutHeading)
        #expect(quick.map(\.orientation) == [.portrait, .landscapeLeft])
        let device = try #require(quick.last), late = try #require(slow.last)
        #expect(device.timeMs - 4400 <= 200 && late.timeMs - device.timeMs >= 100,
                "\(rateHz) Hz: \(device.timeMs - 4400) ms after the turn, without \(late.timeMs - 4400)")
        var classifier = OrientationClassifier(), rule = ScreenOrientationRule()
        let screen = try #require(rule.process(samples, classifier: &classifier).last)
        // The screen's heading path waits `headingHoldMs` (a glance made while walking).
        let hold = Int64(ScreenParameters.default.headingHoldMs)
        #expect(screen.orientation == .landscapeLeft && screen.timeUs / 1000 - 4400 <= hold + 200,
                "\(rateHz) Hz: screen \(screen.timeUs / 1000 - 4400) ms after the turn")
    }

    /// A watch on an arm swinging to and fro along landscape's axis (0.8 Hz, 2.2 g, leaning
    /// back 20°, a little sideways jitter): the reading shrinks through zero and grows back the
    /// other way for 0.4 s each cycle. Without the turn evidence (every reading counts, the
    /// jitter at the zero crossing points at portrait) the heading takes each swing for a half
    /// turn.
    @Test("an arm's swing through zero is no half turn", arguments: [50.0, 100.0])
    func armSwing(rateHz: Double) {
        var samples: [Sample] = []
        var t = 0.0
        let lean = 20 * Double.pi / 180
        while t < 12000 {
            let s = t / 1000
            let swing = s < 2 ? 0 : 2.2 * standardGravity * sin(2 * .pi * 0.8 * (s - 2))
            let x = -standardGravity * cos(lean) + swing
            samples.append(Sample(timeMs: Int64(t.rounded()), x, 1.0 * sin(2 * .pi * 7.3 * s), -standardGravity * sin(lean)))
            t += 1000 / rateHz
        }
        #expect(classify(samples).map(\.orientation) == [.landscapeLeft], "\(rateHz) Hz")
        var anyReading = ClassifierParameters()
        anyReading.heading.turnEvidenceMS2 = 0
        #expect(classify(samples, parameters: anyReading).count > 1, "\(rateHz) Hz: the test is not empty")
    }
}
