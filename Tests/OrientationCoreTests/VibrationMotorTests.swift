import Glibc
import Testing
import OrientationCore

/// A vibration motor seen through the sample clock (`ClassifierParameters`
/// `settledStepMagnitudeToleranceMS2`, `busyStepMagnitudeToleranceMS2` and the still path's
/// check after a loud sample): a 200 Hz buzz sampled at 50 Hz by a chip whose clock is 0.25 %
/// fast lands at 0.5 Hz, a vector of 0.9 g turning slowly past the length of g. The phone
/// stands still in portrait; no change may come of it.
@Suite struct VibrationMotorTests {
    /// A phone on a stand in portrait, leaned back `lean` degrees; from 2 s on the motor turns
    /// an acceleration of `amplitude` g around its shaft (the device's x axis).
    static func buzzing(amplitude: Double, clockError: Double, lean: Double = 25, seconds: Double = 20) -> [Sample] {
        var samples: [Sample] = []
        let l = lean * .pi / 180, g = 9.80665
        var k = 0
        while Double(k) * 20 < seconds * 1000 {
            let tMs = Double(k) * 20
            var v = Vector3(0, -cos(l), -sin(l)) * g
            if tMs >= 2000 {
                let w = 2 * Double.pi * 200 * (tMs / 1000 * (1 + clockError))
                v = v + Vector3(0, cos(w), sin(w)) * (amplitude * g)
            }
            samples.append(Sample(timeMs: Int64(tMs), v.x, v.y, v.z))
            k += 1
        }
        return samples
    }

    @Test("a buzz aliased to 0.5-2 Hz changes neither the device nor the screen orientation",
          arguments: [0.0025, 0.005, 0.01])
    func aliasedBuzz(clockError: Double) {
        let samples = Self.buzzing(amplitude: 0.9, clockError: clockError)
        var classifier = OrientationClassifier()
        #expect(classifier.process(samples).map(\.orientation) == [.portrait])
        var screenClassifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        #expect(rule.process(samples, classifier: &screenClassifier).map(\.orientation) == [.portrait])
    }

    /// A phone on a stand in portrait, leaned back 20°, at 50 Hz; from 2 s a motor whose alias
    /// is 0 Hz spins up in 20 ms to a still offset of 0.83 g for 1.5 s: the reading jumps in one
    /// sample to a rest 8.3 m/s² long, 17° from faceUp. Then, `turnAfterMs` after the burst
    /// (if given), the phone is turned to landscapeLeft in 300 ms.
    static func motorStep(turnAfterMs: Double? = nil) -> [Sample] {
        let l = 20 * Double.pi / 180, g = 9.80665
        let rest = Vector3(0, -cos(l), -sin(l)) * g
        let offset = Vector3(0, -0.3, -0.954) * 8.3 - rest
        let landscape = Vector3(-cos(l), 0, -sin(l)) * g
        var samples: [Sample] = []
        var tMs = 0.0
        while tMs < 6000 {
            var v = rest
            if tMs >= 2000, tMs < 3540 {
                let ramp = min(1, (tMs - 2000) / 20, (3540 - tMs) / 20)
                v = v + offset * (ramp * ramp)
            }
            if let after = turnAfterMs, tMs >= 3540 + after {
                let f = min(1, (tMs - 3540 - after) / 300)
                let d = rest * (1 - f) + landscape * f
                v = d * (g / d.magnitude)
            }
            v = v + Vector3(0.02 * sin(tMs * 0.37), 0.02 * cos(tMs * 0.51), 0)  // sensor noise
            samples.append(Sample(timeMs: Int64(tMs), v.x, v.y, v.z))
            tMs += 20
        }
        return samples
    }

    @Test("a motor's spin-up jumping the reading to another rest changes no orientation (restJumpMaxMs)")
    func spinUpJump() {
        let samples = Self.motorStep()
        var classifier = OrientationClassifier()
        #expect(classifier.process(samples).map(\.orientation) == [.portrait])
        var screenClassifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        #expect(rule.process(samples, classifier: &screenClassifier).map(\.orientation) == [.portrait])
        // Without the rule the still path takes the buzz's rest for faceUp.
        var without = ClassifierParameters()
        without.restJumpMinDegrees = 181
        var unguarded = OrientationClassifier(parameters: without)
        #expect(unguarded.process(samples).map(\.orientation).contains(.faceUp))
    }

    @Test("once the burst is over, a turn is followed at once (restJumpUndoneMS2)")
    func turnAfterBurst() {
        var classifier = OrientationClassifier()
        let changes = classifier.process(Self.motorStep(turnAfterMs: 200))
        #expect(changes.map(\.orientation) == [.portrait, .landscapeLeft])
        #expect(changes.last.map { $0.timeUs <= 4_200_000 } == true)
        // Without the undo the turn waits for `restJumpSuspectMs`.
        var without = ClassifierParameters()
        without.restJumpUndoneMS2 = 0
        var waiting = OrientationClassifier(parameters: without)
        #expect(waiting.process(Self.motorStep(turnAfterMs: 200)).last.map { $0.timeUs > 4_200_000 } == true)
    }
}
