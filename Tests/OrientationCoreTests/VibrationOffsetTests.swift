import Testing
import OrientationCore

/// A motor's offset has one size for the whole burst (`RestJumpGuard`,
/// `ClassifierParameters.restJump.offsetToleranceMS2`): sample-timing jitter catches it at
/// another phase, or a fast alias turns it, so the readings after the spin-up hop or drift
/// along one circle around the pose, and the new rest's window forms late. Both excerpts keep
/// portrait on a stand; the rule before it reported faceUp.
@Suite struct VibrationOffsetTests {
    /// 0.56 s of `scripts/make-motion-traces.py --seed 32 --only buzz`, buzz_portrait_50hz
    /// (18.26-18.80 s): portrait 28° back, a burst from 18 390 ms whose offset, 6.8 m/s² from the
    /// pose, hops between two phases and then drifts through the length of g toward faceUp. The
    /// first rest forms 180 ms after the last one, past `restJump.maxMs`.
    static let drifting: [(Int64, Double, Double, Double)] = [
        (18259, -0.0067, -8.5696, -4.7058), (18279, 0.0195, -8.5840, -4.6399),
        (18299, 0.0035, -8.6005, -4.6982), (18319, 0.0116, -8.6457, -4.6980),
        (18339, 0.0019, -8.5897, -4.6708), (18359, 0.0108, -8.6267, -4.7113),
        (18379, 0.0143, -8.5723, -4.6428), (18399, 0.0138, -4.5469, -3.4385),
        (18419, -0.0440, -2.0113, -3.1370), (18438, -0.0366, -3.7968, -9.4254),
        (18459, -0.0444, -1.8473, -3.9566), (18479, 0.0140, -1.8568, -4.4183),
        (18498, 0.0115, -4.8015, -10.3475), (18519, 0.0280, -1.8044, -5.3002),
        (18539, 0.0210, -1.8674, -5.7691), (18559, -0.0058, -1.9774, -6.1869),
        (18579, 0.0448, -2.1147, -6.6324), (18599, 0.0203, -2.2462, -7.1147),
        (18619, -0.0454, -2.4203, -7.4601), (18639, 0.0139, -2.6333, -7.8943),
        (18659, 0.0243, -2.8436, -8.2975), (18679, 0.0088, -3.0215, -8.6670),
        (18699, 0.0510, -3.3396, -9.0440), (18718, -0.0077, -9.4265, -11.4633),
        (18739, -0.0100, -3.9882, -9.6187), (18759, -0.0399, -4.3025, -9.9391),
        (18779, -0.0168, -4.6741, -10.2042), (18799, -0.0270, -5.0563, -10.4453)
    ]

    /// 0.5 s of `--seed 19 --only buzz`, buzz_portrait_50hz (31.88-32.38 s): a burst from
    /// 32 010 ms whose offset, 6.7 m/s² from the pose, is caught at one phase (8 m/s² long),
    /// then for 100 ms at another (3.2 m/s² long, a rest), then back near the first (9.2 m/s²
    /// long, nearest faceUp): a rest as long as g after one that was not, yet no landing.
    static let hopping: [(Int64, Double, Double, Double)] = [
        (31879, -0.0052, -8.6569, -4.6413), (31898, -0.0254, -8.6150, -4.7051),
        (31918, 0.0191, -8.5479, -4.6851), (31939, -0.0349, -8.5490, -4.6348),
        (31958, 0.0399, -8.7155, -4.6900), (31978, -0.0371, -8.6099, -4.6074),
        (31998, -0.0095, -8.6527, -4.6512), (32018, 0.0168, -7.1593, -5.3042),
        (32038, -0.0231, -2.5940, -7.5744), (32058, 0.0456, -2.6089, -7.6433),
        (32079, -0.0044, -2.6521, -1.6973), (32098, -0.0168, -2.7381, -7.8160),
        (32118, 0.0199, -2.7709, -7.9116), (32139, -0.0160, -2.5091, -1.9985),
        (32159, -0.0198, -2.4373, -2.0349), (32179, 0.0227, -2.4145, -2.1354),
        (32199, 0.0314, -2.4132, -2.2350), (32219, -0.0115, -2.4029, -2.2984),
        (32238, -0.0065, -3.0823, -8.4546), (32258, -0.0968, -3.2065, -8.5563),
        (32278, 0.0398, -3.2376, -8.6169), (32298, 0.0305, -3.2570, -8.7725),
        (32318, 0.0083, -3.3481, -8.7325), (32338, 0.0301, -3.4217, -8.8933),
        (32358, -0.0719, -3.5452, -8.9538), (32378, -0.0292, -3.5606, -9.0225)
    ]

    @Test("a burst whose offset keeps its size changes no orientation", arguments: ["drifting", "hopping"])
    func offsetOfOneSize(excerpt: String) {
        let recorded = excerpt == "drifting" ? Self.drifting : Self.hopping
        let samples = recorded.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) }
        var classifier = OrientationClassifier()
        #expect(classifier.process(samples).map(\.orientation) == [.portrait])
        var screenClassifier = OrientationClassifier()
        var rule = ScreenOrientationRule()
        #expect(rule.process(samples, classifier: &screenClassifier).map(\.orientation) == [.portrait])
    }
}
