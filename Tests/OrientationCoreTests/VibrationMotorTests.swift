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
}
