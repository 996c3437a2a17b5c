import Glibc
import Testing
import OrientationCore

/// The busy path's quick evidence (`ClassifierParameters.stepWindowMs` and the settled-on-the-
/// move constants): a rotation made while running is reported once the last step's average
/// agrees with the stride average, not after the stride average alone has caught up; a slow
/// sweep and a flip through an intermediate pose do not make it report a wrong pose.
@Suite struct SettledOnTheMoveTests {
    /// A runner's hand: steps at 2.8 Hz (vertical bob 8 m/s² along gravity with a 1 g heel
    /// strike), sideways sway of 2 m/s² at the stride rate, the in-plane direction `phi(t)`
    /// (degrees: 0 portrait, 90 landscapeLeft) leaning back 20°.
    static func running(rateHz: Double, untilMs: Double, leanDegrees: Double = 20, phi: (Double) -> Double) -> [Sample] {
        var samples: [Sample] = []
        let stepHz = 2.8
        var t = 0.0
        while t < untilMs {
            let s = t / 1000
            let p = phi(t) * .pi / 180, lean = leanDegrees * .pi / 180
            let down = Vector3(-sin(p) * cos(lean), -cos(p) * cos(lean), -sin(lean))
            let side = Vector3(cos(p), -sin(p), 0)
            let phase = (stepHz * s).truncatingRemainder(dividingBy: 1)
            let strike = 9.8 * exp(-pow(phase / stepHz / 0.03, 2))
            let bob = 8 * sin(2 * .pi * stepHz * s) + strike
            let sway = 2 * sin(.pi * stepHz * s)
            let g = down * (9.80665 + bob) + side * sway
            samples.append(Sample(timeMs: Int64(t.rounded()), g.x, g.y, g.z))
            t += 1000 / rateHz
        }
        return samples
    }

    static func minimumJerk(_ s: Double) -> Double {
        let c = min(1, max(0, s))
        return c * c * c * (10 - 15 * c + 6 * c * c)
    }

    /// A 0.4 s quarter turn while running, the shortest the material holds: the plain
    /// busy path needs about 90 % of the stride window new (0.55–0.75 s after the turn here);
    /// the step average agrees well before that.
    @Test("a quick turn while running is reported within 600 ms, sooner than by the stride average alone",
          arguments: [10.0, 50.0, 100.0])
    func runningTurn(rateHz: Double) {
        let turnStart = 4000.0, turnEnd = 4400.0
        let samples = Self.running(rateHz: rateHz, untilMs: 8000) { t in
            90 * Self.minimumJerk((t - turnStart) / (turnEnd - turnStart))
        }
        let changes = classify(samples, parameters: .withoutHeading)  // which answers before it
        #expect(changes.map(\.orientation) == [.portrait, .landscapeLeft])
        var plain = ClassifierParameters.withoutHeading
        plain.settledAxisDegrees = 0  // the step average never agrees: the busy path alone
        plain.leaningStepAxisDegrees = 0
        let slower = classify(samples, parameters: plain)
        #expect(slower.map(\.orientation) == [.portrait, .landscapeLeft])
        guard changes.count == 2, slower.count == 2 else { return }
        let quick = Double(changes[1].timeMs) - turnEnd, late = Double(slower[1].timeMs) - turnEnd
        #expect(quick <= 600, "\(quick) ms after the turn")
        #expect(quick + 100 <= late, "settled \(quick) ms, stride alone \(late) ms")
    }

