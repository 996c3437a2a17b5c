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

    @Test("a motor's spin-up jumping the reading to another rest changes no orientation (restJump.maxMs)")
    func spinUpJump() {
        let samples = Self.motorStep()
        var classifier = OrientationClassifier()
        #expect(classifier.process(samples).map(\.orientation) == [.portrait])
        var screenClassifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        #expect(rule.process(samples, classifier: &screenClassifier).map(\.orientation) == [.portrait])
        // Without the rule the still path takes the buzz's rest for faceUp.
        var without = ClassifierParameters()
        without.restJump.minMS2 = 100
        var unguarded = OrientationClassifier(parameters: without)
        #expect(unguarded.process(samples).map(\.orientation).contains(.faceUp))
    }

    /// A phone on a stand in portrait, leaned back 20°, at 50 Hz; from 2 s for 1.5 s a motor
    /// spinning up in 20 ms makes the reading `burst(tMs, rest)` (`rest`: the reading before).
    static func standBurst(_ burst: (Double, Vector3) -> Vector3) -> [Sample] {
        let g = 9.80665, l = 20 * Double.pi / 180
        let rest = Vector3(0, -cos(l), -sin(l)) * g
        var samples: [Sample] = []
        for k in 0..<300 {
            let tMs = Double(k * 20)
            var v = rest
            if tMs >= 2000, tMs < 3500 {
                let ramp = min(1, (tMs - 2000) / 20, (3500 - tMs) / 20)
                v = rest + (burst(tMs, rest) - rest) * (ramp * ramp)
            }
            v = v + Vector3(0.02 * sin(tMs * 0.37), 0.02 * cos(tMs * 0.51), 0)  // sensor noise
            samples.append(Sample(timeMs: Int64(tMs), v.x, v.y, v.z))
        }
        return samples
    }

    /// `standBurst` with a motor whose alias is 0.1 Hz: an offset that puts the reading 80° back
    /// at 0.9 g (as long as g for the still path), turning slowly around the shaft from there.
    static func driftingJump() -> [Sample] {
        standBurst { tMs, rest in
            let b = 80 * Double.pi / 180
            let offset = Vector3(0, -cos(b), -sin(b)) * (0.9 * 9.80665) - rest
            let a = 2 * Double.pi * 0.1 * (tMs - 2000) / 1000
            return rest + Vector3(0, offset.y * cos(a) - offset.z * sin(a), offset.y * sin(a) + offset.z * cos(a))
        }
    }

    @Test("a spin-up jumping the reading to a drifting rest as long as g changes no orientation (restJump.holdMs)")
    func driftingJumpIsNoPose() {
        var classifier = OrientationClassifier()
        #expect(classifier.process(Self.driftingJump()).map(\.orientation) == [.portrait])
        // Without the guard the still path takes it for faceUp at once.
        var without = ClassifierParameters()
        without.restJump.minMS2 = 100
        var unguarded = OrientationClassifier(parameters: without)
        #expect(unguarded.process(Self.driftingJump()).map(\.orientation).contains(.faceUp))
    }

    /// The burst's end jumps back from a rest that is not gravity into one that is: a landing
    /// (or the rest before the burst, `restJump.undoneMS2`) ends the suspicion, so the turn made
    /// 200 ms later does not wait for `restJump.suspectMs`.
    @Test("once the burst is over, a turn is followed at once")
    func turnAfterBurst() {
        var classifier = OrientationClassifier()
        let changes = classifier.process(Self.motorStep(turnAfterMs: 200))
        #expect(changes.map(\.orientation) == [.portrait, .landscapeLeft])
        #expect(changes.last.map { $0.timeUs <= 4_200_000 } == true)
    }

    /// The readings of a chip whose three axis registers are written one at a time, as i2cset
    /// does on an emulated chip (i2c-stub): polled every 20 ms, portrait for 2 s, then each
    /// reading of `steps` held for `gapMs`, the last one (landscapeRight) for 2 s.
    static func registerWrites(_ steps: [Vector3], gapMs: Int64) -> (samples: [Sample], lastWriteMs: Int64) {
        let g = 9.80665
        var held: [(fromMs: Int64, value: Vector3)] = [(0, Vector3(0, -g, 0))]
        var t: Int64 = 2000
        for step in steps {
            held.append((t, step))
            t += gapMs
        }
        let lastWriteMs = t - gapMs
        var samples: [Sample] = []
        var tMs: Int64 = 7
        while tMs < lastWriteMs + 2000 {
            let v = held.last { $0.fromMs <= tMs }!.value
            samples.append(Sample(timeMs: tMs, v.x, v.y, v.z))
            tMs += 20
        }
        return (samples, lastWriteMs)
    }

    @Test("registers written one axis at a time: the new pose follows within 500 ms of the last write",
          arguments: [5, 50, 150, 300] as [Int64])
    func axisByAxisWrites(gapMs: Int64) {
        let g = 9.80665
        // All axes zeroed first, then the new one set (Tests/system/checks set_sensor), and
        // the new axis written before the old one is cleared.
        let orders: [[Vector3]] = [
            [Vector3(0, 0, 0), Vector3(g, 0, 0)],
            [Vector3(g, -g, 0), Vector3(g, 0, 0)],
        ]
        for steps in orders {
            let (samples, lastWriteMs) = Self.registerWrites(steps, gapMs: gapMs)
            var classifier = OrientationClassifier()
            let changes = classifier.process(samples)
            #expect(changes.map(\.orientation) == [.portrait, .landscapeRight])
            #expect(changes.last.map { $0.timeUs <= (lastWriteMs + 500) * 1000 } == true)
        }
    }
}
