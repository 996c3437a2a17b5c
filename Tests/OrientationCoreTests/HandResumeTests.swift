import Glibc
import Testing
import OrientationCore

/// After a dropout in the hand (not carried: the first data's answer, `ResumeWindow`, is closed)
/// the screen's hold counts from the first sample back, once two speed intervals agree
/// (`ScreenParameters.restartHoldSpanIntervals`), and measures nothing while its smoothing
/// settles (`restartSettleTimeConstants`); the stride average waits for nearly its whole window
/// (`strideMinimumSpanInHandMs`).
@Suite struct HandResumeTests {
    /// A quarter turn in the hand from 4.0 to 4.5 s (minimum jerk, leaning back 25°), hidden by
    /// a dropout from 4.1 to 4.9 s; after it the hand drifts back `driftDegreesPerSecond`
    /// (slower than the hold speed, faster than the still path allows).
    static func hiddenTurn(rateHz: Double, driftDegreesPerSecond: Double) -> [Sample] {
        var samples: [Sample] = []
        var t = 0.0
        while t < 7000 {
            if t < 4100 || t >= 4900 {
                let turned = 90 * SettledOnTheMoveTests.minimumJerk((t - 4000) / 500)
                let p = (turned - driftDegreesPerSecond * max(0, t - 4900) / 1000) * .pi / 180
                let lean = 25 * Double.pi / 180
                let g = Vector3(-sin(p) * cos(lean), -cos(p) * cos(lean), -sin(lean)) * 9.80665
                samples.append(Sample(timeMs: Int64(t.rounded()), g.x, g.y, g.z))
            }
            t += 1000 / rateHz
        }
        return samples
    }

    /// The first landscapeLeft of the screen, in ms after the data came back (4.9 s).
    static func screenDelay(_ samples: [Sample], parameters: ScreenParameters = .default) -> Int64? {
        screenChanges(samples, parameters: parameters).first { $0.orientation == .landscapeLeft }.map { $0.timeMs - 4900 }
    }

    /// At 10 Hz the third reading back (200 ms) answers; the hold used to start at the second
    /// (the first speed measured) and wait 90 ms more: the fourth reading, 300 ms
    /// (`--variant gait4 --seed 14`, drop_hand_10hz: 302 ms after the data came back).
    @Test("a turn a dropout hid in the hand is answered by the third reading back", arguments: [10.0, 25.0, 50.0, 100.0])
    func answeredAfterTwoIntervals(rateHz: Double) throws {
        let delay = try #require(Self.screenDelay(Self.hiddenTurn(rateHz: rateHz, driftDegreesPerSecond: 8)))
        #expect(delay <= 200, "\(rateHz) Hz: \(delay) ms")
        #expect(delay >= 160, "\(rateHz) Hz: \(delay) ms, before two speed intervals")
    }

    /// A glance in the hand: 90° out and back as a raised cosine over 1.2 s from 4.0 s (apex at
    /// 4.6 s, leaning back 25°), read every `periodMs` from `phaseMs`, hidden by a dropout from
    /// 4.1 s until `backMs`.
    static func hiddenGlance(backMs: Double, phaseMs: Double, periodMs: Double) -> [Sample] {
        var samples: [Sample] = []
        var t = phaseMs
        while t < 8000 {
            if t < 4100 || t >= backMs {
                let u = min(1, max(0, (t - 4000) / 1200))
                let p = 45 * (1 - cos(2 * .pi * u)) * .pi / 180, lean = 25 * Double.pi / 180
                let g = Vector3(-sin(p) * cos(lean), -cos(p) * cos(lean), -sin(lean)) * 9.80665
                samples.append(Sample(timeMs: Int64(t.rounded()), g.x, g.y, g.z))
            }
            t += periodMs
        }
        return samples
    }

    /// How many of the hidden glances (data back 350 ms before the apex to 50 ms after it, every
    /// phase of the sampling) turn the screen.
    static func glancesTaken(periodMs: Double, parameters: ScreenParameters = .default) -> Int {
        var taken = 0
        for backMs in stride(from: 4250.0, through: 4650, by: 50) {
            for phaseMs in stride(from: 0.0, to: periodMs, by: 5) {
                let samples = hiddenGlance(backMs: backMs, phaseMs: phaseMs, periodMs: periodMs)
                if screenChanges(samples, parameters: parameters).count > 1 { taken += 1 }
            }
        }
        return taken
    }

    @Test("a glance in the hand that a dropout hid turns nothing", arguments: [100.0, 40.0, 20.0])
    func hiddenGlance(periodMs: Double) {
        #expect(Self.glancesTaken(periodMs: periodMs) == 0)
    }

    /// Each constant set back lets some of them through: one interval (two 10 Hz readings
    /// straddling the apex agree however far the glance went), no settling (the vibration
    /// smoothing's start reads the way back slow), the stride average's usual span (500 ms
    /// around the apex point within 12° of landscapeLeft).
    @Test("each of the three constants is needed")
    func eachConstantNeeded() {
        var one = ScreenParameters()
        one.restartHoldSpanIntervals = 1
        #expect(Self.glancesTaken(periodMs: 100, parameters: one) + Self.glancesTaken(periodMs: 40, parameters: one) + Self.glancesTaken(periodMs: 20, parameters: one) > 0)
        var unsettled = ScreenParameters()
        unsettled.restartSettleTimeConstants = 0
        #expect(Self.glancesTaken(periodMs: 100, parameters: unsettled) > 0)
        var shortStride = ScreenParameters()
        shortStride.strideMinimumSpanInHandMs = shortStride.strideMinimumSpanMs
        #expect(Self.glancesTaken(periodMs: 40, parameters: shortStride) > 0)
    }
}
