import Testing
@testable import OrientationCore

/// The half-turn path from the step alone (`ClassifierParameters.halfTurnStepSettleMs`, gated by
/// `GaitRhythm`): a runner leaning back turns the device to the opposite pose; its step average
/// agrees only in the screen's plane and the stride average lags, yet the new pose is reported
/// soon after the turn, and never a side pose on the way; so is a quarter turn once the step
/// average holds still (`steadyTurnSettleMs`). An arm's swing past the opposite pose without a
/// runner's rhythm is not taken that way.
@Suite struct HalfTurnWhileRunningTests {
    /// Running leaning back 30°, portrait to upside down in 0.6 s from 4 s on, and back from 7 s.
    static func halfTurns(rateHz: Double) -> [Sample] {
        SettledOnTheMoveTests.running(rateHz: rateHz, untilMs: 10000, leanDegrees: 30) { t in
            180 * SettledOnTheMoveTests.minimumJerk((t - 4000) / 600)
                - 180 * SettledOnTheMoveTests.minimumJerk((t - 7000) / 600)
        }
    }

    @Test("a half turn while running, leaning back, is reported from the step alone sooner", arguments: [10.0, 50.0, 100.0])
    func stepAlone(rateHz: Double) {
        let samples = Self.halfTurns(rateHz: rateHz)
        var without = ClassifierParameters.withoutHeading  // which answers before it
        without.halfTurnStepSettleMs = .infinity  // the path never applies
        let quick = classify(samples, parameters: .withoutHeading), slow = classify(samples, parameters: without)
        #expect(quick.map(\.orientation) == [.portrait, .portraitUpsideDown, .portrait])
        #expect(slow.map(\.orientation) == quick.map(\.orientation))
        guard quick.count == 3, slow.count == 3 else { return }
        for i in 1...2 {
            let end = Int64(i == 1 ? 4600 : 7600)
            #expect(slow[i].timeMs - quick[i].timeMs >= 50, "\(slow[i].timeMs - quick[i].timeMs) ms sooner")
            #expect(quick[i].timeMs - end <= 300, "\(quick[i].timeMs - end) ms after the turn")
        }
    }

    /// The steady-turn path (`steadyTurnSettleMs`): a quarter turn in 0.4 s while running,
    /// leaning back 35°, is reported once the step average held still in the new pose, before
    /// the stride average passes its midpoint (60–100 ms sooner here).
    @Test("a quarter turn while running is reported once the step average is steady", arguments: [10.0, 50.0, 100.0])
    func steadyQuarterTurn(rateHz: Double) {
        let samples = SettledOnTheMoveTests.running(rateHz: rateHz, untilMs: 8000, leanDegrees: 35) { t in
            90 * SettledOnTheMoveTests.minimumJerk((t - 4000) / 400)
        }
        var without = ClassifierParameters.withoutHeading  // which answers before it
        without.steadyStepAxisDegrees = 0  // the path never applies
        let quick = classify(samples, parameters: .withoutHeading), slow = classify(samples, parameters: without)
        #expect(quick.map(\.orientation) == [.portrait, .landscapeLeft])
        #expect(slow.map(\.orientation) == quick.map(\.orientation))
        guard quick.count == 2, slow.count == 2 else { return }
        #expect(slow[1].timeMs - quick[1].timeMs >= 50, "\(slow[1].timeMs - quick[1].timeMs) ms sooner")
        #expect(quick[1].timeMs - 4400 <= 400, "\(quick[1].timeMs - 4400) ms after the turn")
    }

    /// 2.4 s of `scripts/make-motion-traces.py --seed 203`, move_run_10hz (25.5–27.9 s):
    /// landscapeRight, a half turn through upside down to landscapeLeft ending at 27 517 ms. The
    /// step average first agrees with landscapeLeft at 27 647 ms; the next reading comes 95 ms
    /// later (the poll's timer jitter), short of a whole period.
    static let jittered: [(Int64, Double, Double, Double)] = [
        (25539, 2.4985, 1.8740, -2.7016), (25650, 14.0180, 1.8280, -12.5340), (25744, 11.7980, -0.2332, -3.5366),
        (25844, 4.7882, -1.2533, 1.8734), (25939, 3.1662, -2.0917, -3.3235), (26045, 12.3130, -1.5930, -14.3375),
        (26148, 11.3994, 0.2385, -3.0959), (26248, 10.7508, 1.6575, -0.5550), (26339, 4.2455, 2.0744, -4.2485),
        (26439, 13.6887, 1.4572, -12.6925), (26554, 11.1020, -0.2494, -1.7230), (26644, 10.4263, -1.2138, -0.0644),
        (26751, 6.1060, -1.7973, -6.8452), (26850, 12.2895, -0.8167, -12.8706), (26942, 10.8637, 1.0764, -3.4050),
        (27053, 4.9660, 3.3490, 0.3394), (27140, 1.6763, 5.6524, -5.8187), (27249, -6.5967, 12.1170, -11.0094),
        (27341, -9.7508, 5.0735, -1.4057), (27447, -6.0677, 1.5342, 0.3704), (27547, -7.2358, 1.6555, -8.0036),
        (27647, -12.4083, 0.4154, -12.1763), (27742, -10.9457, -0.6503, -2.3978), (27841, -6.0214, -2.0010, 0.3979)
    ]

    @Test("a 10 Hz half turn is reported at the next reading, however early the poll's timer fires")
    func nextJitteredReading() throws {
        let samples = Self.jittered.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) }
        var wholePeriod = ClassifierParameters.withoutHeading  // which answers before it
        wholePeriod.halfTurnStepSettleMs = 100
        var quick = OrientationClassifier(parameters: .withoutHeading), slow = OrientationClassifier(parameters: wholePeriod)
        let changes = quick.process(samples), late = slow.process(samples)
        #expect(changes.map(\.orientation) == [.landscapeRight, .landscapeLeft])
        #expect(late.map(\.orientation) == changes.map(\.orientation))
        let turned = try #require(changes.last), lateTurned = try #require(late.last)
        #expect(turned.timeUs / 1000 - 27_517 <= 250, "\(turned.timeUs / 1000 - 27_517) ms after the turn")
        #expect(lateTurned.timeUs - turned.timeUs >= 90_000, "a whole period waits for a third reading")
    }

    @Test("a strike is the first reading 2 m/s² above g after one at or below it; a runner's steps are 250–450 ms apart")
    func rhythm() {
        var gait = GaitRhythm(parameters: .default)
        gait.observe(excess: 3, at: 0)  // not armed: no strike
        gait.observe(excess: -1, at: 100_000)
        gait.observe(excess: 2.5, at: 200_000)  // strike
        gait.observe(excess: 4, at: 250_000)  // the same strike
        #expect(!gait.isRunning(at: 250_000))
        gait.observe(excess: -4, at: 400_000)
        gait.observe(excess: 2.5, at: 550_000)  // strike 350 ms later
        #expect(gait.isRunning(at: 550_000) && gait.isRunning(at: 1_000_000))
        #expect(!gait.isRunning(at: 1_000_001))  // no strike for longer than a step
        gait.observe(excess: -4, at: 700_000)
        gait.observe(excess: 2.5, at: 1_100_000)  // 550 ms: a walker's step, not a runner's
        #expect(!gait.isRunning(at: 1_100_000))
    }
}
