import Glibc
import Testing
import OrientationCore

/// The first data after a dropout (`ResumeParameters`, `ResumeWindow`): a turn made while
/// walking whose end a dropout hid is reported by the device and the screen once the first
/// 165 ms of data agree, not after a step or a stride average has filled.
@Suite struct ResumeAfterDropoutTests {
    /// A walker's hand: steps at 2 Hz (bounce of 3 m/s² along gravity), sideways sway of
    /// 1 m/s² at the stride rate, leaning back 25°, the in-plane direction `phi(t)` (degrees:
    /// 0 portrait, 90 landscapeLeft); no samples from `gapFromMs` to `gapToMs`.
    static func walking(rateHz: Double, gapFromMs: Double, gapToMs: Double, phi: (Double) -> Double) -> [Sample] {
        var samples: [Sample] = []
        var t = 0.0
        while t < 9000 {
            if t < gapFromMs || t >= gapToMs {
                let s = t / 1000, p = phi(t) * .pi / 180, lean = 25 * Double.pi / 180
                let down = Vector3(-sin(p) * cos(lean), -cos(p) * cos(lean), -sin(lean))
                let side = Vector3(cos(p), -sin(p), 0)
                let g = down * (9.80665 + 3 * sin(2 * .pi * 2 * s)) + side * sin(.pi * 2 * s)
                samples.append(Sample(timeMs: Int64(t.rounded()), g.x, g.y, g.z))
            }
            t += 1000 / rateHz
        }
        return samples
    }

    /// A quarter turn from 4.0 to 4.5 s, hidden by a dropout from 4.1 to 4.9 s.
    static func hiddenTurn(rateHz: Double) -> [Sample] {
        walking(rateHz: rateHz, gapFromMs: 4100, gapToMs: 4900) { t in
            90 * SettledOnTheMoveTests.minimumJerk((t - 4000) / 500)
        }
    }

    /// When the device and the screen report landscapeLeft, in ms after the data came back.
    static func delays(rateHz: Double, resume: ResumeParameters, heading: Bool = true) -> (device: Int64?, screen: Int64?) {
        delays(hiddenTurn(rateHz: rateHz), to: .landscapeLeft, backMs: 4900, resume: resume, heading: heading)
    }

    /// When the device and the screen first report `pose`, in ms after `backMs`.
    static func delays(_ samples: [Sample], to pose: Orientation, backMs: Int64,
                       resume: ResumeParameters, heading: Bool = true) -> (device: Int64?, screen: Int64?) {
        var parameters = heading ? ClassifierParameters.default : .withoutHeading
        parameters.resume = resume
        var screenParameters = heading ? ScreenParameters.default : .withoutHeading
        screenParameters.resume = resume
        var classifier = OrientationClassifier(parameters: parameters)
        var rule = ScreenOrientationRule(parameters: screenParameters)
        var device: Int64?, screen: Int64?
        for sample in samples {
            let changed = classifier.process(sample)
            if changed == pose, device == nil { device = sample.timeUs / 1000 - backMs }
            if rule.process(sample, deviceOrientation: classifier.orientation) == pose, screen == nil {
                screen = sample.timeUs / 1000 - backMs
            }
        }
        return (device, screen)
    }

    @Test("a turn a dropout hid while walking is reported within 200 ms of the data, device and screen",
          arguments: [10.0, 50.0, 100.0])
    func hiddenTurnAnsweredAtOnce(rateHz: Double) throws {
        let quick = Self.delays(rateHz: rateHz, resume: ResumeParameters())
        let device = try #require(quick.device), screen = try #require(quick.screen)
        #expect(device <= 200 && screen <= 200, "\(rateHz) Hz: device \(device) ms, screen \(screen) ms")
        // Without the first data's answer (and the heading, which takes a walker's turn from two
        // strong readings) both wait for the step or stride averages (250–300 ms).
        var off = ResumeParameters()
        off.axisDegrees = 0
        let late = Self.delays(rateHz: rateHz, resume: off, heading: false)
        #expect((late.device ?? .max) >= 240 && (late.screen ?? .max) >= 240,
                "\(rateHz) Hz without it: device \(String(describing: late.device)), screen \(String(describing: late.screen))")
    }

    /// A glance in the hand (90° out and back as a raised cosine over 1.2 s from 4.0 s, leaning
    /// back 25°) hidden by a dropout from 4.1 s until `backMs`. Its apex is at 4.6 s; it is
    /// within 15° of the landscape axis from 4.44 to 4.76 s.
    static func hiddenGlance(backMs: Double, rateHz: Double) -> [Sample] {
        HandResumeTests.hiddenGlance(backMs: backMs, phaseMs: 0, periodMs: 1000 / rateHz)
    }

    /// Data back at 4.5 s stay near the axis for the whole window (the device's first data do
    /// answer): the screen takes them only for a device carried on the move before the pause.
    /// Data back at 4.62 s see the glance turn away within the window.
    @Test("a glance in the hand that a dropout hid does not turn the screen", arguments: [10.0, 50.0, 100.0])
    func hiddenGlanceTurnsNothing(rateHz: Double) {
        for backMs in [4500.0, 4620.0] {
            let changes = screenChanges(Self.hiddenGlance(backMs: backMs, rateHz: rateHz))
            #expect(changes.map(\.orientation) == [.portrait], "back at \(backMs) ms: \(changes)")
        }
    }

    @Test("walking on through a dropout without turning reports no other pose", arguments: [10.0, 50.0, 100.0])
    func noTurn(rateHz: Double) {
        let samples = Self.walking(rateHz: rateHz, gapFromMs: 4100, gapToMs: 4900) { _ in 0 }
        #expect(classify(samples).map(\.orientation) == [.portrait])
        #expect(screenChanges(samples).map(\.orientation) == [.portrait])
    }
}
