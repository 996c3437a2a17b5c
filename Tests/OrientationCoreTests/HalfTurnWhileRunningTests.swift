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
        var without = ClassifierParameters()
        without.halfTurnStepSettleMs = .infinity  // the path never applies
        let quick = classify(samples), slow = classify(samples, parameters: without)
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
        var without = ClassifierParameters()
        without.steadyStepAxisDegrees = 0  // the path never applies
        let quick = classify(samples), slow = classify(samples, parameters: without)
        #expect(quick.map(\.orientation) == [.portrait, .landscapeLeft])
        #expect(slow.map(\.orientation) == quick.map(\.orientation))
        guard quick.count == 2, slow.count == 2 else { return }
        #expect(slow[1].timeMs - quick[1].timeMs >= 50, "\(slow[1].timeMs - quick[1].timeMs) ms sooner")
        #expect(quick[1].timeMs - 4400 <= 400, "\(quick[1].timeMs - 4400) ms after the turn")
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
