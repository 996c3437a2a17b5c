import Testing
import OrientationCore

/// A runner's half turn (`PlanarHeading.turnedAway(from:)`, `HeadingParameters.turnBackReadings`):
/// it is taken once a reading pointed nearest a side pose since the device was last seen at the
/// pose left. One reading pointing back there in the middle of the turn is the turn's own
/// acceleration, not the device back: it used to end the evidence, and the half turn waited for
/// the busy paths. Excerpts of scripts/make-motion-traces.py, move_run_10hz.
@Suite struct HalfTurnEvidenceTests {
    /// `--variant gait4 --seed 20`, 20.4–23.7 s: landscapeLeft, a half turn through portrait to
    /// landscapeRight (22 400–23 100 ms). Portrait at 22 673 ms (4.7°, 19.7 m/s²), then at
    /// 22 765 ms one reading of 7.2 m/s² at −91° (the arm's spring; its z, +2.9, opposes the
    /// lean); landscapeRight's pair came at 23 273 ms, and without the rule the answer at 23 665.
    static let armSpring: [(Int64, Double, Double, Double)] = [
        (20465, 4.8459, -1.0774, 1.0702), (20574, -11.5760, 0.8188, -3.5243), (20665, -19.6133, 2.2003, -2.1380),
        (20760, 7.0844, 1.6424, 2.5402), (20873, -9.2560, 0.1508, -2.5307), (20964, -19.6133, -0.2777, -2.5307),
        (21059, 3.7206, -1.8076, 2.6624), (21164, 0.2418, -0.3328, -0.3208), (21261, -19.6133, 2.0016, -5.1380),
        (21367, -7.3023, 1.9896, 2.7461), (21470, 2.7749, 1.1923, 0.3448), (21568, -15.9813, -0.9936, -4.8578),
        (21664, -19.6133, -2.6935, -2.4541), (21766, 6.8785, -1.1444, 2.4684), (21867, -2.5881, 0.0838, -1.0726),
        (21959, -19.6133, 1.5730, -7.3239), (22062, 4.1420, 1.8004, 3.2082), (22165, 0.2083, 0.6871, -0.3112),
        (22266, -19.6133, -0.2203, -7.5872), (22361, -12.4690, -1.5634, 1.3791), (22460, 4.8339, -0.9074, 0.7374),
        (22569, -13.4458, -10.7619, -6.2489), (22673, 1.6209, -19.6133, -2.5402), (22765, -7.1754, 0.1628, 2.9353),
        (22866, 5.5258, 1.2234, -3.3016), (22963, 19.6109, 5.0661, -7.9009), (23064, -5.3917, 1.5778, 3.6679),
        (23162, 0.3567, 0.5650, -0.4645), (23273, 19.6109, -0.8643, -9.7013), (23363, 7.8913, -1.7597, 1.5155),
        (23464, -2.5043, -0.7709, 0.5028), (23567, 14.5352, 1.0008, -5.7078), (23665, 19.6109, 2.1572, -2.9185)
    ]

    /// `--variant gait3 --seed 67`, 23.0–26.25 s: landscapeRight, a half turn through portrait to
    /// landscapeLeft (25 174–25 616 ms). Portrait at 25 335 ms (−0.3°), then at 25 533 ms one
    /// reading at 95° whose z (11.7) outweighs its in-plane part (11.3): a fore-aft swing that
    /// reversed it. landscapeLeft's pair came at 25 734 ms, and without the rule the answer at 26 243.
    static let reversedSwing: [(Int64, Double, Double, Double)] = [
        (23095, -0.0766, -0.4022, 3.8690), (23194, 14.7483, -0.4788, -10.3621), (23304, 14.8441, -0.0383, 0.2682),
        (23403, -11.1282, 2.2027, 10.2472), (23515, 16.2806, -2.3750, -7.7764), (23608, 16.1656, -3.3519, -7.5465),
        (23720, 6.9336, -2.0494, 7.5657), (23820, 7.4124, -0.9194, 0.9385), (23932, 15.8017, -0.2107, -10.4004),
        (24027, 17.2191, -0.2107, 1.7047), (24115, -10.4004, 2.1069, 10.7260), (24205, 17.0084, -2.0494, -5.4205),
        (24312, 15.8975, -3.1220, -9.4044), (24413, 16.0890, -3.3136, 5.0374), (24525, 4.6543, -0.7661, 1.8387),
        (24611, 14.4227, -0.8619, -11.3198), (24721, 15.2080, 0.1915, -0.9194), (24816, -10.4004, 1.9920, 12.1051),
        (24915, 17.4298, -1.6472, -7.5848), (25020, 16.2614, -2.3367, -8.5617), (25129, 6.7995, -1.5131, 7.6806),
        (25235, 9.4236, -6.9145, -1.8196), (25335, -0.0766, -13.7714, -11.7029), (25434, -12.7946, -10.4770, -0.4214),
        (25533, 11.2240, 0.9002, 11.7029), (25630, -16.4146, -0.5938, -8.9064), (25734, -15.8592, 0.2298, -8.5042),
        (25839, -11.0708, 0.4405, 5.9376), (25951, -10.5345, -0.6704, -1.2833), (26051, -13.7523, -1.9728, -11.1666),
        (26143, -14.6142, -2.3559, -2.4708), (26243, 7.2401, -0.5171, 10.4770)
    ]

    /// The excerpt turns to `pose` within 200 ms of the turn's end, and with one reading ending
    /// the evidence (`turnBackReadings` 1) more than 500 ms after it.
    static func check(_ recorded: [(Int64, Double, Double, Double)], turnEndMs: Int64, pose: Orientation) throws {
        var oneReading = ClassifierParameters()
        oneReading.heading.turnBackReadings = 1
        for (parameters, withRule) in [(ClassifierParameters.default, true), (oneReading, false)] {
            var classifier = OrientationClassifier(parameters: parameters)
            let changes = classifier.process(recorded.map { Sample(timeMs: $0.0, $0.1, $0.2, $0.3) })
            let turned = try #require(changes.first { $0.orientation == pose })
            let late = turned.timeUs / 1000 - turnEndMs
            #expect(changes.last?.orientation == pose)
            #expect(withRule ? late <= 200 : late > 500, "with the rule \(withRule): \(late) ms after the turn")
        }
    }

    @Test func anArmSpringPointingBackEndsNoTurn() throws {
        try Self.check(Self.armSpring, turnEndMs: 23_100, pose: .landscapeRight)
    }

    @Test func aReversedSwingPointingBackEndsNoTurn() throws {
        try Self.check(Self.reversedSwing, turnEndMs: 25_616, pose: .landscapeLeft)
    }
}
