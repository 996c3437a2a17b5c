import Glibc
import Testing
import OrientationCore

/// A motor's spin-up seen with sample-timing jitter (`RestJumpGuard`): one reading caught at
/// another phase of the buzz, 60 ms after the jump, keeps the new rest's window from forming
/// for another 60 ms; the jump is still timed by the first reading at the new rest.
@Suite struct VibrationJitterTests {
    /// `VibrationMotorTests.standBurst` with an offset that puts the reading 70° back at 9 m/s²
    /// (as long as g for the still path, nearest faceUp), drifting 20°/s further back (so it
    /// never rests put). With `stray`, the reading at 2060 ms is caught a fifth of the way there.
    static func jump(stray: Bool) -> [Sample] {
        let samples = VibrationMotorTests.standBurst { tMs, _ in
            let b = (70 + 20 * (tMs - 2000) / 1000) * Double.pi / 180
            return Vector3(0, -cos(b), -sin(b)) * 9
        }
        guard stray else { return samples }
        let rest = samples[0].gravity
        return samples.map { s in
            s.timeUs == 2_060_000 ? Sample(timeUs: s.timeUs, gravity: rest + (s.gravity - rest) * 0.2) : s
        }
    }

    @Test("a spin-up's jump changes no orientation, with or without a stray reading after it",
          arguments: [false, true])
    func strayReading(stray: Bool) {
        var classifier = OrientationClassifier()
        #expect(classifier.process(Self.jump(stray: stray)).map(\.orientation) == [.portrait])
        var screenClassifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        #expect(rule.process(Self.jump(stray: stray), classifier: &screenClassifier).map(\.orientation) == [.portrait])
    }
}
