import Testing
import OrientationCore

/// After a dropout longer than `gapResetMs` the filters restart, and the stride average is
/// trusted once it spans `strideMinimumSpanMs`: a turn whose end the dropout hid is reported
/// soon after the data come back, and a runner's residual in so short an average is no pose.
@Suite struct DropoutOnTheMoveTests {
    /// Running (`SettledOnTheMoveTests.running`), with no samples from 4.1 s to 5.3 s; the
    /// in-plane angle follows `phi`.
    static func runningWithDropout(rateHz: Double, phi: @escaping (Double) -> Double) -> [Sample] {
        SettledOnTheMoveTests.running(rateHz: rateHz, untilMs: 9000, phi: phi)
            .filter { $0.timeUs < 4_100_000 || $0.timeUs >= 5_300_000 }
    }

    /// The device's delay after the data come back (5.3 s) for a quarter turn that ended unseen.
    static func delayAfterDropoutMs(rateHz: Double, parameters: ClassifierParameters) -> Int64? {
        let samples = runningWithDropout(rateHz: rateHz) { t in 90 * SettledOnTheMoveTests.minimumJerk((t - 4000) / 400) }
        let changes = classify(samples, parameters: parameters)
        guard changes.map(\.orientation) == [.portrait, .landscapeLeft], let change = changes.last else { return nil }
        return change.timeMs - 5300
    }

    @Test("a quarter turn hidden by a dropout while running is reported within 450 ms of the data",
          arguments: [10.0, 50.0, 100.0])
    func hiddenTurn(rateHz: Double) throws {
        let delay = try #require(Self.delayAfterDropoutMs(rateHz: rateHz, parameters: .default))
        #expect(delay <= 450, "\(rateHz) Hz: \(delay) ms")
        // Trusting the stride average only at half its window (and no heading) waits longer:
        // the test is not empty.
        var half = ClassifierParameters.withoutHeading
        half.strideMinimumSpanMs = half.strideWindowMs / 2
        let late = try #require(Self.delayAfterDropoutMs(rateHz: rateHz, parameters: half))
        #expect(late > 450, "\(rateHz) Hz, half a window: \(late) ms")
    }

    @Test("running on through a dropout without turning reports no other pose", arguments: [10.0, 50.0, 100.0])
    func noTurn(rateHz: Double) {
        let samples = Self.runningWithDropout(rateHz: rateHz) { _ in 0 }
        #expect(classify(samples).map(\.orientation) == [.portrait])
    }
}
