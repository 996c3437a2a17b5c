import Glibc
import Testing
import OrientationCore

/// A motor's offset that drifts along its circle (`RestJumpGuard`,
/// `ClassifierParameters.restJump.offsetHeldMs`, `restJump.offsetToleranceMS2`): too fast for any
/// rest to form after the jump, or so slowly that the rest it passes through the length of g
/// seems to stay put. Either way the reported pose stays.
@Suite struct DriftingOffsetTests {
    /// 0.73 s of `scripts/make-motion-traces.py --seed 164 --only buzz`, buzz_portrait_50hz
    /// (12.57-13.30 s): portrait on a stand, a burst from 12 789 ms whose offset, 9.2 m/s² from
    /// the pose, drifts 0.5 m/s² a sample through the length of g at faceUp: no still window
    /// forms after the jump. The rule before it reported faceUp at 13 029 ms.
    static let noRest: [(Int64, Double, Double, Double)] = [
        (12569, -0.0502, -8.5535, -4.7843), (12589, -0.0537, -8.5169, -4.8160), (12609, -0.0198, -8.5522, -4.8278),
        (12629, 0.0292, -8.5171, -4.8144), (12649, -0.0259, -8.5333, -4.8279), (12669, -0.0346, -8.5377, -4.8581),
        (12689, 0.0053, -8.5292, -4.8153), (12709, -0.0401, -8.5487, -4.8609), (12729, 0.0019, -8.5281, -4.8494),
        (12749, -0.0016, -8.5315, -4.8304), (12769, -0.0205, -8.5317, -4.8673), (12789, 0.0308, -4.3607, -4.8913),
        (12809, 0.0386, 0.6422, -5.5409), (12829, -0.0383, 0.5865, -6.0990), (12849, 0.0315, 0.4643, -6.6832),
        (12869, 0.0139, 0.3427, -7.2862), (12889, -0.0258, 0.1862, -7.8702), (12909, -0.0001, -0.0660, -8.4195),
        (12929, 0.0264, -0.3292, -8.8931), (12949, 0.0238, -0.5386, -9.4163), (12969, 0.0138, -0.9338, -9.9770),
        (12989, -0.0565, -1.2564, -10.4568), (13009, 0.0155, -1.5988, -10.8905), (13029, -0.0535, -2.0306, -11.2374),
        (13049, -0.0089, -2.4468, -11.6670), (13069, -0.0428, -2.8685, -12.1659), (13089, 0.0415, -3.3212, -12.4817),
        (13109, 0.0231, -6.8964, -7.6166), (13129, 0.0385, -8.6003, -4.8564), (13149, 0.0309, -8.5381, -4.7975),
        (13169, -0.0223, -8.5339, -4.7992), (13189, -0.0113, -8.5431, -4.8168), (13209, 0.0107, -8.5088, -4.8465),
        (13229, -0.0262, -8.5786, -4.8660), (13249, 0.0128, -8.5658, -4.7928), (13269, -0.0233, -8.4999, -4.8826),
        (13289, 0.0078, -8.5212, -4.8491)
    ]

    @Test func anOffsetDriftingWithoutRestChangesNothing() {
        var classifier = OrientationClassifier()
        let changes = classifier.process(Self.noRest.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) })
        #expect(changes.map(\.orientation) == [.portrait])
    }

    /// faceUp on a table at 100 Hz; from 1 s a burst's offset of 9 m/s², set in within 20 ms,
    /// turns from 35° to 60° off the table's normal toward the top edge over 2 s (as seed 169's
    /// buzz_faceUp_100hz): its readings pass the length of g pointing upside down slowly enough
    /// to seem a rest that stays. The rule before it reported portraitUpsideDown for 0.6 s.
    static func slowDrift() -> [Sample] {
        (0..<400).map { i in
            let t = Double(i * 10)
            var offset = Vector3.zero
            if t >= 1000 && t < 3200 {
                let grow = min(1, (t - 1000) / 20), angle = (35 + 25 * min(1, (t - 1000) / 2000)) * .pi / 180
                offset = Vector3(0, 9 * grow * sin(angle), 9 * grow * cos(angle))
            }
            return Sample(timeMs: Int64(t), -1.0 + offset.x, -0.085 + offset.y, -9.76 + offset.z)
        }
    }

    @Test func anOffsetDriftingSlowlyThroughGravityChangesNothing() {
        var classifier = OrientationClassifier()
        #expect(classifier.process(Self.slowDrift()).map(\.orientation) == [.faceUp])
    }
}
