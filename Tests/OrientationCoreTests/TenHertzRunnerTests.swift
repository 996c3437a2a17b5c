import Testing
import OrientationCore

/// A 10 Hz runner's heading (`PlanarHeading`, `HeadingParameters`): three or four readings a
/// step, and at most one a step that is strong, points along the lean and is not a flight, so
/// two of them seldom fall within 200 ms. Two kinds of reading the heading used to pass over
/// make the pair: a stance reading whose z opposes the lean but which lies near the screen's
/// plane (`opposedLeanRatio`), and a weaker reading near the pose's axis, which saw the device
/// there and is no flight (`witnessPlanarMS2`).
@Suite struct TenHertzRunnerTests {
    /// 3.4 s of `scripts/make-motion-traces.py --variant gait3 --seed 34`, move_run_10hz
    /// (45.5–48.9 s): landscapeLeft, a quarter turn to portrait (47 640–48 252 ms). Every other
    /// strong reading has z +4, against the lean (the stride average's z is negative) and longer
    /// than it (48 087, 48 414 ms: 19.5 m/s² in the plane, 7–8° from portrait's axis); without
    /// them the next agreeing pair came at 48 841 ms.
    static let opposedLean: [(Int64, Double, Double, Double)] = [
        (45565, -10.4962, 2.5857, 10.2855), (45674, -14.5376, 0.6321, -3.5626), (45787, -18.8663, -1.2067, -8.5234),
        (45887, 4.4245, -1.9154, 12.5265), (45987, -17.9661, 0.7661, -5.6695), (46083, -18.3300, 2.2984, -10.1897),
        (46192, 0.3448, 1.6855, 11.4539), (46289, -14.9398, -0.7470, -3.1412), (46388, -17.7171, -2.2027, -10.6686),
        (46494, -10.4196, -2.0111, 8.9639), (46594, -6.4356, -0.2298, 1.0918), (46685, -17.0084, 1.2450, -12.7180),
        (46784, -20.4561, 1.5706, 2.4708), (46877, 16.9509, 1.3024, 13.0628), (46971, -18.3683, -0.9002, -10.9750),
        (47075, -16.8743, -1.5897, -4.8459), (47163, 3.2178, -1.4748, 11.3772), (47263, -16.8360, 0.4788, -5.0566),
        (47359, -17.7171, 1.7430, -11.3581), (47458, -12.4115, 1.7047, 8.2552), (47548, 2.4517, 0.3831, 5.2289),
        (47655, -16.4530, -0.7853, -13.4650), (47790, -5.2672, -2.8347, 9.4236), (47890, -4.2138, -10.3430, -2.2601),
        (47981, -5.0949, -14.8441, -13.7714), (48087, -2.3559, -19.4792, 4.0414), (48198, -0.1341, -0.6704, 3.7733),
        (48308, 2.5474, -15.3037, -13.4841), (48414, 2.7581, -19.3260, 4.0797), (48524, 0.3831, -0.6704, 3.6583),
        (48636, -0.3639, -15.3420, -13.6757), (48747, -0.6512, -16.9701, 5.4971), (48841, -0.6129, 5.3630, 7.0485)
    ]

    /// 3.1 s of `scripts/make-motion-traces.py --seed 110`, move_run_10hz (22.8–25.9 s):
    /// portrait, a quarter turn to landscapeRight (24 949–25 413 ms). The strong readings at
    /// 25 476 and 25 562 ms (93°, 101°) are 86 ms apart, and the reading before them, 5.4 m/s² in
    /// the plane at 92°, counted as a flight: the pair then needed 150 ms, and came at 25 771 ms.
    static let witnessed: [(Int64, Double, Double, Double)] = [
        (22877, -1.2937, -7.9338, -1.6840), (22971, -3.1862, -23.0056, -15.5824), (23074, -1.5490, -4.6780, -5.4467),
        (23172, -0.1307, -4.0684, 0.6384), (23277, -0.2190, -13.8649, -7.0015), (23377, 0.8469, -11.7721, -8.8443),
        (23465, 0.7766, -4.0221, -3.4746), (23566, -0.8832, -5.4013, 1.4574), (23674, -2.2435, -16.4015, -11.0986),
        (23773, -1.9447, -6.3185, -6.7780), (23875, -0.2944, -4.0535, -0.3889), (23966, 0.4956, -9.8949, -2.4830),
        (24062, 0.8153, -21.8162, -13.2669), (24174, 0.9431, -4.3280, -4.2256), (24264, -0.5379, -4.2098, 0.8386),
        (24363, -1.8222, -14.2756, -8.4041), (24465, -2.4874, -9.7518, -8.8600), (24575, -0.5002, -4.1191, -1.6861),
        (24662, 0.3281, -6.6687, -0.0653), (24775, -0.4490, -23.0993, -13.8693), (24863, 0.9029, -5.7690, -5.9403),
        (24976, -0.6216, -4.0515, 1.1179), (25070, 0.3040, -12.8042, -6.6528), (25168, 5.9477, -11.8059, -10.1662),
        (25269, 3.4896, -2.0061, -3.5731), (25369, 5.3941, 0.1917, 0.9432), (25476, 16.9388, 0.8894, -11.0605),
        (25562, 7.3322, 1.4307, -6.9343), (25677, 4.1141, 0.0354, 0.0207), (25771, 10.1928, -1.3318, -3.2147),
        (25877, 16.9182, -2.7890, -11.0494)
    ]

    static func changes(_ recorded: [(Int64, Double, Double, Double)], parameters: ClassifierParameters = .default)
        -> [(timeUs: Int64, orientation: Orientation)] {
        var classifier = OrientationClassifier(parameters: parameters)
        return classifier.process(recorded.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) })
    }

    @Test func aStanceReadingAgainstTheLeanNearThePlaneCounts() throws {
        let changes = Self.changes(Self.opposedLean)
        #expect(changes.map(\.orientation) == [.landscapeLeft, .portrait])
        let turned = try #require(changes.last)
        #expect(turned.timeUs <= 48_252_000 + 250_000, "within 250 ms of the turn's end")
    }

    @Test func aWeakerReadingNearTheAxisIsNoFlight() throws {
        let changes = Self.changes(Self.witnessed)
        #expect(changes.map(\.orientation) == [.portrait, .landscapeRight])
        let turned = try #require(changes.last)
        #expect(turned.timeUs <= 25_413_000 + 250_000, "within 250 ms of the turn's end")
    }

    /// Without its rule, each excerpt answers as late as before (the witnessed pair, 8° apart in
    /// 86 ms, also counts as a slow pair after a flight: without the witness, the screen's heading).
    @Test func eachExcerptNeedsItsRule() throws {
        var noWitness = ClassifierParameters()
        noWitness.heading = HeadingParameters()
        noWitness.heading.witnessPlanarMS2 = noWitness.heading.minimumPlanarMS2
        var noOpposed = ClassifierParameters()
        noOpposed.heading.opposedLeanRatio = 0
        let late = try #require(Self.changes(Self.opposedLean, parameters: noOpposed).last)
        #expect(late.timeUs > 48_252_000 + 250_000)
        let unwitnessed = try #require(Self.changes(Self.witnessed, parameters: noWitness).last)
        #expect(unwitnessed.timeUs > 25_413_000 + 250_000)
    }
}