    /// The step-led path (`stepLedMagnitudeDeficitMS2`): once the stride average is past the
    /// midpoint (45°) the step average's pose is reported, without waiting for the stride
    /// average to cross the hysteresis switch point (55°): about a tenth of the window sooner.
    @Test("a quick turn while running is reported before the stride average passes the switch point",
          arguments: [10.0, 50.0, 100.0])
    func stepLed(rateHz: Double) {
        let samples = Self.runningQuarterTurn(rateHz: rateHz)
        var without = ClassifierParameters.withoutHeading  // which answers before it
        without.stepLedMagnitudeDeficitMS2 = -standardGravity  // the path never applies
        let led = classify(samples, parameters: .withoutHeading), settled = classify(samples, parameters: without)
        #expect(led.map(\.orientation) == [.portrait, .landscapeLeft] && led.map(\.orientation) == settled.map(\.orientation))
        let gain = (settled.last?.timeMs ?? 0) - (led.last?.timeMs ?? 0)
        #expect(gain >= 50, "\(gain) ms sooner")
    }

    /// Running, portrait to landscapeLeft in 0.4 s from 4 s on.
    static func runningQuarterTurn(rateHz: Double) -> [Sample] {
        running(rateHz: rateHz, untilMs: 8000) { t in 90 * minimumJerk((t - 4000) / 400) }
    }

    /// Portrait to upside down in 0.6 s while running: the stride average passes through a
    /// landscape pose (shortened by the mix of both ends), the step average is already past
    /// it. Only the final pose may be reported.
    @Test("a half turn while running reports no intermediate pose", arguments: [10.0, 50.0, 100.0])
    func runningFlip(rateHz: Double) {
        let samples = Self.running(rateHz: rateHz, untilMs: 8000) { t in
            180 * Self.minimumJerk((t - 4000) / 600)
        }
        #expect(classify(samples).map(\.orientation) == [.portrait, .portraitUpsideDown])
    }

    /// The half-turn path (`halfTurnStrideAxisDegrees`): the stride average of two opposite
    /// poses is too short for the step-led path until most of the window is new; its direction
    /// is not. The same half turn as above, and then back, is reported sooner with it.
    @Test("a half turn while running is reported sooner than by its stride average's length", arguments: [10.0, 50.0, 100.0])
    func runningHalfTurnQuick(rateHz: Double) {
        let samples = Self.running(rateHz: rateHz, untilMs: 10000) { t in
            180 * Self.minimumJerk((t - 4000) / 600) - 180 * Self.minimumJerk((t - 7000) / 600)
        }
        var without = ClassifierParameters.withoutHeading  // which answers before it
        without.halfTurnMinimumLengthMS2 = .infinity  // the path never applies
        without.halfTurnStepSettleMs = .infinity  // nor its variant from the step alone
        let quick = classify(samples, parameters: .withoutHeading), slow = classify(samples, parameters: without)
        #expect(quick.map(\.orientation) == [.portrait, .portraitUpsideDown, .portrait])
        #expect(slow.map(\.orientation) == quick.map(\.orientation))
        guard quick.count == 3, slow.count == 3 else { return }
        for i in 1...2 {
            #expect(slow[i].timeMs - quick[i].timeMs >= 100, "\(slow[i].timeMs - quick[i].timeMs) ms sooner")
            #expect(quick[i].timeMs - Int64(i == 1 ? 4600 : 7600) <= 450, "\(quick[i].timeMs) ms")
        }
    }

    /// An arm swinging slowly (2 s period) between portrait and 60° toward landscapeLeft while
    /// running, past the hysteresis switch point (55°) for a moment each time: the device never
    /// stays in landscape, the two averages agree on it at most as the arm passes. No change,
    /// as with the stride average alone.
    @Test("a slow swing into a neighbouring pose and back, while running, changes nothing",
          arguments: [10.0, 50.0, 100.0])
    func slowSwing(rateHz: Double) {
        let samples = Self.running(rateHz: rateHz, untilMs: 12000) { t in
            t < 3000 ? 0 : 30 - 30 * cos(2 * .pi * (t - 3000) / 2000)
        }
        var plain = ClassifierParameters()
        plain.settledAxisDegrees = 0
        plain.leaningStepAxisDegrees = 0
        #expect(classify(samples, parameters: plain).map(\.orientation) == [.portrait])
        #expect(classify(samples).map(\.orientation) == [.portrait])
    }
}
